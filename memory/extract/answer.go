package extract

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// ErrMalformed marks a model answer that does not follow its schema, even
// after one retry. The store is left untouched and the window is retried
// later.
var ErrMalformed = errors.New("model answer does not follow the schema")

// Limits on one model answer and on the candidates it carries.
const (
	// maxAnswerBytes bounds a raw answer; anything larger is malformed.
	maxAnswerBytes = 1 << 20
	// maxTextRunes bounds a memory's text.
	maxTextRunes = 500
	// maxSubjectRunes bounds a subject; longer ones are cut.
	maxSubjectRunes = 80
	// maxTermRunes bounds one tag or keyword; longer ones are dropped.
	maxTermRunes = 40
	maxTags      = 8
	maxKeywords  = 16
	// maxExcerptRunes bounds the provenance excerpt.
	maxExcerptRunes = 200
)

// rawMemory is one item of the extract_memories schema.
type rawMemory struct {
	Text       string   `json:"text"`
	Type       string   `json:"type"`
	Lifecycle  string   `json:"lifecycle"`
	Subject    string   `json:"subject"`
	Tags       []string `json:"tags"`
	Keywords   []string `json:"keywords"`
	Importance *float64 `json:"importance"`
	Confidence *float64 `json:"confidence"`
	EventTime  *string  `json:"event_time"`
	ExpiresAt  *string  `json:"expires_at"`
	SourceIDs  []string `json:"source_ids"`
}

// rawExtraction is the whole extract_memories answer.
type rawExtraction struct {
	Memories *[]rawMemory `json:"memories"`
}

// decodeExtraction parses an extract_memories answer. A structural fault
// (not JSON, wrong types, no memories array, too large) is ErrMalformed;
// invalid items are dropped one by one and counted.
func decodeExtraction(raw []byte, in Input, log *slog.Logger) (Extraction, error) {
	if len(raw) > maxAnswerBytes {
		return Extraction{}, fmt.Errorf("%w: answer is %d bytes", ErrMalformed, len(raw))
	}
	var ans rawExtraction
	if err := json.Unmarshal(raw, &ans); err != nil {
		return Extraction{}, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if ans.Memories == nil {
		return Extraction{}, fmt.Errorf("%w: no memories array", ErrMalformed)
	}
	var out Extraction
	for i, rm := range *ans.Memories {
		m, err := rm.toMemory(in)
		if err != nil {
			out.Rejected++
			log.Debug("dropped extracted memory", "index", i, "reason", err)
			continue
		}
		out.Memories = append(out.Memories, m)
	}
	kept, dropped := finishCandidates(out.Memories, in)
	out.Memories = kept
	out.Rejected += dropped
	return out, nil
}

// finishCandidates applies what every extractor shares: the confidence
// threshold, normalised duplicates within one answer, and the cap (keeping
// the most important and confident).
func finishCandidates(ms []memory.Memory, in Input) (kept []memory.Memory, dropped int) {
	seen := make(map[string]bool, len(ms))
	for _, m := range ms {
		key := Normalize(m.Text)
		if m.Confidence < in.MinConfidence || seen[key] || platformName(m, in.OwnerName) {
			dropped++
			continue
		}
		seen[key] = true
		kept = append(kept, m)
	}
	limit := in.MaxMemories
	if limit <= 0 {
		limit = DefaultMaxMemories
	}
	if len(kept) > limit {
		slices.SortStableFunc(kept, func(a, b memory.Memory) int {
			sa, sb := a.Importance*a.Confidence, b.Importance*b.Confidence
			switch {
			case sa > sb:
				return -1
			case sa < sb:
				return 1
			}
			return 0
		})
		dropped += len(kept) - limit
		kept = kept[:limit]
	}
	return kept, dropped
}

// toMemory validates one item against the schema and the window.
func (rm rawMemory) toMemory(in Input) (memory.Memory, error) {
	body := cleanText(rm.Text)
	switch n := utf8.RuneCountInString(body); {
	case n == 0:
		return memory.Memory{}, errors.New("empty text")
	case n > maxTextRunes || len(body) > memory.MaxMemoryText:
		return memory.Memory{}, fmt.Errorf("text of %d characters is too long", n)
	}
	typ := memory.Type(strings.ToLower(strings.TrimSpace(rm.Type)))
	if !typ.Valid() {
		return memory.Memory{}, fmt.Errorf("unknown type %q", rm.Type)
	}
	lc := memory.Lifecycle(strings.ToLower(strings.TrimSpace(rm.Lifecycle)))
	if !lc.Valid() {
		return memory.Memory{}, fmt.Errorf("unknown lifecycle %q", rm.Lifecycle)
	}
	imp, err := unitInterval("importance", rm.Importance)
	if err != nil {
		return memory.Memory{}, err
	}
	conf, err := unitInterval("confidence", rm.Confidence)
	if err != nil {
		return memory.Memory{}, err
	}
	loc := in.now().Location()
	event, err := parseWhen(rm.EventTime, loc)
	if err != nil {
		return memory.Memory{}, fmt.Errorf("event_time: %w", err)
	}
	expires, err := parseWhen(rm.ExpiresAt, loc)
	if err != nil {
		return memory.Memory{}, fmt.Errorf("expires_at: %w", err)
	}
	if !expires.IsZero() && !event.IsZero() && expires.Before(event) {
		return memory.Memory{}, errors.New("expires_at before event_time")
	}
	src, err := citedLines(rm.SourceIDs, in)
	if err != nil {
		return memory.Memory{}, err
	}
	key := text.Truncate(subject.Key(redact(cleanText(rm.Subject))), maxSubjectRunes)
	if aboutSomeoneElse(body, key, in) {
		return memory.Memory{}, errors.New("about another participant")
	}
	if borrowed(body, src, in) {
		return memory.Memory{}, errors.New("drawn from context lines, not from its sources")
	}
	m := memory.Memory{
		Owner:      in.Owner,
		Text:       redact(body),
		Type:       typ,
		Lifecycle:  lc,
		Subject:    key,
		Tags:       cleanTerms(rm.Tags, maxTags),
		Keywords:   cleanTerms(rm.Keywords, maxKeywords),
		Importance: imp,
		Confidence: conf,
		EventTime:  event,
		ExpiresAt:  expires,
		Status:     memory.StatusActive,
		Source:     provenance(in, src),
	}
	defaultExpiry(&m)
	return m, m.Validate()
}

// citedLines resolves source ids; every id must be one of the owner's new
// messages in this window, or the candidate is dropped.
func citedLines(ids []string, in Input) ([]Line, error) {
	valid := in.sources()
	var out []Line
	seen := make(map[string]bool)
	for _, id := range ids {
		id = strings.TrimSpace(id)
		l, ok := valid[id]
		if !ok {
			return nil, fmt.Errorf("source id %q is not a message of the owner in this window", text.Truncate(id, 40))
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no source ids")
	}
	return out, nil
}

// provenance builds the Source of a memory drawn from lines.
func provenance(in Input, lines []Line) memory.Source {
	src := memory.Source{Platform: in.Platform, ConversationID: in.ConversationID}
	var excerpt []string
	for _, l := range lines {
		src.MessageIDs = append(src.MessageIDs, l.MessageIDs...)
		excerpt = append(excerpt, l.Text)
		if l.Time.After(src.Time) {
			src.Time = l.Time
		}
	}
	src.Excerpt = text.Truncate(redact(strings.Join(excerpt, " / ")), maxExcerptRunes)
	return src
}

// aboutSomeoneElse reports whether a candidate is plainly about another
// participant (its subject is their name, or its text starts with it): what
// Alice says about Bob is not a memory of Alice.
func aboutSomeoneElse(text, subject string, in Input) bool {
	nt, ns := Normalize(text), Normalize(subject)
	own := Normalize(in.OwnerName)
	for _, name := range in.Others {
		n := Normalize(name)
		if n == "" || n == own {
			continue
		}
		if ns == n || strings.HasPrefix(nt, n) {
			return true
		}
	}
	return false
}

// borrowed reports whether a candidate shares nothing with the messages
// it cites but much with a context line (another person's message, the
// bot, an earlier message): content lifted from someone else and
// attributed to the owner, as a prompt injection or a careless model would.
// Inferences that share words with neither are left alone.
func borrowed(s string, cited []Line, in Input) bool {
	tok := text.NewTokenizer()
	ct := contentTerms(tok, s)
	if len(ct) == 0 {
		return false
	}
	var own strings.Builder
	for _, l := range cited {
		own.WriteString(l.Text)
		own.WriteByte(' ')
	}
	if overlap(ct, terms(tok, own.String())) > 0 {
		return false
	}
	for _, l := range slices.Concat(in.Earlier, in.Window) {
		if !l.Source && overlap(ct, terms(tok, l.Text)) >= 0.5 {
			return true
		}
	}
	return false
}

// defaultExpiry gives a temporary memory with an event time but no expiry
// one: the day after the event.
func defaultExpiry(m *memory.Memory) {
	if m.Lifecycle == memory.LifecycleTemporary && m.ExpiresAt.IsZero() && !m.EventTime.IsZero() {
		m.ExpiresAt = m.EventTime.AddDate(0, 0, 1)
	}
}

// unitInterval checks a required score in [0, 1].
func unitInterval(name string, v *float64) (float64, error) {
	if v == nil {
		return 0, fmt.Errorf("%s missing", name)
	}
	if math.IsNaN(*v) || *v < 0 || *v > 1 {
		return 0, fmt.Errorf("%s %v outside 0–1", name, *v)
	}
	return *v, nil
}

// timeLayouts are the date formats accepted from the model, in order.
var timeLayouts = []string{
	time.RFC3339,
	"2006-01-02T15:04:05",
	"2006-01-02T15:04",
	"2006-01-02 15:04:05",
	"2006-01-02 15:04",
	"2006-01-02",
}

// parseWhen parses an optional date; dates without a zone are read in loc.
func parseWhen(s *string, loc *time.Location) (time.Time, error) {
	if s == nil {
		return time.Time{}, nil
	}
	v := strings.TrimSpace(*s)
	if v == "" || strings.EqualFold(v, "null") {
		return time.Time{}, nil
	}
	if len(v) > 40 {
		return time.Time{}, errors.New("date too long")
	}
	for _, layout := range timeLayouts {
		t, err := time.ParseInLocation(layout, v, loc)
		if err != nil {
			continue
		}
		if t.Year() < 1900 || t.Year() > 2200 {
			return time.Time{}, fmt.Errorf("year %d out of range", t.Year())
		}
		return t, nil
	}
	return time.Time{}, fmt.Errorf("%q is not a date", v)
}

// cleanText makes text safe to store: valid UTF-8, no control characters,
// single spaces, trimmed.
func cleanText(s string) string {
	s = strings.ToValidUTF8(s, "")
	var b strings.Builder
	space := false
	for _, r := range s {
		if r == '\n' || r == '\t' || r == '\r' || r == ' ' || r == 0x3000 {
			space = true
			continue
		}
		if r < 0x20 || r == 0x7f {
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// cleanTerms trims, de-duplicates and caps tags or keywords.
func cleanTerms(in []string, limit int) []string {
	var out []string
	seen := make(map[string]bool)
	for _, t := range in {
		t = redact(cleanText(t))
		key := strings.ToLower(t)
		if t == "" || utf8.RuneCountInString(t) > maxTermRunes || seen[key] {
			continue
		}
		seen[key] = true
		out = append(out, t)
		if len(out) == limit {
			break
		}
	}
	return out
}

// compactJSON is the answer as logged: one line, bounded.
func compactJSON(raw []byte) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return text.Truncate(strings.ToValidUTF8(string(raw), "?"), 300)
	}
	return text.Truncate(b.String(), 300)
}
