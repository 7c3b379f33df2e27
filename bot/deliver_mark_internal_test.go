package bot

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// markStore is the settings and people a deliverer uses, in memory,
// counting the reads of kept answers; beforeUpdate, when set, runs once
// before the next UpdatePerson (another replica acting in between).
type markStore struct {
	People
	mu           sync.Mutex
	settings     map[string]string
	person       memory.Person
	reads        int
	beforeUpdate func()
}

func (s *markStore) Setting(_ context.Context, key string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reads++
	v, ok := s.settings[key]
	if !ok {
		return "", memory.ErrNotFound
	}
	return v, nil
}

func (s *markStore) PutSetting(_ context.Context, key, value string, _ time.Time) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.settings[key] = value
	return nil
}

func (s *markStore) TakeSetting(_ context.Context, key string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.settings[key]
	if !ok {
		return "", memory.ErrNotFound
	}
	delete(s.settings, key)
	return v, nil
}

func (s *markStore) DeleteSettings(_ context.Context, prefix string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for k := range s.settings {
		if strings.HasPrefix(k, prefix) {
			delete(s.settings, k)
			n++
		}
	}
	return n, nil
}

func (s *markStore) CountSettings(_ context.Context, prefix string) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for k := range s.settings {
		if strings.HasPrefix(k, prefix) {
			n++
		}
	}
	return n, nil
}

func (s *markStore) Person(context.Context, string) (memory.Person, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.person, nil
}

func (s *markStore) UpdatePerson(_ context.Context, p *memory.Person) error {
	s.mu.Lock()
	f := s.beforeUpdate
	s.beforeUpdate = nil
	s.mu.Unlock()
	if f != nil {
		f()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if p.Version != s.person.Version {
		return memory.ErrConflict
	}
	p.Version++
	s.person = *p
	return nil
}

// nullResponder takes every reply.
type nullResponder struct{ sent []string }

func (nullResponder) Typing(context.Context) error         { return nil }
func (nullResponder) Stream(context.Context, string) error { return nil }
func (r *nullResponder) Send(_ context.Context, rep Reply) error {
	r.sent = append(r.sent, rep.Text)
	return nil
}

// TestKeptAnswerMark: a person marked as having no answer kept costs no
// read of the kept answers; keeping one clears the mark, so that it is
// offered; offering finds none left and marks the person again; and a
// replica that counted none while another kept an answer does not mark
// the person over it.
func TestKeptAnswerMark(t *testing.T) {
	ctx := context.Background()
	s := &markStore{settings: map[string]string{}, person: memory.Person{ID: "p", Version: 1}}
	d := &deliverer{settings: s, people: s, log: slog.New(slog.DiscardHandler), now: time.Now}
	turnOf := func() turn {
		p, _ := s.Person(ctx, "p")
		return turn{person: p, conv: memory.Conversation{ID: "c"}}
	}
	r := &nullResponder{}

	d.offer(ctx, turnOf(), r, "note")
	if !turnOf().person.NoUndelivered {
		t.Fatal("no answer kept, and the person is not marked so")
	}
	reads := s.reads
	d.offer(ctx, turnOf(), r, "note")
	if s.reads != reads {
		t.Errorf("%d reads of kept answers for a person marked as having none", s.reads-reads)
	}

	d.keep(ctx, turnOf(), Reply{Text: "kept answer"})
	if turnOf().person.NoUndelivered {
		t.Fatal("an answer kept, and the person still marked as having none")
	}
	d.offer(ctx, turnOf(), r, "note")
	if len(r.sent) != 1 || !strings.Contains(r.sent[0], "kept answer") {
		t.Fatalf("sent %q, want the kept answer", r.sent)
	}
	if !turnOf().person.NoUndelivered {
		t.Error("the kept answer offered, and the person not marked as having none")
	}

	// Another replica keeps an answer between this one's count and its
	// write of the mark.
	s.person.NoUndelivered = false
	s.beforeUpdate = func() {
		d.keep(ctx, turn{person: memory.Person{ID: "p"}, conv: memory.Conversation{ID: "c2"}}, Reply{Text: "other"})
	}
	d.offer(ctx, turnOf(), r, "note")
	if turnOf().person.NoUndelivered {
		t.Error("the person marked as having none over an answer kept meanwhile")
	}
}
