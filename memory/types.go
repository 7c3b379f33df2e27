package memory

import (
	"fmt"
	"slices"
	"time"
)

// Type classifies what a memory says about its owner.
type Type string

// The memory types of DESIGN §4.
const (
	TypePreference Type = "preference"
	TypeFact       Type = "fact"
	TypeSkill      Type = "skill"
	TypeObjective  Type = "objective"
	TypeContext    Type = "context"
	TypeDecision   Type = "decision"
	TypeTask       Type = "task"
	TypeEvent      Type = "event"
)

// Types lists every valid Type, in display order.
var Types = []Type{TypePreference, TypeFact, TypeSkill, TypeObjective, TypeContext, TypeDecision, TypeTask, TypeEvent}

// Valid reports whether t is one of the known types.
func (t Type) Valid() bool {
	for _, k := range Types {
		if t == k {
			return true
		}
	}
	return false
}

// The tags that decide whether a memory holds the value of its subject.
const (
	// TagChange marks a memory stating that something changed ("I moved
	// to Lyon", "我换工作了").
	TagChange = "change"
	// TagInferredSubject marks a memory whose subject was read from its
	// words rather than said ("房租一千二" under "residence").
	TagInferredSubject = "inferred-subject"
)

// HoldsValue reports whether m counts as the value of its subject when
// the subject holds one value at a time: not when its subject was only
// read from its words, unless it says something changed. "房租一千二" is
// about where someone lives without saying where, so it neither sends
// "搬到岳麓区了" to review nor keeps it out of a reply.
func (m *Memory) HoldsValue() bool {
	return !slices.Contains(m.Tags, TagInferredSubject) || slices.Contains(m.Tags, TagChange)
}

// Lifecycle says how a memory ages: long-term traits never decay, facts hold
// until contradicted, temporary memories fade fast and may expire.
type Lifecycle string

// The lifecycles of DESIGN §4.
const (
	LifecycleLongTerm  Lifecycle = "long_term"
	LifecycleFact      Lifecycle = "fact"
	LifecycleTemporary Lifecycle = "temporary"
)

// Lifecycles lists every valid Lifecycle.
var Lifecycles = []Lifecycle{LifecycleLongTerm, LifecycleFact, LifecycleTemporary}

// Valid reports whether l is one of the known lifecycles.
func (l Lifecycle) Valid() bool {
	return l == LifecycleLongTerm || l == LifecycleFact || l == LifecycleTemporary
}

// Status is where a memory stands: only active memories are recalled.
type Status string

// The statuses of DESIGN §4. Forgotten memories are hard-deleted, so there is
// no status for them. StatusDone is a task its owner marked done: kept (its
// history says when), but no longer recalled, listed by default or
// reminded of.
const (
	StatusActive        Status = "active"
	StatusSuperseded    Status = "superseded"
	StatusArchived      Status = "archived"
	StatusPendingReview Status = "pending_review"
	StatusDone          Status = "done"
)

// Valid reports whether s is one of the known statuses.
func (s Status) Valid() bool {
	switch s {
	case StatusActive, StatusSuperseded, StatusArchived, StatusPendingReview, StatusDone:
		return true
	}
	return false
}

// Source is the provenance of a memory: where and when it was said, so a
// person can ask "why do you know this".
type Source struct {
	Platform       string    `json:"platform,omitempty" bson:"platform,omitempty"`
	ConversationID string    `json:"conversation_id,omitempty" bson:"conversation_id,omitempty"`
	MessageIDs     []string  `json:"message_ids,omitempty" bson:"message_ids,omitempty"`
	Excerpt        string    `json:"excerpt,omitempty" bson:"excerpt,omitempty"`
	Time           time.Time `json:"time,omitzero" bson:"time,omitempty"`
}

// Version is one earlier state of a memory, kept when it is updated or
// superseded so that history is never silently lost.
type Version struct {
	Text   string    `json:"text" bson:"text"`
	Time   time.Time `json:"time" bson:"time"`
	Reason string    `json:"reason,omitempty" bson:"reason,omitempty"`
	// Action is what replaced this text: "update", "edit", "supersede", …
	Action string `json:"action,omitempty" bson:"action,omitempty"`
	// LinkedID names the memory that superseded this one, or that this one
	// superseded.
	LinkedID string `json:"linked_id,omitempty" bson:"linked_id,omitempty"`
	// ConversationID and MessageIDs keep where the replaced text came from
	// when the new text came from another conversation, so that forgetting
	// the memory can erase every message it was taken from.
	ConversationID string   `json:"conversation_id,omitempty" bson:"conversation_id,omitempty"`
	MessageIDs     []string `json:"message_ids,omitempty" bson:"message_ids,omitempty"`
}

// Embedding is a memory's vector, stored compactly as float32.
type Embedding struct {
	Model  string    `json:"model" bson:"model"`
	Vector []float32 `json:"vector" bson:"-"`
}

// Dims is the vector's dimension.
func (e *Embedding) Dims() int {
	if e == nil {
		return 0
	}
	return len(e.Vector)
}

// Memory is one self-contained statement about its owner (DESIGN §4).
type Memory struct {
	ID string `json:"id"`
	// Owner is a person id, or "guild:<id>" for a server's shared notes.
	Owner      string    `json:"owner"`
	Text       string    `json:"text"`
	Type       Type      `json:"type"`
	Lifecycle  Lifecycle `json:"lifecycle"`
	Subject    string    `json:"subject,omitempty"`
	Tags       []string  `json:"tags,omitempty"`
	Keywords   []string  `json:"keywords,omitempty"`
	Importance float64   `json:"importance"`
	Confidence float64   `json:"confidence"`
	EventTime  time.Time `json:"event_time,omitzero"`
	ExpiresAt  time.Time `json:"expires_at,omitzero"`
	Status     Status    `json:"status"`
	// SupersededBy names the memory that replaced this one; Supersedes the
	// one this replaced.
	SupersededBy string     `json:"superseded_by,omitempty"`
	Supersedes   string     `json:"supersedes,omitempty"`
	History      []Version  `json:"history,omitempty"`
	Source       Source     `json:"source"`
	Embedding    *Embedding `json:"-"`
	CreatedAt    time.Time  `json:"created_at"`
	UpdatedAt    time.Time  `json:"updated_at"`
	LastUsedAt   time.Time  `json:"last_used_at,omitzero"`
	UseCount     int64      `json:"use_count"`
	// Version counts writes; an update must name the version it read.
	Version int64 `json:"version"`
}

// MaxMemoryText bounds a memory's text, in bytes.
const MaxMemoryText = 2000

// Validate checks that m can be stored.
func (m *Memory) Validate() error {
	switch {
	case m.Owner == "":
		return fmt.Errorf("%w: memory has no owner", ErrInvalid)
	case m.Text == "":
		return fmt.Errorf("%w: memory text is empty", ErrInvalid)
	case len(m.Text) > MaxMemoryText:
		return fmt.Errorf("%w: memory text is %d bytes, over %d", ErrInvalid, len(m.Text), MaxMemoryText)
	case !m.Type.Valid():
		return fmt.Errorf("%w: memory type %q", ErrInvalid, m.Type)
	case !m.Lifecycle.Valid():
		return fmt.Errorf("%w: memory lifecycle %q", ErrInvalid, m.Lifecycle)
	case !m.Status.Valid():
		return fmt.Errorf("%w: memory status %q", ErrInvalid, m.Status)
	case m.Importance < 0 || m.Importance > 1:
		return fmt.Errorf("%w: importance %v outside 0–1", ErrInvalid, m.Importance)
	case m.Confidence < 0 || m.Confidence > 1:
		return fmt.Errorf("%w: confidence %v outside 0–1", ErrInvalid, m.Confidence)
	}
	return nil
}

// Person is one human, whatever platforms they talk to the bot on.
type Person struct {
	ID          string `json:"id"`
	DisplayName string `json:"display_name,omitempty"`
	// Language is the person's preferred language ("zh", "en"), if known.
	Language string `json:"language,omitempty"`
	// MemoryOff stops capture and extraction for this person until cleared.
	MemoryOff bool `json:"memory_off,omitempty"`
	// NoUndelivered says the person is known to have no answer kept
	// undelivered (memory.UndeliveredKey): the engine sets it after finding
	// none and clears it, through UpdatePerson, whenever it keeps one, so
	// that a message skips the read of kept answers. False, also for a
	// person stored before the field, means there may be one.
	NoUndelivered bool      `json:"no_undelivered,omitempty"`
	CreatedAt     time.Time `json:"created_at"`
	UpdatedAt     time.Time `json:"updated_at"`
	Version       int64     `json:"version"`
}

// Identity is one account on one platform, belonging to a person.
type Identity struct {
	Platform string `json:"platform"`
	// UserID is the platform's stable user id.
	UserID   string    `json:"user_id"`
	PersonID string    `json:"person_id"`
	Username string    `json:"username,omitempty"`
	LinkedAt time.Time `json:"linked_at"`
}

// Conversation is one chat, channel, thread or topic the bot takes part in.
type Conversation struct {
	// ID is "<platform>:<chat>[:<thread>]".
	ID       string `json:"id"`
	Platform string `json:"platform"`
	// GuildID is the server or group, empty in a DM.
	GuildID string `json:"guild_id,omitempty"`
	IsDM    bool   `json:"is_dm,omitempty"`
	// Watermark is the highest message sequence already extracted.
	Watermark int64 `json:"watermark"`
	// Summary caches the last handoff document.
	Summary   string    `json:"summary,omitempty"`
	Language  string    `json:"language,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	Version   int64     `json:"version"`
}

// Role says who wrote a captured message.
type Role string

// Message roles.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
)

// Message is one captured message of a conversation, PII-redacted.
type Message struct {
	ConversationID string `json:"conversation_id"`
	// Seq orders messages within a conversation; the store assigns it.
	Seq int64 `json:"seq"`
	// PlatformID is the platform's message id, unique within the
	// conversation; capturing the same id twice is a no-op.
	PlatformID string `json:"platform_id"`
	// PersonID is the author (empty for the bot).
	PersonID   string    `json:"person_id,omitempty"`
	AuthorName string    `json:"author_name,omitempty"`
	Role       Role      `json:"role"`
	Text       string    `json:"text"`
	ReplyTo    string    `json:"reply_to,omitempty"`
	Time       time.Time `json:"time"`
	// Addressed is true when the message spoke to the bot.
	Addressed bool `json:"addressed,omitempty"`
	// Edited is true after the platform reported an edit.
	Edited bool `json:"edited,omitempty"`
}

// MaxHistory bounds the earlier versions a memory keeps.
const MaxHistory = 50

// AddVersion appends v to m's history, keeping the newest MaxHistory.
func (m *Memory) AddVersion(v Version) {
	m.History = append(m.History, v)
	if len(m.History) > MaxHistory {
		m.History = append([]Version(nil), m.History[len(m.History)-MaxHistory:]...)
	}
}
