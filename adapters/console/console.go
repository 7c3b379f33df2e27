// Package console is the terminal adapter: a REPL with a prompt when its
// input is a terminal, and a line-by-line script runner when input is piped,
// so the bot can be tried and scripted locally.
package console

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/lifecycle"
)

// Platform is the platform name of terminal messages.
const Platform = "console"

// MaxLineBytes bounds one input line; the rest of a longer line is dropped
// with a warning.
const MaxLineBytes = 1 << 20

// Handler is the conversation engine as the terminal sees it.
type Handler interface {
	Handle(ctx context.Context, msg bot.Message, r bot.Responder) (<-chan struct{}, error)
}

// resumer is a Handler that answers, after a restart, the messages an
// earlier run left unanswered (the engine with a durable answer queue).
type resumer interface {
	Resume(ctx context.Context, platform string, f bot.ResponderFor) error
}

// Options configure a terminal session.
type Options struct {
	// User names the person chatting (default "me").
	User string
	// Interactive shows a prompt and streams replies as they arrive;
	// otherwise each reply is printed whole (for scripts and tests).
	Interactive bool
	// BotName prefixes replies (default "membot").
	BotName string
	// Banner is printed first in interactive mode.
	Banner string
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// Console runs one terminal conversation: New builds it idle, Start runs
// the session in the background, Done tells when it ended by itself (end
// of input, /quit) and Close stops it.
type Console struct {
	in   io.Reader
	out  io.Writer
	opts Options
	h    Handler
	mu   sync.Mutex // serialises writes to out
	seq  int

	group lifecycle.Group
	done  chan struct{} // closed when the session ends
	err   error         // why it ended; set before done is closed
}

// New builds a terminal session reading in and writing out; nothing runs
// until Start.
func New(in io.Reader, out io.Writer, h Handler, opts Options) *Console {
	if opts.User == "" {
		opts.User = "me"
	}
	if opts.BotName == "" {
		opts.BotName = "membot"
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Console{in: in, out: out, opts: opts, h: h, done: make(chan struct{})}
}

// Start runs the session in a goroutine living under a context derived
// from ctx. It reads lines until end of input, /quit, Close or the end of
// ctx; each line is a message, whose reply is awaited before the next line
// is read. Start fails when called twice or after Close.
func (c *Console) Start(ctx context.Context) error {
	if err := c.group.Start(ctx); err != nil {
		return fmt.Errorf("console: start: %w", err)
	}
	c.group.Go(func(ctx context.Context) {
		defer close(c.done)
		c.err = c.session(ctx)
	})
	if rs, ok := c.h.(resumer); ok {
		// What an earlier run left unanswered is printed here, between
		// the lines of this session.
		err := rs.Resume(ctx, Platform, func(context.Context, bot.Message, <-chan struct{}) (bot.Responder, error) {
			return &responder{c: c}, nil
		})
		if err != nil {
			c.printf("(could not resume earlier messages: %v)\n", err)
		}
	}
	return nil
}

// Done is closed when the session has ended, by itself or by Close.
func (c *Console) Done() <-chan struct{} { return c.done }

// Err is why the session ended (nil for end of input, /quit or Close),
// once Done is closed.
func (c *Console) Err() error {
	select {
	case <-c.done:
		return c.err
	default:
		return nil
	}
}

// Close ends the session and waits for it, never longer than ctx allows.
// The goroutine reading the input is the exception: a read of a terminal
// cannot be interrupted, so it ends at the next line or end of input, and
// does nothing more. Close may be called more than once, and before Start.
func (c *Console) Close(ctx context.Context) error {
	if err := c.group.Stop(ctx); err != nil {
		return fmt.Errorf("console: close: %w", err)
	}
	return nil
}

// Run is Start, then waiting for the session to end or ctx to be done,
// then Close: it returns the session's error.
func (c *Console) Run(ctx context.Context) error {
	if err := c.Start(ctx); err != nil {
		return err
	}
	select {
	case <-c.done:
	case <-ctx.Done():
	}
	if err := c.Close(context.WithoutCancel(ctx)); err != nil {
		return err
	}
	return c.Err()
}

// session is the read-and-answer loop.
func (c *Console) session(ctx context.Context) error {
	if c.opts.Interactive && c.opts.Banner != "" {
		c.printf("%s\n", c.opts.Banner)
	}
	lines := make(chan lineResult)
	go c.readLines(ctx, lines)
	for {
		if c.opts.Interactive {
			c.printf("you> ")
		}
		var lr lineResult
		var ok bool
		select {
		case <-ctx.Done():
			return nil
		case lr, ok = <-lines:
		}
		if !ok {
			return nil
		}
		if lr.err != nil {
			return fmt.Errorf("read input: %w", lr.err)
		}
		if lr.truncated {
			c.printf("(line longer than %d bytes: the rest was dropped)\n", MaxLineBytes)
		}
		text := strings.TrimSpace(lr.text)
		if text == "" {
			continue
		}
		if q := strings.ToLower(text); q == "/quit" || q == "/exit" {
			return nil
		}
		if err := c.send(ctx, text); err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, bot.ErrClosed) {
				return nil
			}
			// The message was not captured (the store failed): say so and
			// keep the session, so the person can try again.
			c.printf("(not delivered: %v)\n", err)
		}
	}
}

func (c *Console) send(ctx context.Context, text string) error {
	c.seq++
	now := c.opts.Now()
	msg := bot.Message{
		Platform:  Platform,
		ChatID:    c.opts.User,
		ID:        strconv.FormatInt(now.UnixNano(), 36) + "-" + strconv.Itoa(c.seq),
		Author:    bot.Author{ID: c.opts.User, Username: c.opts.User},
		Text:      text,
		Time:      now,
		IsDM:      true,
		Addressed: true,
	}
	r := &responder{c: c}
	done, err := c.h.Handle(ctx, msg, r)
	if err != nil {
		return fmt.Errorf("handle message: %w", err)
	}
	select {
	case <-done:
	case <-ctx.Done():
		return ctx.Err()
	}
	r.finish()
	return nil
}

type lineResult struct {
	text      string
	truncated bool
	err       error
}

// readLines reads bounded lines; it ends with the input.
func (c *Console) readLines(ctx context.Context, out chan<- lineResult) {
	defer close(out)
	br := bufio.NewReaderSize(c.in, 64*1024)
	for {
		var b strings.Builder
		truncated := false
		for {
			chunk, isPrefix, err := br.ReadLine()
			if err != nil {
				if b.Len() > 0 {
					select {
					case out <- lineResult{text: b.String(), truncated: truncated}:
					case <-ctx.Done():
					}
				}
				if !errors.Is(err, io.EOF) {
					select {
					case out <- lineResult{err: err}:
					case <-ctx.Done():
					}
				}
				return
			}
			if room := MaxLineBytes - b.Len(); room > 0 {
				if len(chunk) > room {
					chunk, truncated = chunk[:room], true
				}
				b.Write(chunk)
			} else {
				truncated = true
			}
			if !isPrefix {
				break
			}
		}
		select {
		case out <- lineResult{text: b.String(), truncated: truncated}:
		case <-ctx.Done():
			return
		}
	}
}

// printf writes to the terminal, sanitized: nothing printed can carry an
// escape sequence or a control character other than newline and tab.
func (c *Console) printf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprint(c.out, sanitize(fmt.Sprintf(format, args...)))
}
