package discord

import "sync"

// recentSet remembers the last n keys added (oldest forgotten first), to
// drop duplicate events and to note things done once.
type recentSet struct {
	mu   sync.Mutex
	n    int
	keys map[string]int // key → its ring slot
	ring []string
	next int
}

func newRecentSet(n int) *recentSet {
	return &recentSet{n: n, keys: make(map[string]int, n), ring: make([]string, n)}
}

// add records key and reports whether it was new.
func (s *recentSet) add(key string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.keys[key]; ok {
		return false
	}
	if slot, ok := s.keys[s.ring[s.next]]; ok && slot == s.next {
		delete(s.keys, s.ring[s.next])
	}
	s.ring[s.next] = key
	s.keys[key] = s.next
	s.next = (s.next + 1) % s.n
	return true
}

// has reports whether key is remembered.
func (s *recentSet) has(key string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.keys[key]
	return ok
}

// remove forgets key (its ring slot is reclaimed lazily).
func (s *recentSet) remove(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.keys, key)
}
