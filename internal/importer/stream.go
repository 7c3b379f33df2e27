package importer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// MaxValue bounds what one read of the stream may take from the file: a
// conversation of a ChatGPT or Claude export (decoded whole, its message
// tree must be walked), one message of the others, one key or string. A
// hostile or broken export with a larger value is refused with a
// position instead of filling the memory.
const MaxValue = 256 << 20

// stream walks a JSON document token by token, so that arrays of any size
// are read one element at a time, each read bounded by its budget.
type stream struct {
	dec *json.Decoder
	in  *budgetReader
}

func newStream(r io.Reader) *stream { return newStreamWithin(r, MaxValue) }

func newStreamWithin(r io.Reader, maxValue int64) *stream {
	in := &budgetReader{r: r, max: maxValue}
	dec := json.NewDecoder(in)
	dec.UseNumber()
	return &stream{dec: dec, in: in}
}

// errTooLarge ends a read that went past the stream's budget.
var errTooLarge = errors.New("a single value of the export is too large")

// budgetReader hands the decoder at most max bytes per read of the stream
// (reset at the start of each): the decoder buffers a whole value or
// token, so this bounds the memory one value can take.
type budgetReader struct {
	r    io.Reader
	max  int64
	used int64
}

func (b *budgetReader) reset() { b.used = 0 }

func (b *budgetReader) Read(p []byte) (int, error) {
	if b.used >= b.max {
		return 0, fmt.Errorf("%w (over %d MiB)", errTooLarge, b.max>>20)
	}
	if int64(len(p)) > b.max-b.used {
		p = p[:b.max-b.used]
	}
	n, err := b.r.Read(p)
	b.used += int64(n)
	return n, err
}

// fail attaches the decoder's position to err; the end of input inside a
// value is a truncated file.
func (s *stream) fail(err error) error {
	var pe *PosError
	if errors.As(err, &pe) {
		return err
	}
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return &PosError{Offset: se.Offset, Err: err}
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		err = fmt.Errorf("truncated export: %w", err)
	}
	return &PosError{Offset: s.dec.InputOffset(), Err: err}
}

// delim reads the next token and checks that it is want.
func (s *stream) delim(want json.Delim) error {
	s.in.reset()
	tok, err := s.dec.Token()
	if err != nil {
		return s.fail(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return s.fail(fmt.Errorf("expected %q, found %v", want, describe(tok)))
	}
	return nil
}

// key reads the next key of an object, or reports false at its end (the
// closing brace consumed).
func (s *stream) key() (string, bool, error) {
	s.in.reset()
	tok, err := s.dec.Token()
	if err != nil {
		return "", false, s.fail(err)
	}
	switch t := tok.(type) {
	case string:
		return t, true, nil
	case json.Delim:
		if t == '}' {
			return "", false, nil
		}
	}
	return "", false, s.fail(fmt.Errorf("expected an object key, found %v", describe(tok)))
}

// more reports whether the current array or object has another element.
func (s *stream) more() bool {
	s.in.reset()
	return s.dec.More()
}

// decode reads one whole value into v.
func (s *stream) decode(v any) error {
	s.in.reset()
	if err := s.dec.Decode(v); err != nil {
		return s.fail(err)
	}
	return nil
}

// skip reads past one value without keeping it.
func (s *stream) skip() error {
	depth := 0
	for {
		s.in.reset()
		tok, err := s.dec.Token()
		if err != nil {
			return s.fail(err)
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
}

// end checks that nothing but white space follows the document.
func (s *stream) end() error {
	s.in.reset()
	if _, err := s.dec.Token(); !errors.Is(err, io.EOF) {
		if err != nil {
			return s.fail(err)
		}
		return s.fail(errors.New("unexpected data after the export"))
	}
	return nil
}

// array streams the elements of an array, decoding each into a fresh T.
func array[T any](s *stream, each func(T) error) error {
	if err := s.delim('['); err != nil {
		return err
	}
	for s.more() {
		var v T
		if err := s.decode(&v); err != nil {
			return err
		}
		if err := each(v); err != nil {
			return err
		}
	}
	return s.delim(']')
}

func describe(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		return strconv.Quote(t.String())
	case string:
		return "a string"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", tok)
}

// flexID is an id written as a string or a number.
type flexID string

func (f *flexID) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*f = flexID(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return fmt.Errorf("id: want a string or a number, got %s", clipRaw(b))
	}
	*f = flexID(n.String())
	return nil
}

// flexTime is a time written as RFC 3339 (or close to it), or as Unix
// seconds (or milliseconds), as a number or a string.
type flexTime struct{ time.Time }

func (f *flexTime) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		s = string(b)
	}
	t, err := parseTime(s)
	if err != nil {
		return err
	}
	f.Time = t
	return nil
}

var timeLayouts = []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02 15:04:05", "2006-01-02T15:04:05.999999", "2006-01-02"}

func parseTime(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if f > 1e12 { // milliseconds
			f /= 1000
		}
		sec := int64(f)
		return time.Unix(sec, int64((f-float64(sec))*1e9)).UTC(), nil
	}
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("time %q: not RFC 3339 nor Unix seconds", clipRaw([]byte(s)))
}

func clipRaw(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}
