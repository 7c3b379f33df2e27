package bot

import "sync"

// seenSet remembers the most recent message keys, so that a platform
// delivering the same message twice (a retried webhook, a replay after a
// reconnect) gets one answer, not two. It is bounded: the oldest key goes
// when it is full.
type seenSet struct {
	mu   sync.Mutex
	keys map[string]struct{}
	ring []string
	next int
}

func newSeenSet(size int) *seenSet {
	return &seenSet{keys: make(map[string]struct{}, size), ring: make([]string, size)}
}

// add records key and reports whether it was new.
func (s *seenSet) add(key string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.keys[key]; ok {
		return false
	}
	if old := s.ring[s.next]; old != "" {
		delete(s.keys, old)
	}
	s.ring[s.next] = key
	s.next = (s.next + 1) % len(s.ring)
	s.keys[key] = struct{}{}
	return true
}
