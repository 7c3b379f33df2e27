package extract_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/llm"
)

// usageLog is an extract.UsageRecorder keeping what it is told.
type usageLog struct {
	mu     sync.Mutex
	calls  map[string]int   // person/purpose → calls
	tokens map[string]int64 // person/purpose → tokens
}

func (u *usageLog) RecordCall(person string, purpose llm.Purpose, tokens int64, _ time.Time) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.calls[person+"/"+string(purpose)]++
	u.tokens[person+"/"+string(purpose)] += tokens
}

// Each extraction call counts for the author of its window, each
// reconcile call for the owner of its candidates.
func TestModelCallsCountForTheirPerson(t *testing.T) {
	usage := &usageLog{calls: map[string]int{}, tokens: map[string]int64{}}
	e := newEnv(t, envConfig{usage: usage})
	alice, bob := e.person("Alice"), e.person("Bob")
	e.conv("console:group")
	e.insert(bob.ID, "Prefers minimalist design", "design")
	e.say("console:group", alice, 0, "I like oolong tea in the morning")
	e.say("console:group", bob, 5, "I prefer minimalist websites these days")
	e.srv.OnSchema(extract.ExtractSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		if strings.Contains(firstUser(req), `Author: "Alice"`) {
			return memoriesAnswer(mem("Likes oolong tea in the morning", "preference", "long_term", "beverages", idFor(req, "oolong")))
		}
		return memoriesAnswer(mem("Prefers minimalist websites", "preference", "long_term", "design", idFor(req, "minimalist")))
	})
	e.srv.OnSchema(extract.ReconcileSchemaName, func(*fakeopenai.ChatRequest) fakeopenai.Response {
		return decisionsAnswer(decision("C1", "UPDATE", "E1", "Prefers minimalist design and websites"))
	})
	res, err := e.run("console:group")
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if res.ExtractCalls != 2 || res.ReconcileCalls != 1 {
		t.Fatalf("%d extraction and %d reconcile calls, want 2 and 1", res.ExtractCalls, res.ReconcileCalls)
	}
	want := map[string]int{
		alice.ID + "/extraction": 1,
		bob.ID + "/extraction":   1,
		bob.ID + "/reconcile":    1,
	}
	if len(usage.calls) != len(want) {
		t.Errorf("recorded %v, want %v", usage.calls, want)
	}
	for k, n := range want {
		if usage.calls[k] != n || usage.tokens[k] <= 0 {
			t.Errorf("%s: %d calls, %d tokens; want %d calls and some tokens", k, usage.calls[k], usage.tokens[k], n)
		}
	}
}
