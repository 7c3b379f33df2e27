package discord

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/membot/membot/bot"
)

var _ bot.ReplyTracker = (*channelReply)(nil)

// OnFirstMessage has f told the id of the next reply's first message in
// the channel once Discord created it. That create carries a nonce derived
// from the question, so that the same create repeated after a crash, within
// Discord's nonce window, returns the message stored the first time.
func (r *channelReply) OnFirstMessage(f func(id string)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.onFirst = f
}

// ResumeInto makes the next reply edit message id (its first part)
// instead of posting a new message.
func (r *channelReply) ResumeInto(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.resumeID = id
}

// resumedContent stands for the unknown content of a message an earlier
// attempt created: never equal to a part, so the first sync edits it.
const resumedContent = "\x00resumed"

// newStreamLocked starts a reply in the question's channel, into the
// message given to ResumeInto if any, reporting its first message to
// OnFirstMessage's callback if one is waiting.
func (r *channelReply) newStreamLocked() *stream {
	st := newStream(r.sink(), r.a.opts.EditInterval)
	if r.onFirst != nil {
		st.onFirst, r.onFirst = r.onFirst, nil
		st.nonces = map[int]string{0: replyNonce(r.msg)}
	}
	if r.resumeID != "" {
		st.posted = []posted{{id: r.resumeID, content: resumedContent}}
		r.resumeID = ""
	}
	return st
}

// replyNonce is the nonce of the first message answering msg: the same for
// every replica and restart (Discord takes up to 25 characters).
func replyNonce(msg bot.Message) string {
	sum := sha256.Sum256([]byte(msg.ConversationID() + "\x00" + msg.ID))
	return hex.EncodeToString(sum[:12])
}
