package llm

import (
	"sort"
	"sync"
)

// Counts are the calls and tokens spent on one purpose.
type Counts struct {
	Calls            int64 `json:"calls"`
	Failures         int64 `json:"failures"`
	PromptTokens     int64 `json:"prompt_tokens"`
	CompletionTokens int64 `json:"completion_tokens"`
}

// Meter counts model calls and tokens per purpose. The zero value is ready;
// it is safe for concurrent use.
type Meter struct {
	mu sync.Mutex
	by map[Purpose]Counts
}

// Record adds one call.
func (m *Meter) Record(p Purpose, u Usage, failed bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.by == nil {
		m.by = make(map[Purpose]Counts)
	}
	c := m.by[p]
	c.Calls++
	if failed {
		c.Failures++
	}
	c.PromptTokens += u.PromptTokens
	c.CompletionTokens += u.CompletionTokens
	m.by[p] = c
}

// Snapshot returns a copy of the counts so far.
func (m *Meter) Snapshot() map[Purpose]Counts {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[Purpose]Counts, len(m.by))
	for p, c := range m.by {
		out[p] = c
	}
	return out
}

// Purposes returns the purposes seen so far, sorted.
func (m *Meter) Purposes() []Purpose {
	snap := m.Snapshot()
	ps := make([]Purpose, 0, len(snap))
	for p := range snap {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i] < ps[j] })
	return ps
}
