package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
)

// typingEvery spaces typing indicators; one lasts about ten seconds.
const typingEvery = 8 * time.Second

// channelSink posts a reply's messages in a channel or DM.
type channelSink struct {
	a         *Adapter
	channelID string
	guildID   string
	askerID   string
	// ref makes the first message a reply to the question; nil for DMs
	// that answer a question asked elsewhere.
	ref *discordgo.MessageReference
	// noEmbeds keeps Discord from unfurling the links (bot.Reply.NoPreview).
	noEmbeds bool
}

func (c *channelSink) logger() *slog.Logger { return c.a.log }

func (c *channelSink) create(ctx context.Context, first bool, p part) (string, error) {
	var ref *discordgo.MessageReference
	if first {
		ref = c.ref
	}
	m, err := c.post(ctx, p, ref)
	if err != nil && ref != nil && isReplyRefused(err) {
		m, err = c.post(ctx, p, nil)
	}
	if err != nil {
		if isNoPermission(err) && c.guildID != "" {
			c.a.reportNoPermission(ctx, c.guildID, c.channelID, c.askerID)
		}
		return "", fmt.Errorf("post in channel %s: %w", c.channelID, err)
	}
	if p.nonce != "" && m.Content != p.content && len(p.files) == 0 {
		// The nonce returned a message an earlier attempt (a replica
		// that died) stored with other text: it is brought up to date,
		// or, deleted meanwhile, posted anew.
		err := c.edit(ctx, m.ID, p)
		if errors.Is(err, errMessageGone) {
			p.nonce = newNonce()
			return c.create(ctx, first, p)
		}
		if err != nil {
			return "", err
		}
	}
	return m.ID, nil
}

// post sends one message, as a reply to ref when it is not nil.
func (c *channelSink) post(ctx context.Context, p part, ref *discordgo.MessageReference) (*discordgo.Message, error) {
	var m *discordgo.Message
	err := c.a.rest(ctx, func(opts ...discordgo.RequestOption) error {
		send := &discordgo.MessageSend{Content: p.content, AllowedMentions: mentionsOnly(c.askerID), Reference: ref, Files: uploads(p.files)}
		if p.components != nil {
			send.Components = *p.components
		}
		if c.noEmbeds {
			send.Flags = discordgo.MessageFlagsSuppressEmbeds
		}
		var err error
		m, err = c.a.sendMessage(c.channelID, send, p.nonce, opts...)
		return err
	})
	return m, err
}

// nonceSend is a message create with a nonce Discord enforces: a create
// repeated with the same nonce within a few minutes returns the message
// the first one stored instead of posting it twice.
type nonceSend struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
}

// sendMessage posts send in channelID, with nonce enforced when not
// empty (discordgo's MessageSend has no nonce).
func (a *Adapter) sendMessage(channelID string, send *discordgo.MessageSend, nonce string, opts ...discordgo.RequestOption) (*discordgo.Message, error) {
	endpoint := discordgo.EndpointChannelMessages(channelID)
	if err := a.limitedFor(endpoint); err != nil {
		return nil, err
	}
	body := nonceSend{MessageSend: send, Nonce: nonce, EnforceNonce: nonce != ""}
	var (
		contentType = "application/json"
		raw         []byte
		err         error
	)
	if len(send.Files) > 0 {
		contentType, raw, err = discordgo.MultipartBodyWithJSON(body, send.Files)
	} else {
		raw, err = json.Marshal(body)
	}
	if err != nil {
		return nil, fmt.Errorf("encode message: %w", err)
	}
	resp, err := a.s.RequestRaw(http.MethodPost, endpoint, contentType, raw, endpoint, 0, opts...)
	if err != nil {
		return nil, err
	}
	var m discordgo.Message
	if err := json.Unmarshal(resp, &m); err != nil {
		return nil, fmt.Errorf("decode posted message: %w", err)
	}
	return &m, nil
}

func (c *channelSink) edit(ctx context.Context, id string, p part) error {
	content := p.content
	err := c.a.rest(ctx, func(opts ...discordgo.RequestOption) error {
		if err := c.a.limitedFor(discordgo.EndpointChannelMessage(c.channelID, "")); err != nil {
			return err
		}
		ed := &discordgo.MessageEdit{ID: id, Channel: c.channelID, Content: &content, Components: p.components, AllowedMentions: mentionsOnly(c.askerID), Files: uploads(p.files)}
		_, err := c.a.s.ChannelMessageEditComplex(ed, opts...)
		return err
	})
	if err != nil {
		if isUnknownMessage(err) {
			return fmt.Errorf("edit message %s: %w", id, errMessageGone)
		}
		if isNoPermission(err) && c.guildID != "" {
			c.a.reportNoPermission(ctx, c.guildID, c.channelID, c.askerID)
		}
		return fmt.Errorf("edit message %s in channel %s: %w", id, c.channelID, err)
	}
	return nil
}

func (c *channelSink) remove(ctx context.Context, id string) error {
	err := c.a.rest(ctx, func(opts ...discordgo.RequestOption) error {
		return c.a.s.ChannelMessageDelete(c.channelID, id, opts...)
	})
	if err != nil {
		if isUnknownMessage(err) {
			return fmt.Errorf("delete message %s: %w", id, errMessageGone)
		}
		return fmt.Errorf("delete message %s in channel %s: %w", id, c.channelID, err)
	}
	return nil
}

// channelReply answers one message posted in a channel or DM.
type channelReply struct {
	a   *Adapter
	msg bot.Message

	mu      sync.Mutex
	cur     *stream
	typedAt time.Time
	// unsent is set while cur holds a reply whose Send failed.
	unsent bool
	// onFirst and resumeID apply to the next reply (see track.go).
	onFirst  func(id string)
	resumeID string
}

var _ bot.Responder = (*channelReply)(nil)

func (a *Adapter) newChannelReply(msg bot.Message) *channelReply {
	return &channelReply{a: a, msg: msg}
}

// sink posts in the question's channel, replying to it; a message
// without an id (a reminder the engine sends on its own) is posted as it
// is, since Discord refuses a reference to no message.
func (r *channelReply) sink() *channelSink {
	f := false
	s := &channelSink{a: r.a, channelID: r.msg.ChatID, guildID: r.msg.GuildID, askerID: r.msg.Author.ID}
	if r.msg.ID != "" {
		s.ref = &discordgo.MessageReference{MessageID: r.msg.ID, ChannelID: r.msg.ChatID, GuildID: r.msg.GuildID, FailIfNotExists: &f}
	}
	return s
}

// Typing shows the typing indicator in the channel (at most every few
// seconds, since one lasts about ten).
func (r *channelReply) Typing(ctx context.Context) error {
	ctx, cancel := r.a.bind(ctx)
	defer cancel()
	r.mu.Lock()
	if time.Since(r.typedAt) < typingEvery {
		r.mu.Unlock()
		return nil
	}
	r.typedAt = time.Now()
	r.mu.Unlock()
	err := r.a.rest(ctx, func(opts ...discordgo.RequestOption) error {
		return r.a.s.ChannelTyping(r.msg.ChatID, opts...)
	})
	if err != nil {
		return fmt.Errorf("typing in channel %s: %w", r.msg.ChatID, err)
	}
	return nil
}

// Stream shows the reply so far by posting, then editing, a reply to the
// question.
func (r *channelReply) Stream(ctx context.Context, text string) error {
	ctx, cancel := r.a.bind(ctx)
	defer cancel()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		r.cur = r.newStreamLocked()
	}
	if err := r.cur.update(ctx, text); err != nil {
		return fmt.Errorf("stream reply to %s: %w", r.msg.ID, err)
	}
	return nil
}

// Send delivers a complete reply, completing a streamed one. A private
// reply to a message in a server goes by DM, with a note in the channel.
func (r *channelReply) Send(ctx context.Context, rep bot.Reply) error {
	ctx, cancel := r.a.bind(ctx)
	defer cancel()
	r.mu.Lock()
	defer r.mu.Unlock()
	st := r.cur
	r.cur, r.unsent = nil, false
	text, files := replyFiles(rep)
	buttons := r.a.buttonRows(ctx, rep.Buttons, r.msg.Author.ID)
	if rep.Private && !r.msg.IsDM {
		return r.sendPrivately(ctx, st, text, files, buttons, rep.NoPreview)
	}
	if st == nil {
		st = r.newStreamLocked()
	}
	if s, ok := st.sink.(*channelSink); ok {
		s.noEmbeds = rep.NoPreview
	}
	if err := st.finish(ctx, text, files, buttons); err != nil {
		// The engine tries again: the next Send completes the same
		// messages (and reuses the nonces of creates that may have
		// landed) instead of posting beside them.
		r.cur, r.unsent = st, true
		return deliveryError(fmt.Errorf("send reply to %s: %w", r.msg.ID, err))
	}
	return nil
}

// sendPrivately delivers a reply by DM and leaves a note (or, when DMs
// are closed, a hint) in the channel; the private text never appears
// there. noEmbeds shows the DM without link embeds.
func (r *channelReply) sendPrivately(ctx context.Context, streamed *stream, text string, files []attachment, buttons []discordgo.MessageComponent, noEmbeds bool) error {
	if streamed != nil {
		if err := streamed.removeAll(ctx); err != nil {
			r.a.log.Warn("could not remove a streamed reply that turned private", "channel", r.msg.ChatID, "err", err)
		}
	}
	dm, err := r.a.dmChannel(ctx, r.msg.Author.ID)
	if err == nil {
		sink := &channelSink{a: r.a, channelID: dm, askerID: r.msg.Author.ID, noEmbeds: noEmbeds}
		err = newStream(sink, r.a.opts.EditInterval).finish(ctx, text, files, buttons)
	}
	note := noteSentByDM
	if err != nil {
		if !isDMClosed(err) && !isNoPermission(err) {
			return fmt.Errorf("send private reply to %s by DM: %w", r.msg.ID, err)
		}
		r.a.log.Info("DMs closed; hinting in channel", "channel", r.msg.ChatID, "user", r.msg.Author.ID)
		note = noteDMClosed
	}
	if err := newStream(r.sink(), r.a.opts.EditInterval).finish(ctx, note, nil, nil); err != nil {
		return fmt.Errorf("note private reply to %s in channel: %w", r.msg.ID, err)
	}
	return nil
}

// complete shows text a throttled Stream left unshown when the engine is
// done without a final Send.
func (r *channelReply) complete(ctx context.Context) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		return
	}
	if r.unsent {
		// The engine gave up on this reply (it keeps the answer for the
		// person's next message): what it left half-written goes.
		if err := r.cur.removeAll(ctx); err != nil {
			r.a.log.Warn("could not remove an undelivered reply", "channel", r.msg.ChatID, "err", err)
		}
		r.cur = nil
		return
	}
	if err := r.cur.flush(ctx); err != nil && !errors.Is(err, context.Canceled) {
		r.a.log.Warn("could not complete a streamed reply", "channel", r.msg.ChatID, "err", err)
	}
	r.cur = nil
}
