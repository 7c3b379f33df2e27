package telegram

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/faketelegram"
)

// previewOff reports whether a sendMessage call asked for no link preview.
func previewOff(t *testing.T, c faketelegram.Call) bool {
	t.Helper()
	raw, ok := c.Fields["link_preview_options"]
	if !ok {
		return c.Fields["disable_web_page_preview"] == "true"
	}
	var o struct {
		IsDisabled bool `json:"is_disabled"`
	}
	if err := json.Unmarshal([]byte(raw), &o); err != nil {
		t.Fatalf("link_preview_options %q: %v", raw, err)
	}
	return o.IsDisabled
}

// A reply carrying a panel sign-in link goes out without a link preview,
// which would have Telegram fetch the link: in a private chat, and by DM
// when asked for in a group. Other replies keep their previews.
func TestNoPreviewReplyDisablesLinkPreview(t *testing.T) {
	const link = "https://panel.example.com/panel/signin?t=abc"
	h := newFakeHandler(func(ctx context.Context, msg bot.Message, r bot.Responder) {
		rep := bot.Reply{Text: "see https://example.com/docs"}
		if strings.Contains(msg.Text, "panel") {
			rep = bot.Reply{Text: "Your memory panel: " + link, Private: true, NoPreview: true}
		}
		if err := r.Send(ctx, rep); err != nil {
			t.Error(err)
		}
	})
	hs := startHarness(t, h, nil)
	for _, tc := range []struct {
		name string
		in   func()
	}{
		{"private chat", func() {
			hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "/memories panel"))
		}},
		{"group, answered by DM", func() {
			hs.fake.PushMessage(hs.fake.NewMessage(team, alice, "/memories panel"))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := len(hs.fake.Calls("sendMessage"))
			tc.in()
			hs.fake.Wait(t, waitTimeout, "the link reply", func() bool { return len(hs.fake.Calls("sendMessage")) >= before+1 })
			var toDM []faketelegram.Call
			for _, c := range hs.fake.Calls("sendMessage")[before:] {
				if strings.Contains(c.Fields["text"], link) {
					toDM = append(toDM, c)
				}
			}
			if len(toDM) != 1 || toDM[0].Fields["chat_id"] != "501" {
				t.Fatalf("link sent %d times (%+v), want once to alice's private chat", len(toDM), toDM)
			}
			if !previewOff(t, toDM[0]) {
				t.Errorf("link sent with a preview: %v", toDM[0].Fields)
			}
		})
	}
	hs.fake.PushMessage(hs.fake.NewMessage(faketelegram.PrivateChat(alice), alice, "docs?"))
	hs.fake.Wait(t, waitTimeout, "the ordinary reply", func() bool {
		for _, c := range hs.fake.Calls("sendMessage") {
			if strings.Contains(c.Fields["text"], "example.com/docs") {
				return true
			}
		}
		return false
	})
	for _, c := range hs.fake.Calls("sendMessage") {
		if strings.Contains(c.Fields["text"], "example.com/docs") && previewOff(t, c) {
			t.Errorf("an ordinary reply lost its preview: %v", c.Fields)
		}
	}
}
