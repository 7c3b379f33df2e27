package importer

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
)

// detectPeek is how much of a file Detect looks at.
const detectPeek = 64 << 10

// Detect tells the format of an export from its first bytes (and its
// name, for JSON Lines), without consuming br. ErrUnknownFormat when
// nothing fits.
func Detect(br *bufio.Reader, name string) (Format, error) {
	head, _ := br.Peek(detectPeek)
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimLeft(head, " \t\r\n")
	if len(trimmed) == 0 {
		return "", fmt.Errorf("%w: the file is empty", ErrUnknownFormat)
	}
	has := func(key string) bool { return bytes.Contains(head, []byte(`"`+key+`"`)) }
	switch trimmed[0] {
	case '[':
		switch {
		case has("mapping") && has("current_node") || has("mapping") && has("parent"):
			return ChatGPT, nil
		case has("chat_messages"):
			return Claude, nil
		case has("role") || has("author"):
			if has("content") || has("text") {
				return JSON, nil
			}
		}
	case '{':
		first, _, _ := bytes.Cut(trimmed, []byte("\n"))
		first = bytes.TrimSpace(first)
		if strings.EqualFold(filepath.Ext(name), ".jsonl") || (len(first) > 1 && json.Valid(first)) {
			if has("role") || has("author") {
				return JSONL, nil
			}
		}
		switch {
		case has("guild") && has("channel") && has("messages"):
			return Discord, nil
		case has("personal_information") || has("from_id") || has("date_unixtime"):
			return Telegram, nil
		}
	}
	return "", fmt.Errorf("%w: not a ChatGPT, Claude, Telegram, Discord or generic JSON export (name one with --format)", ErrUnknownFormat)
}
