package bot

import (
	"context"
	"fmt"
	"sync"
	"time"

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
	// reply, when set, takes the bot's answer to be captured, and its why
	// record, as the message's queue entry is marked done, in the same
	// store call, rather than on their own.
	reply *replySlot
}

// replySlot carries the bot's captured answer, and the why record of the
// reply, from the reply to the end of its job.
type replySlot struct {
	msg *memory.Message
	why *whyWrite
}

// capturer resolves who wrote a message and where, and persists it
// (redacted) before anything else happens to it.
type capturer struct {
	people  People
	msgs    MessageLog
	extract Extractor // nil: no extraction
	now     func() time.Time
	// convs are the conversations known to exist, so that a message in
	// one costs no store call to open it.
	convs *knownConversations
}

// languageAttempts bounds the optimistic retries of recording a person's
// language; losing the race only costs the preference.
const languageAttempts = 3

// capture resolves the author and the conversation and persists the
// message (redacted) unless it is a command or the person turned memory
// off. Persisting happens before any model call. ia, when not nil, decides
// once the person and conversation are known whether the message gets an
// answer, and its entry in the answer queue is written with the message,
// in one store call (see intakeAnswer.persist).
func (c *capturer) capture(ctx context.Context, msg Message, ia *intakeAnswer) (turn, error) {
	person, err := c.people.ResolveIdentity(ctx, msg.Platform, msg.Author.ID, authorName(msg.Author))
	if err != nil {
		return turn{}, fmt.Errorf("resolve %s user %s: %w", msg.Platform, msg.Author.ID, err)
	}
	text, noise := clean(msg.Text)
	lang := ""
	if !msg.IsCommand() { // a command's words say nothing of the person's language
		lang = preprocess.DetectLanguage(text)
	}
	if lang != "" && lang != person.Language {
		person = c.rememberLanguage(ctx, person, lang)
	}
	conv, err := c.conversation(ctx, msg, lang)
	if err != nil {
		return turn{}, err
	}
	t := turn{msg: msg, person: person, conv: conv, text: text}
	if msg.IsCommand() || person.MemoryOff {
		ia.queueAlone(ctx, t)
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
	if err := ia.persist(ctx, t, c.msgs, &m); err != nil {
		return turn{}, fmt.Errorf("capture message in %s: %w", conv.ID, err)
	}
	t.captured, t.seq = true, m.Seq
	if c.extract != nil && !noise {
		c.extract.Notify(m)
	}
	return t, nil
}

// conversation returns msg's conversation, creating it on first sight.
// One known to exist is not asked of the store again: conversations are
// never deleted, and what capture and replies take of one (its id, and its
// language only as the last fallback) does not change after creation.
func (c *capturer) conversation(ctx context.Context, msg Message, lang string) (memory.Conversation, error) {
	id := msg.ConversationID()
	if conv, ok := c.convs.get(id); ok {
		return conv, nil
	}
	conv, err := c.msgs.EnsureConversation(ctx, memory.Conversation{
		ID:        id,
		Platform:  msg.Platform,
		GuildID:   msg.GuildID,
		IsDM:      msg.IsDM,
		Language:  lang,
		CreatedAt: msg.Time,
		UpdatedAt: msg.Time,
	})
	if err != nil {
		return memory.Conversation{}, fmt.Errorf("open conversation %s: %w", id, err)
	}
	c.convs.put(conv)
	return conv, nil
}

// rememberLanguage records the language a person writes in, so commands
// and replies to wordless messages answer in it. A failure only costs the
// preference.
func (c *capturer) rememberLanguage(ctx context.Context, p memory.Person, lang string) memory.Person {
	fresh := false
	_ = memory.RetryConflict(ctx, languageAttempts, func() error {
		if fresh {
			got, err := c.people.Person(ctx, p.ID)
			if err != nil {
				return err
			}
			p = got
		}
		fresh = true
		p.Language, p.UpdatedAt = lang, c.now()
		return c.people.UpdatePerson(ctx, &p)
	})
	p.Language = lang
	return p
}

// knownConversations remembers the most recent conversations opened, up
// to a bound: the oldest goes when it is full.
type knownConversations struct {
	mu    sync.Mutex
	convs map[string]memory.Conversation
	ring  []string
	next  int
}

func newKnownConversations(size int) *knownConversations {
	return &knownConversations{convs: make(map[string]memory.Conversation, size), ring: make([]string, size)}
}

func (k *knownConversations) get(id string) (memory.Conversation, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	c, ok := k.convs[id]
	return c, ok
}

func (k *knownConversations) put(c memory.Conversation) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, ok := k.convs[c.ID]; ok {
		return
	}
	if old := k.ring[k.next]; old != "" {
		delete(k.convs, old)
	}
	k.ring[k.next] = c.ID
	k.next = (k.next + 1) % len(k.ring)
	k.convs[c.ID] = c
}

// clean redacts PII and secrets and reports whether the text is noise.
func clean(text string) (string, bool) {
	cleaned, noise, _ := preprocess.Clean(text)
	return cleaned, noise
}

// authorName is how the author is named to the store and the model, with
// personal data redacted: a display name can be a phone number or an
// e-mail address.
func authorName(a Author) string {
	name := a.DisplayName
	if name == "" {
		name = a.Username
	}
	if name == "" {
		return a.ID
	}
	name, _ = preprocess.Redact(name)
	return name
}
