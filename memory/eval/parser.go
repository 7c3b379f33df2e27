package eval

import (
	"encoding/json"
	"fmt"
	"strings"
)

// parser checks the cases of one bench file, remembering ids that must be
// unique across it.
type parser struct {
	file     string
	caseIDs  map[string]bool
	queryIDs map[string]bool
}

// fail builds a FormatError at place.
func (p *parser) fail(place, field, format string, args ...any) error {
	return &FormatError{File: p.file, Place: place, Field: field, Msg: fmt.Sprintf(format, args...)}
}

// decode reads one JSON object of the given kind and index; place
// prefixes the location (the enclosing case).
func (p *parser) decode(place, kind string, i int, raw json.RawMessage, v any) error {
	at := label(kind, i, "")
	if place != "" {
		at = place + ": " + at
	}
	if len(raw) == 0 || string(raw) == "null" {
		return p.fail(at, "", "is null, want an object")
	}
	if err := json.Unmarshal(raw, v); err != nil {
		// Name the item by its id when at least that much can be read.
		var idOnly struct {
			ID string `json:"id"`
		}
		if json.Unmarshal(raw, &idOnly) == nil && idOnly.ID != "" {
			at = label(kind, i, idOnly.ID)
			if place != "" {
				at = place + ": " + at
			}
		}
		return p.fail(at, jsonField(err), "%s", jsonMessage(err, raw))
	}
	return nil
}

// label names an item by index and, when it has one, id.
func label(kind string, i int, id string) string {
	if id == "" {
		return fmt.Sprintf("%s %d", kind, i)
	}
	return fmt.Sprintf("%s %d (%q)", kind, i, id)
}

// parseCase checks and converts case i.
func (p *parser) parseCase(i int, raw json.RawMessage) (Case, error) {
	var w wireCase
	if err := p.decode("", "case", i, raw, &w); err != nil {
		return Case{}, err
	}
	place := label("case", i, w.ID)
	if strings.TrimSpace(w.ID) == "" {
		return Case{}, p.fail(place, "id", "missing or empty")
	}
	if p.caseIDs[w.ID] {
		return Case{}, p.fail(place, "id", "duplicate case id")
	}
	p.caseIDs[w.ID] = true
	if len(w.Messages) == 0 && len(w.Memories) == 0 {
		return Case{}, p.fail(place, "", "has neither messages nor memories")
	}
	if len(w.Queries) == 0 {
		return Case{}, p.fail(place, "queries", "no queries")
	}
	c := Case{ID: w.ID, Speakers: w.Speakers}
	msgIDs := make(map[string]bool, len(w.Messages))
	for j, rm := range w.Messages {
		m, err := p.parseMessage(place, j, rm, msgIDs)
		if err != nil {
			return Case{}, err
		}
		c.Messages = append(c.Messages, m)
	}
	memIDs := make(map[string]bool, len(w.Memories))
	for j, rm := range w.Memories {
		m, err := p.parseMemory(place, j, rm, memIDs, msgIDs)
		if err != nil {
			return Case{}, err
		}
		c.Memories = append(c.Memories, m)
	}
	// Evidence names messages where the case has them, memories otherwise.
	evidenceIDs, evidenceKind := msgIDs, "message"
	if len(c.Messages) == 0 {
		evidenceIDs, evidenceKind = memIDs, "memory"
	}
	for j, rq := range w.Queries {
		q, err := p.parseQuery(place, j, rq, evidenceIDs, evidenceKind)
		if err != nil {
			return Case{}, err
		}
		c.Queries = append(c.Queries, q)
	}
	return c, nil
}

// parseMessage checks and converts one message.
func (p *parser) parseMessage(casePlace string, j int, raw json.RawMessage, ids map[string]bool) (Message, error) {
	var w wireMessage
	if err := p.decode(casePlace, "message", j, raw, &w); err != nil {
		return Message{}, err
	}
	place := casePlace + ": " + label("message", j, w.ID)
	if strings.TrimSpace(w.ID) == "" {
		return Message{}, p.fail(place, "id", "missing or empty")
	}
	if ids[w.ID] {
		return Message{}, p.fail(place, "id", "duplicate message id in this case")
	}
	ids[w.ID] = true
	if strings.TrimSpace(w.Text) == "" {
		return Message{}, p.fail(place, "text", "missing or empty")
	}
	t, err := parseTime(w.Time)
	if err != nil {
		return Message{}, p.fail(place, "time", "%v", err)
	}
	return Message{ID: w.ID, Speaker: w.Speaker, Time: t, Text: w.Text}, nil
}

// parseMemory checks and converts one memory; its sources must be
// messages of the case.
func (p *parser) parseMemory(casePlace string, j int, raw json.RawMessage, ids, msgIDs map[string]bool) (Memory, error) {
	var w wireMemory
	if err := p.decode(casePlace, "memory", j, raw, &w); err != nil {
		return Memory{}, err
	}
	place := casePlace + ": " + label("memory", j, w.ID)
	if strings.TrimSpace(w.ID) == "" {
		return Memory{}, p.fail(place, "id", "missing or empty")
	}
	if ids[w.ID] {
		return Memory{}, p.fail(place, "id", "duplicate memory id in this case")
	}
	ids[w.ID] = true
	if strings.TrimSpace(w.Text) == "" {
		return Memory{}, p.fail(place, "text", "missing or empty")
	}
	t, err := parseTime(w.Time)
	if err != nil {
		return Memory{}, p.fail(place, "time", "%v", err)
	}
	for _, s := range w.Source {
		if !msgIDs[s] {
			return Memory{}, p.fail(place, "source", "%q is not a message of this case", s)
		}
	}
	return Memory{ID: w.ID, Owner: w.Owner, Time: t, Text: w.Text, Source: w.Source, Tags: w.Tags}, nil
}

// parseQuery checks and converts one query; its evidence must name ids of
// the kind the case is scored on.
func (p *parser) parseQuery(casePlace string, j int, raw json.RawMessage, evidenceIDs map[string]bool, kind string) (Query, error) {
	var w wireQuery
	if err := p.decode(casePlace, "query", j, raw, &w); err != nil {
		return Query{}, err
	}
	place := casePlace + ": " + label("query", j, w.ID)
	switch {
	case strings.TrimSpace(w.ID) == "":
		return Query{}, p.fail(place, "id", "missing or empty")
	case p.queryIDs[w.ID]:
		return Query{}, p.fail(place, "id", "duplicate query id")
	case strings.TrimSpace(w.Text) == "":
		return Query{}, p.fail(place, "text", "missing or empty")
	case strings.TrimSpace(w.Category) == "":
		return Query{}, p.fail(place, "category", "missing or empty")
	case len(w.Evidence) == 0:
		return Query{}, p.fail(place, "evidence", "missing or empty")
	}
	p.queryIDs[w.ID] = true
	for _, e := range w.Evidence {
		if !evidenceIDs[e] {
			return Query{}, p.fail(place, "evidence", "%q is not a %s of this case", e, kind)
		}
	}
	t, err := parseTime(w.Time)
	if err != nil {
		return Query{}, p.fail(place, "time", "%v", err)
	}
	return Query{
		ID: w.ID, Text: w.Text, Time: t, Context: w.Context, Evidence: dedupe(w.Evidence),
		Category: w.Category, Answer: w.Answer,
	}, nil
}

// dedupe returns ids without repeats, in first-seen order.
func dedupe(ids []string) []string {
	seen := make(map[string]bool, len(ids))
	out := make([]string, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
