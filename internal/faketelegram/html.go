package faketelegram

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// htmlTags are the tags Telegram's HTML parse mode accepts.
var htmlTags = map[string]bool{
	"b": true, "strong": true, "i": true, "em": true, "u": true, "ins": true,
	"s": true, "strike": true, "del": true, "span": true, "tg-spoiler": true,
	"a": true, "tg-emoji": true, "code": true, "pre": true, "blockquote": true,
}

// VisibleHTML parses text in Telegram's HTML parse mode and returns what a
// user sees. Like Telegram it refuses unknown or unbalanced tags and any
// '<', '>' or '&' that is not part of a tag or of one of the entities
// &lt; &gt; &amp; &quot; or a numeric one.
func VisibleHTML(text string) (string, error) {
	var out strings.Builder
	var stack []string
	for i := 0; i < len(text); {
		switch c := text[i]; c {
		case '<':
			end := strings.IndexByte(text[i:], '>')
			if end < 0 {
				return "", fmt.Errorf("can't find end of the tag starting at byte offset %d", i)
			}
			tag := text[i+1 : i+end]
			if name, ok := strings.CutPrefix(tag, "/"); ok {
				name = strings.ToLower(strings.TrimSpace(name))
				if len(stack) == 0 || stack[len(stack)-1] != name {
					return "", fmt.Errorf("unmatched end tag at byte offset %d, expected \"</%s>\", found \"</%s>\"", i, top(stack), name)
				}
				stack = stack[:len(stack)-1]
			} else {
				fields := strings.FieldsFunc(tag, unicode.IsSpace)
				if len(fields) == 0 || !htmlTags[strings.ToLower(fields[0])] {
					return "", fmt.Errorf("unsupported start tag \"%s\" at byte offset %d", tag, i)
				}
				if strings.Count(tag, `"`)%2 != 0 {
					return "", fmt.Errorf("unclosed attribute value at byte offset %d", i)
				}
				stack = append(stack, strings.ToLower(fields[0]))
			}
			i += end + 1
		case '>':
			return "", fmt.Errorf("character '>' is reserved and must be escaped at byte offset %d", i)
		case '&':
			end := strings.IndexByte(text[i:], ';')
			if end < 0 || end > 10 {
				return "", fmt.Errorf("character '&' must be escaped at byte offset %d", i)
			}
			r, ok := entity(text[i+1 : i+end])
			if !ok {
				return "", fmt.Errorf("unsupported HTML entity \"%s\" at byte offset %d", text[i:i+end+1], i)
			}
			out.WriteRune(r)
			i += end + 1
		default:
			out.WriteByte(c)
			i++
		}
	}
	if len(stack) > 0 {
		return "", fmt.Errorf("can't find end tag corresponding to start tag \"%s\"", top(stack))
	}
	return out.String(), nil
}

func top(stack []string) string {
	if len(stack) == 0 {
		return ""
	}
	return stack[len(stack)-1]
}

func entity(name string) (rune, bool) {
	switch name {
	case "lt":
		return '<', true
	case "gt":
		return '>', true
	case "amp":
		return '&', true
	case "quot":
		return '"', true
	}
	if num, ok := strings.CutPrefix(name, "#"); ok {
		base := 10
		if hex, ok := strings.CutPrefix(strings.ToLower(num), "x"); ok {
			num, base = hex, 16
		}
		v, err := strconv.ParseUint(num, base, 32)
		if err == nil && v > 0 && v <= unicode.MaxRune {
			return rune(v), true
		}
	}
	return 0, false
}

func trimSpace(s string) string {
	return strings.TrimSpace(s)
}
