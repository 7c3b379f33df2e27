package memory

import (
	"context"
	"time"
)

// Store is the one narrow persistence contract. Every implementation passes
// the suite in memory/storetest.
//
// Privacy is enforced here: every memory operation names the owner, and a
// memory of another owner is reported as ErrNotFound.
type Store interface {
	// ResolveIdentity returns the person behind a platform account, creating
	// the person and the identity on first sight. Username is refreshed.
	ResolveIdentity(ctx context.Context, platform, userID, username string) (Person, error)
	// Person returns a person by id, or ErrNotFound.
	Person(ctx context.Context, id string) (Person, error)
	// UpdatePerson writes p if p.Version matches the stored version
	// (ErrConflict otherwise) and increments p.Version.
	UpdatePerson(ctx context.Context, p *Person) error
	// Identities lists the accounts linked to a person.
	Identities(ctx context.Context, personID string) ([]Identity, error)
	// MoveIdentity points an existing identity at another person (linking
	// or unlinking accounts). ErrNotFound if either does not exist.
	MoveIdentity(ctx context.Context, platform, userID, personID string) error
	// ReassignOwner moves every memory and message authorship from one
	// person to another (when two identities are merged).
	ReassignOwner(ctx context.Context, fromPersonID, toPersonID string) error

	// Conversation returns a conversation, or ErrNotFound.
	Conversation(ctx context.Context, id string) (Conversation, error)
	// EnsureConversation returns the conversation with c.ID, creating it from
	// c when it does not exist.
	EnsureConversation(ctx context.Context, c Conversation) (Conversation, error)
	// UpdateConversation writes c if c.Version matches (ErrConflict
	// otherwise) and increments c.Version.
	UpdateConversation(ctx context.Context, c *Conversation) error
	// PendingConversations lists conversations holding user messages past
	// their watermark, for extraction after a restart.
	PendingConversations(ctx context.Context, limit int) ([]Conversation, error)

	// AppendMessage captures a message, assigning m.Seq. Capturing the same
	// (conversation, platform id) again returns the stored message unchanged.
	AppendMessage(ctx context.Context, m *Message) error
	// Messages returns up to limit messages of a conversation with
	// Seq > afterSeq, oldest first.
	Messages(ctx context.Context, conversationID string, afterSeq int64, limit int) ([]Message, error)
	// RecentMessages returns the last limit messages, oldest first.
	RecentMessages(ctx context.Context, conversationID string, limit int) ([]Message, error)
	// EditMessage replaces the text of a captured message and marks it edited.
	EditMessage(ctx context.Context, conversationID, platformID, text string) error
	// DeleteMessage removes one captured message.
	DeleteMessage(ctx context.Context, conversationID, platformID string) error
	// DeleteMessagesBefore removes captured messages older than t
	// (retention); it returns how many went.
	DeleteMessagesBefore(ctx context.Context, t time.Time) (int64, error)

	// InsertMemory stores a new memory. It assigns m.ID when empty, sets
	// Version to 1 and the timestamps when zero. ErrConflict if the id exists.
	InsertMemory(ctx context.Context, m *Memory) error
	// Memory returns one memory of owner, or ErrNotFound.
	Memory(ctx context.Context, owner, id string) (Memory, error)
	// UpdateMemory writes m if m.Version matches the stored version
	// (ErrConflict otherwise, ErrNotFound if gone) and increments m.Version.
	UpdateMemory(ctx context.Context, m *Memory) error
	// ListMemories returns memories matching q, newest first.
	ListMemories(ctx context.Context, q MemoryQuery) ([]Memory, error)
	// CountMemories counts memories matching q (ignoring its paging).
	CountMemories(ctx context.Context, q MemoryQuery) (int64, error)
	// TouchMemories records that memories were used at t: use_count + 1 and
	// last_used_at = t, without a version check (a counter, not content).
	TouchMemories(ctx context.Context, owner string, ids []string, t time.Time) error
	// DeleteMemory hard-deletes one memory with its history and embedding.
	DeleteMemory(ctx context.Context, owner, id string) error
	// DeleteAllMemories hard-deletes every memory of owner and returns how
	// many went.
	DeleteAllMemories(ctx context.Context, owner string) (int64, error)

	// CreatePerson stores a new person, assigning p.ID when empty, setting
	// Version to 1 and CreatedAt/UpdatedAt to now when zero (reflected in
	// p). ErrConflict if the id exists; ErrInvalid for text that cannot be
	// stored.
	CreatePerson(ctx context.Context, p *Person) error
	// DeletePersonMessages hard-deletes every captured message authored by
	// the person (the right to erasure) and returns how many went. The bot's
	// own messages are never touched: an empty personID is ErrInvalid.
	DeletePersonMessages(ctx context.Context, personID string) (int64, error)

	// Setting returns the value stored under key, or ErrNotFound if there is
	// none or it expired. Settings are small named documents (server
	// settings, one-time link codes, per-person records) shared by every
	// replica; see ValidateSettingKey for what a key may be (ErrInvalid
	// otherwise).
	Setting(ctx context.Context, key string) (string, error)
	// PutSetting stores value under key, replacing any earlier value, until
	// expires (the zero time: forever). Keys and values beyond
	// MaxSettingKey and MaxSettingValue, or not valid UTF-8, are ErrInvalid.
	PutSetting(ctx context.Context, key, value string, expires time.Time) error
	// TakeSetting atomically returns and deletes key, so that of concurrent
	// callers exactly one gets the value and the others ErrNotFound
	// (single-use codes). An expired value is ErrNotFound.
	TakeSetting(ctx context.Context, key string) (string, error)
	// DeleteSetting removes key; a key that is absent is not an error.
	DeleteSetting(ctx context.Context, key string) error
	// CountSettings counts the unexpired keys starting with prefix (byte
	// for byte, no wildcards; the empty prefix counts every key), e.g. to
	// rate-limit link attempts.
	CountSettings(ctx context.Context, prefix string) (int64, error)

	// ArchiveStale moves stale active memories, of every owner, out of the
	// active set: temporary memories whose ExpiresAt is set and before now
	// (reason ArchiveExpired), and memories neither used, updated nor
	// created since unusedBefore, that is with the latest of LastUsedAt,
	// UpdatedAt and CreatedAt before it (reason ArchiveUnused; with
	// keepLongTerm long-term memories are exempt; a zero unusedBefore turns
	// this rule off). Each becomes StatusArchived with its version
	// incremented, UpdatedAt set to now and a History entry {Text: its text,
	// Time: now, Action: ArchiveAction, Reason: the reason} appended. At
	// most limit memories go per call (0: no limit); it returns the refs of
	// those archived, so that indexes can drop them; with an error, the
	// refs returned (possibly none) were archived all the same. A zero now
	// or a negative limit is ErrInvalid.
	ArchiveStale(ctx context.Context, now, unusedBefore time.Time, keepLongTerm bool, limit int) ([]MemoryRef, error)
	// MissingEmbeddings lists active memories of every owner that have no
	// embedding or one made by another model than model, oldest first (by
	// CreatedAt, then ID), at most limit (0: no limit), for back-filling.
	// Their Embedding is not loaded (nil). An empty model or a negative
	// limit is ErrInvalid.
	MissingEmbeddings(ctx context.Context, model string, limit int) ([]Memory, error)
	// SetEmbedding stores e as the embedding of owner's memory id and
	// changes nothing else: neither Version nor UpdatedAt moves, so a
	// content edit racing with a back-fill is never rejected because of it.
	// The write is skipped with ErrConflict when the memory's Version is no
	// longer version (its text may have changed since it was embedded);
	// ErrNotFound when the memory does not exist under owner; ErrInvalid
	// for an empty owner or id, a nil embedding, an empty model or vector.
	SetEmbedding(ctx context.Context, owner, id string, version int64, e *Embedding) error

	// Close releases the store. It is safe to call more than once.
	Close() error
}

// MemoryQuery selects an owner's memories. Owner is required.
type MemoryQuery struct {
	Owner string
	// Statuses filters by status; empty means any.
	Statuses  []Status
	Types     []Type
	Lifecycle []Lifecycle
	// IDPrefix matches ids starting with it (short ids in commands).
	IDPrefix string
	// UpdatedBefore keeps memories last updated before it (upkeep).
	UpdatedBefore time.Time
	// WithEmbedding loads vectors; without it Embedding stays nil.
	WithEmbedding bool
	Offset        int
	// Limit caps the result; 0 means no limit.
	Limit int
}
