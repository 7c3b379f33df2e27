package config

import (
	"fmt"
	"strings"
)

// secretWords are the last parts of the keys that hold credentials. A line
// assigning one of them anywhere (even inside an inline table, or under a
// misspelt table) never has its text quoted back in an error.
var secretWords = []string{"api_key", "token", "uri", "secret"}

// parseErrorText words a TOML syntax error at line (1-based) of data so
// that no part of a secret reaches the message: the parser's own message
// quotes the text it stopped at, which for `token = MTAx…` is the start of
// the token. Errors on a credential's line name only the key; errors on
// lines that cannot be tied to a known, non-secret key or a table header
// lose every quoted fragment; the rest keep the parser's message.
func parseErrorText(data []byte, line int, msg string) string {
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return fmt.Sprintf("line %d: %s", line, unquote(msg))
	}
	key := keyAt(lines, line)
	if isSecretKey(key) || assignsSecret(lines[line-1]) {
		if key == "" {
			return fmt.Sprintf("line %d: invalid value (not shown: the line holds a secret)", line)
		}
		return fmt.Sprintf("line %d: invalid value for %s", line, key)
	}
	_, known := valueKeys()[key]
	if known || strings.HasPrefix(strings.TrimSpace(lines[line-1]), "[") {
		// A known plain key, or a table header: nothing secret to hide.
		return fmt.Sprintf("line %d: %s", line, msg)
	}
	return fmt.Sprintf("line %d: %s", line, unquote(msg))
}

// keyAt returns the dotted key whose value line n (1-based) belongs to:
// the key assigned on that line, else on the nearest line above it (a
// multi-line array or string), qualified by the table it is in. It returns
// "" when no key can be found, such as on a table header.
func keyAt(lines []string, n int) string {
	for i := n - 1; i >= 0; i-- {
		if _, ok := tableHeader(lines[i]); ok {
			return ""
		}
		if k, ok := assignedKey(lines[i]); ok {
			if table := tableAbove(lines, i); table != "" {
				return table + "." + k
			}
			return k
		}
	}
	return ""
}

// tableAbove returns the table that line i belongs to ("" for the root).
func tableAbove(lines []string, i int) string {
	for j := i - 1; j >= 0; j-- {
		if t, ok := tableHeader(lines[j]); ok {
			return t
		}
	}
	return ""
}

// tableHeader parses "[a.b]" or "[[a.b]]" into "a.b".
func tableHeader(line string) (string, bool) {
	s := strings.TrimSpace(line)
	if !strings.HasPrefix(s, "[") {
		return "", false
	}
	s = strings.TrimLeft(s, "[")
	k, rest, ok := dottedKey(s)
	if !ok || !strings.HasPrefix(strings.TrimSpace(rest), "]") {
		return "", false
	}
	return k, true
}

// assignedKey parses the key of a "key = value" line.
func assignedKey(line string) (string, bool) {
	k, rest, ok := dottedKey(line)
	if !ok || !strings.HasPrefix(strings.TrimSpace(rest), "=") {
		return "", false
	}
	return k, true
}

// dottedKey reads a TOML key (bare or quoted parts joined by dots) from the
// start of s, returning it unquoted and what follows.
func dottedKey(s string) (key, rest string, ok bool) {
	var parts []string
	for {
		s = strings.TrimLeft(s, " \t")
		var part string
		switch {
		case s == "":
			return "", "", false
		case s[0] == '"' || s[0] == '\'':
			end := strings.IndexByte(s[1:], s[0])
			if end < 0 {
				return "", "", false
			}
			part, s = s[1:end+1], s[end+2:]
		default:
			end := 0
			for end < len(s) && isBareKeyByte(s[end]) {
				end++
			}
			if end == 0 {
				return "", "", false
			}
			part, s = s[:end], s[end:]
		}
		parts = append(parts, part)
		s = strings.TrimLeft(s, " \t")
		if !strings.HasPrefix(s, ".") {
			return strings.Join(parts, "."), s, true
		}
		s = s[1:]
	}
}

func isBareKeyByte(b byte) bool {
	return b == '_' || b == '-' || (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9')
}

// isSecretKey reports whether a dotted key ends in a credential's name.
func isSecretKey(key string) bool {
	last := key[strings.LastIndexByte(key, '.')+1:]
	for _, w := range secretWords {
		if strings.EqualFold(last, w) {
			return true
		}
	}
	return false
}

// assignsSecret reports whether a line assigns a credential anywhere, as
// in `discord = { token = … }`.
func assignsSecret(line string) bool {
	lower := strings.ToLower(line)
	for _, w := range secretWords {
		for i := 0; ; {
			j := strings.Index(lower[i:], w)
			if j < 0 {
				break
			}
			start, end := i+j, i+j+len(w)
			i = end
			if start > 0 && isBareKeyByte(lower[start-1]) {
				continue
			}
			rest := strings.TrimLeft(lower[end:], `"' 	`)
			if strings.HasPrefix(rest, "=") {
				return true
			}
		}
	}
	return false
}

// unquote drops every quoted fragment ('…' or "…") of a parser message,
// since it may be text of an unknown key's value.
func unquote(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); i++ {
		c := msg[i]
		if c != '"' && c != '\'' {
			b.WriteByte(c)
			continue
		}
		end := strings.IndexByte(msg[i+1:], c)
		if end < 0 {
			b.WriteString("…")
			break
		}
		b.WriteString("…")
		i += end + 1
	}
	return b.String()
}
