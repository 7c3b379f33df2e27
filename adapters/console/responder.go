package console

import (
	"context"
	"fmt"
	"strings"

	"github.com/membot/membot/bot"
)

// responder prints one message's replies. In interactive mode it streams
// the text as it grows; otherwise it prints each reply once, whole. What it
// prints is sanitized for the terminal (streamed text as a whole, so that
// an escape sequence split between two parts is removed too).
type responder struct {
	c         *Console
	streamed  string // text already printed by Stream
	streaming bool
}

func (r *responder) Typing(context.Context) error { return nil }

func (r *responder) Stream(_ context.Context, text string) error {
	if !r.c.opts.Interactive {
		return nil
	}
	text = sanitize(text)
	if !r.streaming {
		r.c.printf("%s> ", r.c.opts.BotName)
		r.streaming = true
	}
	if strings.HasPrefix(text, r.streamed) {
		r.c.printf("%s", text[len(r.streamed):])
	} else {
		r.c.printf("\n%s", text)
	}
	r.streamed = text
	return nil
}

func (r *responder) Send(_ context.Context, rep bot.Reply) error {
	rep.Text = sanitize(rep.Text)
	if r.streaming {
		if strings.HasPrefix(rep.Text, r.streamed) {
			r.c.printf("%s\n", rep.Text[len(r.streamed):])
		} else {
			r.c.printf("\n%s> %s\n", r.c.opts.BotName, rep.Text)
		}
		r.streaming, r.streamed = false, ""
	} else if rep.Text != "" {
		r.c.printf("%s> %s\n", r.c.opts.BotName, rep.Text)
	}
	for _, row := range rep.Buttons {
		var parts []string
		for _, b := range row {
			parts = append(parts, fmt.Sprintf("[%s %s]", b.Label, b.Command))
		}
		r.c.printf("   %s\n", strings.Join(parts, " "))
	}
	if rep.File != nil {
		r.c.printf("--- %s (%d bytes) ---\n%s\n--- end of %s ---\n", rep.File.Name, len(rep.File.Data), rep.File.Data, rep.File.Name)
	}
	return nil
}

// finish ends a streamed line that no Send completed.
func (r *responder) finish() {
	if r.streaming {
		r.c.printf("\n")
		r.streaming = false
	}
}
