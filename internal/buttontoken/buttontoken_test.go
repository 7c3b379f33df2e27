package buttontoken

import "testing"

func TestRememberLookupEvict(t *testing.T) {
	s := New(2)
	a := s.Remember(Button{Command: "/a", Owner: "1"})
	b := s.Remember(Button{Command: "/b", Owner: "2"})
	if len(a) != Len || !IsToken(a) || a == b {
		t.Fatalf("tokens %q %q", a, b)
	}
	if got, ok := s.Lookup(b); !ok || got.Command != "/b" || got.Owner != "2" {
		t.Fatalf("lookup b = %+v %v", got, ok)
	}
	s.Remember(Button{Command: "/c", Owner: "3"})
	if _, ok := s.Lookup(a); ok {
		t.Fatal("oldest token not evicted at capacity")
	}
	for _, forged := range []string{"", "~", "~AAAAAAAAAAAAAAAA", "/a"} {
		if _, ok := s.Lookup(forged); ok {
			t.Fatalf("forged token %q resolved", forged)
		}
	}
}
