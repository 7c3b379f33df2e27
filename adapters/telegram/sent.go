package telegram

import "sync"

// sentCapacity bounds how many of its own message ids the adapter
// remembers per process.
const sentCapacity = 4096

// sentMessages remembers the ids of messages this process created, so
// that probing for a copy stored before a 5xx never touches a message the
// bot knows it posted (such as a concurrent reply in another forum topic
// of the same chat). Oldest ids are forgotten first.
type sentMessages struct {
	mu    sync.Mutex
	ids   map[sentKey]struct{}
	order []sentKey
	next  int
}

type sentKey struct {
	chat int64
	id   int
}

func newSentMessages(capacity int) *sentMessages {
	return &sentMessages{ids: make(map[sentKey]struct{}, capacity), order: make([]sentKey, 0, capacity)}
}

// add records message id in chat as one of the bot's own.
func (s *sentMessages) add(chat int64, id int) {
	k := sentKey{chat, id}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.ids[k]; ok {
		return
	}
	if len(s.order) < cap(s.order) {
		s.order = append(s.order, k)
	} else {
		delete(s.ids, s.order[s.next])
		s.order[s.next] = k
		s.next = (s.next + 1) % len(s.order)
	}
	s.ids[k] = struct{}{}
}

// has reports whether id in chat is a message this process created.
func (s *sentMessages) has(chat int64, id int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.ids[sentKey{chat, id}]
	return ok
}
