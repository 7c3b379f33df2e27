package bot

import (
	"context"
	"time"

	"github.com/membot/membot/memory"
)

// Recaller finds the memories worth injecting into a reply. The memory
// system's recall index implements it.
type Recaller interface {
	// Recall returns the best memories of owner for text (with a little
	// recent context), best first, at most limit within budget tokens.
	Recall(ctx context.Context, owner string, q RecallQuery) ([]Recalled, error)
}

// RecallQuery is what a reply asks of recall.
type RecallQuery struct {
	Text    string
	Context []string
	Limit   int
	// TokenBudget caps the total size of the memories returned.
	TokenBudget int
	// Literal matches the words given alone, without widening the
	// question to its topic (for "/memories search").
	Literal bool
}

// Recalled is one memory chosen for a reply, with why it was chosen.
type Recalled struct {
	Memory memory.Memory
	Score  float64
	// Parts breaks the score down (relevance, importance, recency, …) for
	// "/memories why".
	Parts map[string]float64
}

// Extractor turns captured messages into memories in the background.
type Extractor interface {
	// Notify tells the extractor a user message was captured, so that the
	// conversation is extracted after its quiet window (or at once for an
	// explicit "remember that …").
	Notify(m memory.Message)
	// ExtractNow extracts a conversation immediately; aggressive lowers the
	// confidence threshold (manual "/memories extract").
	ExtractNow(ctx context.Context, conversationID string, aggressive bool) (ExtractResult, error)
	// Close extracts what is pending, bounded by ctx, and stops.
	Close(ctx context.Context) error
}

// Counters are the windowed counters shared by every replica (see
// memory.Store.AddCount): the per-minute limits, the daily token budgets and
// the per-server daily message limits count there, so that N replicas
// allow what one would. The store implements it.
type Counters interface {
	// AddCount adds delta to key and returns its new value; a counter
	// absent or expired at now starts from 0 with expires as its expiry.
	AddCount(ctx context.Context, key string, delta int64, now, expires time.Time) (int64, error)
	// Count returns key's value at now, 0 when absent or expired.
	Count(ctx context.Context, key string, now time.Time) (int64, error)
}

// ExtractResult counts what one extraction changed.
type ExtractResult struct {
	Added, Updated, Superseded, Conflicts, Duplicates int
}

// MessageLog is the engine's record of conversations: what it captures,
// edits and deletes as the platforms report them, and reads back as the
// recent history of a reply. The store implements it.
type MessageLog interface {
	EnsureConversation(ctx context.Context, c memory.Conversation) (memory.Conversation, error)
	// AppendMessage captures m, assigning m.Seq; the same platform id
	// twice is captured once.
	AppendMessage(ctx context.Context, m *memory.Message) error
	RecentMessages(ctx context.Context, conversationID string, limit int) ([]memory.Message, error)
	EditMessage(ctx context.Context, conversationID, platformID, text string) error
	DeleteMessage(ctx context.Context, conversationID, platformID string) error
}

// People are the humans behind platform accounts. The store implements it.
type People interface {
	// ResolveIdentity returns the person behind an account, creating both
	// on first sight.
	ResolveIdentity(ctx context.Context, platform, userID, username string) (memory.Person, error)
	Person(ctx context.Context, id string) (memory.Person, error)
	// UpdatePerson writes p if its Version still matches.
	UpdatePerson(ctx context.Context, p *memory.Person) error
	Identities(ctx context.Context, personID string) ([]memory.Identity, error)
	MoveIdentity(ctx context.Context, platform, userID, personID string) error
	CreatePerson(ctx context.Context, p *memory.Person) error
}

// Settings are small named records shared by every replica: server
// settings, link codes, panel sign-ins, the last injections of each person. The store
// implements it.
type Settings interface {
	Setting(ctx context.Context, key string) (string, error)
	PutSetting(ctx context.Context, key, value string, expires time.Time) error
	// TakeSetting returns and deletes key atomically (single use).
	TakeSetting(ctx context.Context, key string) (string, error)
	CountSettings(ctx context.Context, prefix string) (int64, error)
	// DeleteSettings removes every key starting with prefix and returns
	// how many went (e.g. a person's panel sessions).
	DeleteSettings(ctx context.Context, prefix string) (int64, error)
}

// Memories is what the commands read and change of people's memories: the
// memory service, which owns every write (history, erasure, merging, the
// recall index).
type Memories interface {
	Memory(ctx context.Context, owner, id string) (memory.Memory, error)
	List(ctx context.Context, q memory.MemoryQuery) ([]memory.Memory, error)
	Count(ctx context.Context, q memory.MemoryQuery) (int64, error)
	// History returns a memory's versions, oldest first.
	History(ctx context.Context, owner, id string) ([]memory.Memory, error)
	// Insert stores a new memory (a server note).
	Insert(ctx context.Context, m *memory.Memory) error
	// Edit replaces a memory's text on its owner's word.
	Edit(ctx context.Context, owner, id, text string) (memory.Memory, error)
	// Done marks a task done on its owner's word (memory.StatusDone); a
	// memory that is not a current task is memory.ErrInvalid.
	Done(ctx context.Context, owner, id string) (memory.Memory, error)
	// Forget erases a memory with its earlier versions and source
	// messages, returning what went; a failure can be retried to
	// completion.
	Forget(ctx context.Context, owner, id string) ([]memory.Memory, error)
	// ForgetAll erases every memory and captured message of owner.
	ForgetAll(ctx context.Context, owner string) (int, error)
	// Merge pours person from into person to (linked accounts).
	Merge(ctx context.Context, from, to string) error
	// Touch records that memories were used at t.
	Touch(ctx context.Context, owner string, ids []string, t time.Time) error
}

// Spool keeps, outside the store, the captured messages the store
// refused, so that none is lost if it still refuses them when the process
// ends; they go into the store once it takes writes again, at the next
// start at the latest. Records are opaque to it (one JSON value each).
type Spool interface {
	// Append keeps rec durably before it returns, or fails (also when the
	// spool is full).
	Append(ctx context.Context, rec []byte) error
	// Records returns every record kept, oldest first.
	Records(ctx context.Context) ([][]byte, error)
	// Drop removes the oldest n records, once they are in the store.
	Drop(ctx context.Context, n int) error
}

// AnswerQueue is the durable queue of addressed messages awaiting an
// answer (see memory.Answer). The store implements it.
type AnswerQueue interface {
	QueueAnswer(ctx context.Context, a memory.Answer) error
	// QueueAnswerWithMessage queues a and captures m, in one call.
	QueueAnswerWithMessage(ctx context.Context, a memory.Answer, m *memory.Message) (queued bool, err error)
	ClaimAnswer(ctx context.Context, q memory.ClaimQuery) (memory.Answer, error)
	RenewAnswers(ctx context.Context, holder string, until time.Time) (int64, error)
	ReleaseAnswers(ctx context.Context, holder string) (int64, error)
	FinishAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error
	// SettleAnswer is FinishAnswer for an entry that may not exist: it
	// writes it done when there is none.
	SettleAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error
	NoteAnswerReply(ctx context.Context, conversationID, platformID, holder, ref string) error
	// FinishAnswerWithReply captures the bot's reply, writes also (the
	// reply's why record) when not nil and marks the entry done, in one
	// call.
	FinishAnswerWithReply(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time, reply *memory.Message, also *memory.Setting) error
	PurgeAnswers(ctx context.Context, now time.Time) (int64, error)
}
