// Package eval measures recall against benchmark files in the
// "recall-bench/1" format (bench/FORMAT.md): every case is loaded into a
// fresh index (or a fresh store), its queries are asked, and evidence
// recall@k, all@k and covered@k are reported per category and pooled,
// optionally beside a plain BM25 baseline over the same units. With
// Options.Extract the memories searched are first extracted from each
// case's conversation by the production pipeline, and the report adds what
// that extraction cost.
package eval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"
	"unicode/utf8"
)

// FormatName is the only format this package reads.
const FormatName = "recall-bench/1"

// MaxBenchBytes bounds a bench file, so a wrong path (a disk image, a log)
// fails fast instead of exhausting memory.
const MaxBenchBytes = 512 << 20

// ErrMalformed marks a bench file that does not follow the format; the
// wrapping FormatError names the place.
var ErrMalformed = errors.New("malformed bench file")

// FormatError locates a problem in a bench file: the file, the place
// (case, message, memory or query, by index and id) and the field.
type FormatError struct {
	File  string
	Place string
	Field string
	Msg   string
}

// Error renders the location and the problem on one line.
func (e *FormatError) Error() string {
	s := e.File
	if e.Place != "" {
		s += ": " + e.Place
	}
	if e.Field != "" {
		s += fmt.Sprintf(": field %q", e.Field)
	}
	return s + ": " + e.Msg
}

// Unwrap makes errors.Is(err, ErrMalformed) true.
func (e *FormatError) Unwrap() error { return ErrMalformed }

// Bench is one parsed bench file.
type Bench struct {
	Format   string
	Name     string
	Source   string
	License  string
	UnitHint string
	Cases    []Case
}

// Case is one memory store: a conversation and/or extracted memories, and
// the queries asked against it alone.
type Case struct {
	ID       string
	Speakers []string
	Messages []Message
	Memories []Memory
	Queries  []Query
}

// Message is one turn of a case's conversation.
type Message struct {
	ID      string
	Speaker string
	Time    time.Time
	Text    string
}

// Memory is one already extracted statement of a case.
type Memory struct {
	ID    string
	Owner string
	Time  time.Time
	Text  string
	// Source names the messages the memory was extracted from.
	Source []string
	Tags   []string
}

// Query is one question with the ids of the evidence that answers it.
type Query struct {
	ID       string
	Text     string
	Time     time.Time
	Context  []string
	Evidence []string
	Category string
	Answer   string
}

// Queries counts the queries of every case.
func (b *Bench) Queries() int {
	n := 0
	for _, c := range b.Cases {
		n += len(c.Queries)
	}
	return n
}

// The wire shapes. Times are strings so that a bad one is reported with
// its place rather than as a generic decoding error.
type (
	wireBench struct {
		Format   *string           `json:"format"`
		Name     string            `json:"name"`
		Source   string            `json:"source"`
		License  string            `json:"license"`
		UnitHint string            `json:"unit_hint"`
		Cases    []json.RawMessage `json:"cases"`
	}
	wireCase struct {
		ID       string            `json:"id"`
		Speakers []string          `json:"speakers"`
		Messages []json.RawMessage `json:"messages"`
		Memories []json.RawMessage `json:"memories"`
		Queries  []json.RawMessage `json:"queries"`
	}
	wireMessage struct {
		ID      string `json:"id"`
		Speaker string `json:"speaker"`
		Time    string `json:"time"`
		Text    string `json:"text"`
	}
	wireMemory struct {
		ID     string   `json:"id"`
		Owner  string   `json:"owner"`
		Time   string   `json:"time"`
		Text   string   `json:"text"`
		Source []string `json:"source"`
		Tags   []string `json:"tags"`
	}
	wireQuery struct {
		ID       string   `json:"id"`
		Text     string   `json:"text"`
		Time     string   `json:"time"`
		Context  []string `json:"context"`
		Evidence []string `json:"evidence"`
		Category string   `json:"category"`
		Answer   string   `json:"answer"`
	}
)

// Load reads and checks a bench file. name labels the file in errors and
// stands in for the bench name when the file gives none. A missing
// "format" is accepted; any other value than FormatName is not. Every
// problem is a *FormatError (errors.Is ErrMalformed) naming its place.
func Load(r io.Reader, name string) (*Bench, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBenchBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read bench %s: %w", name, err)
	}
	fail := func(place, field, format string, args ...any) error {
		return &FormatError{File: name, Place: place, Field: field, Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case len(data) > MaxBenchBytes:
		return nil, fail("", "", "file is larger than %d bytes", MaxBenchBytes)
	case len(bytes.TrimSpace(data)) == 0:
		return nil, fail("", "", "file is empty")
	case !utf8.Valid(data):
		return nil, fail("", "", "not valid UTF-8 (first bad byte at offset %d)", invalidUTF8Offset(data))
	}
	var w wireBench
	if err := decodeStrict(data, &w); err != nil {
		return nil, fail("", jsonField(err), "%s", jsonMessage(err, data))
	}
	if w.Format != nil && *w.Format != FormatName {
		return nil, fail("", "format", "is %q, want %q", *w.Format, FormatName)
	}
	if len(w.Cases) == 0 {
		return nil, fail("", "cases", "no cases")
	}
	b := &Bench{Format: FormatName, Name: w.Name, Source: w.Source, License: w.License, UnitHint: w.UnitHint}
	if b.Name == "" {
		b.Name = name
	}
	p := parser{file: name, caseIDs: map[string]bool{}, queryIDs: map[string]bool{}}
	for i, raw := range w.Cases {
		c, err := p.parseCase(i, raw)
		if err != nil {
			return nil, err
		}
		b.Cases = append(b.Cases, c)
	}
	return b, nil
}

// decodeStrict decodes one JSON value and rejects trailing data.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("unexpected data after the JSON value")
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("unexpected data after the JSON value")
	}
	return nil
}

// jsonField names the field a decoding error is about, if it says.
func jsonField(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return te.Field
	}
	return ""
}

// jsonMessage renders a decoding error without Go type names, with a line
// number for syntax errors.
func jsonMessage(err error, data []byte) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		return fmt.Sprintf("expected %s, got %s", friendlyType(te.Type.String()), te.Value)
	case errors.As(err, &se):
		return fmt.Sprintf("invalid JSON at line %d: %v", lineOf(data, se.Offset), se)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "truncated JSON"
	}
	return err.Error()
}

// friendlyType names a Go type as a JSON reader would.
func friendlyType(t string) string {
	switch t {
	case "string":
		return "a string"
	case "[]string":
		return "an array of strings"
	case "[]json.RawMessage":
		return "an array"
	case "*string":
		return "a string"
	}
	if len(t) > 0 && t[0] == '[' {
		return "an array"
	}
	return "an object"
}

// lineOf returns the 1-based line of byte offset off.
func lineOf(data []byte, off int64) int {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// invalidUTF8Offset returns the offset of the first invalid byte.
func invalidUTF8Offset(data []byte) int {
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size <= 1 {
			return i
		}
		i += size
	}
	return len(data)
}

// parseTime reads an RFC 3339 time; empty is the zero time.
func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("%q is not an RFC 3339 time", s)
	}
	return t, nil
}
