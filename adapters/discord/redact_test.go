package discord

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/fakediscord"
)

// failInteractions is a transport whose interaction calls fail with a
// network error (which quotes the request URL), remembering the tokens
// those URLs carried.
type failInteractions struct {
	next http.RoundTripper

	mu     sync.Mutex
	tokens []string
}

func (f *failInteractions) RoundTrip(req *http.Request) (*http.Response, error) {
	parts := strings.Split(req.URL.Path, "/")
	for i, p := range parts {
		if (p == "interactions" || p == "webhooks") && i+2 < len(parts) {
			f.mu.Lock()
			f.tokens = append(f.tokens, parts[i+2])
			f.mu.Unlock()
			return nil, errors.New("connection reset by peer")
		}
	}
	return f.next.RoundTrip(req)
}

func (f *failInteractions) seen() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.tokens...)
}

func TestInteractionTokensStayOutOfLogsAndErrors(t *testing.T) {
	t.Parallel()
	h := &scriptHandler{reply: func(ctx context.Context, msg bot.Message, r bot.Responder) error {
		return r.Send(ctx, bot.Reply{Text: "answer", Private: true})
	}}
	failing := &failInteractions{}
	hs := start(t, h, func(o *Options) {
		failing.next = o.HTTPClient.Transport
		o.HTTPClient = &http.Client{Transport: failing}
	})
	ch, alice, _ := guildSetup(hs)
	hs.fake.Slash(ch, fakediscord.Invoker{User: alice}, "help")
	hs.fake.WaitUntil("the failure is logged", func() bool {
		return strings.Contains(hs.logs.String(), "could not complete interaction")
	})
	tokens := failing.seen()
	if len(tokens) == 0 {
		t.Fatal("no interaction call went out")
	}
	errs := h.errors()
	if len(errs) != 1 {
		t.Fatalf("engine saw errors %v, want the failed send", errs)
	}
	for _, tok := range tokens {
		if strings.Contains(hs.logs.String(), tok) {
			t.Errorf("the logs show the interaction token %q:\n%s", tok, hs.logs.String())
		}
		if strings.Contains(errs[0].Error(), tok) {
			t.Errorf("the error given to the engine shows the token: %v", errs[0])
		}
	}
	if !strings.Contains(errs[0].Error(), redactedToken) {
		t.Errorf("error %q: want the URL kept with the token replaced", errs[0])
	}
}

func TestRedactErrorKeepsTheChain(t *testing.T) {
	base := errors.New("Post \"https://discord.com/api/v9/interactions/1/s3cr%2Fet/callback\": reset")
	err := redactError(base, "s3cr/et")
	if strings.Contains(err.Error(), "s3cr") || !errors.Is(err, base) {
		t.Errorf("redacted error %q (is base: %v)", err, errors.Is(err, base))
	}
	clean := errors.New("nothing secret")
	if redactError(clean, "s3cr/et") != clean || redactError(nil, "x") != nil {
		t.Error("errors without the secret must pass unchanged")
	}
}
