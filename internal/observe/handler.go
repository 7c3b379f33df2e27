package observe

import (
	"context"

	"github.com/membot/membot/bot"
)

// Handler is the engine as the adapters see it, counting the messages
// they hand it and the replies it hands back. Every other method of the
// engine (Edited, Deleted, MemoryChoices, …) is the engine's own.
type Handler struct {
	*bot.Engine
	m *Metrics
}

// NewHandler puts counting in front of e.
func NewHandler(e *bot.Engine, m *Metrics) *Handler { return &Handler{Engine: e, m: m} }

// Handle is bot.Engine.Handle, counting msg (unless a bot wrote it) and
// the replies sent through r.
func (h *Handler) Handle(ctx context.Context, msg bot.Message, r bot.Responder) (<-chan struct{}, error) {
	if !msg.Author.IsBot {
		h.m.MessageIn(msg.Platform)
	}
	if r != nil {
		r = countReplies(r, msg.Platform, h.m)
	}
	return h.Engine.Handle(ctx, msg, r)
}

// Resume is bot.Engine.Resume, counting the replies sent to the messages
// an earlier run left unanswered.
func (h *Handler) Resume(ctx context.Context, platform string, f bot.ResponderFor) error {
	return h.Engine.Resume(ctx, platform, func(ctx context.Context, msg bot.Message, done <-chan struct{}) (bot.Responder, error) {
		r, err := f(ctx, msg, done)
		if err != nil || r == nil {
			return r, err
		}
		return countReplies(r, platform, h.m), nil
	})
}

// countReplies wraps r to count its replies, keeping what else r can do
// that the engine looks for: a responder that records the message an
// answer is written into (bot.ReplyTracker) must stay one, or a taken-over
// answer is sent twice.
func countReplies(r bot.Responder, platform string, m *Metrics) bot.Responder {
	c := responder{Responder: r, platform: platform, m: m}
	if rt, ok := r.(bot.ReplyTracker); ok {
		return trackingResponder{responder: c, ReplyTracker: rt}
	}
	return c
}

// trackingResponder is a counted responder that is a bot.ReplyTracker.
type trackingResponder struct {
	responder
	bot.ReplyTracker
}

// responder counts each complete reply sent, and whether the platform
// took it.
type responder struct {
	bot.Responder
	platform string
	m        *Metrics
}

func (r responder) Send(ctx context.Context, reply bot.Reply) error {
	err := r.Responder.Send(ctx, reply)
	r.m.ReplyOut(r.platform, err != nil)
	return err
}
