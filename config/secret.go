package config

import "log/slog"

// Secret is a credential. It prints as a mask so that it never reaches logs,
// help text or error messages; Value gives the real string to the code that
// needs it.
type Secret string

// Value returns the secret itself.
func (s Secret) Value() string { return string(s) }

// String masks the secret.
func (s Secret) String() string {
	if s == "" {
		return ""
	}
	return "****"
}

// GoString masks the secret in %#v.
func (s Secret) GoString() string { return `"` + s.String() + `"` }

// LogValue masks the secret in slog output.
func (s Secret) LogValue() slog.Value { return slog.StringValue(s.String()) }

// MarshalText masks the secret when a config is encoded.
func (s Secret) MarshalText() ([]byte, error) { return []byte(s.String()), nil }
