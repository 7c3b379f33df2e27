package main

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory/llm"
)

// TestImportModelCalls imports 1,000 messages of the person (and as many
// answers) with a model: extraction reads windows, not messages, so the
// calls stay far below one per message.
func TestImportModelCalls(t *testing.T) {
	fake := fakeopenai.New(t)
	scriptExtraction(fake, map[string]string{"Lisbon": "Lives in Lisbon", "allergic": "Allergic to peanuts", "cat named": "Has a cat"})
	env := map[string]string{"OPENAI_BASE_URL": fake.URL(), "MEMBOT_MODEL": "test-model"}
	export := filepath.Join(t.TempDir(), "export.jsonl")
	writeExport(t, export, 2000, 11)

	dry := importJSON(t, env, export, "--user", "sam", "--data", t.TempDir(), "--dry-run")
	if dry.ModelCalls == 0 || dry.Tokens == 0 || fake.Count(fakeopenai.KindChat) != 0 {
		t.Fatalf("dry run with a model: %+v, %d calls made", dry, fake.Count(fakeopenai.KindChat))
	}
	data := t.TempDir()
	s := importJSON(t, env, export, "--user", "sam", "--data", data)
	calls := fake.Count(fakeopenai.KindChat)
	perThousand := calls * 1000 / s.Own
	t.Logf("%d user messages: %d model calls (%d per 1,000), %d tokens, %d memories added; the dry run estimated %d calls, %d tokens",
		s.Own, calls, perThousand, s.Tokens, s.Added, dry.ModelCalls, dry.Tokens)
	if s.Added == 0 || s.ModelCalls != calls || s.Tokens == 0 {
		t.Errorf("summary %+v, %d calls seen by the model", s, calls)
	}
	if perThousand > 150 {
		t.Errorf("%d model calls per 1,000 user messages, want at most 150", perThousand)
	}
	fake.Reset()
	scriptExtraction(fake, map[string]string{"Lisbon": "Lives in Lisbon"})
	again := importJSON(t, env, export, "--user", "sam", "--data", data)
	if n := fake.Count(fakeopenai.KindChat); n != 0 || again.Added != 0 {
		t.Errorf("re-import made %d model calls, added %d", n, again.Added)
	}
}

func TestRateLimitSpacesCalls(t *testing.T) {
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var slept []time.Duration
	r := newRateLimited(nopModel{}, 30, func(_ context.Context, d time.Duration) error {
		slept = append(slept, d)
		return nil
	})
	r.now = func() time.Time { return now }
	for range 3 {
		if _, _, err := r.JSON(context.Background(), llm.Request{}, llm.Schema{}); err != nil {
			t.Fatal(err)
		}
	}
	// 30 a minute: one every 2 s, the first at once.
	if len(slept) != 2 || slept[0] != 2*time.Second || slept[1] != 4*time.Second {
		t.Fatalf("slept %v, want [2s 4s]", slept)
	}
	now = now.Add(time.Minute)
	slept = nil
	if _, _, err := r.Stream(context.Background(), llm.Request{}, nil); err != nil || len(slept) != 0 {
		t.Fatalf("after a quiet minute: slept %v, err %v", slept, err)
	}
}

// nopModel answers every call at once.
type nopModel struct{ llm.Client }

func (nopModel) JSON(context.Context, llm.Request, llm.Schema) (json.RawMessage, llm.Usage, error) {
	return []byte(`{}`), llm.Usage{}, nil
}
func (nopModel) Stream(context.Context, llm.Request, func(string) error) (string, llm.Usage, error) {
	return "", llm.Usage{}, nil
}
