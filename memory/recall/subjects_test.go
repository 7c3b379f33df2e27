package recall

import (
	"context"
	"strings"
	"testing"

	"github.com/membot/membot/memory"
)

// bySubject returns the ids of p1's memories about subj, newest first.
func bySubject(t *testing.T, x *Index, subj string) string {
	t.Helper()
	ms, err := x.BySubject(context.Background(), "p1", func(s string) bool { return s == subj })
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(ms))
	for i, m := range ms {
		ids[i] = m.ID
	}
	return strings.Join(ids, ",")
}

func TestBySubjectFollowsPatchesAndOtherWriters(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{}}
	withSubject := func(id, text, subj string, day int) memory.Memory {
		m := mem(id, text)
		m.Subject, m.CreatedAt = subj, t0.AddDate(0, 0, day)
		return m
	}
	l.put(withSubject("a", "Lives in Porto", " Residence", 0))
	l.put(withSubject("b", "Likes tea", "tea", 0))
	x, _ := newTestIndex(l)
	if got := bySubject(t, x, "residence"); got != "a" {
		t.Fatalf("residence = %q, want a (subjects trimmed and lower-cased)", got)
	}
	// A patch of this process: a newer value, and the old one superseded.
	moved := withSubject("c", "Lives in Lisbon", "residence", 2)
	old := withSubject("a", "Lives in Porto", "residence", 0)
	old.Status = memory.StatusSuperseded
	l.put(moved)
	rev := l.put(old)
	x.Apply("p1", 2, rev, Change{Put: []memory.Memory{moved, old}})
	if got := bySubject(t, x, "residence"); got != "c" {
		t.Errorf("after a patch residence = %q, want c", got)
	}
	// A subject rewritten moves the memory.
	retold := withSubject("b", "Likes tea", "drinks", 0)
	x.Apply("p1", 1, l.put(retold), Change{Put: []memory.Memory{retold}})
	if got := bySubject(t, x, "tea"); got != "" {
		t.Errorf("tea = %q after its subject changed, want none", got)
	}
	// Another replica's write: the revision moved, the index reloads.
	loads := l.loads
	l.put(withSubject("d", "Lives in Braga", "residence", 3))
	if got := bySubject(t, x, "residence"); got != "d,c" || l.loads != loads+1 {
		t.Errorf("after another writer residence = %q (%d loads), want d,c reloaded once", got, l.loads-loads)
	}
}
