package mongo

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"github.com/membot/membot/memory"
)

// newID returns 16 random hex characters, the id format of every store.
func newID() string {
	var b [8]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// storedTime is t as a BSON date holds it: UTC, whole milliseconds. The
// zero time stays zero.
func storedTime(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return time.UnixMilli(t.UnixMilli()).UTC()
}

// optDate converts an optional time: the zero time is not stored at all.
func optDate(t time.Time) *bson.DateTime {
	if t.IsZero() {
		return nil
	}
	d := bson.NewDateTimeFromTime(t)
	return &d
}

// fromDate converts a stored date back to UTC.
func fromDate(d bson.DateTime) time.Time {
	return d.Time().UTC()
}

// fromOptDate converts an optional stored date back; absent is zero.
func fromOptDate(d *bson.DateTime) time.Time {
	if d == nil {
		return time.Time{}
	}
	return fromDate(*d)
}

// sourceDoc is memory.Source as stored.
type sourceDoc struct {
	Platform       string         `bson:"platform,omitempty"`
	ConversationID string         `bson:"conversation_id,omitempty"`
	MessageIDs     []string       `bson:"message_ids,omitempty"`
	Excerpt        string         `bson:"excerpt,omitempty"`
	Time           *bson.DateTime `bson:"time,omitempty"`
}

// versionDoc is memory.Version as stored.
type versionDoc struct {
	Text     string         `bson:"text"`
	Time     *bson.DateTime `bson:"time,omitempty"`
	Reason   string         `bson:"reason,omitempty"`
	Action   string         `bson:"action,omitempty"`
	LinkedID string         `bson:"linked_id,omitempty"`
	// ConversationID and MessageIDs are the replaced text's provenance.
	ConversationID string   `bson:"conversation_id,omitempty"`
	MessageIDs     []string `bson:"message_ids,omitempty"`
}

// memoryDoc is memory.Memory as stored in the memories collection.
type memoryDoc struct {
	ID           string         `bson:"_id"`
	Owner        string         `bson:"owner"`
	Text         string         `bson:"text"`
	Type         string         `bson:"type"`
	Lifecycle    string         `bson:"lifecycle"`
	Subject      string         `bson:"subject,omitempty"`
	Tags         []string       `bson:"tags,omitempty"`
	Keywords     []string       `bson:"keywords,omitempty"`
	Importance   float64        `bson:"importance"`
	Confidence   float64        `bson:"confidence"`
	EventTime    *bson.DateTime `bson:"event_time,omitempty"`
	ExpiresAt    *bson.DateTime `bson:"expires_at,omitempty"`
	Status       string         `bson:"status"`
	SupersededBy string         `bson:"superseded_by,omitempty"`
	Supersedes   string         `bson:"supersedes,omitempty"`
	History      []versionDoc   `bson:"history,omitempty"`
	Source       sourceDoc      `bson:"source"`
	Embedding    *embeddingDoc  `bson:"embedding,omitempty"`
	CreatedAt    bson.DateTime  `bson:"created_at"`
	UpdatedAt    bson.DateTime  `bson:"updated_at"`
	LastUsedAt   *bson.DateTime `bson:"last_used_at,omitempty"`
	UseCount     int64          `bson:"use_count"`
	Version      int64          `bson:"version"`
}

// normalizeMemoryTimes rounds every time of m to what the store keeps, so
// the caller's copy equals what a later read returns.
func normalizeMemoryTimes(m *memory.Memory) {
	m.EventTime = storedTime(m.EventTime)
	m.ExpiresAt = storedTime(m.ExpiresAt)
	m.CreatedAt = storedTime(m.CreatedAt)
	m.UpdatedAt = storedTime(m.UpdatedAt)
	m.LastUsedAt = storedTime(m.LastUsedAt)
	m.Source.Time = storedTime(m.Source.Time)
	for i := range m.History {
		m.History[i].Time = storedTime(m.History[i].Time)
	}
}

// toMemoryDoc converts a checked memory for storage.
func toMemoryDoc(m *memory.Memory) (memoryDoc, error) {
	emb, err := toEmbeddingDoc(m.Embedding)
	if err != nil {
		return memoryDoc{}, err
	}
	var history []versionDoc
	for _, h := range m.History {
		history = append(history, versionDoc{
			Text: h.Text, Time: optDate(h.Time), Reason: h.Reason, Action: h.Action, LinkedID: h.LinkedID,
			ConversationID: h.ConversationID, MessageIDs: h.MessageIDs,
		})
	}
	return memoryDoc{
		ID:           m.ID,
		Owner:        m.Owner,
		Text:         m.Text,
		Type:         string(m.Type),
		Lifecycle:    string(m.Lifecycle),
		Subject:      m.Subject,
		Tags:         m.Tags,
		Keywords:     m.Keywords,
		Importance:   m.Importance,
		Confidence:   m.Confidence,
		EventTime:    optDate(m.EventTime),
		ExpiresAt:    optDate(m.ExpiresAt),
		Status:       string(m.Status),
		SupersededBy: m.SupersededBy,
		Supersedes:   m.Supersedes,
		History:      history,
		Source: sourceDoc{
			Platform:       m.Source.Platform,
			ConversationID: m.Source.ConversationID,
			MessageIDs:     m.Source.MessageIDs,
			Excerpt:        m.Source.Excerpt,
			Time:           optDate(m.Source.Time),
		},
		Embedding:  emb,
		CreatedAt:  bson.NewDateTimeFromTime(m.CreatedAt),
		UpdatedAt:  bson.NewDateTimeFromTime(m.UpdatedAt),
		LastUsedAt: optDate(m.LastUsedAt),
		UseCount:   m.UseCount,
		Version:    m.Version,
	}, nil
}

// toMemory converts a stored memory back.
func (d *memoryDoc) toMemory() (memory.Memory, error) {
	emb, err := fromEmbeddingDoc(d.Embedding)
	if err != nil {
		return memory.Memory{}, fmt.Errorf("memory %s: %w", d.ID, err)
	}
	var history []memory.Version
	for _, h := range d.History {
		history = append(history, memory.Version{
			Text: h.Text, Time: fromOptDate(h.Time), Reason: h.Reason, Action: h.Action, LinkedID: h.LinkedID,
			ConversationID: h.ConversationID, MessageIDs: h.MessageIDs,
		})
	}
	return memory.Memory{
		ID:           d.ID,
		Owner:        d.Owner,
		Text:         d.Text,
		Type:         memory.Type(d.Type),
		Lifecycle:    memory.Lifecycle(d.Lifecycle),
		Subject:      d.Subject,
		Tags:         d.Tags,
		Keywords:     d.Keywords,
		Importance:   d.Importance,
		Confidence:   d.Confidence,
		EventTime:    fromOptDate(d.EventTime),
		ExpiresAt:    fromOptDate(d.ExpiresAt),
		Status:       memory.Status(d.Status),
		SupersededBy: d.SupersededBy,
		Supersedes:   d.Supersedes,
		History:      history,
		Source: memory.Source{
			Platform:       d.Source.Platform,
			ConversationID: d.Source.ConversationID,
			MessageIDs:     d.Source.MessageIDs,
			Excerpt:        d.Source.Excerpt,
			Time:           fromOptDate(d.Source.Time),
		},
		Embedding:  emb,
		CreatedAt:  fromDate(d.CreatedAt),
		UpdatedAt:  fromDate(d.UpdatedAt),
		LastUsedAt: fromOptDate(d.LastUsedAt),
		UseCount:   d.UseCount,
		Version:    d.Version,
	}, nil
}

// personDoc is memory.Person as stored in the people collection.
type personDoc struct {
	ID          string        `bson:"_id"`
	DisplayName string        `bson:"display_name,omitempty"`
	Language    string        `bson:"language,omitempty"`
	MemoryOff   bool          `bson:"memory_off"`
	CreatedAt   bson.DateTime `bson:"created_at"`
	UpdatedAt   bson.DateTime `bson:"updated_at"`
	Version     int64         `bson:"version"`
	// NoUndelivered is absent (false) on people stored before it.
	NoUndelivered bool `bson:"no_undelivered,omitempty"`
}

func (d *personDoc) toPerson() memory.Person {
	return memory.Person{
		ID:            d.ID,
		DisplayName:   d.DisplayName,
		Language:      d.Language,
		MemoryOff:     d.MemoryOff,
		CreatedAt:     fromDate(d.CreatedAt),
		UpdatedAt:     fromDate(d.UpdatedAt),
		Version:       d.Version,
		NoUndelivered: d.NoUndelivered,
	}
}

// identityDoc is memory.Identity as stored in the identities collection;
// its _id is left to the server.
type identityDoc struct {
	Platform string        `bson:"platform"`
	UserID   string        `bson:"user_id"`
	PersonID string        `bson:"person_id"`
	Username string        `bson:"username,omitempty"`
	LinkedAt bson.DateTime `bson:"linked_at"`
}

func (d *identityDoc) toIdentity() memory.Identity {
	return memory.Identity{
		Platform: d.Platform,
		UserID:   d.UserID,
		PersonID: d.PersonID,
		Username: d.Username,
		LinkedAt: fromDate(d.LinkedAt),
	}
}

// conversationDoc is memory.Conversation as stored. LastUserSeq, the
// highest seq of a user message, is kept by AppendMessage so that
// PendingConversations needs no join.
type conversationDoc struct {
	ID          string        `bson:"_id"`
	Platform    string        `bson:"platform,omitempty"`
	GuildID     string        `bson:"guild_id,omitempty"`
	IsDM        bool          `bson:"is_dm"`
	Watermark   int64         `bson:"watermark"`
	Summary     string        `bson:"summary,omitempty"`
	Language    string        `bson:"language,omitempty"`
	CreatedAt   bson.DateTime `bson:"created_at"`
	UpdatedAt   bson.DateTime `bson:"updated_at"`
	Version     int64         `bson:"version"`
	LastUserSeq int64         `bson:"last_user_seq"`
}

func (d *conversationDoc) toConversation() memory.Conversation {
	return memory.Conversation{
		ID:        d.ID,
		Platform:  d.Platform,
		GuildID:   d.GuildID,
		IsDM:      d.IsDM,
		Watermark: d.Watermark,
		Summary:   d.Summary,
		Language:  d.Language,
		CreatedAt: fromDate(d.CreatedAt),
		UpdatedAt: fromDate(d.UpdatedAt),
		Version:   d.Version,
	}
}

// messageDoc is memory.Message as stored; its _id is left to the server.
type messageDoc struct {
	ConversationID string        `bson:"conversation_id"`
	Seq            int64         `bson:"seq"`
	PlatformID     string        `bson:"platform_id"`
	PersonID       string        `bson:"person_id,omitempty"`
	AuthorName     string        `bson:"author_name,omitempty"`
	Role           string        `bson:"role"`
	Text           string        `bson:"text"`
	ReplyTo        string        `bson:"reply_to,omitempty"`
	Time           bson.DateTime `bson:"time"`
	Addressed      bool          `bson:"addressed,omitempty"`
	Edited         bool          `bson:"edited,omitempty"`
}

func toMessageDoc(m *memory.Message) messageDoc {
	return messageDoc{
		ConversationID: m.ConversationID,
		Seq:            m.Seq,
		PlatformID:     m.PlatformID,
		PersonID:       m.PersonID,
		AuthorName:     m.AuthorName,
		Role:           string(m.Role),
		Text:           m.Text,
		ReplyTo:        m.ReplyTo,
		Time:           bson.NewDateTimeFromTime(m.Time),
		Addressed:      m.Addressed,
		Edited:         m.Edited,
	}
}

func (d *messageDoc) toMessage() memory.Message {
	return memory.Message{
		ConversationID: d.ConversationID,
		Seq:            d.Seq,
		PlatformID:     d.PlatformID,
		PersonID:       d.PersonID,
		AuthorName:     d.AuthorName,
		Role:           memory.Role(d.Role),
		Text:           d.Text,
		ReplyTo:        d.ReplyTo,
		Time:           fromDate(d.Time),
		Addressed:      d.Addressed,
		Edited:         d.Edited,
	}
}
