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

// Console runs one terminal conversation.
type Console struct {
	in   io.Reader
	out  io.Writer
	opts Options
	h    Handler
	mu   sync.Mutex // serialises writes to out
	seq  int
}

// New builds a terminal session reading in and writing out.
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
	return &Console{in: in, out: out, opts: opts, h: h}
}

// Run reads lines until end of input, /quit, or ctx is done. Each line is a
// message; Run waits for its reply before reading the next.
func (c *Console) Run(ctx context.Context) error {
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

func (c *Console) printf(format string, args ...any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.out, format, args...)
}
