package web_test

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// The first list page of a person holding 1,000 memories, rendered
// whole (session check, count, page query, template); the bound
// is 50 ms.
func BenchmarkListPage1000(b *testing.B) {
	e := newEnv(b)
	ann := e.person("ann")
	for i := range 1000 {
		e.advance(time.Second)
		e.remember(ann.ID, fmt.Sprintf("Fact number %d about something the person said", i), func(m *memory.Memory) {
			m.Type = memory.Types[i%len(memory.Types)]
		})
	}
	c := e.signIn(ann.ID)
	b.ResetTimer()
	for b.Loop() {
		res := c.get("/panel/memories")
		if res.Code != http.StatusOK {
			b.Fatalf("status %d", res.Code)
		}
	}
}

// The page of a memory with 50 versions (its timeline, source messages
// and subject history); the bound is 20 ms.
func BenchmarkTimeline50(b *testing.B) {
	e := newEnv(b)
	ann := e.person("ann")
	m := e.remember(ann.ID, "Version 0 of the note", func(m *memory.Memory) { m.Subject = "note" })
	for i := 1; i <= memory.MaxHistory; i++ {
		e.advance(time.Minute)
		if _, err := e.svc.Edit(e.ctx, ann.ID, m.ID, fmt.Sprintf("Version %d of the note", i)); err != nil {
			b.Fatal(err)
		}
	}
	c := e.signIn(ann.ID)
	b.ResetTimer()
	for b.Loop() {
		res := c.get("/panel/memories/" + m.ID)
		if res.Code != http.StatusOK {
			b.Fatalf("status %d", res.Code)
		}
	}
}
