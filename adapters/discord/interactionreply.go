package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
)

// original is the id standing for an interaction's own response message.
const original = "@original"

// interactionReply answers a slash command or a button press. Outside
// the asker's DM with the bot (in a server, or in a group DM or another
// DM where the app is installed for the user), anything that may be
// private is ephemeral: a streamed or deferred response is ephemeral
// because its privacy is not known yet, and only a reply sent at once
// with Private=false is public. A button press updates the message it
// sits on, unless that would show a private reply on a public message,
// in which case the reply is a new ephemeral message.
type interactionReply struct {
	a         *Adapter
	i         *discordgo.Interaction
	msg       bot.Message
	component bool
	// botDM is true in the asker's DM with the bot, where nobody else
	// can see the answers.
	botDM bool
	// sourcePrivate is true when the pressed button sits on a message
	// only the presser sees.
	sourcePrivate bool

	mu                sync.Mutex
	acked             bool
	deferred          bool
	originalUsed      bool
	originalEphemeral bool
	cur               *stream
	// unsent is set while cur holds a reply whose Send failed.
	unsent bool
}

var _ bot.Responder = (*interactionReply)(nil)

func (a *Adapter) newInteractionReply(i *discordgo.Interaction, msg bot.Message) *interactionReply {
	r := &interactionReply{a: a, i: i, msg: msg, component: i.Type == discordgo.InteractionMessageComponent, botDM: inBotDM(i)}
	if r.component && i.Message != nil {
		r.sourcePrivate = i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
	}
	return r
}

// canUpdate reports whether a reply may replace the pressed message.
func (r *interactionReply) canUpdate(private bool) bool {
	return r.botDM || r.sourcePrivate || !private
}

// flags makes a message ephemeral when it may be private and others
// could see it.
func (r *interactionReply) flags(private bool) discordgo.MessageFlags {
	if !r.botDM && (private || r.originalEphemeral) {
		return discordgo.MessageFlagsEphemeral
	}
	return 0
}

// interactionSink posts one reply of an interaction; private says
// whether the reply must stay with the asker.
type interactionSink struct {
	r       *interactionReply
	private bool
	// noPreview suppresses the link embeds (bot.Reply.NoPreview).
	noPreview bool
}

// embeds are the flags that keep Discord from unfurling the reply's links
// when the reply asks for no preview.
func (s *interactionSink) embeds() discordgo.MessageFlags {
	if s.noPreview {
		return discordgo.MessageFlagsSuppressEmbeds
	}
	return 0
}

func (s *interactionSink) logger() *slog.Logger { return s.r.a.log }

func (s *interactionSink) create(ctx context.Context, first bool, p part) (string, error) {
	r := s.r
	if first && !r.originalUsed && (!r.component || r.canUpdate(s.private)) {
		if !r.acked {
			resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource}
			data := &discordgo.InteractionResponseData{Content: p.content, AllowedMentions: mentionsOnly(r.msg.Author.ID)}
			if p.components != nil {
				data.Components = *p.components
			}
			if r.component {
				resp.Type = discordgo.InteractionResponseUpdateMessage
				if data.Components == nil {
					data.Components = []discordgo.MessageComponent{}
				}
			} else {
				data.Flags = r.flags(s.private)
				r.originalEphemeral = data.Flags != 0
				data.Flags |= s.embeds()
			}
			resp.Data = data
			err := r.rest(ctx, func(opts ...discordgo.RequestOption) error {
				data.Files = uploads(p.files)
				return r.a.s.InteractionRespond(r.i, resp, opts...)
			})
			if isAlreadyAcknowledged(err) {
				// Only this reply answers the interaction: a response
				// repeated after a 5xx finds the first one taken.
				err = nil
			}
			if err != nil {
				return "", fmt.Errorf("respond to interaction %s: %w", r.i.ID, err)
			}
			r.acked, r.originalUsed = true, true
			return original, nil
		}
		r.originalUsed = true
		if err := s.edit(ctx, original, p); err != nil {
			return "", err
		}
		return original, nil
	}
	if !r.acked {
		if err := r.deferLocked(ctx); err != nil {
			return "", err
		}
	}
	var m *discordgo.Message
	err := r.rest(ctx, func(opts ...discordgo.RequestOption) error {
		params := &discordgo.WebhookParams{Content: p.content, AllowedMentions: mentionsOnly(r.msg.Author.ID), Flags: r.flags(s.private) | s.embeds(), Files: uploads(p.files)}
		if p.components != nil {
			params.Components = *p.components
		}
		var err error
		m, err = r.a.s.FollowupMessageCreate(r.i, true, params, opts...)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("follow up interaction %s: %w", r.i.ID, err)
	}
	return m.ID, nil
}

func (s *interactionSink) edit(ctx context.Context, id string, p part) error {
	r := s.r
	content := p.content
	err := r.rest(ctx, func(opts ...discordgo.RequestOption) error {
		ed := &discordgo.WebhookEdit{Content: &content, Components: p.components, AllowedMentions: mentionsOnly(r.msg.Author.ID), Files: uploads(p.files)}
		var err error
		if id == original {
			_, err = r.a.s.InteractionResponseEdit(r.i, ed, opts...)
		} else {
			_, err = r.a.s.FollowupMessageEdit(r.i, id, ed, opts...)
		}
		return err
	})
	if err != nil {
		if isUnknownMessage(err) {
			return fmt.Errorf("edit interaction %s message %s: %w", r.i.ID, id, errMessageGone)
		}
		return fmt.Errorf("edit interaction %s message %s: %w", r.i.ID, id, err)
	}
	return nil
}

func (s *interactionSink) remove(ctx context.Context, id string) error {
	r := s.r
	err := r.rest(ctx, func(opts ...discordgo.RequestOption) error {
		if id == original {
			return r.a.s.InteractionResponseDelete(r.i, opts...)
		}
		return r.a.s.FollowupMessageDelete(r.i, id, opts...)
	})
	if err != nil {
		if isUnknownMessage(err) {
			return fmt.Errorf("delete interaction %s message %s: %w", r.i.ID, id, errMessageGone)
		}
		return fmt.Errorf("delete interaction %s message %s: %w", r.i.ID, id, err)
	}
	return nil
}

// deferLocked acknowledges the interaction without an answer yet
// ("thinking…", or a silent acknowledgement of a button); callers hold
// r.mu.
func (r *interactionReply) deferLocked(ctx context.Context) error {
	resp := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}
	if r.component {
		resp.Type = discordgo.InteractionResponseDeferredMessageUpdate
	} else {
		resp.Data = &discordgo.InteractionResponseData{Flags: r.flags(true)}
		r.originalEphemeral = !r.botDM
	}
	err := r.rest(ctx, func(opts ...discordgo.RequestOption) error {
		return r.a.s.InteractionRespond(r.i, resp, opts...)
	})
	if err != nil {
		return fmt.Errorf("defer interaction %s: %w", r.i.ID, err)
	}
	r.acked, r.deferred = true, true
	return nil
}

// deferIfSilent defers the interaction if nothing has answered it yet.
func (r *interactionReply) deferIfSilent(ctx context.Context) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.acked {
		return
	}
	if err := r.deferLocked(ctx); err != nil {
		r.a.log.Warn("could not defer interaction", "interaction", r.i.ID, "err", err)
	}
}

// Typing does nothing: Discord shows "thinking…" once the interaction is
// deferred, which happens by itself after Options.DeferAfter. Deferring
// earlier would make every answer to a command ephemeral outside the DM
// with the bot.
func (r *interactionReply) Typing(context.Context) error { return nil }

// Stream shows the reply so far in the interaction's response.
func (r *interactionReply) Stream(ctx context.Context, text string) error {
	ctx, cancel := r.a.bind(ctx)
	defer cancel()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		r.cur = newStream(&interactionSink{r: r, private: true}, r.a.opts.EditInterval)
	}
	if err := r.cur.update(ctx, text); err != nil {
		return fmt.Errorf("stream interaction reply: %w", err)
	}
	return nil
}

// Send delivers a complete reply: the interaction's response for the
// first, followups after.
func (r *interactionReply) Send(ctx context.Context, rep bot.Reply) error {
	ctx, cancel := r.a.bind(ctx)
	defer cancel()
	r.mu.Lock()
	defer r.mu.Unlock()
	st := r.cur
	r.cur, r.unsent = nil, false
	if st == nil {
		st = newStream(&interactionSink{r: r, private: rep.Private, noPreview: rep.NoPreview}, r.a.opts.EditInterval)
	}
	text, files := replyFiles(rep)
	if err := st.finish(ctx, text, files, r.a.buttonRows(ctx, rep.Buttons, r.msg.Author.ID)); err != nil {
		// The engine tries again: the next Send completes the same
		// messages instead of posting followups beside them.
		r.cur, r.unsent = st, true
		return deliveryError(fmt.Errorf("send interaction reply: %w", err))
	}
	return nil
}

// complete makes sure the interaction got an answer once the engine is
// done: a streamed text left unshown is shown, an unanswered command gets
// note, a silent button press is acknowledged.
func (r *interactionReply) complete(ctx context.Context, note string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur != nil && r.unsent {
		// The engine gave up on this reply (it keeps the answer for the
		// person's next message): what it left half-written goes.
		if err := r.cur.removeAll(ctx); err != nil {
			r.a.log.Warn("could not remove an undelivered reply", "interaction", r.i.ID, "err", err)
		}
		r.cur = nil
	}
	var err error
	switch {
	case r.cur != nil:
		err = r.cur.flush(ctx)
		r.cur = nil
	case r.originalUsed:
	case r.component && !r.acked:
		err = r.deferLocked(ctx)
	case r.component:
		if note != noteDone {
			err = newStream(&interactionSink{r: r, private: true}, 0).finish(ctx, note, nil, nil)
		}
	default:
		err = newStream(&interactionSink{r: r, private: true}, 0).finish(ctx, note, nil, nil)
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		r.a.log.Warn("could not complete interaction", "interaction", r.i.ID, "err", err)
	}
}

// rest runs one REST call of this interaction (see Adapter.rest) and
// keeps the interaction's token, which its URLs carry, out of the error.
func (r *interactionReply) rest(ctx context.Context, call func(opts ...discordgo.RequestOption) error) error {
	return redactError(r.a.rest(ctx, call), r.i.Token)
}
