package bot

import (
	"context"
	"errors"
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
	person, err := e.people.ResolveIdentity(ctx, msg.Platform, msg.Author.ID, authorName(msg.Author))
	if err != nil {
		return turn{}, fmt.Errorf("resolve %s user %s: %w", msg.Platform, msg.Author.ID, err)
	}
	text, noise := clean(msg.Text)
	lang := ""
	if !msg.IsCommand() { // a command's words say nothing of the person's language
		lang = preprocess.DetectLanguage(text)
	}
	if lang != "" && lang != person.Language {
		person = e.rememberLanguage(ctx, person, lang)
	}
	conv, err := e.msgs.EnsureConversation(ctx, memory.Conversation{
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
	if err := e.msgs.AppendMessage(ctx, &m); err != nil {
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

// language picks the reply language: the message's own, else the one the
// person last wrote in, else their client's, else the conversation's,
// else the default.
func (e *Engine) language(t turn) string {
	if !t.msg.IsCommand() {
		if l := preprocess.DetectLanguage(t.text); l != "" {
			return l
		}
	}
	if l := t.person.Language; l == "zh" || l == "en" {
		return l
	}
	if code := strings.ToLower(t.msg.Author.LanguageCode); code != "" {
		if strings.HasPrefix(code, "zh") {
			return "zh"
		}
		return "en"
	}
	if l := t.conv.Language; l == "zh" || l == "en" {
		return l
	}
	return e.opts.Language
}

// rememberLanguage records the language a person writes in, so commands
// and replies to wordless messages answer in it. A failure only costs the
// preference.
func (e *Engine) rememberLanguage(ctx context.Context, p memory.Person, lang string) memory.Person {
	for attempt := 0; attempt < 3; attempt++ {
		p.Language, p.UpdatedAt = lang, e.opts.Now()
		err := e.people.UpdatePerson(ctx, &p)
		if err == nil {
			return p
		}
		if !errors.Is(err, memory.ErrConflict) {
			break
		}
		fresh, gerr := e.people.Person(ctx, p.ID)
		if gerr != nil {
			break
		}
		p = fresh
	}
	p.Language = lang
	return p
}
