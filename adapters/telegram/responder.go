package telegram

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/bot"
)

// responder delivers the engine's answers to one incoming message. It is
// safe for concurrent use; calls are delivered one at a time.
type responder struct {
	a      *Adapter
	chat   models.Chat
	user   models.User // who asked: private replies go to their DM
	origin target      // the asking message's chat, topic and id
	notes  notes

	mu sync.Mutex
	// stream is the reply being streamed, nil when none.
	stream    *delivery
	streamed  string    // the last text given to Stream
	lastEdit  time.Time // when the stream's messages last changed
	holdUntil time.Time // flood control asked not to edit before then
	// gone is set once the chat cannot be written to: later output is
	// dropped.
	gone       bool
	notedDM    bool
	typingStop chan struct{}
	finished   bool
	// unsent is set while stream holds a reply whose Send failed.
	unsent bool
	// onFirst, when set, is told the id of the next reply's first message
	// in the asker's chat; resumeID is a message an earlier attempt
	// created, which the next reply is written into (see track.go).
	onFirst  func(id string)
	resumeID int
}

// delivery is a reply shown as one or more messages in one chat.
type delivery struct {
	t     target
	parts []part
}

// part is one message of a delivery.
type part struct {
	id     int
	text   string // the Markdown it shows
	markup string // the JSON of its keyboard, "" for none
}

var _ bot.Responder = (*responder)(nil)

func (a *Adapter) newResponder(chat models.Chat, thread, replyTo int, user models.User) *responder {
	return &responder{
		a:      a,
		chat:   chat,
		user:   user,
		origin: target{chatID: chat.ID, thread: thread, replyTo: replyTo},
		notes:  notesFor(user.LanguageCode),
	}
}

// Typing shows the typing action now and renews it until the first
// output or the end of the reply.
func (r *responder) Typing(ctx context.Context) error {
	ctx, cancel := r.bind(ctx)
	defer cancel()
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.gone || r.finished || r.typingStop != nil || r.stream != nil {
		return nil
	}
	if err := r.a.sendTyping(ctx, r.origin); err != nil {
		if isUnreachable(err) {
			return r.failedLocked(err)
		}
		r.a.log.Debug("telegram: typing action failed", "chat_id", r.origin.chatID, "err", err)
	}
	stop := make(chan struct{})
	r.typingStop = stop
	a, t := r.a, r.origin
	a.group.Go(func(context.Context) {
		tick := time.NewTicker(a.opts.TypingInterval)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-a.replyCtx.Done():
				return
			case <-tick.C:
			}
			if err := a.sendTyping(a.replyCtx, t); err != nil && isUnreachable(err) {
				return
			}
		}
	})
	return nil
}

// Stream shows text (the reply so far): the first call sends a message,
// later ones edit it, at most once per EditInterval. Skipped edits are
// made up by the next call or by Send.
func (r *responder) Stream(ctx context.Context, text string) error {
	ctx, cancel := r.bind(ctx)
	defer cancel()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopTypingLocked()
	if r.gone || strings.TrimSpace(text) == "" {
		return nil
	}
	r.streamed = text
	if r.stream == nil {
		r.stream = r.newDeliveryLocked()
	} else if now := r.a.now(); now.Before(r.lastEdit.Add(r.a.opts.EditInterval)) || now.Before(r.holdUntil) {
		return nil
	}
	err := r.renderLocked(ctx, r.stream, text, nil, "", false)
	r.lastEdit = r.a.now()
	if err != nil {
		return r.failedLocked(fmt.Errorf("stream reply: %w", err))
	}
	return nil
}

// Send delivers a complete reply. After Stream it completes the streamed
// message(s); otherwise it sends new ones. Private replies asked for in a
// group go to the author's DM.
func (r *responder) Send(ctx context.Context, reply bot.Reply) error {
	ctx, cancel := r.bind(ctx)
	defer cancel()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.stopTypingLocked()
	if r.gone {
		return nil
	}
	if reply.Private && r.chat.Type != models.ChatTypePrivate {
		return r.sendPrivateLocked(ctx, reply)
	}
	kb, kbJSON := r.a.keyboard(ctx, reply.Buttons, r.user.ID)
	text := reply.Text
	d := r.stream
	r.stream, r.unsent = nil, false
	if d != nil {
		if strings.TrimSpace(text) == "" {
			text = r.streamed
		}
		r.waitThrottleLocked(ctx)
	} else {
		d = r.newDeliveryLocked()
	}
	d.t.noPreview = reply.NoPreview
	if strings.TrimSpace(text) != "" {
		if err := r.renderLocked(ctx, d, text, kb, kbJSON, true); err != nil {
			// The engine tries again: the next Send completes the same
			// messages instead of posting beside them.
			if len(d.parts) > 0 {
				r.stream, r.unsent = d, true
			}
			return deliveryError(r.failedLocked(fmt.Errorf("send reply: %w", err)))
		}
	}
	if reply.File != nil {
		if err := r.a.sendFile(ctx, r.origin, reply.File); err != nil {
			return r.failedLocked(fmt.Errorf("send reply file: %w", err))
		}
	}
	return nil
}

// sendPrivateLocked delivers a private reply by DM and leaves a note in
// the group, or only a hint to open a DM when the bot may not write
// there. Private content never goes to the group: anything streamed there
// is taken down first.
func (r *responder) sendPrivateLocked(ctx context.Context, reply bot.Reply) error {
	if d := r.stream; d != nil {
		r.stream = nil
		for _, p := range d.parts {
			if err := r.a.deleteMessage(ctx, d.t.chatID, p.id); err != nil {
				r.a.log.Error("telegram: could not take down a streamed reply that turned out private", "chat_id", d.t.chatID, "message_id", p.id, "err", err)
			}
		}
	}
	dm := &delivery{t: target{chatID: r.user.ID, noPreview: reply.NoPreview}}
	kb, kbJSON := r.a.keyboard(ctx, reply.Buttons, r.user.ID)
	var err error
	if strings.TrimSpace(reply.Text) != "" {
		err = r.renderLocked(ctx, dm, reply.Text, kb, kbJSON, true)
	}
	if err == nil && reply.File != nil {
		err = r.a.sendFile(ctx, dm.t, reply.File)
	}
	note := r.notes.sentDM
	switch {
	case err != nil && !isUnreachable(err):
		return fmt.Errorf("send private reply to user %d: %w", r.user.ID, err)
	case err != nil:
		r.a.log.Info("telegram: cannot write to the user privately; hinting in the group", "user_id", r.user.ID, "chat_id", r.origin.chatID, "err", err)
		note = fmt.Sprintf(r.notes.openDM, "https://t.me/"+r.a.me.Username)
	case r.notedDM:
		return nil
	default:
		r.notedDM = true
	}
	if _, err := r.a.sendText(ctx, r.origin, note, nil); err != nil {
		return r.failedLocked(fmt.Errorf("send private-reply note: %w", err))
	}
	return nil
}

// renderLocked makes d show text: split into parts, each part edited in
// place when it changed, new parts sent. kb goes under the last part. A
// final render retries and fixes up everything; an intermediate one
// makes single-attempt edits and skips them under flood control.
func (r *responder) renderLocked(ctx context.Context, d *delivery, text string, kb *models.InlineKeyboardMarkup, kbJSON string, final bool) error {
	chunks := splitRendered(text, r.a.maxLen)
	for i, c := range chunks {
		var k *models.InlineKeyboardMarkup
		kj := ""
		if i == len(chunks)-1 {
			k, kj = kb, kbJSON
		}
		if i < len(d.parts) {
			p := &d.parts[i]
			if p.text == c && p.markup == kj {
				continue
			}
			err := r.a.editText(ctx, d.t.chatID, p.id, c, k, final, d.t.noPreview)
			switch {
			case err == nil:
			case isEditTargetGone(err):
				// Deleted meanwhile (or never this bot's): the part goes
				// out anew, where it was.
				id, serr := r.a.sendText(ctx, partTarget(d, i), c, k)
				if serr != nil {
					return errors.Join(err, serr)
				}
				p.id = id
				r.createdLocked(d, i, id)
			case !final && !isUnreachable(err):
				if secs, ok := retryAfter(err); ok {
					r.holdUntil = r.a.now().Add(time.Duration(secs) * time.Second)
				}
				r.a.log.Debug("telegram: streaming edit skipped", "chat_id", d.t.chatID, "err", err)
				return nil
			case final && !isUnreachable(err) && !isFlood(err):
				// The message cannot be edited (gone, or the edit keeps
				// failing): the part goes out as a fresh message and the
				// half-written one is removed.
				t := d.t
				t.replyTo = 0
				id, serr := r.a.sendText(ctx, t, c, k)
				if serr != nil {
					return errors.Join(err, serr)
				}
				if !isEditTargetGone(err) {
					if derr := r.a.deleteMessage(ctx, d.t.chatID, p.id); derr != nil {
						r.a.log.Warn("telegram: could not remove a reply part that failed to update", "chat_id", d.t.chatID, "message_id", p.id, "err", derr)
					}
				}
				p.id = id
				r.createdLocked(d, i, id)
			default:
				return err
			}
			p.text, p.markup = c, kj
			continue
		}
		id, err := r.a.sendText(ctx, partTarget(d, i), c, k)
		if err != nil {
			return err
		}
		d.parts = append(d.parts, part{id: id, text: c, markup: kj})
		r.createdLocked(d, i, id)
	}
	if final && len(d.parts) > len(chunks) {
		for _, p := range d.parts[len(chunks):] {
			if err := r.a.deleteMessage(ctx, d.t.chatID, p.id); err != nil {
				r.a.log.Warn("telegram: could not remove a leftover reply part", "chat_id", d.t.chatID, "err", err)
			}
		}
		d.parts = d.parts[:len(chunks)]
	}
	return nil
}

// waitThrottleLocked waits until the stream may be edited again, at most
// bot.DeliveryPatience (a longer flood-control hold is left to the
// final edit's own retry, then to the engine).
func (r *responder) waitThrottleLocked(ctx context.Context) {
	until := r.lastEdit.Add(r.a.opts.EditInterval)
	if r.holdUntil.After(until) {
		until = r.holdUntil
	}
	if wait := min(until.Sub(r.a.now()), bot.DeliveryPatience); wait > 0 {
		_ = r.a.sleep(ctx, wait)
	}
}

// failedLocked drops the reply when the chat is unreachable (logged, not
// an error for the engine) and returns other errors.
func (r *responder) failedLocked(err error) error {
	if isUnreachable(err) {
		if !r.gone {
			r.a.log.Warn("telegram: chat unreachable, reply dropped", "chat_id", r.origin.chatID, "err", err)
		}
		r.gone = true
		return nil
	}
	return err
}

func (r *responder) stopTypingLocked() {
	if r.typingStop != nil {
		close(r.typingStop)
		r.typingStop = nil
	}
}

// finish ends the reply: typing stops, and a stream never completed by
// Send is brought up to its last text.
func (r *responder) finish() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.finished {
		return
	}
	r.finished = true
	r.stopTypingLocked()
	d := r.stream
	r.stream = nil
	if d == nil || r.gone {
		return
	}
	ctx, cancel := context.WithTimeout(r.a.replyCtx, r.a.opts.RequestTimeout)
	defer cancel()
	if r.unsent {
		// The engine gave up on this reply (it keeps the answer for the
		// person's next message): what it left half-written goes.
		for _, p := range d.parts {
			if err := r.a.deleteMessage(ctx, d.t.chatID, p.id); err != nil {
				r.a.log.Warn("telegram: could not remove an undelivered reply", "chat_id", d.t.chatID, "message_id", p.id, "err", err)
			}
		}
		return
	}
	r.waitThrottleLocked(ctx)
	if err := r.renderLocked(ctx, d, r.streamed, nil, "", true); err != nil {
		_ = r.failedLocked(err)
		r.a.log.Warn("telegram: could not complete a streamed reply", "chat_id", d.t.chatID, "err", err)
	}
}

// bind ties ctx to the adapter's lifetime, so a reply stops when shutdown
// gives up waiting even if the engine's context lives on.
func (r *responder) bind(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(r.a.replyCtx, cancel)
	return ctx, func() {
		stop()
		cancel()
	}
}

// deliveryError tells the engine how long Telegram asked to wait before
// the reply is tried again.
func deliveryError(err error) error {
	if err == nil {
		return nil
	}
	de := &bot.DeliveryError{Err: err}
	if secs, ok := retryAfter(err); ok {
		de.RetryAfter = time.Duration(secs) * time.Second
	}
	return de
}
