package discord

import (
	"context"

	"github.com/membot/membot/bot"
)

// resumer is a Handler that answers, after a restart, the messages an
// earlier run left unanswered (the engine with a durable answer queue).
type resumer interface {
	Resume(ctx context.Context, platform string, f bot.ResponderFor) error
}

// resume hands the engine the way to reach a stored message's channel,
// if it keeps a durable answer queue.
func (a *Adapter) resume(ctx context.Context) {
	rs, ok := a.h.(resumer)
	if !ok {
		return
	}
	if err := rs.Resume(ctx, platform, a.storedResponder); err != nil {
		a.log.Warn("cannot resume earlier answers", "err", err)
	}
}

// storedResponder answers a stored message in its channel, referencing it
// (a reference to a message that is gone, such as a slash command's, is
// dropped rather than failing the reply). An interaction's token does not
// outlive a restart, so a stored slash command is answered this way too.
func (a *Adapter) storedResponder(_ context.Context, msg bot.Message, done <-chan struct{}) (bot.Responder, error) {
	r := a.newChannelReply(msg)
	a.await(done, r.complete)
	return r, nil
}
