package telegram

import (
	"strconv"

	"github.com/membot/membot/bot"
)

var _ bot.ReplyTracker = (*responder)(nil)

// OnFirstMessage has f told the id of the first message of the next reply
// in the asker's chat, once Telegram created it.
func (r *responder) OnFirstMessage(f func(id string)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.onFirst = f
}

// ResumeInto makes the next reply edit message id (its first part) instead
// of sending a new message; an id that is not a Telegram message id is
// ignored (a new message is sent).
func (r *responder) ResumeInto(id string) {
	n, err := strconv.Atoi(id)
	if err != nil || n <= 0 {
		r.a.log.Warn("telegram: recorded reply message is not a message id; sending a new one", "id", id)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.resumeID = n
}

// resumedText stands for the unknown text of a message an earlier
// attempt created: never equal to a part, so the first render edits it.
const resumedText = "\x00resumed"

// newDeliveryLocked starts a reply in the asker's chat: into the message
// given to ResumeInto, if any, else into new messages.
func (r *responder) newDeliveryLocked() *delivery {
	d := &delivery{t: r.origin}
	if r.resumeID != 0 {
		d.parts = []part{{id: r.resumeID, text: resumedText}}
		r.resumeID = 0
	}
	return d
}

// createdLocked reports part i of d, just created as message id, to
// OnFirstMessage's callback when it is the first message of a reply in
// the asker's chat.
func (r *responder) createdLocked(d *delivery, i, id int) {
	if i != 0 || d.t.chatID != r.origin.chatID || r.onFirst == nil {
		return
	}
	f := r.onFirst
	r.onFirst = nil
	f(strconv.Itoa(id))
}

// partTarget is where part i of d is sent: the first replies to the
// question, later ones follow it.
func partTarget(d *delivery, i int) target {
	t := d.t
	if i > 0 {
		t.replyTo = 0
	}
	return t
}
