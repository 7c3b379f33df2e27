package discord

import (
	"testing"

	"github.com/membot/membot/bot"
)

// TestReplyNonce: the first message answering a question has one nonce on
// every replica, within Discord's 25 characters, and another question has
// another.
func TestReplyNonce(t *testing.T) {
	q := bot.Message{Platform: platform, ChatID: "100", ID: "200"}
	n := replyNonce(q)
	if len(n) == 0 || len(n) > 25 {
		t.Fatalf("nonce %q is %d characters, want 1 to 25", n, len(n))
	}
	if again := replyNonce(q); again != n {
		t.Errorf("nonce %q then %q for one question", n, again)
	}
	other := q
	other.ID = "201"
	if replyNonce(other) == n {
		t.Errorf("two questions share nonce %q", n)
	}
	elsewhere := q
	elsewhere.ChatID = "101"
	if replyNonce(elsewhere) == n {
		t.Errorf("one message id in two channels shares nonce %q", n)
	}
}
