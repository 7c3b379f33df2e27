package service_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/membot/membot/memory"
)

// An edit is redacted in the service, whoever asks for it (chat, the
// panel, the command line), and an edit to nothing is refused.
func TestEditRedactsAndRefusesEmpty(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	m := e.remember(ann.ID, "Works at Acme", "c1", "m1")
	got, err := e.svc.Edit(e.ctx, ann.ID, m.ID, "  Works at Globex, mail me at ann.lee@example.com  ")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got.Text, "ann.lee@example.com") || !strings.HasPrefix(got.Text, "Works at Globex") {
		t.Fatalf("edited text = %q: not redacted or not trimmed", got.Text)
	}
	stored, err := e.store.Memory(e.ctx, ann.ID, m.ID)
	if err != nil || stored.Text != got.Text {
		t.Fatalf("stored %q, %v; want %q", stored.Text, err, got.Text)
	}
	if _, err := e.svc.Edit(e.ctx, ann.ID, m.ID, "   "); !errors.Is(err, memory.ErrInvalid) {
		t.Fatalf("blank edit: %v, want ErrInvalid", err)
	}
}
