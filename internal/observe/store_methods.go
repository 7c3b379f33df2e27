package observe

import (
	"context"
	"time"

	"github.com/membot/membot/memory"
)

// The methods of memory.Store, each passed through and counted. They are
// written out (the store is not embedded) so that a method added to
// memory.Store breaks the build here instead of going by uncounted.

// ResolveIdentity is memory.Store.ResolveIdentity, counted.
func (s *Store) ResolveIdentity(ctx context.Context, platform, userID, username string) (memory.Person, error) {
	o := s.begin("ResolveIdentity")
	r, err := s.s.ResolveIdentity(ctx, platform, userID, username)
	o.end(err)
	return r, err
}

// Person is memory.Store.Person, counted.
func (s *Store) Person(ctx context.Context, id string) (memory.Person, error) {
	o := s.begin("Person")
	r, err := s.s.Person(ctx, id)
	o.end(err)
	return r, err
}

// UpdatePerson is memory.Store.UpdatePerson, counted.
func (s *Store) UpdatePerson(ctx context.Context, p *memory.Person) error {
	o := s.begin("UpdatePerson")
	err := s.s.UpdatePerson(ctx, p)
	o.end(err)
	return err
}

// Identities is memory.Store.Identities, counted.
func (s *Store) Identities(ctx context.Context, personID string) ([]memory.Identity, error) {
	o := s.begin("Identities")
	r, err := s.s.Identities(ctx, personID)
	o.end(err)
	return r, err
}

// MoveIdentity is memory.Store.MoveIdentity, counted.
func (s *Store) MoveIdentity(ctx context.Context, platform, userID, personID string) error {
	o := s.begin("MoveIdentity")
	err := s.s.MoveIdentity(ctx, platform, userID, personID)
	o.end(err)
	return err
}

// ReassignOwner is memory.Store.ReassignOwner, counted.
func (s *Store) ReassignOwner(ctx context.Context, fromPersonID, toPersonID string) error {
	o := s.begin("ReassignOwner")
	err := s.s.ReassignOwner(ctx, fromPersonID, toPersonID)
	o.end(err)
	return err
}

// Conversation is memory.Store.Conversation, counted.
func (s *Store) Conversation(ctx context.Context, id string) (memory.Conversation, error) {
	o := s.begin("Conversation")
	r, err := s.s.Conversation(ctx, id)
	o.end(err)
	return r, err
}

// EnsureConversation is memory.Store.EnsureConversation, counted.
func (s *Store) EnsureConversation(ctx context.Context, c memory.Conversation) (memory.Conversation, error) {
	o := s.begin("EnsureConversation")
	r, err := s.s.EnsureConversation(ctx, c)
	o.end(err)
	return r, err
}

// UpdateConversation is memory.Store.UpdateConversation, counted.
func (s *Store) UpdateConversation(ctx context.Context, c *memory.Conversation) error {
	o := s.begin("UpdateConversation")
	err := s.s.UpdateConversation(ctx, c)
	o.end(err)
	return err
}

// PendingConversations is memory.Store.PendingConversations, counted.
func (s *Store) PendingConversations(ctx context.Context, limit int) ([]memory.Conversation, error) {
	o := s.begin("PendingConversations")
	r, err := s.s.PendingConversations(ctx, limit)
	o.end(err)
	return r, err
}

// AppendMessage is memory.Store.AppendMessage, counted.
func (s *Store) AppendMessage(ctx context.Context, m *memory.Message) error {
	o := s.begin("AppendMessage")
	err := s.s.AppendMessage(ctx, m)
	o.end(err)
	return err
}

// Messages is memory.Store.Messages, counted.
func (s *Store) Messages(ctx context.Context, conversationID string, afterSeq int64, limit int) ([]memory.Message, error) {
	o := s.begin("Messages")
	r, err := s.s.Messages(ctx, conversationID, afterSeq, limit)
	o.end(err)
	return r, err
}

// RecentMessages is memory.Store.RecentMessages, counted.
func (s *Store) RecentMessages(ctx context.Context, conversationID string, limit int) ([]memory.Message, error) {
	o := s.begin("RecentMessages")
	r, err := s.s.RecentMessages(ctx, conversationID, limit)
	o.end(err)
	return r, err
}

// EditMessage is memory.Store.EditMessage, counted.
func (s *Store) EditMessage(ctx context.Context, conversationID, platformID, text string) error {
	o := s.begin("EditMessage")
	err := s.s.EditMessage(ctx, conversationID, platformID, text)
	o.end(err)
	return err
}

// DeleteMessage is memory.Store.DeleteMessage, counted.
func (s *Store) DeleteMessage(ctx context.Context, conversationID, platformID string) error {
	o := s.begin("DeleteMessage")
	err := s.s.DeleteMessage(ctx, conversationID, platformID)
	o.end(err)
	return err
}

// DeleteMessagesBefore is memory.Store.DeleteMessagesBefore, counted.
func (s *Store) DeleteMessagesBefore(ctx context.Context, t time.Time) (int64, error) {
	o := s.begin("DeleteMessagesBefore")
	r, err := s.s.DeleteMessagesBefore(ctx, t)
	o.end(err)
	return r, err
}

// InsertMemory is memory.Store.InsertMemory, counted.
func (s *Store) InsertMemory(ctx context.Context, m *memory.Memory) error {
	o := s.begin("InsertMemory")
	err := s.s.InsertMemory(ctx, m)
	o.end(err)
	return err
}

// Memory is memory.Store.Memory, counted.
func (s *Store) Memory(ctx context.Context, owner, id string) (memory.Memory, error) {
	o := s.begin("Memory")
	r, err := s.s.Memory(ctx, owner, id)
	o.end(err)
	return r, err
}

// UpdateMemory is memory.Store.UpdateMemory, counted.
func (s *Store) UpdateMemory(ctx context.Context, m *memory.Memory) error {
	o := s.begin("UpdateMemory")
	err := s.s.UpdateMemory(ctx, m)
	o.end(err)
	return err
}

// ListMemories is memory.Store.ListMemories, counted.
func (s *Store) ListMemories(ctx context.Context, q memory.MemoryQuery) ([]memory.Memory, error) {
	o := s.begin("ListMemories")
	r, err := s.s.ListMemories(ctx, q)
	o.end(err)
	return r, err
}

// CountMemories is memory.Store.CountMemories, counted.
func (s *Store) CountMemories(ctx context.Context, q memory.MemoryQuery) (int64, error) {
	o := s.begin("CountMemories")
	r, err := s.s.CountMemories(ctx, q)
	o.end(err)
	return r, err
}

// TouchMemories is memory.Store.TouchMemories, counted.
func (s *Store) TouchMemories(ctx context.Context, owner string, ids []string, t time.Time) error {
	o := s.begin("TouchMemories")
	err := s.s.TouchMemories(ctx, owner, ids, t)
	o.end(err)
	return err
}

// DeleteMemory is memory.Store.DeleteMemory, counted.
func (s *Store) DeleteMemory(ctx context.Context, owner, id string) error {
	o := s.begin("DeleteMemory")
	err := s.s.DeleteMemory(ctx, owner, id)
	o.end(err)
	return err
}

// DeleteAllMemories is memory.Store.DeleteAllMemories, counted.
func (s *Store) DeleteAllMemories(ctx context.Context, owner string) (int64, error) {
	o := s.begin("DeleteAllMemories")
	r, err := s.s.DeleteAllMemories(ctx, owner)
	o.end(err)
	return r, err
}

// CreatePerson is memory.Store.CreatePerson, counted.
func (s *Store) CreatePerson(ctx context.Context, p *memory.Person) error {
	o := s.begin("CreatePerson")
	err := s.s.CreatePerson(ctx, p)
	o.end(err)
	return err
}

// DeletePersonMessages is memory.Store.DeletePersonMessages, counted.
func (s *Store) DeletePersonMessages(ctx context.Context, personID string) (int64, error) {
	o := s.begin("DeletePersonMessages")
	r, err := s.s.DeletePersonMessages(ctx, personID)
	o.end(err)
	return r, err
}

// Setting is memory.Store.Setting, counted.
func (s *Store) Setting(ctx context.Context, key string) (string, error) {
	o := s.begin("Setting")
	r, err := s.s.Setting(ctx, key)
	o.end(err)
	return r, err
}

// PutSetting is memory.Store.PutSetting, counted.
func (s *Store) PutSetting(ctx context.Context, key, value string, expires time.Time) error {
	o := s.begin("PutSetting")
	err := s.s.PutSetting(ctx, key, value, expires)
	o.end(err)
	return err
}

// TakeSetting is memory.Store.TakeSetting, counted.
func (s *Store) TakeSetting(ctx context.Context, key string) (string, error) {
	o := s.begin("TakeSetting")
	r, err := s.s.TakeSetting(ctx, key)
	o.end(err)
	return r, err
}

// DeleteSetting is memory.Store.DeleteSetting, counted.
func (s *Store) DeleteSetting(ctx context.Context, key string) error {
	o := s.begin("DeleteSetting")
	err := s.s.DeleteSetting(ctx, key)
	o.end(err)
	return err
}

// DeleteSettings is memory.Store.DeleteSettings, counted.
func (s *Store) DeleteSettings(ctx context.Context, prefix string) (int64, error) {
	o := s.begin("DeleteSettings")
	r, err := s.s.DeleteSettings(ctx, prefix)
	o.end(err)
	return r, err
}

// CountSettings is memory.Store.CountSettings, counted.
func (s *Store) CountSettings(ctx context.Context, prefix string) (int64, error) {
	o := s.begin("CountSettings")
	r, err := s.s.CountSettings(ctx, prefix)
	o.end(err)
	return r, err
}

// StaleMemories is memory.Store.StaleMemories, counted.
func (s *Store) StaleMemories(ctx context.Context, q memory.StaleQuery) ([]memory.Memory, error) {
	o := s.begin("StaleMemories")
	r, err := s.s.StaleMemories(ctx, q)
	o.end(err)
	return r, err
}

// DueMemories is memory.Store.DueMemories, counted.
func (s *Store) DueMemories(ctx context.Context, q memory.DueQuery) ([]memory.Memory, error) {
	o := s.begin("DueMemories")
	r, err := s.s.DueMemories(ctx, q)
	o.end(err)
	return r, err
}

// MissingEmbeddings is memory.Store.MissingEmbeddings, counted.
func (s *Store) MissingEmbeddings(ctx context.Context, model string, limit int) ([]memory.Memory, error) {
	o := s.begin("MissingEmbeddings")
	r, err := s.s.MissingEmbeddings(ctx, model, limit)
	o.end(err)
	return r, err
}

// SetEmbedding is memory.Store.SetEmbedding, counted.
func (s *Store) SetEmbedding(ctx context.Context, owner, id string, version int64, e *memory.Embedding) error {
	o := s.begin("SetEmbedding")
	err := s.s.SetEmbedding(ctx, owner, id, version, e)
	o.end(err)
	return err
}

// Revision is memory.Store.Revision, counted.
func (s *Store) Revision(ctx context.Context, owner string) (int64, error) {
	o := s.begin("Revision")
	r, err := s.s.Revision(ctx, owner)
	o.end(err)
	return r, err
}

// BumpRevision is memory.Store.BumpRevision, counted.
func (s *Store) BumpRevision(ctx context.Context, owner string) error {
	o := s.begin("BumpRevision")
	err := s.s.BumpRevision(ctx, owner)
	o.end(err)
	return err
}

// QueueAnswer is memory.Store.QueueAnswer, counted.
func (s *Store) QueueAnswer(ctx context.Context, a memory.Answer) error {
	o := s.begin("QueueAnswer")
	err := s.s.QueueAnswer(ctx, a)
	o.end(err)
	return err
}

// ClaimAnswer is memory.Store.ClaimAnswer, counted.
func (s *Store) ClaimAnswer(ctx context.Context, q memory.ClaimQuery) (memory.Answer, error) {
	o := s.begin("ClaimAnswer")
	r, err := s.s.ClaimAnswer(ctx, q)
	o.end(err)
	return r, err
}

// RenewAnswers is memory.Store.RenewAnswers, counted.
func (s *Store) RenewAnswers(ctx context.Context, holder string, until time.Time) (int64, error) {
	o := s.begin("RenewAnswers")
	r, err := s.s.RenewAnswers(ctx, holder, until)
	o.end(err)
	return r, err
}

// ReleaseAnswers is memory.Store.ReleaseAnswers, counted.
func (s *Store) ReleaseAnswers(ctx context.Context, holder string) (int64, error) {
	o := s.begin("ReleaseAnswers")
	r, err := s.s.ReleaseAnswers(ctx, holder)
	o.end(err)
	return r, err
}

// FinishAnswer is memory.Store.FinishAnswer, counted.
func (s *Store) FinishAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error {
	o := s.begin("FinishAnswer")
	err := s.s.FinishAnswer(ctx, conversationID, platformID, holder, at, keepUntil)
	o.end(err)
	return err
}

// SettleAnswer is memory.Store.SettleAnswer, counted.
func (s *Store) SettleAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error {
	o := s.begin("SettleAnswer")
	err := s.s.SettleAnswer(ctx, conversationID, platformID, holder, at, keepUntil)
	o.end(err)
	return err
}

// DropAnswers is memory.Store.DropAnswers, counted.
func (s *Store) DropAnswers(ctx context.Context, personID string) (int64, error) {
	o := s.begin("DropAnswers")
	r, err := s.s.DropAnswers(ctx, personID)
	o.end(err)
	return r, err
}

// PurgeAnswers is memory.Store.PurgeAnswers, counted.
func (s *Store) PurgeAnswers(ctx context.Context, now time.Time) (int64, error) {
	o := s.begin("PurgeAnswers")
	r, err := s.s.PurgeAnswers(ctx, now)
	o.end(err)
	return r, err
}

// Close is memory.Store.Close, counted.
func (s *Store) Close() error {
	o := s.begin("Close")
	err := s.s.Close()
	o.end(err)
	return err
}
