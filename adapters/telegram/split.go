package telegram

import (
	"strings"
	"unicode/utf8"
)

// maxMessageLen is Telegram's limit on a message's text after formatting
// is parsed, in UTF-16 code units.
const maxMessageLen = 4096

// fenceReserve is kept free in each part for closing a code block that a
// split cuts through.
const fenceReserve = 4

// sentenceEnds are the places after which a sentence may end.
var sentenceEnds = []string{". ", "! ", "? ", "; ", "。", "！", "？", "；", ".\t", "…"}

// splitMessage cuts text into parts of at most limit UTF-16 units,
// preferring paragraph breaks, then line breaks, then sentence ends, then
// spaces. A code block cut in two is closed at the end of one part and
// reopened at the start of the next. A part depends only on the text
// before its end, so a streamed text that grows keeps its earlier parts.
func splitMessage(text string, limit int) []string {
	text = strings.TrimRight(strings.TrimLeft(text, "\n"), " \t\n")
	var parts []string
	for strings.TrimSpace(text) != "" {
		if utf16Len(text) <= limit {
			parts = append(parts, text)
			break
		}
		window := text[:prefixWithin(text, limit-fenceReserve)]
		cut, skip := bestCut(window)
		if cut+skip == 0 {
			_, cut = utf8.DecodeRuneInString(text)
		}
		part := strings.TrimRight(text[:cut], " \t\n")
		rest := strings.TrimLeft(text[cut+skip:], "\n")
		if lang, open := openFence(part); open {
			part += "\n```"
			rest = "```" + lang + "\n" + rest
		}
		if len(rest) >= len(text) {
			// Closing and reopening a code block would not make progress
			// (a part holding little more than the opening fence): cut hard.
			part = text[:prefixWithin(text, limit)]
			rest = text[len(part):]
		}
		if strings.TrimSpace(part) != "" {
			parts = append(parts, part)
		}
		text = strings.TrimRight(rest, " \t\n")
	}
	return parts
}

// splitRendered is splitMessage measured by what Telegram counts: the
// visible text of each part's HTML rendering, which can be longer than
// the Markdown (a "---" rule renders as a ten-character line). A part
// whose rendering is over limit is split again, with a Markdown budget
// shrunk in proportion, until every part fits both as HTML and as the
// plain text sent when Telegram refuses the HTML.
func splitRendered(text string, limit int) []string {
	return fitRendered(splitMessage(text, limit), limit)
}

// minSplitBudget stops re-splitting parts that cannot usefully shrink
// (no Markdown this short renders past Telegram's limit).
const minSplitBudget = 64

func fitRendered(parts []string, limit int) []string {
	var out []string
	for _, p := range parts {
		n := renderedLen(p)
		mdLen := utf16Len(p)
		if n <= limit || mdLen <= minSplitBudget {
			out = append(out, p)
			continue
		}
		budget := max(min(mdLen-1, mdLen*limit/n), minSplitBudget)
		out = append(out, fitRendered(splitMessage(p, budget), limit)...)
	}
	return out
}

// renderedLen is the length, in UTF-16 units, of the text Telegram shows
// for md once rendered as HTML.
func renderedLen(md string) int {
	return visibleLen(markdownToHTML(strings.ToValidUTF8(md, "\uFFFD")))
}

// visibleLen counts the UTF-16 units of the HTML markdownToHTML makes
// once parsed: tags count nothing, an entity counts one. That HTML
// escapes every literal '<' and '&', so each one starts a tag or an
// entity.
func visibleLen(html string) int {
	n := 0
	for i := 0; i < len(html); {
		switch html[i] {
		case '<':
			if j := strings.IndexByte(html[i:], '>'); j >= 0 {
				i += j + 1
				continue
			}
		case '&':
			if j := strings.IndexByte(html[i:], ';'); j >= 0 {
				n++
				i += j + 1
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(html[i:])
		i += size
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// bestCut returns where to end a part within window and how many bytes of
// separator to drop after it.
func bestCut(window string) (cut, skip int) {
	lowest := len(window) / 2
	if i := strings.LastIndex(window, "\n\n"); i >= lowest {
		return i, 2
	}
	if i := strings.LastIndexByte(window, '\n'); i >= lowest {
		return i, 1
	}
	best := -1
	for _, end := range sentenceEnds {
		if i := strings.LastIndex(window, end); i >= 0 {
			// Keep the punctuation, drop a trailing space.
			p := i + len(strings.TrimRight(end, " \t"))
			if p > best && p >= lowest {
				best = p
			}
		}
	}
	if best > 0 {
		return best, len(window[best:]) - len(strings.TrimLeft(window[best:], " \t"))
	}
	if i := strings.LastIndexByte(window, ' '); i >= lowest {
		return i, 1
	}
	return len(window), 0
}

// openFence reports whether text ends inside a fenced code block, and the
// block's language.
func openFence(text string) (string, bool) {
	open, lang := false, ""
	for _, line := range strings.Split(text, "\n") {
		if open {
			if isFenceCloser(line) {
				open = false
			}
			continue
		}
		if l, ok := fenceOpener(line); ok {
			open, lang = true, l
		}
	}
	return lang, open
}

// prefixWithin returns the byte length of the longest prefix of s that is
// at most limit UTF-16 units and ends on a rune boundary.
func prefixWithin(s string, limit int) int {
	units := 0
	for i, r := range s {
		n := 1
		if r >= 0x10000 {
			n = 2
		}
		if units+n > limit {
			return i
		}
		units += n
	}
	return len(s)
}

// utf16Len is the length of s in UTF-16 code units, as Telegram counts.
func utf16Len(s string) int {
	n := 0
	for len(s) > 0 {
		r, size := utf8.DecodeRuneInString(s)
		s = s[size:]
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}
