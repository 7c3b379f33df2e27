package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
)

// turn is one incoming message resolved against the store.
type turn struct {
	msg    Message
	person memory.Person
	conv   memory.Conversation
	// text is the cleaned (redacted) text the engine works with from here.
	text string
	// captured is false when the person has memory off or the message was a
	// command.
	captured bool
	// guild holds the server's settings (defaults outside servers).
	guild GuildSettings
	// seq is the captured message's place in the conversation (0 when not
	// captured).
	seq int64
}

// capture resolves the author and the conversation and persists the
// message (redacted) unless it is a command or the person turned memory
// off. Persisting happens before any model call.
func (e *Engine) capture(ctx context.Context, msg Message) (turn, error) {
	person, err := e.store.ResolveIdentity(ctx, msg.Platform, msg.Author.ID, authorName(msg.Author))
	if err != nil {
		return turn{}, fmt.Errorf("resolve %s user %s: %w", msg.Platform, msg.Author.ID, err)
	}
	text, noise := clean(msg.Text)
	lang := preprocess.DetectLanguage(text)
	conv, err := e.store.EnsureConversation(ctx, memory.Conversation{
		ID:        msg.ConversationID(),
		Platform:  msg.Platform,
		GuildID:   msg.GuildID,
		IsDM:      msg.IsDM,
		Language:  lang,
		CreatedAt: msg.Time,
		UpdatedAt: msg.Time,
	})
	if err != nil {
		return turn{}, fmt.Errorf("open conversation %s: %w", msg.ConversationID(), err)
	}
	t := turn{msg: msg, person: person, conv: conv, text: text}
	if msg.IsCommand() || person.MemoryOff {
		return t, nil
	}
	m := memory.Message{
		ConversationID: conv.ID,
		PlatformID:     msg.ID,
		PersonID:       person.ID,
		AuthorName:     authorName(msg.Author),
		Role:           memory.RoleUser,
		Text:           text,
		ReplyTo:        msg.ReplyToID,
		Time:           msg.Time.UTC(),
		Addressed:      msg.Addressed,
	}
	if m.PlatformID == "" {
		m.PlatformID = fmt.Sprintf("t%d", msg.Time.UnixNano())
	}
	if err := e.store.AppendMessage(ctx, &m); err != nil {
		return turn{}, fmt.Errorf("capture message in %s: %w", conv.ID, err)
	}
	t.captured, t.seq = true, m.Seq
	if e.extract != nil && !noise {
		e.extract.Notify(m)
	}
	return t, nil
}

// clean redacts PII and secrets and reports whether the text is noise.
func clean(text string) (string, bool) {
	cleaned, noise, _ := preprocess.Clean(text)
	return cleaned, noise
}

func authorName(a Author) string {
	if a.DisplayName != "" {
		return a.DisplayName
	}
	if a.Username != "" {
		return a.Username
	}
	return a.ID
}

// language picks the reply language: the conversation's, else the
// person's, else the client's, else the default.
func (e *Engine) language(t turn) string {
	detected := ""
	if !t.msg.IsCommand() { // a command's words say nothing of the person's language
		detected = preprocess.DetectLanguage(t.text)
	}
	for _, l := range []string{detected, t.conv.Language, t.person.Language} {
		if l == "zh" || l == "en" {
			return l
		}
	}
	if strings.HasPrefix(t.msg.Author.LanguageCode, "zh") {
		return "zh"
	}
	return e.opts.Language
}
