package discord

import (
	"strings"
	"unicode/utf8"
)

// messageLimit is Discord's maximum message length in characters.
const messageLimit = 2000

// fenceClose is appended to a part that ends inside a code block.
const fenceClose = "\n```"

// splitMessage cuts text into parts of at most limit characters, at a
// paragraph break if possible, else a line break, else a space, else
// anywhere (never inside a UTF-8 sequence). A part that ends inside a
// ``` code block is closed with a fence and the next part reopens it with
// the same opening line (language included), so each part renders on its
// own. Cuts depend only on the text before them, so a growing streamed
// text keeps its earlier parts unchanged.
func splitMessage(text string, limit int) []string {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	var parts []string
	opener := "" // fence line to reopen at the start of the next part
	rest := text
	for rest != "" {
		prefix := ""
		if opener != "" {
			prefix = opener + "\n"
		}
		if limit-utf8.RuneCountInString(prefix+fenceClose) < 1 {
			prefix = "" // an absurdly long fence line: do not reopen it
		}
		if utf8.RuneCountInString(prefix)+utf8.RuneCountInString(rest) <= limit {
			parts = appendPart(parts, prefix+rest)
			break
		}
		budget := limit - utf8.RuneCountInString(prefix)
		cut, skip := cutPoint(rest, budget)
		if open, _ := fenceState(prefix + rest[:cut]); open {
			// Leave room to close the block.
			cut, skip = cutPoint(rest, budget-utf8.RuneCountInString(fenceClose))
		}
		chunk := prefix + rest[:cut]
		rest = rest[cut+skip:]
		if open, line := fenceState(chunk); open {
			parts = appendPart(parts, strings.TrimRight(chunk, "\n")+fenceClose)
			opener = line
		} else {
			parts = appendPart(parts, chunk)
			opener = ""
		}
	}
	return parts
}

func appendPart(parts []string, p string) []string {
	p = strings.TrimRight(p, " \t\n")
	if strings.TrimSpace(p) == "" {
		return parts
	}
	return append(parts, p)
}

// cutPoint picks where to cut s so that s[:cut] has at most budget
// characters, and how many separator bytes after cut to drop.
func cutPoint(s string, budget int) (cut, skip int) {
	max := byteIndexOfRune(s, budget)
	window := s[:max]
	minGood := max / 2
	if i := strings.LastIndex(window, "\n\n"); i >= minGood && i > 0 {
		return i, 2
	}
	if i := strings.LastIndexByte(window, '\n'); i >= minGood && i > 0 {
		return i, 1
	}
	if i := strings.LastIndexByte(window, ' '); i >= minGood && i > 0 {
		return i, 1
	}
	if max == 0 {
		// budget smaller than one character: take one anyway.
		_, size := utf8.DecodeRuneInString(s)
		return size, 0
	}
	return max, 0
}

// byteIndexOfRune returns the byte offset of the n-th rune of s, or
// len(s) if s is shorter.
func byteIndexOfRune(s string, n int) int {
	if n <= 0 {
		return 0
	}
	i := 0
	for pos := range s {
		if i == n {
			return pos
		}
		i++
	}
	return len(s)
}

// fenceState reports whether s ends inside a ``` code block, and the
// line that opened it.
func fenceState(s string) (open bool, opener string) {
	for _, line := range strings.Split(s, "\n") {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "```") {
			continue
		}
		if open {
			if strings.Trim(t, "`") == "" {
				open, opener = false, ""
			}
			continue
		}
		if len(t) > 3 && strings.HasSuffix(t, "```") {
			continue // a one-line block such as ```code```
		}
		open, opener = true, t
	}
	return open, opener
}
