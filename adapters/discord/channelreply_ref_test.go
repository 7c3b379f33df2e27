package discord

import (
	"testing"

	"github.com/membot/membot/bot"
)

// A reply to a stored message references it; a message the engine sends
// on its own (a reminder: no id) references nothing, which Discord would
// refuse as an empty message_id.
func TestChannelReplyReferencesOnlyAMessage(t *testing.T) {
	a := &Adapter{}
	if s := a.newChannelReply(bot.Message{ChatID: "10", ID: "42"}).sink(); s.ref == nil || s.ref.MessageID != "42" {
		t.Errorf("reply to message 42: reference %+v", s.ref)
	}
	if s := a.newChannelReply(bot.Message{ChatID: "10", IsDM: true}).sink(); s.ref != nil {
		t.Errorf("a message of its own: reference %+v, want none", s.ref)
	}
}
