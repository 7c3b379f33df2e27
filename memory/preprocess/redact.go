package preprocess

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Kind names a category of sensitive data found by Redact. Its placeholder
// in redacted text is the kind in square brackets, e.g. "[email]".
type Kind string

// The kinds of sensitive data Redact recognises.
const (
	KindEmail    Kind = "email"
	KindPhone    Kind = "phone"
	KindCard     Kind = "card"
	KindIDNumber Kind = "id-number"
	KindSecret   Kind = "secret"
	KindPassword Kind = "password"
	// KindIBAN is an international bank account number (checksum-verified).
	KindIBAN Kind = "iban"
)

// allKinds lists every Kind.
var allKinds = [...]Kind{KindEmail, KindPhone, KindCard, KindIDNumber, KindSecret, KindPassword, KindIBAN}

// Kinds returns every Kind, so callers can count findings or render help.
func Kinds() []Kind { return append([]Kind(nil), allKinds[:]...) }

// Placeholder is the text that replaces a redacted value of this kind, so
// both people and the extraction model can still tell what kind of thing was
// there.
func (k Kind) Placeholder() string { return "[" + string(k) + "]" }

// priority decides the label when findings of different kinds overlap:
// the more dangerous leak wins.
func (k Kind) priority() int {
	switch k {
	case KindSecret:
		return 7
	case KindPassword:
		return 6
	case KindIDNumber:
		return 5
	case KindIBAN:
		return 4
	case KindCard:
		return 3
	case KindEmail:
		return 2
	case KindPhone:
		return 1
	}
	return 0
}

// Finding locates one redacted value so callers can count and log what was
// removed. It deliberately carries no copy of the value, so it is safe to log.
//
// Start and End are byte offsets into the text given to Redact. They are
// exact for any input, including invalid UTF-8.
type Finding struct {
	Kind  Kind
	Start int
	End   int
}

// maxRedactPasses bounds the re-scans Redact makes until its output is
// stable; real text settles after one or two.
const maxRedactPasses = 8

// Redact replaces personal data and secrets in text with typed placeholders
// (see Kind) so they are never stored or sent to a model, and reports what it
// replaced in order of position.
//
// The output is always valid UTF-8: invalid byte sequences are replaced with
// U+FFFD as strings.ToValidUTF8 does (finding offsets still refer to the
// original bytes). Redact is idempotent: redacting its output changes
// nothing. It never panics and runs in time linear in the input.
//
// Detection is heuristic and leans towards redacting: "the password is
// blue" loses the word "blue" rather than risk keeping a real password
// (only words that describe a password, "weak", "falsch", are kept).
// A stated password or a detected secret is also redacted wherever else it
// appears in the text.
func Redact(text string) (string, []Finding) {
	out, found, _ := redactMapped(text)
	return out, found
}

// redactMapped is Redact that also returns a function mapping a byte offset
// of the output back to the input (for the end of a range).
func redactMapped(text string) (string, []Finding, func(int) int) {
	cur, first := sanitizeUTF8(text)
	var maps []offsetMap
	if first != nil {
		maps = append(maps, first)
	}
	var found []Finding
	for pass := 0; pass < maxRedactPasses; pass++ {
		spans := detect(cur)
		if len(spans) == 0 {
			break
		}
		out, m := replaceSpans(cur, spans)
		for _, s := range spans {
			start, end := s.start, s.end
			for i := len(maps) - 1; i >= 0; i-- {
				start, end = maps[i].start(start), maps[i].end(end)
			}
			found = append(found, Finding{Kind: s.kind, Start: start, End: end})
		}
		maps = append(maps, m)
		cur = out
	}
	back := func(pos int) int {
		for i := len(maps) - 1; i >= 0; i-- {
			pos = maps[i].end(pos)
		}
		return pos
	}
	return cur, mergeFindings(found), back
}

// candidate is one detected sensitive value in the text being scanned.
type candidate struct {
	kind       Kind
	start, end int
	// propagate asks for every other occurrence of the same value to be
	// redacted too (a password mentioned again without its keyword).
	propagate bool
}

// maxPropagated caps how many distinct values are searched for again, which
// keeps the cost linear on hostile input.
const maxPropagated = 32

// detect runs every detector over text, with fullwidth digits, letters
// and symbols read as ASCII (see foldWidth), and returns the disjoint spans
// of text to replace, sorted by position. Spans lying entirely inside
// placeholders that are already in the text are ignored, which is what
// makes Redact idempotent.
func detect(text string) []candidate {
	if text == "" {
		return nil
	}
	folded, idx := foldWidth(text)
	sc := newScanText(folded)
	var cands []candidate
	for _, d := range detectors {
		if !d.applies(sc) {
			continue
		}
		cands = append(cands, d.find(sc)...)
	}
	if len(cands) == 0 {
		return nil
	}
	held := placeholderSpans(folded)
	cands = dropHeld(folded, held, cands)
	cands = dropHeld(folded, held, propagateValues(folded, cands))
	if idx != nil {
		for i := range cands {
			cands[i].start, cands[i].end = idx[cands[i].start], idx[cands[i].end]
		}
	}
	return unionSpans(cands)
}

// dropHeld removes malformed candidates and those lying entirely inside
// placeholders already present in the text.
func dropHeld(text string, held []interval, cands []candidate) []candidate {
	kept := cands[:0]
	for _, c := range cands {
		if c.start < 0 || c.end > len(text) || c.start >= c.end {
			continue
		}
		if covered(held, c.start, c.end) {
			continue
		}
		kept = append(kept, c)
	}
	return kept
}

// propagateValues adds every further occurrence of values whose detector
// asked for it.
func propagateValues(text string, cands []candidate) []candidate {
	seen := map[string]bool{}
	n := len(cands)
	for i := 0; i < n; i++ {
		c := cands[i]
		if !c.propagate {
			continue
		}
		v := text[c.start:c.end]
		if seen[v] || len(seen) >= maxPropagated {
			continue
		}
		seen[v] = true
		for from := 0; from < len(text); {
			j := strings.Index(text[from:], v)
			if j < 0 {
				break
			}
			s := from + j
			if s != c.start {
				cands = append(cands, candidate{kind: c.kind, start: s, end: s + len(v)})
			}
			from = s + len(v)
		}
	}
	return cands
}

// unionSpans merges overlapping candidates into disjoint spans labelled with
// the highest-priority kind among them.
func unionSpans(cands []candidate) []candidate {
	if len(cands) == 0 {
		return nil
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].start != cands[j].start {
			return cands[i].start < cands[j].start
		}
		return cands[i].end > cands[j].end
	})
	out := []candidate{cands[0]}
	for _, c := range cands[1:] {
		last := &out[len(out)-1]
		if c.start < last.end {
			if c.end > last.end {
				last.end = c.end
			}
			if c.kind.priority() > last.kind.priority() {
				last.kind = c.kind
			}
			continue
		}
		out = append(out, c)
	}
	return out
}

// replaceSpans writes text with each span replaced by its placeholder and
// returns the offset map back to text.
func replaceSpans(text string, spans []candidate) (string, offsetMap) {
	var b strings.Builder
	b.Grow(len(text))
	m := make(offsetMap, 0, 2*len(spans)+1)
	prev := 0
	for _, s := range spans {
		if s.start > prev {
			m = append(m, piece{outStart: b.Len(), outEnd: b.Len() + s.start - prev, inStart: prev, inEnd: s.start, kept: true})
			b.WriteString(text[prev:s.start])
		}
		ph := s.kind.Placeholder()
		m = append(m, piece{outStart: b.Len(), outEnd: b.Len() + len(ph), inStart: s.start, inEnd: s.end})
		b.WriteString(ph)
		prev = s.end
	}
	if prev < len(text) {
		m = append(m, piece{outStart: b.Len(), outEnd: b.Len() + len(text) - prev, inStart: prev, inEnd: len(text), kept: true})
		b.WriteString(text[prev:])
	}
	return b.String(), m
}

// placeholderSpans finds the placeholders already present in text.
func placeholderSpans(text string) []interval {
	var out []interval
	for from := 0; from < len(text); {
		i := strings.IndexByte(text[from:], '[')
		if i < 0 {
			break
		}
		s := from + i
		from = s + 1
		for _, k := range allKinds {
			if strings.HasPrefix(text[s+1:], string(k)+"]") {
				out = append(out, interval{s, s + len(k) + 2})
				from = s + len(k) + 2
				break
			}
		}
	}
	return out
}

// mergeFindings sorts findings and merges the overlapping ones that repeated
// passes can produce.
func mergeFindings(fs []Finding) []Finding {
	if len(fs) == 0 {
		return nil
	}
	cands := make([]candidate, len(fs))
	for i, f := range fs {
		cands[i] = candidate{kind: f.Kind, start: f.Start, end: f.End}
	}
	merged := unionSpans(cands)
	out := make([]Finding, len(merged))
	for i, c := range merged {
		out[i] = Finding{Kind: c.kind, Start: c.start, End: c.end}
	}
	return out
}

// scanText is the text under inspection plus facts the detectors' cheap
// pre-checks share.
type scanText struct {
	text     string
	lower    string // ASCII-lowercased copy, computed on first use
	hasLower bool
	hasDigit bool
	digits   int  // ASCII digits in text
	code     int8 // hasCode's answer: 0 unknown, 1 yes, -1 no
}

// hasCode reports whether the text has two ASCII letters followed by two
// digits, optionally after a space ("DE89", "AB 12").
func (sc *scanText) hasCode() bool {
	if sc.code == 0 {
		sc.code = -1
		t := sc.text
		for i := 0; i+3 < len(t); i++ {
			if !isASCIILetter(rune(t[i])) || !isASCIILetter(rune(t[i+1])) {
				continue
			}
			j := i + 2
			if t[j] == ' ' {
				j++
			}
			if j+1 < len(t) && isDigit(rune(t[j])) && isDigit(rune(t[j+1])) {
				sc.code = 1
				break
			}
		}
	}
	return sc.code > 0
}

func newScanText(text string) *scanText {
	sc := &scanText{text: text}
	for i := 0; i < len(text); i++ {
		if '0' <= text[i] && text[i] <= '9' {
			sc.digits++
		}
	}
	sc.hasDigit = sc.digits > 0
	return sc
}

// lowered returns the text with ASCII letters lowercased (same byte
// offsets), used for case-insensitive hint checks.
func (sc *scanText) lowered() string {
	if !sc.hasLower {
		b := []byte(sc.text)
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				b[i] = c + 'a' - 'A'
			}
		}
		sc.lower = string(b)
		sc.hasLower = true
	}
	return sc.lower
}

// runeBefore returns the rune ending at byte offset i, or 0 at the start.
func runeBefore(s string, i int) rune {
	if i <= 0 {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return r
}

// runeAt returns the rune starting at byte offset i, or 0 at the end.
func runeAt(s string, i int) rune {
	if i >= len(s) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r
}

func isDigit(r rune) bool       { return '0' <= r && r <= '9' }
func isASCIILetter(r rune) bool { return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' }
func isASCIIWord(r rune) bool   { return isDigit(r) || isASCIILetter(r) || r == '_' }
