package discord

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"
)

// errMessageGone marks an edit of a message that no longer exists (a
// moderator deleted the streamed reply); the stream posts it anew.
var errMessageGone = errors.New("message no longer exists")

// part is one Discord message of a reply.
type part struct {
	content string
	// components replaces the message's components when not nil.
	components *[]discordgo.MessageComponent
	files      []attachment
	// nonce identifies a create, so that Discord stores it once however
	// often it is sent (channel messages only).
	nonce string
}

// sink posts and edits the messages of one reply: a channel, a DM, or an
// interaction's response and followups.
type sink interface {
	// create posts a new message; first is true for the reply's first
	// message (the one that references the question).
	create(ctx context.Context, first bool, p part) (id string, err error)
	// edit changes a message create returned.
	edit(ctx context.Context, id string, p part) error
	// remove deletes a message create returned.
	remove(ctx context.Context, id string) error
	// logger is where the sink's adapter logs.
	logger() *slog.Logger
}

type posted struct {
	id      string
	content string
}

// stream is one reply in progress: the messages shown so far and what
// the reply's text should become. It is not safe for concurrent use;
// responders serialise calls.
type stream struct {
	sink     sink
	interval time.Duration
	posted   []posted
	lastSync time.Time
	text     string // latest text received
	shown    string // text the posted messages show
	// nonces are those of creates not known to have landed, by part
	// index: a later attempt reuses them, so Discord returns the message
	// an attempt answered with an error had stored.
	nonces map[int]string
	// onFirst, when set, is told the id of the reply's first message once
	// it is created.
	onFirst func(id string)
}

func newStream(s sink, interval time.Duration) *stream {
	return &stream{sink: s, interval: interval}
}

// update shows text (the whole reply so far), at most once per interval
// after the first message is up.
func (st *stream) update(ctx context.Context, text string) error {
	st.text = text
	if len(st.posted) > 0 && time.Since(st.lastSync) < st.interval {
		return nil
	}
	return st.sync(ctx, text, nil, nil)
}

// flush shows the latest text if a throttled update left it unshown.
func (st *stream) flush(ctx context.Context) error {
	if st.text == st.shown {
		return nil
	}
	return st.sync(ctx, st.text, nil, nil)
}

// finish completes the reply with its final text, files and buttons; an
// empty text keeps what was streamed.
func (st *stream) finish(ctx context.Context, text string, files []attachment, buttons []discordgo.MessageComponent) error {
	if text == "" && len(files) == 0 {
		text = st.text
	}
	st.text = text
	comps := buttons
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return st.sync(ctx, text, files, &comps)
}

// sync makes the posted messages show text; final extras (files and
// components, non-nil only when finishing) go on the last message, and
// leftover messages of a reply that shrank are deleted.
func (st *stream) sync(ctx context.Context, text string, files []attachment, comps *[]discordgo.MessageComponent) error {
	final := comps != nil
	chunks := splitMessage(text, messageLimit)
	if len(chunks) == 0 && len(files) > 0 {
		chunks = []string{""}
	}
	for i, c := range chunks {
		p := part{content: c}
		last := i == len(chunks)-1
		if final && last {
			p.files = files
			p.components = comps
		}
		if i >= len(st.posted) {
			p.nonce = st.nonce(i)
			id, err := st.sink.create(ctx, i == 0, p)
			if err != nil {
				return err
			}
			delete(st.nonces, i)
			st.posted = append(st.posted, posted{id: id, content: c})
			st.created(i, id)
			continue
		}
		if st.posted[i].content == c && len(p.files) == 0 && (p.components == nil || len(*p.components) == 0) {
			continue
		}
		err := st.sink.edit(ctx, st.posted[i].id, p)
		if final && err != nil && !errors.Is(err, errMessageGone) && replaceable(err) {
			// The message cannot be edited: the final text goes out as a
			// fresh message and the half-written one is removed.
			old := st.posted[i].id
			p.nonce = newNonce()
			id, cerr := st.sink.create(ctx, false, p)
			if cerr != nil {
				return errors.Join(err, cerr)
			}
			st.posted[i].id, err = id, nil
			if rerr := st.sink.remove(ctx, old); rerr != nil && !errors.Is(rerr, errMessageGone) {
				st.sink.logger().Warn("could not remove a reply part that failed to update", "message", old, "err", rerr)
			}
		}
		if errors.Is(err, errMessageGone) {
			var id string
			p.nonce = newNonce()
			id, err = st.sink.create(ctx, i == 0, p)
			st.posted[i].id = id
			if err == nil {
				st.created(i, id)
			}
		}
		if err != nil {
			return err
		}
		st.posted[i].content = c
	}
	if final {
		for len(st.posted) > len(chunks) {
			extra := st.posted[len(st.posted)-1]
			st.posted = st.posted[:len(st.posted)-1]
			if err := st.sink.remove(ctx, extra.id); err != nil && !errors.Is(err, errMessageGone) {
				return err
			}
		}
	}
	st.lastSync = time.Now()
	st.shown = text
	return nil
}

// created reports part i, just created as message id, to onFirst when it
// is the reply's first message.
func (st *stream) created(i int, id string) {
	if i != 0 || st.onFirst == nil {
		return
	}
	f := st.onFirst
	st.onFirst = nil
	f(id)
}

// nonce returns the nonce of part i's create, the same on every attempt
// until one succeeds.
func (st *stream) nonce(i int) string {
	if n, ok := st.nonces[i]; ok {
		return n
	}
	if st.nonces == nil {
		st.nonces = map[int]string{}
	}
	st.nonces[i] = newNonce()
	return st.nonces[i]
}

// newNonce is a random message nonce (Discord takes up to 25 characters).
func newNonce() string {
	var b [10]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// replaceable reports an edit failure that a fresh message may get past:
// not a rate limit (waiting helps, a new message would not) and not a
// missing permission (nothing would).
func replaceable(err error) bool {
	_, limited := rateLimitWait(err)
	return !limited && !isNoPermission(err)
}

// removeAll deletes every posted message (a streamed reply that turned
// out to be private).
func (st *stream) removeAll(ctx context.Context) error {
	var errs []error
	for _, p := range st.posted {
		if err := st.sink.remove(ctx, p.id); err != nil && !errors.Is(err, errMessageGone) {
			errs = append(errs, err)
		}
	}
	st.posted = nil
	return errors.Join(errs...)
}
