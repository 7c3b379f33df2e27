package discord

import "testing"

func TestRecentSet(t *testing.T) {
	s := newRecentSet(3)
	for _, k := range []string{"a", "b", "c"} {
		if !s.add(k) {
			t.Fatalf("%s reported as seen", k)
		}
	}
	if s.add("a") {
		t.Error("duplicate a accepted")
	}
	s.add("d") // evicts a
	if s.has("a") || !s.has("d") || !s.has("b") {
		t.Error("eviction order wrong")
	}
	s.remove("b")
	if s.has("b") {
		t.Error("b still present after remove")
	}
	s.add("b") // re-added in a new slot
	s.add("e") // evicts c
	s.add("f") // evicts d; the stale slot of b must not drop the new b
	if !s.has("b") {
		t.Error("re-added key dropped by its stale slot")
	}
}
