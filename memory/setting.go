package memory

import (
	"fmt"
	"strings"
	"time"
	"unicode/utf8"
)

// Bounds on settings, in bytes: keys name small records (server settings,
// one-time link codes, per-person records) and are compared byte for byte;
// values are small documents, typically JSON.
const (
	MaxSettingKey   = 512
	MaxSettingValue = 1 << 20
)

// ValidateSettingKey checks that key can name a setting: not empty, at most
// MaxSettingKey bytes of valid UTF-8 without NUL bytes. Anything else is
// ErrInvalid, so that every store refuses the same keys.
func ValidateSettingKey(key string) error {
	if key == "" {
		return fmt.Errorf("%w: setting key is empty", ErrInvalid)
	}
	return checkSettingText("setting key", key, MaxSettingKey)
}

// ValidateSettingPrefix checks a prefix of setting keys as ValidateSettingKey
// checks a key, except that the empty prefix (every key) is allowed.
func ValidateSettingPrefix(prefix string) error {
	return checkSettingText("setting key prefix", prefix, MaxSettingKey)
}

// ValidateSettingValue checks that value can be stored: at most
// MaxSettingValue bytes of valid UTF-8. The empty value is allowed.
func ValidateSettingValue(value string) error {
	if len(value) > MaxSettingValue {
		return fmt.Errorf("%w: setting value is %d bytes, over %d", ErrInvalid, len(value), MaxSettingValue)
	}
	if !utf8.ValidString(value) {
		return fmt.Errorf("%w: setting value is not valid UTF-8", ErrInvalid)
	}
	return nil
}

// checkSettingText bounds s and refuses invalid UTF-8 and NUL bytes, which
// no backend can match a prefix of reliably.
func checkSettingText(what, s string, limit int) error {
	switch {
	case len(s) > limit:
		return fmt.Errorf("%w: %s is %d bytes, over %d", ErrInvalid, what, len(s), limit)
	case !utf8.ValidString(s):
		return fmt.Errorf("%w: %s is not valid UTF-8", ErrInvalid, what)
	case strings.IndexByte(s, 0) >= 0:
		return fmt.Errorf("%w: %s contains a NUL byte", ErrInvalid, what)
	}
	return nil
}

// Setting is one setting written along with the end of an answer
// (Store.FinishAnswerWithReply): Value under Key until Expires (zero:
// forever), as PutSetting stores it. It carries what the reply leaves
// behind, such as the record behind "/memories why", so that it costs no
// call of its own.
type Setting struct {
	Key, Value string
	Expires    time.Time
}

// CheckSetting reports an invalid key or value (ErrInvalid), as PutSetting
// does.
func CheckSetting(s Setting) error {
	if err := ValidateSettingKey(s.Key); err != nil {
		return err
	}
	return ValidateSettingValue(s.Value)
}
