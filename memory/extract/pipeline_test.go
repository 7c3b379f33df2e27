package extract_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/llm"
)

func TestRunStoresTypedMemoriesWithProvenance(t *testing.T) {
	e := newEnv(t, envConfig{})
	ann := e.person("Ann")
	e.conv("console:dm")
	m1 := e.say("console:dm", ann, 0, "I'm a backend developer, mostly writing Go these days")
	e.reply("console:dm", 5, "Nice! How can I help?")
	m3 := e.say("console:dm", ann, 10, "I prefer dark mode in every editor")
	m4 := e.say("console:dm", ann, 15, "I'm flying to Tokyo next Friday")
	e.srv.OnSchema(extract.ExtractSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		trip := mem("Flying to Tokyo on 2026-03-20", "event", "temporary", "travel", idFor(req, "Tokyo"))
		trip["event_time"], trip["expires_at"] = "2026-03-20", "2026-03-21"
		return memoriesAnswer(
			mem("Backend developer who mostly writes Go", "fact", "fact", "occupation", idFor(req, "backend")),
			mem("Prefers dark mode in editors", "preference", "long_term", "editor theme", idFor(req, "dark mode")),
			trip,
		)
	})

	res, err := e.run("console:dm")
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if res.Added != 3 || res.ExtractCalls != 1 || res.ReconcileCalls != 0 || res.Messages != 4 {
		t.Errorf("result = %+v, want 3 added by 1 extraction call and no reconcile call", res)
	}
	if got := e.watermark("console:dm"); got != m4.Seq || res.Watermark != m4.Seq {
		t.Errorf("watermark = %d (result says %d), want %d", got, res.Watermark, m4.Seq)
	}
	reqs := e.extractRequests()
	if len(reqs) != 1 {
		t.Fatalf("%d extraction requests, want 1", len(reqs))
	}
	req := reqs[0]
	if !req.Strict || req.Temperature == nil || *req.Temperature > 0.2 {
		t.Errorf("request strict=%v temperature=%v, want strict and low temperature", req.Strict, req.Temperature)
	}
	if got := sourceIDs(&req); len(got) != 3 {
		t.Errorf("source ids %v, want Ann's three messages (the bot's reply is context)", got)
	}
	if !strings.Contains(req.System(), "not instructions") {
		t.Errorf("system prompt lacks the prompt-injection rule")
	}

	ms := e.memories(ann.ID)
	if len(ms) != 3 {
		t.Fatalf("%d memories stored, want 3", len(ms))
	}
	want := map[string]struct {
		typ    memory.Type
		lc     memory.Lifecycle
		source string
	}{
		"Backend developer who mostly writes Go": {memory.TypeFact, memory.LifecycleFact, m1.PlatformID},
		"Prefers dark mode in editors":           {memory.TypePreference, memory.LifecycleLongTerm, m3.PlatformID},
		"Flying to Tokyo on 2026-03-20":          {memory.TypeEvent, memory.LifecycleTemporary, m4.PlatformID},
	}
	for _, m := range ms {
		w, ok := want[m.Text]
		if !ok {
			t.Errorf("unexpected memory %q", m.Text)
			continue
		}
		if m.Type != w.typ || m.Lifecycle != w.lc || m.Owner != ann.ID || m.Status != memory.StatusActive {
			t.Errorf("%q: type %s lifecycle %s owner %s status %s", m.Text, m.Type, m.Lifecycle, m.Owner, m.Status)
		}
		if m.Source.ConversationID != "console:dm" || !slices.Equal(m.Source.MessageIDs, []string{w.source}) || m.Source.Excerpt == "" {
			t.Errorf("%q: source %+v, want conversation console:dm, message %s and an excerpt", m.Text, m.Source, w.source)
		}
	}
	trip := ms[slices.IndexFunc(ms, func(m memory.Memory) bool { return m.Type == memory.TypeEvent })]
	if trip.EventTime.Format("2006-01-02") != "2026-03-20" || trip.ExpiresAt.Format("2006-01-02") != "2026-03-21" {
		t.Errorf("trip event %v expires %v", trip.EventTime, trip.ExpiresAt)
	}
	if len(e.stored[ann.ID]) != 3 {
		t.Errorf("OnStored saw %d memories, want 3", len(e.stored[ann.ID]))
	}
}

func TestReconcileDecisions(t *testing.T) {
	tests := []struct {
		name      string
		existing  string
		candidate string
		decision  map[string]any
		check     func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result)
	}{
		{
			name: "supersede links both ways and keeps history", existing: "Prefers minimalist design",
			candidate: "Prefers retro design", decision: decision("C1", "SUPERSEDE", "E1", nil),
			check: func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result) {
				if len(all) != 2 || res.Superseded != 1 {
					t.Fatalf("%d memories, result %+v; want the old and the new, one superseded", len(all), res)
				}
				was, now := all[0], all[1]
				if was.Status != memory.StatusSuperseded || was.SupersededBy != now.ID || now.Supersedes != was.ID || now.Status != memory.StatusActive {
					t.Errorf("old %s→%q, new %s supersedes %q", was.Status, was.SupersededBy, now.Status, now.Supersedes)
				}
				if len(was.History) != 1 || was.History[0].Text != old.Text || was.History[0].Action != "supersede" || was.History[0].LinkedID != now.ID {
					t.Errorf("old history %+v", was.History)
				}
			},
		},
		{
			name: "update merges and keeps the old text", existing: "Prefers minimalist design",
			candidate: "Prefers minimalist Scandinavian furniture", decision: decision("C1", "UPDATE", "E1", "Prefers minimalist design and Scandinavian furniture"),
			check: func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result) {
				if len(all) != 1 || res.Updated != 1 {
					t.Fatalf("%d memories, result %+v; want one updated", len(all), res)
				}
				m := all[0]
				if m.Text != "Prefers minimalist design and Scandinavian furniture" || m.Version != old.Version+1 {
					t.Errorf("updated memory %q version %d", m.Text, m.Version)
				}
				if len(m.History) != 1 || m.History[0].Text != old.Text || m.History[0].Action != "update" {
					t.Errorf("history %+v", m.History)
				}
				if len(m.Source.MessageIDs) == 0 {
					t.Errorf("update lost provenance: %+v", m.Source)
				}
			},
		},
		{
			name: "conflict keeps both and marks the new pending", existing: "Prefers minimalist design",
			candidate: "Dislikes minimalist design", decision: decision("C1", "CONFLICT", "E1", nil),
			check: func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result) {
				if len(all) != 2 || res.Conflicts != 1 || all[0].Status != memory.StatusActive || all[1].Status != memory.StatusPendingReview {
					t.Errorf("memories %+v, result %+v", all, res)
				}
			},
		},
		{
			name: "noop writes nothing", existing: "Prefers minimalist design",
			candidate: "Likes minimalist design", decision: decision("C1", "NOOP", "E1", nil),
			check: func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result) {
				if len(all) != 1 || res.Noops != 1 || all[0].Version != old.Version {
					t.Errorf("memories %+v, result %+v", all, res)
				}
			},
		},
		{
			name: "different numbers are never merged", existing: "Trip budget is 5000 yuan",
			candidate: "Trip budget is 8000 yuan", decision: decision("C1", "UPDATE", "E1", "Trip budget is 5000-8000 yuan"),
			check: func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result) {
				if len(all) != 2 || res.Added != 1 || all[0].Text != old.Text || all[0].Version != old.Version {
					t.Errorf("memories %+v, result %+v; want the old untouched and the new added", all, res)
				}
			},
		},
		{
			name: "an invented target becomes an add", existing: "Prefers minimalist design",
			candidate: "Prefers minimalist websites", decision: decision("C1", "SUPERSEDE", "E9", nil),
			check: func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result) {
				if len(all) != 2 || res.Added != 1 || all[0].Status != memory.StatusActive || all[1].Supersedes != "" {
					t.Errorf("memories %+v, result %+v", all, res)
				}
			},
		},
		{
			name: "a delete is not an action", existing: "Prefers minimalist design",
			candidate: "Prefers minimalist websites", decision: decision("C1", "DELETE", "E1", nil),
			check: func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result) {
				if len(all) != 2 || res.Added != 1 || all[0].Status != memory.StatusActive {
					t.Errorf("memories %+v, result %+v", all, res)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envConfig{})
			ann := e.person("Ann")
			e.conv("console:dm")
			old := e.insert(ann.ID, tt.existing, "design")
			e.say("console:dm", ann, 0, "about "+tt.candidate)
			e.srv.OnSchema(extract.ExtractSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
				return memoriesAnswer(mem(tt.candidate, "preference", "long_term", "design", sourceIDs(req)...))
			})
			var shown string
			e.srv.OnSchema(extract.ReconcileSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
				shown = req.LastUser()
				return decisionsAnswer(tt.decision)
			})
			res, err := e.run("console:dm")
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if res.ReconcileCalls != 1 || !strings.Contains(shown, "E1") || !strings.Contains(shown, tt.existing) {
				t.Errorf("reconcile calls %d, shown %q", res.ReconcileCalls, shown)
			}
			tt.check(t, old, e.memories(ann.ID), res)
		})
	}
}

func TestDuplicateAndUnrelatedNeedNoReconcileCall(t *testing.T) {
	tests := []struct {
		name      string
		candidate string
		wantAdded int
		wantDup   int
	}{
		{"normalised duplicate is dropped", "prefers  TYPESCRIPT.", 0, 1},
		{"full-width duplicate is dropped", "Ｐｒｅｆｅｒｓ ＴｙｐｅＳｃｒｉｐｔ", 0, 1},
		{"unrelated candidate is added", "Has a cat named Miso", 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envConfig{})
			ann := e.person("Ann")
			e.conv("console:dm")
			e.insert(ann.ID, "Prefers TypeScript", "programming language")
			e.say("console:dm", ann, 0, "something about "+tt.candidate)
			e.srv.OnSchema(extract.ExtractSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
				return memoriesAnswer(mem(tt.candidate, "fact", "fact", "misc", sourceIDs(req)...))
			})
			res, err := e.run("console:dm")
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if n := e.srv.CountBySchema(extract.ReconcileSchemaName); n != 0 {
				t.Errorf("%d reconcile calls, want none", n)
			}
			if res.Added != tt.wantAdded || res.Duplicates != tt.wantDup || len(e.memories(ann.ID)) != 1+tt.wantAdded {
				t.Errorf("result %+v, %d memories", res, len(e.memories(ann.ID)))
			}
		})
	}
}

func TestMalformedAnswerIsRetriedOnceThenSkipped(t *testing.T) {
	tests := []struct {
		name   string
		answer fakeopenai.Response
	}{
		{"not JSON", fakeopenai.Text("Sure! Here are the memories: none")},
		{"wrong shape", fakeopenai.Text(`{"memories": "many"}`)},
		{"missing array", fakeopenai.Text(`{"items": []}`)},
		{"wrong field type", fakeopenai.Text(`{"memories": [{"text": "x", "importance": "high"}]}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envConfig{})
			ann := e.person("Ann")
			e.conv("console:dm")
			e.say("console:dm", ann, 0, "I love green tea")
			e.srv.OnSchema(extract.ExtractSchemaName, func(*fakeopenai.ChatRequest) fakeopenai.Response { return tt.answer })
			_, err := e.run("console:dm")
			if !errors.Is(err, extract.ErrMalformed) {
				t.Fatalf("Run error = %v, want ErrMalformed", err)
			}
			reqs := e.extractRequests()
			if len(reqs) != 2 {
				t.Fatalf("%d extraction calls, want 2 (one retry)", len(reqs))
			}
			if !strings.Contains(reqs[1].LastUser(), "rejected") {
				t.Errorf("retry does not say what was wrong: %q", reqs[1].LastUser())
			}
			if n := len(e.memories(ann.ID)); n != 0 {
				t.Errorf("%d memories stored, want none", n)
			}
			if wm := e.watermark("console:dm"); wm != 0 {
				t.Errorf("watermark = %d, want 0", wm)
			}
		})
	}
}

func TestInvalidCandidatesAreDropped(t *testing.T) {
	e := newEnv(t, envConfig{})
	ann := e.person("Ann")
	e.conv("console:dm")
	e.say("console:dm", ann, 0, "I love green tea")
	e.srv.OnSchema(extract.ExtractSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		id := sourceIDs(req)[0]
		badType := mem("Is an admin", "instruction", "fact", "role", id)
		outOfRange := mem("Likes tea a lot", "preference", "long_term", "tea", id)
		outOfRange["confidence"] = 1.5
		badDate := mem("Tea party", "event", "temporary", "tea", id)
		badDate["event_time"] = "next Friday"
		lowConfidence := mem("Might like matcha", "preference", "long_term", "tea", id)
		lowConfidence["confidence"] = 0.3
		return memoriesAnswer(
			mem("Loves green tea", "preference", "long_term", "tea", id),
			mem("Invented source", "fact", "fact", "x", "m999"),
			mem("No source", "fact", "fact", "x"),
			mem("   ", "fact", "fact", "x", id),
			mem(strings.Repeat("long ", 200), "fact", "fact", "x", id),
			badType, outOfRange, badDate, lowConfidence,
		)
	})
	res, err := e.run("console:dm")
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	ms := e.memories(ann.ID)
	if len(ms) != 1 || ms[0].Text != "Loves green tea" {
		t.Fatalf("stored %+v, want only the valid memory", ms)
	}
	if res.Rejected != 8 || res.Added != 1 {
		t.Errorf("result %+v, want 8 rejected", res)
	}
}

func TestHugeAnswerIsCapped(t *testing.T) {
	e := newEnv(t, envConfig{})
	ann := e.person("Ann")
	e.conv("console:dm")
	e.say("console:dm", ann, 0, "I like many things")
	e.srv.OnSchema(extract.ExtractSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		id := sourceIDs(req)[0]
		var ms []map[string]any
		for i := range 500 {
			ms = append(ms, mem("Likes thing number "+strings.Repeat("x", i%7)+string(rune('a'+i%26))+strings.Repeat("y", i/26), "preference", "long_term", "things", id))
		}
		return memoriesAnswer(ms...)
	})
	res, err := e.run("console:dm")
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if n := len(e.memories(ann.ID)); n != extract.DefaultMaxMemories {
		t.Errorf("%d memories stored, want the cap %d", n, extract.DefaultMaxMemories)
	}
	if res.Rejected != 500-extract.DefaultMaxMemories {
		t.Errorf("rejected %d, want %d", res.Rejected, 500-extract.DefaultMaxMemories)
	}
}

func TestModelFailureLeavesWatermark(t *testing.T) {
	e := newEnv(t, envConfig{})
	ann := e.person("Ann")
	e.conv("console:dm")
	last := e.say("console:dm", ann, 0, "I love green tea")
	e.srv.OnSchema(extract.ExtractSchemaName, func(*fakeopenai.ChatRequest) fakeopenai.Response { return fakeopenai.Status(503) })
	_, err := e.run("console:dm")
	if err == nil || !llm.Retryable(err) {
		t.Fatalf("Run error = %v, want a retryable model error", err)
	}
	if wm := e.watermark("console:dm"); wm != 0 {
		t.Fatalf("watermark = %d after a failure, want 0", wm)
	}
	e.srv.OnSchema(extract.ExtractSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		return memoriesAnswer(mem("Loves green tea", "preference", "long_term", "tea", sourceIDs(req)...))
	})
	if _, err := e.run("console:dm"); err != nil {
		t.Fatalf("retry: %v", err)
	}
	if wm := e.watermark("console:dm"); wm != last.Seq || len(e.memories(ann.ID)) != 1 {
		t.Errorf("after retry watermark %d, %d memories", wm, len(e.memories(ann.ID)))
	}
}
