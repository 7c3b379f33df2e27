package mongo

import (
	"errors"
	"strings"
	"testing"

	"go.mongodb.org/mongo-driver/v2/mongo"

	"github.com/membot/membot/memory"
)

// A server that refuses writes for good reads as memory.ErrReadOnly, so
// the engine spools and tells people; a passing refusal does not.
func TestFailClassifiesRefusedWrites(t *testing.T) {
	s := &Store{where: "db:27017"}
	for _, tc := range []struct {
		name     string
		err      error
		readOnly bool
	}{
		{"unauthorized", mongo.CommandError{Code: 13, Name: "Unauthorized", Message: "not authorized on membot to execute command { insert: \"messages\" }"}, true},
		{"disk full", mongo.WriteException{WriteErrors: []mongo.WriteError{{Code: 14031, Message: "Cannot write: out of disk space"}}}, true},
		{"over quota", mongo.CommandError{Code: 8000, Name: "AtlasError", Message: "you are over your space quota, using 513 MB of 512 MB"}, true},
		{"other atlas error", mongo.CommandError{Code: 8000, Name: "AtlasError", Message: "bad auth : authentication failed"}, false},
		{"not primary (passes)", mongo.CommandError{Code: 10107, Name: "NotWritablePrimary", Message: "not primary"}, false},
		{"plain error", errors.New("boom"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := s.fail("append message", tc.err)
			if got := errors.Is(err, memory.ErrReadOnly); got != tc.readOnly {
				t.Fatalf("fail(%v) = %v: read-only %v, want %v", tc.err, err, got, tc.readOnly)
			}
			if !strings.Contains(err.Error(), tc.err.Error()) {
				t.Fatalf("fail(%v) lost the driver's error: %v", tc.err, err)
			}
		})
	}
}
