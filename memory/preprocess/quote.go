package preprocess

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// QuoteKind says what kind of borrowed content a marked span holds.
type QuoteKind string

// The kinds of content MarkQuotes wraps.
const (
	// QuoteBlock is a run of lines starting with ">".
	QuoteBlock QuoteKind = "quote"
	// QuoteCode is the body of a ``` fenced block.
	QuoteCode QuoteKind = "code"
	// QuoteForward is forwarded content or what someone else said.
	QuoteForward QuoteKind = "forwarded"
	// QuoteString is a long string in quotation marks.
	QuoteString QuoteKind = "quoted"
	// QuoteLink is a bare URL.
	QuoteLink QuoteKind = "link"
)

// The marker syntax: «kind: content». The extraction prompt explains it, so
// the model can tell borrowed content from the user's own statements.
// Marker characters inside content are replaced with ‹ and › so markers
// always pair up.
const (
	MarkOpen  = "«"
	MarkSep   = ": "
	MarkClose = "»"
)

// MinQuotedWidth is the shortest string in quotation marks treated as quoted
// content, in characters with a CJK character counting as two; shorter ones
// are usually names or emphasis ("the word “ok”").
const MinQuotedWidth = 20

// Open returns the opening marker for this kind, e.g. "«quote: ".
func (k QuoteKind) Open() string { return MarkOpen + string(k) + MarkSep }

// QuoteSpan locates one marked region in the input (byte offsets; the
// region includes quote characters, fences and "> " prefixes).
type QuoteSpan struct {
	Kind       QuoteKind
	Start, End int
}

// Marked is a message with its borrowed content wrapped in markers.
type Marked struct {
	// Text is the message with every span replaced by «kind: content».
	Text string
	// Spans are the marked regions of the input, in order.
	Spans []QuoteSpan
	// AllQuoted is true when the message has no content of its own besides
	// the marked spans and forwarding headers: nothing in it is a statement
	// by its author.
	AllQuoted bool
}

var (
	reExistingMark = regexp.MustCompile(`«(?:quote|code|forwarded|quoted|link): [^«»]*»`)
	// A line that introduces forwarded content below it (or after its
	// colon).
	reForwardHeader = regexp.MustCompile(`(?i)^\s*(?:-{2,}\s*(?:forwarded message|original message|转发的消息|原始消息|转发消息)\s*-{2,}|forwarded from .{1,60}|[\[【]\s*(?:转发|轉發|引用|forwarded)\s*[\]】]|(?:fwd?|forwarded(?: message)?(?: from [^:：]{1,60})?|转发(?:自[^:：]{1,40})?|轉發|引用(?:[^:：]{1,40})?|原文|quote|quoting [^:：]{1,60})\s*[:：])`)
	// "he said: …", "my boss wrote: …", "他说：…".
	reAttribution = regexp.MustCompile(`(?i)(?:^|[\s,，。.;；])((?:he|she|they|someone|somebody|[\w.]{1,30}|my \w{1,20}|[\p{Han}]{1,6}?))\s?(?:said|says|wrote|writes|replied|told me|asked|说|說|讲|講|回复|回覆|回答|写道|寫道)道?\s*([:：,，]?)\s*`)
	reQuoted      = regexp.MustCompile(`"[^"\n]+"|“[^“”]+”|「[^「」]+」|『[^『』]+』`)
	reURL         = regexp.MustCompile(`(?i)\b(?:https?://|www\.)[^\s<>"'«»]+`)
)

// ownSubjects are subjects of "X said:" after which the author is still
// speaking for themselves: first person, and set phrases such as "that
// said:", "简单来说：", "换句话说：", "也就是说：".
var ownSubjects = wordSet("i we me that this it as all enough having 我 我们 我們 咱 咱们")

// ownSubjectSuffixes end Chinese subjects of the same kind, among them
// the author turning to the listener ("跟你说，…", "告诉你：…").
var ownSubjectSuffixes = []string{"我", "我们", "我們", "咱们", "来", "來", "如", "话", "話", "是", "再", "所以", "总之", "總之", "你", "您"}

// MarkQuotes finds quoted, pasted, forwarded and linked content in text and
// wraps each in «kind: …» markers: lines starting with ">", ``` fenced
// blocks, content after a forwarding header ("转发：", "---------- Forwarded
// message ----------", "引用…：") or an attribution ("he said:", "他说："),
// strings in quotation marks at least MinQuotedWidth wide, and bare
// URLs. Markers already present are left alone, so marking twice equals
// marking once. Invalid UTF-8 is repaired first; offsets refer to the
// repaired text, which is the input itself when it is valid.
func MarkQuotes(text string) Marked {
	text, _ = sanitizeUTF8(text)
	m := &marker{text: text, lines: splitLines(text)}
	for _, loc := range reExistingMark.FindAllStringIndex(text, -1) {
		m.existing = append(m.existing, interval{loc[0], loc[1]})
	}
	m.commit()
	for _, phase := range []func(){
		m.codeFences,
		m.forwards,
		m.quoteLines,
		m.attributions,
		func() { m.pattern(reQuoted, QuoteString, true) },
		m.singleQuotes,
		func() { m.pattern(reURL, QuoteLink, false) },
	} {
		phase()
		m.commit()
	}
	return m.render()
}

// mark is one region to wrap and the content to put inside the marker.
type mark struct {
	kind       QuoteKind
	start, end int
	content    string
}

type marker struct {
	text    string
	lines   []interval
	marks   []mark     // accepted marks, in the order found
	taken   []interval // sorted regions of earlier phases and existing markers
	framing []interval // forwarding headers: not the author's own words
	// existing are markers already present in the input.
	existing []interval
}

// free reports whether [start, end) is untouched by existing markers,
// earlier phases, and the last mark of the current phase (each phase finds
// its regions in order).
func (m *marker) free(start, end int) bool {
	if start >= end || overlaps(m.taken, start, end) {
		return false
	}
	return len(m.marks) == 0 || m.marks[len(m.marks)-1].end <= start || m.marks[len(m.marks)-1].start >= end
}

func (m *marker) add(kind QuoteKind, start, end int, content string) {
	if m.free(start, end) {
		m.marks = append(m.marks, mark{kind: kind, start: start, end: end, content: content})
	}
}

// commit ends a phase: its marks become taken regions for later phases.
func (m *marker) commit() {
	m.taken = m.taken[:0]
	m.taken = append(m.taken, m.existing...)
	for _, k := range m.marks {
		m.taken = append(m.taken, interval{k.start, k.end})
	}
	sort.Slice(m.taken, func(i, j int) bool { return m.taken[i].start < m.taken[j].start })
}

// codeFences marks ``` blocks; an unclosed fence runs to the end.
func (m *marker) codeFences() {
	for i := 0; i < len(m.lines); i++ {
		line := m.text[m.lines[i].start:m.lines[i].end]
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "```") {
			continue
		}
		if len(t) > 6 && strings.HasSuffix(t, "```") && !strings.HasPrefix(t, "````") {
			// ```inline code``` on one line.
			m.add(QuoteCode, m.lines[i].start, m.lines[i].end, strings.Trim(t, "`"))
			continue
		}
		j := i + 1
		for j < len(m.lines) && !strings.HasPrefix(strings.TrimSpace(m.text[m.lines[j].start:m.lines[j].end]), "```") {
			j++
		}
		end := len(m.text)
		contentEnd := len(m.text)
		if j < len(m.lines) {
			end = m.lines[j].end
			contentEnd = m.lines[j].start
		}
		content := ""
		if i+1 < len(m.lines) && m.lines[i+1].start < contentEnd {
			content = strings.TrimRight(m.text[m.lines[i+1].start:contentEnd], "\n")
		}
		m.add(QuoteCode, m.lines[i].start, end, content)
		i = j
	}
}

// forwards marks everything after a forwarding header.
func (m *marker) forwards() {
	for _, ln := range m.lines {
		line := m.text[ln.start:ln.end]
		loc := reForwardHeader.FindStringIndex(line)
		if loc == nil || !m.free(ln.start, ln.start+loc[1]) {
			continue
		}
		start := ln.start + loc[1]
		for start < len(m.text) && (m.text[start] == ' ' || m.text[start] == '\t' || m.text[start] == '\n' || m.text[start] == '\r') {
			start++
		}
		end := len(m.text)
		// Stop before a later mark (a code fence inside the forward stays
		// a code mark).
		if i := sort.Search(len(m.taken), func(i int) bool { return m.taken[i].end > start }); i < len(m.taken) {
			end = max(start, m.taken[i].start)
		}
		end = m.forwardEnd(start, end, strings.TrimSpace(line[loc[1]:]) != "")
		content := strings.TrimSpace(m.text[start:end])
		if content == "" {
			continue
		}
		m.framing = append(m.framing, interval{ln.start, ln.start + loc[1]})
		m.add(QuoteForward, start, start+len(strings.TrimRightFunc(m.text[start:end], unicode.IsSpace)), content)
		return
	}
}

// quoteLines marks runs of lines starting with ">".
func (m *marker) quoteLines() {
	isQuote := func(i int) bool {
		return strings.HasPrefix(strings.TrimLeft(m.text[m.lines[i].start:m.lines[i].end], " \t"), ">")
	}
	for i := 0; i < len(m.lines); i++ {
		if !isQuote(i) {
			continue
		}
		j := i
		var parts []string
		for j < len(m.lines) && isQuote(j) {
			l := strings.TrimLeft(m.text[m.lines[j].start:m.lines[j].end], " \t")
			l = strings.TrimPrefix(strings.TrimLeft(l, ">"), " ")
			parts = append(parts, strings.TrimRight(l, "\r"))
			j++
		}
		m.add(QuoteBlock, m.lines[i].start, m.lines[j-1].end, strings.Join(parts, "\n"))
		i = j - 1
	}
}

// attributions marks what someone else said after "X said:" (or "X said"
// right before a quotation mark): the quotation when the words are in
// quotation marks, else the rest of the line up to where the author
// reacts in their own words, or the next lines up to a blank line when
// nothing follows on the same line.
func (m *marker) attributions() {
	for i, ln := range m.lines {
		line := m.text[ln.start:ln.end]
		for _, loc := range reAttribution.FindAllStringSubmatchIndex(line, -1) {
			if ownFraming(line[loc[2]:loc[3]]) {
				continue
			}
			start, end := ln.start+loc[1], ln.end
			if n, inner, ok := quotedAt(m.text[start:end]); ok {
				if strings.TrimSpace(inner) != "" {
					m.add(QuoteString, start, start+n, strings.TrimSpace(inner))
				}
				break
			}
			if loc[4] == loc[5] {
				// "X said" without a colon or a quotation: not a quote.
				continue
			}
			if strings.TrimSpace(m.text[start:end]) == "" {
				j := i + 1
				for j < len(m.lines) && strings.TrimSpace(m.text[m.lines[j].start:m.lines[j].end]) != "" {
					j++
				}
				if j == i+1 {
					continue
				}
				start, end = m.lines[i+1].start, m.lines[j-1].end
			} else {
				end = start + ownTail(m.text[start:end])
			}
			content := strings.TrimSpace(m.text[start:end])
			if content == "" {
				continue
			}
			m.add(QuoteForward, start, start+len(strings.TrimRightFunc(m.text[start:end], unicode.IsSpace)), content)
			break
		}
	}
}

// pattern marks every free match of re; stripQuotes drops the first and
// last rune (the quotation marks) from the content and applies
// MinQuotedWidth.
func (m *marker) pattern(re *regexp.Regexp, kind QuoteKind, stripQuotes bool) {
	for _, loc := range re.FindAllStringIndex(m.text, -1) {
		start, end := loc[0], loc[1]
		content := m.text[start:end]
		if stripQuotes {
			_, a := utf8.DecodeRuneInString(content)
			_, z := utf8.DecodeLastRuneInString(content)
			content = content[a : len(content)-z]
			if textWidth(content) < MinQuotedWidth {
				continue
			}
		} else {
			trimmed := strings.TrimRight(content, `.,;:!?)]}'"。，；：！？）】`)
			end -= len(content) - len(trimmed)
			content = trimmed
		}
		m.add(kind, start, end, content)
	}
}

// render writes the marked text and decides AllQuoted.
func (m *marker) render() Marked {
	sort.Slice(m.marks, func(i, j int) bool { return m.marks[i].start < m.marks[j].start })
	var b strings.Builder
	out := Marked{}
	prev := 0
	own := false
	hasOwn := func(s string) bool {
		return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
	}
	ownOutside := func(from, to int) {
		seg := m.text[from:to]
		for _, f := range m.framing {
			if f.start >= from && f.end <= to {
				seg = strings.Replace(seg, m.text[f.start:f.end], "", 1)
			}
		}
		for _, e := range m.existing {
			if e.start >= from && e.end <= to {
				seg = strings.Replace(seg, m.text[e.start:e.end], "", 1)
			}
		}
		if hasOwn(seg) {
			own = true
		}
	}
	for _, k := range m.marks {
		ownOutside(prev, k.start)
		b.WriteString(m.text[prev:k.start])
		b.WriteString(k.kind.Open())
		b.WriteString(escapeMarks(k.content))
		b.WriteString(MarkClose)
		out.Spans = append(out.Spans, QuoteSpan{Kind: k.kind, Start: k.start, End: k.end})
		prev = k.end
	}
	ownOutside(prev, len(m.text))
	b.WriteString(m.text[prev:])
	out.Text = b.String()
	out.AllQuoted = (len(m.marks) > 0 || len(m.existing) > 0) && !own
	return out
}

// escapeMarks keeps marker characters in content from closing the marker
// early.
func escapeMarks(s string) string {
	if !strings.ContainsAny(s, "«»") {
		return s
	}
	return strings.NewReplacer("«", "‹", "»", "›").Replace(s)
}

// splitLines returns the byte range of each line, without its "\n".
func splitLines(text string) []interval {
	var out []interval
	start := 0
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			out = append(out, interval{start, i})
			start = i + 1
		}
	}
	out = append(out, interval{start, len(text)})
	return out
}

// textWidth counts runes, CJK characters twice.
func textWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
			n++
		}
	}
	return n
}
