package upkeep_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/upkeep"
)

func TestArchiveRules(t *testing.T) {
	longTerm := func(m *memory.Memory) {
		m.Type, m.Lifecycle = memory.TypePreference, memory.LifecycleLongTerm
	}
	temporary := func(expires time.Time) func(*memory.Memory) {
		return func(m *memory.Memory) { m.Lifecycle, m.ExpiresAt = memory.LifecycleTemporary, expires }
	}
	cases := []struct {
		name    string
		created time.Time
		change  func(*memory.Memory)
		opts    func(*upkeep.Options)
		reason  string // "" when the memory must stay active
	}{
		{name: "expired temporary", created: now.Add(-day), change: temporary(now.Add(-time.Hour)), reason: memory.ArchiveExpired},
		{name: "temporary expiring later", created: now.Add(-day), change: temporary(now.Add(time.Hour))},
		{name: "expired temporary with the unused rule off", created: now.Add(-day), change: temporary(now.Add(-time.Minute)),
			opts: func(o *upkeep.Options) { o.ArchiveAfter = -1 }, reason: memory.ArchiveExpired},
		{name: "fact unused for 91 days", created: now.Add(-91 * day), reason: memory.ArchiveUnused},
		{name: "fact unused for 89 days", created: now.Add(-89 * day)},
		{name: "long-term preference unused for a year", created: now.Add(-365 * day), change: longTerm},
		{name: "long-term preference unused for a year, long-term archiving on", created: now.Add(-365 * day), change: longTerm,
			opts: func(o *upkeep.Options) { o.ArchiveLongTerm = true }, reason: memory.ArchiveUnused},
		{name: "old fact used last week", created: now.Add(-200 * day),
			change: func(m *memory.Memory) { m.LastUsedAt, m.UseCount = now.Add(-7*day), 3 }},
		{name: "old fact updated last week", created: now.Add(-200 * day),
			change: func(m *memory.Memory) { m.UpdatedAt = now.Add(-7 * day) }},
		{name: "old fact with the unused rule off", created: now.Add(-1000 * day),
			opts: func(o *upkeep.Options) { o.ArchiveAfter = -time.Nanosecond }},
		{name: "fact unused for 31 days with a 30-day rule", created: now.Add(-31 * day),
			opts: func(o *upkeep.Options) { o.ArchiveAfter = 30 * day }, reason: memory.ArchiveUnused},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := openStore(t)
			m := fact("alice", "works at the observatory", c.created)
			if c.change != nil {
				c.change(&m)
			}
			m = insert(t, s, m)
			idx := memoriesOf(t, s)
			opts := upkeep.Options{Store: s, Memories: idx, Now: clock}
			if c.opts != nil {
				c.opts(&opts)
			}
			rep := runOnce(t, upkeep.New(opts))
			got := get(t, s, m.Owner, m.ID)

			if c.reason == "" {
				if rep.Archived != 0 || got.Status != memory.StatusActive || got.Version != m.Version || len(idx.removedKeys()) != 0 {
					t.Fatalf("memory should stay active: report %+v, status %s, version %d→%d, removed %v",
						rep, got.Status, m.Version, got.Version, idx.removedKeys())
				}
				return
			}
			if rep.Archived != 1 || got.Status != memory.StatusArchived {
				t.Fatalf("memory should be archived: report %+v, status %s", rep, got.Status)
			}
			if want := []string{"alice/" + m.ID}; !slices.Equal(idx.removedKeys(), want) {
				t.Errorf("index removals %v, want %v", idx.removedKeys(), want)
			}
			last := got.History[len(got.History)-1]
			if last.Action != memory.ArchiveAction || last.Reason != c.reason || last.Text != m.Text {
				t.Errorf("last history entry %+v, want action %q reason %q", last, memory.ArchiveAction, c.reason)
			}
		})
	}
}

func TestArchiveKeepsArchivedMemoriesStored(t *testing.T) {
	s := openStore(t)
	m := insert(t, s, fact("alice", "used to play the cello", now.Add(-120*day)))
	runOnce(t, upkeep.New(upkeep.Options{Store: s, Memories: memoriesOf(t, s), Now: clock}))
	got := get(t, s, "alice", m.ID)
	if got.Status != memory.StatusArchived || got.Text != m.Text {
		t.Fatalf("archived memory reads %+v, want it kept with status archived", got)
	}
	n, err := s.CountMemories(t.Context(), memory.MemoryQuery{Owner: "alice"})
	if err != nil || n != 1 {
		t.Fatalf("alice has %d memories (%v), want the archived one kept", n, err)
	}
}

func TestArchiveWorksOffBacklogInBatches(t *testing.T) {
	s := openStore(t)
	var want []string
	for i := range 7 {
		owner := []string{"alice", "bob"}[i%2]
		m := insert(t, s, fact(owner, fmt.Sprintf("stale fact %d", i), now.Add(-100*day-time.Duration(i)*time.Hour)))
		want = append(want, owner+"/"+m.ID)
	}
	slices.Sort(want)
	idx := memoriesOf(t, s)
	rep := runOnce(t, upkeep.New(upkeep.Options{Store: s, Memories: idx, Now: clock, BatchSize: 2}))
	if rep.Archived != len(want) || !slices.Equal(idx.removedKeys(), want) {
		t.Fatalf("one pass in batches of 2 archived %d, removed %v; want all %d: %v", rep.Archived, idx.removedKeys(), len(want), want)
	}
	if rep := runOnce(t, upkeep.New(upkeep.Options{Store: s, Memories: memoriesOf(t, s), Now: clock})); rep.Archived != 0 {
		t.Fatalf("a second pass archived %d more", rep.Archived)
	}
}

func TestArchiveBoundsOnePass(t *testing.T) {
	s := openStore(t)
	const total = 60
	for i := range total {
		insert(t, s, fact("alice", fmt.Sprintf("stale fact %d", i), now.Add(-100*day)))
	}
	w := upkeep.New(upkeep.Options{Store: s, Memories: memoriesOf(t, s), Now: clock, BatchSize: 1})
	first := runOnce(t, w)
	if first.Archived <= 0 || first.Archived >= total {
		t.Fatalf("first pass archived %d of %d, want a bounded part", first.Archived, total)
	}
	second := runOnce(t, w)
	if first.Archived+second.Archived != total {
		t.Fatalf("two passes archived %d + %d, want %d", first.Archived, second.Archived, total)
	}
}
