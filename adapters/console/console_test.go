package console

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/membot/membot/bot"
)

// scripted answers every message by echoing it, or fails those it is told
// to.
type scripted struct {
	fail map[string]bool
	got  []bot.Message
}

func (s *scripted) Handle(ctx context.Context, msg bot.Message, r bot.Responder) (<-chan struct{}, error) {
	s.got = append(s.got, msg)
	if s.fail[msg.Text] {
		return nil, errors.New("store unavailable")
	}
	done := make(chan struct{})
	_ = r.Stream(ctx, "partial")
	_ = r.Send(ctx, bot.Reply{Text: "echo " + msg.Text, Buttons: [][]bot.Button{{{Label: "next", Command: "/memories 2"}}}})
	close(done)
	return done, nil
}

func TestScriptMode(t *testing.T) {
	h := &scripted{fail: map[string]bool{"boom": true}}
	var out strings.Builder
	in := "hello\n\n   \nboom\nagain\n/QUIT\nignored\n"
	if err := New(strings.NewReader(in), &out, h, Options{User: "ann"}).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"membot> echo hello", "(not delivered: handle message: store unavailable)", "membot> echo again", "[next /memories 2]"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "partial") {
		t.Errorf("script mode printed a partial stream:\n%s", got)
	}
	if len(h.got) != 3 {
		t.Fatalf("%d messages handled, want 3 (empty lines skipped, nothing after /quit)", len(h.got))
	}
	ids := map[string]bool{}
	for _, m := range h.got {
		if m.Platform != Platform || m.Author.ID != "ann" || !m.IsDM || !m.Addressed || ids[m.ID] {
			t.Errorf("message = %+v", m)
		}
		ids[m.ID] = true
	}
}

func TestInteractiveStreams(t *testing.T) {
	h := &scripted{}
	var out strings.Builder
	if err := New(strings.NewReader("hi\n"), &out, h, Options{Interactive: true, Banner: "welcome"}).Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"welcome", "you> ", "membot> partial"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
}

func FuzzLines(f *testing.F) {
	f.Add("hello\n/quit\n")
	f.Add("\xff\xfe\n\n")
	f.Add(strings.Repeat("x", 70000))
	f.Fuzz(func(t *testing.T, in string) {
		h := &scripted{}
		var out strings.Builder
		if err := New(strings.NewReader(in), &out, h, Options{}).Run(context.Background()); err != nil {
			t.Fatal(err)
		}
		for _, m := range h.got {
			if strings.TrimSpace(m.Text) == "" || len(m.Text) > MaxLineBytes {
				t.Fatalf("bad message handed on: %q", m.Text)
			}
		}
	})
}
