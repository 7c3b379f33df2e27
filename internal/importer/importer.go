// Package importer reads chat exports (ChatGPT, Claude, Telegram Desktop,
// DiscordChatExporter, generic JSON and JSON Lines) as one stream of
// messages, so that `membot import` can feed years of earlier conversations
// through the same capture and extraction as live chat. Every reader
// streams: an export is never read whole, and only one conversation of a
// ChatGPT or Claude export (whose message tree must be walked) is held at
// a time.
package importer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// Format names an export format.
type Format string

// The formats Read understands.
const (
	ChatGPT  Format = "chatgpt"
	Claude   Format = "claude"
	Telegram Format = "telegram"
	Discord  Format = "discord"
	JSON     Format = "json"
	JSONL    Format = "jsonl"
)

// Formats lists every format, for help texts and validation.
var Formats = []Format{ChatGPT, Claude, Telegram, Discord, JSON, JSONL}

// ParseFormat checks a format named on the command line.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if string(f) == strings.ToLower(strings.TrimSpace(s)) {
			return f, nil
		}
	}
	return "", fmt.Errorf("%w %q (want one of %s)", ErrUnknownFormat, s, formatList())
}

func formatList() string {
	names := make([]string, len(Formats))
	for i, f := range Formats {
		names[i] = string(f)
	}
	return strings.Join(names, ", ")
}

// ErrUnknownFormat is returned when a file's format cannot be told or a
// named format does not exist.
var ErrUnknownFormat = errors.New("unknown export format")

// ErrNoSelf is returned when an export has several speakers and nothing
// says which of them is the person importing it.
var ErrNoSelf = errors.New("cannot tell which speaker you are: name yourself with --self NAME|ID")

// Message is one message of an export.
type Message struct {
	// Conversation is the export's id of the conversation (chat, channel)
	// the message belongs to; Title is its name, when the export has one.
	Conversation string
	Title        string
	// ID is the export's id of the message, unique within Conversation.
	// Formats without ids get one derived from the message's time, author
	// and text, so that the same message in a newer export has the same id.
	ID string
	// Author and AuthorID name who wrote it, as the export does.
	Author   string
	AuthorID string
	// Self is true for the person's own messages (the sources of
	// memories); Assistant for an AI's or a bot's answers. Messages that
	// are neither are other people's, read as context.
	Self      bool
	Assistant bool
	Text      string
	// Time is when it was said (zero when the export does not say).
	Time time.Time
	// NoText is set for messages that carry nothing to read: media,
	// stickers, calls, service messages. Text is empty then.
	NoText bool
}

// Options adjust how an export is read.
type Options struct {
	// Self names the person among an export's speakers: a display name or
	// a platform id, matched case-insensitively. Needed for Telegram
	// exports of a single chat, Discord exports and generic files whose
	// messages name an author but no role; ChatGPT and Claude exports say
	// it themselves (the user role).
	Self string
}

// PosError is a malformed or truncated export, with where it went wrong.
type PosError struct {
	// Offset is the byte offset of the problem; Line is set (and Offset
	// is not) for line-oriented formats.
	Offset int64
	Line   int
	Err    error
}

func (e *PosError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	}
	return fmt.Sprintf("at byte %d: %v", e.Offset, e.Err)
}

func (e *PosError) Unwrap() error { return e.Err }

// Read reads the export in r, calling emit with each message in order (a
// conversation's messages together, oldest first as the export has them).
// An error from emit stops the reading and is returned; so is ctx's error
// once it is done. A malformed export returns a *PosError after emitting
// every message before the problem.
func Read(ctx context.Context, r io.Reader, f Format, opts Options, emit func(Message) error) error {
	e := func(m Message) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		return emit(m)
	}
	switch f {
	case ChatGPT:
		return readChatGPT(r, e)
	case Claude:
		return readClaude(r, e)
	case Telegram:
		return readTelegram(r, opts, e)
	case Discord:
		return readDiscord(r, opts, e)
	case JSON:
		return readGenericArray(r, opts, e)
	case JSONL:
		return readJSONL(r, opts, e)
	}
	return fmt.Errorf("%w %q", ErrUnknownFormat, f)
}

// selfMatcher tells whether an author is the person named by Options.Self.
type selfMatcher string

func (s selfMatcher) set() bool { return strings.TrimSpace(string(s)) != "" }

func (s selfMatcher) match(names ...string) bool {
	want := strings.TrimSpace(string(s))
	if want == "" {
		return false
	}
	for _, n := range names {
		if n != "" && strings.EqualFold(strings.TrimSpace(n), want) {
			return true
		}
	}
	return false
}
