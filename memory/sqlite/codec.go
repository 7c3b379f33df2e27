package sqlite

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory"
)

// newID returns a random id of 16 lowercase hex characters (64 bits), short
// enough to type a prefix of in a command and safe in URLs.
func newID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails.
	return hex.EncodeToString(b[:])
}

// toMs is t as stored: milliseconds since the Unix epoch.
func toMs(t time.Time) int64 {
	return t.Truncate(time.Millisecond).UnixMilli()
}

// fromMs turns a stored time back into a UTC time.
func fromMs(v int64) time.Time {
	return time.UnixMilli(v).UTC()
}

// nullMs stores an optional time: NULL when zero.
func nullMs(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: toMs(t), Valid: true}
}

// fromNullMs reads an optional time.
func fromNullMs(v sql.NullInt64) time.Time {
	if !v.Valid {
		return time.Time{}
	}
	return fromMs(v.Int64)
}

// encodeStrings stores a string list as a JSON array.
func encodeStrings(s []string) (string, error) {
	if len(s) == 0 {
		return "[]", nil
	}
	b, err := json.Marshal(s)
	if err != nil {
		return "", fmt.Errorf("encode list: %w", err)
	}
	return string(b), nil
}

// decodeStrings reads a JSON array of strings; empty comes back nil.
func decodeStrings(s string) ([]string, error) {
	if s == "" || s == "[]" {
		return nil, nil
	}
	// Fast path for what encodeStrings writes when nothing needed
	// escaping: without a backslash no element can hold a quote, so the
	// array splits exactly on its separators.
	if len(s) >= 4 && strings.HasPrefix(s, `["`) && strings.HasSuffix(s, `"]`) && !strings.ContainsRune(s, '\\') {
		return strings.Split(s[2:len(s)-2], `","`), nil
	}
	var out []string
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		return nil, fmt.Errorf("decode list: %w", err)
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// storedVersion is one history entry as stored, its time in milliseconds.
type storedVersion struct {
	Text     string `json:"text"`
	Time     *int64 `json:"time,omitempty"`
	Reason   string `json:"reason,omitempty"`
	Action   string `json:"action,omitempty"`
	LinkedID string `json:"linked_id,omitempty"`
	// ConversationID and MessageIDs are the replaced text's provenance.
	ConversationID string   `json:"conversation_id,omitempty"`
	MessageIDs     []string `json:"message_ids,omitempty"`
}

// encodeHistory stores a memory's history as a JSON array.
func encodeHistory(h []memory.Version) (string, error) {
	if len(h) == 0 {
		return "[]", nil
	}
	out := make([]storedVersion, len(h))
	for i, v := range h {
		out[i] = storedVersion{Text: v.Text, Reason: v.Reason, Action: v.Action, LinkedID: v.LinkedID,
			ConversationID: v.ConversationID, MessageIDs: v.MessageIDs}
		if !v.Time.IsZero() {
			t := toMs(v.Time)
			out[i].Time = &t
		}
	}
	b, err := json.Marshal(out)
	if err != nil {
		return "", fmt.Errorf("encode history: %w", err)
	}
	return string(b), nil
}

// decodeHistory reads a stored history; empty comes back nil.
func decodeHistory(s string) ([]memory.Version, error) {
	if s == "" || s == "[]" {
		return nil, nil
	}
	var in []storedVersion
	if err := json.Unmarshal([]byte(s), &in); err != nil {
		return nil, fmt.Errorf("decode history: %w", err)
	}
	if len(in) == 0 {
		return nil, nil
	}
	out := make([]memory.Version, len(in))
	for i, v := range in {
		out[i] = memory.Version{Text: v.Text, Reason: v.Reason, Action: v.Action, LinkedID: v.LinkedID,
			ConversationID: v.ConversationID, MessageIDs: v.MessageIDs}
		if v.Time != nil {
			out[i].Time = fromMs(*v.Time)
		}
	}
	return out, nil
}

// encodeVector packs a vector as little-endian float32.
func encodeVector(v []float32) []byte {
	b := make([]byte, 4*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(f))
	}
	return b
}

// vectorColumn scans an embedding BLOB straight into a vector, without the
// copy database/sql makes for a []byte destination. dims must be scanned
// first (it precedes the BLOB in every query).
type vectorColumn struct {
	dims   *sql.NullInt64
	vector []float32
	err    error
}

// Scan implements sql.Scanner.
func (c *vectorColumn) Scan(src any) error {
	switch b := src.(type) {
	case nil:
		c.vector = nil
	case []byte:
		c.vector, c.err = decodeVector(b, c.dims.Int64)
	default:
		return fmt.Errorf("embedding column holds %T, want a BLOB", src)
	}
	return nil
}

// decodeVector unpacks a little-endian float32 vector of dims dimensions.
func decodeVector(b []byte, dims int64) ([]float32, error) {
	if int64(len(b)) != 4*dims {
		return nil, fmt.Errorf("embedding is %d bytes, want %d for %d dims", len(b), 4*dims, dims)
	}
	if dims == 0 {
		return nil, nil
	}
	v := make([]float32, dims)
	for i := range v {
		v[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return v, nil
}

// checkUTF8 fails with memory.ErrInvalid naming the first field whose value
// is not valid UTF-8. fields alternates names and values.
func checkUTF8(fields ...string) error {
	for i := 0; i+1 < len(fields); i += 2 {
		if !utf8.ValidString(fields[i+1]) {
			return fmt.Errorf("%w: %s is not valid UTF-8", memory.ErrInvalid, fields[i])
		}
	}
	return nil
}

// checkUTF8List is checkUTF8 for every element of a list.
func checkUTF8List(name string, list []string) error {
	for _, v := range list {
		if !utf8.ValidString(v) {
			return fmt.Errorf("%w: %s holds text that is not valid UTF-8", memory.ErrInvalid, name)
		}
	}
	return nil
}

// boolInt stores a bool as 0 or 1.
func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// queryAll runs query and scans every row with scan, wrapping any error
// with op.
func queryAll[T any](ctx context.Context, db *sql.DB, op string, scan func(rowScanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	defer func() { _ = rows.Close() }()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	return out, nil
}
