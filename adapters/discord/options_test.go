package discord

import (
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestNewValidatesOptions(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		ok   bool
	}{
		{"minimal", Options{Token: "abc"}, true},
		{"prefixed token", Options{Token: "Bot abc"}, true},
		{"empty token", Options{}, false},
		{"blank token", Options{Token: "  "}, false},
		{"token with space", Options{Token: "a b"}, false},
		{"shard out of range", Options{Token: "abc", ShardID: 2, ShardCount: 2}, false},
		{"negative shard", Options{Token: "abc", ShardID: -1}, false},
		{"sharded", Options{Token: "abc", ShardID: 1, ShardCount: 2}, true},
		{"bad guild id", Options{Token: "abc", CommandGuildIDs: []string{"guild"}}, false},
		{"negative interval", Options{Token: "abc", EditInterval: -time.Second}, false},
		{"bad API base", Options{Token: "abc", APIBase: "ftp://x"}, false},
		{"API base", Options{Token: "abc", APIBase: "http://127.0.0.1:1"}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, err := New(tc.opts, &scriptHandler{})
			if (err == nil) != tc.ok {
				t.Fatalf("New: err = %v, want ok %v", err, tc.ok)
			}
			if err == nil && (a.opts.EditInterval != DefaultEditInterval || a.opts.ShardCount < 1) {
				t.Errorf("defaults not applied: %+v", a.opts)
			}
		})
	}
	if _, err := New(Options{Token: "abc"}, nil); err == nil {
		t.Error("nil handler accepted")
	}
}

func TestOptionsNeverShowTheToken(t *testing.T) {
	o := Options{Token: "very-secret-token"}
	var b strings.Builder
	slog.New(slog.NewTextHandler(&b, nil)).Info("starting", "options", o)
	for _, s := range []string{o.String(), fmt.Sprint(o), fmt.Sprintf("%v %+v", o, o), b.String()} {
		if strings.Contains(s, "very-secret-token") {
			t.Errorf("token shown in %q", s)
		}
	}
}

func TestRunTwiceFails(t *testing.T) {
	hs := start(t, &scriptHandler{}, nil)
	if err := hs.a.Run(t.Context()); err == nil {
		t.Error("second Run succeeded")
	}
}
