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
	// the person (the right to erasure), and the bot's messages replying to
	// them (ReplyTo is the person's message's PlatformID, in the same
	// conversation: an answer often repeats what it answers), and returns
	// how many went, replies included. The bot's other messages are never
	// touched: an empty personID is ErrInvalid.
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
	// DeleteSettings removes every key starting with prefix (byte for
	// byte, as CountSettings matches), expired or not, and returns how many
	// went: erasing a person's records. The empty prefix is ErrInvalid.
	DeleteSettings(ctx context.Context, prefix string) (int64, error)
	// CountSettings counts the unexpired keys starting with prefix (byte
	// for byte, no wildcards; the empty prefix counts every key), e.g. to
	// rate-limit link attempts.
	CountSettings(ctx context.Context, prefix string) (int64, error)

	// StaleMemories lists active memories of every owner matching q
	// (either of its rules), oldest first (by CreatedAt, then ID), at most
	// q.Limit, without embeddings: the candidates for archiving. It only
	// reads; archiving them is an UpdateMemory each, conditional on the
	// version read, so that what archiving means is decided once, above the
	// backends. A negative limit or an invalid lifecycle is ErrInvalid.
	StaleMemories(ctx context.Context, q StaleQuery) ([]Memory, error)
	// DueMemories lists the active memories of every owner whose type is
	// one of q.Types and whose due time (Memory.Due: EventTime, else
	// ExpiresAt) is in [q.From, q.To), soonest due first (then by ID), at
	// most q.Limit (0: no limit), vectors not loaded: what reminders look
	// at. Times compare at millisecond precision. A query failing
	// DueQuery.Validate is ErrInvalid.
	DueMemories(ctx context.Context, q DueQuery) ([]Memory, error)
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

	// Revision returns the revision of owner's memories: a counter that every
	// write changing any of owner's memories moves forward, so a cache of them
	// is proved current with this one read. 0 for an owner never written.
	// An empty owner is ErrInvalid.
	//
	// Each successful InsertMemory, UpdateMemory, SetEmbedding and
	// DeleteMemory adds exactly 1 to its owner's revision. DeleteAllMemories
	// adds exactly 1 to its owner's, even when there was nothing to delete;
	// ReassignOwner adds exactly 1 to both from's and to's, even when nothing
	// moved (a no-op for from == to, which changes nothing). A call that
	// fails (ErrConflict, ErrNotFound, ErrInvalid) leaves it as it was, and
	// TouchMemories never moves it: use counters are not content.
	// Concurrent writers never lose an increment.
	//
	// "Exactly 1" lets a cache that read revision R, made one write itself
	// and then reads R+1 conclude that no one else wrote in between, and
	// apply its own change instead of reloading. Backends without
	// multi-document transactions bump the revision just after the write,
	// so a reader may see a write before its bump (the next read of the
	// revision shows it) but never the bump before the write.
	Revision(ctx context.Context, owner string) (int64, error)
	// BumpRevision adds exactly 1 to owner's revision without writing a
	// memory: a writer whose write failed in a way that leaves it unsure
	// whether the write landed calls it, so that every cache of the owner
	// reloads. An empty owner is ErrInvalid.
	BumpRevision(ctx context.Context, owner string) error

	// QueueAnswer stores a, a new entry of the answer queue held by
	// a.Holder until a.LeaseUntil (Done and Claims are ignored). An entry
	// with the same (ConversationID, PlatformID) already queued, whether
	// pending or done, is ErrConflict and left unchanged: a redelivered
	// message is not queued twice. An incomplete entry is ErrInvalid.
	QueueAnswer(ctx context.Context, a Answer) error
	// QueueAnswerWithMessage queues a as QueueAnswer does and captures m,
	// the message the entry answers, as AppendMessage does (assigning
	// m.Seq), in one call: the two writes that take in every addressed
	// message, for one round trip where the backend allows. queued reports
	// whether an entry for the message is in the store when it returns,
	// this call's or an earlier one. An entry queued before is ErrConflict
	// (queued, and left unchanged), with m captured all the same: a
	// redelivered message is captured once and not queued twice. Any other
	// error means m is not captured; the entry goes in first, so that a
	// failure between the two leaves an entry that restores the message,
	// never a message nobody answers: a backend with transactions makes the
	// two one (nothing written on failure), one without may leave the entry
	// alone (queued true). An invalid entry or message is ErrInvalid and
	// writes nothing.
	QueueAnswerWithMessage(ctx context.Context, a Answer, m *Message) (queued bool, err error)
	// ClaimAnswer takes the entry of q.Platform that is not done and whose
	// lease ended at or before q.Now, the oldest received first: it becomes q.Holder's until q.Until and
	// its Claims grows by 1. Of concurrent claimers exactly one gets an
	// entry. ErrNotFound when there is none.
	ClaimAnswer(ctx context.Context, q ClaimQuery) (Answer, error)
	// RenewAnswers extends to until the lease of every entry holder holds
	// that is not done, and returns how many.
	RenewAnswers(ctx context.Context, holder string, until time.Time) (int64, error)
	// ReleaseAnswers ends the lease of every entry holder holds that is not
	// done, so that any replica may claim them at once (a replica stopping
	// with answers left), and returns how many.
	ReleaseAnswers(ctx context.Context, holder string) (int64, error)
	// NoteAnswerReply records ref as the message the entry's answer is
	// written into (Answer.ReplyRef, returned by later claims), if holder
	// holds the entry and it is not done; ErrConflict otherwise,
	// ErrNotFound for an unknown entry. It leaves the lease as it is. A ref
	// that fails memory.CheckReplyRef is ErrInvalid.
	NoteAnswerReply(ctx context.Context, conversationID, platformID, holder, ref string) error
	// FinishAnswer marks an entry done at `at` and clears its payload, if
	// holder still holds it; it is kept until keepUntil. ErrNotFound for an
	// unknown entry; ErrConflict when it is done already or held by
	// another replica (its lease ran out and it was taken over).
	FinishAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error
	// SettleAnswer marks an entry done as FinishAnswer does and, when there
	// is none, writes one done in its place (no payload, kept until
	// keepUntil), so that it never reports ErrNotFound. It is for a
	// message answered after its QueueAnswer failed without saying whether
	// it wrote: a server may still apply such a write after a read found
	// nothing, and the unique key then refuses it instead of leaving an
	// entry pending that the next run would answer again. ErrConflict as
	// for FinishAnswer.
	SettleAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error
	// FinishAnswerWithReply captures reply, the bot's answer to the entry's
	// message, as AppendMessage does (assigning reply.Seq), then marks the
	// entry done as FinishAnswer does, in one call: the two writes that end
	// every answer, for one round trip where the backend allows. The reply
	// is captured whatever FinishAnswer then reports (the answer was
	// delivered, whoever holds the entry now), and the entry is never done
	// without its reply: an invalid reply (AppendMessage's ErrInvalid) or a
	// failure capturing it leaves the entry pending. A backend with
	// transactions makes the two one; one without writes the reply first.
	//
	// also, when not nil, is a setting the reply leaves behind (the record
	// behind "/memories why"), written as PutSetting writes it after the
	// reply and before the mark, so that it costs no call of its own: it
	// stands whatever FinishAnswer then reports, and the entry is never done
	// without it. An invalid setting (CheckSetting) is ErrInvalid and writes
	// nothing; a failure writing it leaves the entry pending (with the reply
	// captured, on a backend without transactions).
	FinishAnswerWithReply(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time, reply *Message, also *Setting) error
	// DropAnswers deletes every pending entry whose PersonID is personID
	// (their payloads hold the person's words; erasing the person must not
	// let a restart capture them again) and returns how many went. Done
	// entries hold no payload and stay until purged, so that a redelivery
	// is still recognised. A replica answering a dropped entry gets
	// ErrNotFound from FinishAnswer. An empty personID is ErrInvalid.
	DropAnswers(ctx context.Context, personID string) (int64, error)
	// PurgeAnswers deletes done entries kept until at or before now, and
	// returns how many went.
	PurgeAnswers(ctx context.Context, now time.Time) (int64, error)

	// AddCount adds delta (may be 0 or negative) to the counter key and
	// returns its new value. A counter that does not exist, or whose expiry
	// is at or before now, starts from 0 and gets expires as its expiry;
	// adds to a live counter keep its expiry. Concurrent adds never lose an
	// increment. Key rules as ValidateSettingKey; a zero expires or zero now
	// is ErrInvalid (see ValidateCount).
	AddCount(ctx context.Context, key string, delta int64, now, expires time.Time) (int64, error)
	// Count returns the counter's value at now, 0 when it is absent or
	// expired.
	Count(ctx context.Context, key string, now time.Time) (int64, error)

	// AcquireLease gives lease q.Name to q.Holder until q.Until when it is
	// free at q.Now: never held, released, already q.Holder's (a renewal:
	// Until moves, Epoch stays), or held by another whose Until is at or
	// before q.Now. Epoch grows by exactly 1 each time the holder changes (a
	// fencing token: work done under an older epoch can be refused). When
	// another holder's lease runs past q.Now it is ErrConflict and the
	// current lease is returned with it (so the caller can log who holds
	// it). Of concurrent acquirers of a free lease exactly one wins. Empty
	// name/holder, zero times or Until <= Now are ErrInvalid (see
	// LeaseQuery.Validate).
	AcquireLease(ctx context.Context, q LeaseQuery) (Lease, error)
	// ReleaseLease frees name if holder holds it (its Until becomes the
	// zero time, Epoch stays); a lease held by another holder, or absent, is
	// left alone and is not an error.
	ReleaseLease(ctx context.Context, name, holder string) error
	// Leases lists the leases whose name starts with prefix (byte for byte,
	// the empty prefix: all) and whose Until is after now (held), by name.
	Leases(ctx context.Context, prefix string, now time.Time) ([]Lease, error)

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

// StaleQuery selects active memories of every owner for archiving.
type StaleQuery struct {
	// ExpiredBefore: memories of a lifecycle in Expiring whose ExpiresAt is
	// set and before it. Zero (or an empty Expiring) turns this rule off.
	ExpiredBefore time.Time
	Expiring      []Lifecycle
	// UnusedBefore: memories whose latest of LastUsedAt, UpdatedAt and
	// CreatedAt is before it, except those of a lifecycle in Exempt; zero
	// turns this rule off.
	UnusedBefore time.Time
	Exempt       []Lifecycle
	// Limit caps the result (0: no limit); negative is ErrInvalid.
	Limit int
}
