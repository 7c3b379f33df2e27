package bot

import (
	"context"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory/text"
)

// Message is one incoming platform message, made platform-neutral by an
// adapter.
type Message struct {
	// Platform is "discord", "telegram" or "console".
	Platform string
	// ChatID is the platform's chat, channel or DM id.
	ChatID string
	// ThreadID is a thread or forum topic inside the chat, if any.
	ThreadID string
	// GuildID is the server or group; empty in a DM.
	GuildID string
	// ID is the platform's message id, unique within the chat.
	ID string
	// ReplyToID is the message this one answers, if any.
	ReplyToID string
	Author    Author
	Text      string
	Time      time.Time
	IsDM      bool
	// Addressed is true when the message speaks to the bot: a DM, a
	// mention, a reply to the bot, or a command.
	Addressed bool
}

// Author is who wrote a message, as the platform knows them.
type Author struct {
	// ID is the platform's stable user id.
	ID          string
	Username    string
	DisplayName string
	// LanguageCode is the client's language ("en", "zh-hans"), if known.
	LanguageCode string
	IsBot        bool
	// IsAdmin is true when the author may change the server's settings.
	IsAdmin bool
}

// ConversationID is the stable key of the conversation a message belongs
// to: "<platform>:<chat>[:<thread>]".
func (m Message) ConversationID() string {
	id := m.Platform + ":" + m.ChatID
	if m.ThreadID != "" {
		id += ":" + m.ThreadID
	}
	return id
}

// IsCommand reports whether the text is a slash command: "/name" or
// "/name@bot" followed by nothing or a space. A path such as
// "/usr/local/bin is where…" is ordinary text.
func (m Message) IsCommand() bool {
	return commandPattern.MatchString(strings.TrimSpace(m.Text))
}

var commandPattern = regexp.MustCompile(`^/[A-Za-z][A-Za-z0-9_]*(@[A-Za-z0-9_]+)?(\s|$)`)

// Reply is one answer from the engine.
type Reply struct {
	Text string
	// Private replies must never be shown to others: adapters send them
	// ephemerally or by DM, and refuse with a hint when they cannot.
	Private bool
	// File is an attachment (e.g. an export), sent as a document where the
	// platform allows, or as text otherwise.
	File *File
	// Buttons are rows of buttons; pressing one sends its Command back to
	// the engine as if the person had typed it.
	Buttons [][]Button
	// NoPreview asks the adapter to show no link preview: the reply holds
	// a link that must not be fetched by anyone but the person (a panel
	// sign-in link).
	NoPreview bool
}

// File is an attachment of a reply.
type File struct {
	Name string
	MIME string
	Data []byte
}

// Button is a pressable choice under a reply.
type Button struct {
	Label string
	// Command is the command line the button stands for, e.g.
	// "/memories list 2".
	Command string
}

// Responder delivers the engine's answers to one incoming message. An
// adapter implements it per message.
type Responder interface {
	// Typing shows that an answer is being prepared.
	Typing(ctx context.Context) error
	// Stream shows a reply in progress; text is everything so far.
	// Adapters throttle edits to the platform's limits. A streamed reply
	// is public where the message was: the engine never streams a Private
	// reply.
	Stream(ctx context.Context, text string) error
	// Send delivers a complete reply. After Stream calls, the first Send
	// completes the streamed message.
	Send(ctx context.Context, r Reply) error
}

// ReplyTracker is implemented by a Responder that can name the platform
// message an answer is written into, and finish an answer in a message an
// earlier attempt created. The engine records that message in the answer
// queue as soon as it exists, so that a replica taking over the answer of
// one that died writes into the same message instead of sending a second.
type ReplyTracker interface {
	// OnFirstMessage has f called once, with the platform id of the
	// first message of the next reply the responder writes in the asker's
	// chat, right after the platform created it. f returns quickly (one
	// store write) and does not call the responder. A platform that can
	// make that create idempotent (Discord's nonce) derives its key from
	// the incoming message, so that a create repeated after a crash
	// returns the message stored the first time.
	OnFirstMessage(f func(id string))
	// ResumeInto makes the responder's next reply go into message id,
	// edited from its first part on as if the responder had created it;
	// when that message is gone, the reply goes into a new one (reported
	// to OnFirstMessage).
	ResumeInto(id string)
}

// sanitize makes text valid UTF-8 without NULs and bounds its length.
func sanitize(s string) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	s = strings.ReplaceAll(s, "\x00", "")
	if utf8.RuneCountInString(s) > MaxMessageRunes {
		s = text.Truncate(s, MaxMessageRunes) + " …[truncated]"
	}
	return s
}
