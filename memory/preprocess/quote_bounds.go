package preprocess

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Where borrowed content ends: what someone else said stops at its closing
// quotation mark, or where the author starts reacting to it in their own
// words ("… I disagree", "……我觉得不冷"), so marking it never swallows
// the author's own statements around it.

var (
	// reOwnReaction is the start of a sentence in which the author speaks
	// for themselves again.
	reOwnReaction = regexp.MustCompile(`(?i)^(?:(?:but|and|personally|honestly|though|anyway|well|so)[, ]+)?(?:I(?:\s|'m|’m|'ve|’ve|'d|’d|'ll|’ll)|me too\b)|^(?:但是?|不过|可是|其实|反正)?我(?:觉得|认为|倒|个人|自己|不同意|同意|也是|才不|还是)|^(?:但是?|不过|可是)我`)
	// reForwardEnd is a line closing a forwarded message.
	reForwardEnd = regexp.MustCompile(`(?i)^\s*-{2,}\s*(?:end of (?:the )?forwarded message|end forwarded message|end of original message|转发结束|转发的消息结束|原始消息结束)\s*-{2,}\s*$`)
	// reSingleQuoted is a string in single quotation marks: the opening
	// mark follows no letter (so "Ann's" opens nothing), the closing mark
	// is followed by none (so "don't" closes nothing), and apostrophes
	// between letters may occur inside.
	reSingleQuoted = regexp.MustCompile(`(?:^|[^\p{L}\p{N}'’])(['‘])([^\s'‘’](?:[^'‘’\n]|['’]\p{L})*?)(['’])(?:$|[^\p{L}\p{N}])`)
)

// closingQuote maps an opening quotation mark to its closing mark.
var closingQuote = map[rune]rune{'"': '"', '\'': '\'', '“': '”', '‘': '’', '「': '」', '『': '』'}

// quotedAt reports whether s starts with a quotation mark, and if so the
// byte length up to and including its closing mark on the same line, and
// the text inside.
func quotedAt(s string) (n int, inner string, ok bool) {
	open, size := utf8.DecodeRuneInString(s)
	want, isQuote := closingQuote[open]
	if !isQuote {
		return 0, "", false
	}
	for i, r := range s[size:] {
		if r == '\n' {
			return 0, "", false
		}
		if r != want && !(want == '\'' && r == '’') {
			continue
		}
		end := size + i + utf8.RuneLen(r)
		if want == '\'' {
			// An apostrophe between letters ("don't") does not close.
			next, _ := utf8.DecodeRuneInString(s[end:])
			if end < len(s) && (unicode.IsLetter(next) || unicode.IsDigit(next)) {
				continue
			}
		}
		return end, s[size : size+i], true
	}
	return 0, "", false
}

// ownTail returns where, in the borrowed content s, the author's own words
// begin again: the start of the first sentence after the first that reads
// as the author's reaction, or len(s).
func ownTail(s string) int {
	for i, r := range s {
		switch r {
		case '.', '!', '?', '。', '！', '？', '…', '，', ',', ';', '；':
		default:
			continue
		}
		j := i + utf8.RuneLen(r)
		for j < len(s) && (s[j] == ' ' || s[j] == '\t') {
			j++
		}
		if j == len(s) {
			break
		}
		clause := r == '，' || r == ',' || r == ';' || r == '；'
		rest := s[j:]
		if loc := reOwnReaction.FindStringIndex(rest); loc != nil {
			if clause && strings.HasPrefix(rest, "I") && !strings.HasPrefix(strings.ToLower(rest), "i disagree") {
				// After a comma, a bare "I …" may still be the quote.
				continue
			}
			return i + utf8.RuneLen(r)
		}
	}
	return len(s)
}

// singleQuotes marks strings in single quotation marks at least
// MinQuotedWidth wide.
func (m *marker) singleQuotes() {
	for _, loc := range reSingleQuoted.FindAllStringSubmatchIndex(m.text, -1) {
		start, end := loc[2], loc[7]
		content := m.text[loc[4]:loc[5]]
		if textWidth(content) < MinQuotedWidth {
			continue
		}
		m.add(QuoteString, start, end, content)
	}
}

// forwardEnd returns where forwarded content starting at start ends, at
// most end: before a closing line ("--- End of forwarded message ---"),
// which becomes framing; or, for a header with the content on its own
// line ("Fwd: …"), at a blank line followed by the author's reaction.
func (m *marker) forwardEnd(start, end int, sameLine bool) int {
	for _, ln := range m.lines {
		if ln.start < start || ln.end > end {
			continue
		}
		if reForwardEnd.MatchString(m.text[ln.start:ln.end]) {
			m.framing = append(m.framing, interval{ln.start, ln.end})
			return ln.start
		}
	}
	if !sameLine {
		return end
	}
	for off := 0; ; {
		i := strings.Index(m.text[start+off:end], "\n\n")
		if i < 0 {
			return end
		}
		para := start + off + i
		rest := strings.TrimLeft(m.text[para:end], " \t\r\n")
		if reOwnReaction.MatchString(rest) {
			return para
		}
		off += i + 2
	}
}

// toMeSuffixes end Chinese subjects that are someone else speaking to the
// author ("她跟我说：" is she, not I).
var toMeSuffixes = []string{"跟我", "对我", "對我", "和我", "给我", "給我", "向我", "同我", "告诉我", "告訴我"}

// ownFraming reports whether "subject said:" introduces the author's own
// words rather than someone else's.
func ownFraming(subject string) bool {
	subject = strings.ToLower(subject)
	if ownSubjects[subject] {
		return true
	}
	for _, suf := range toMeSuffixes {
		if strings.HasSuffix(subject, suf) {
			return false
		}
	}
	for _, suf := range ownSubjectSuffixes {
		if strings.HasSuffix(subject, suf) {
			return true
		}
	}
	return false
}
