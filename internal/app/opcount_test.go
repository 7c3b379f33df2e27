package app

import (
	"context"
	"maps"
	"sync"
	"time"

	"github.com/membot/membot/memory"
)

// opCounter is a memory.Store that counts the calls of each of its
// methods before passing them on, to measure what one message costs the
// store. It overrides every method of memory.Store, so that no call goes
// uncounted through the embedded store.
type opCounter struct {
	memory.Store

	mu     sync.Mutex
	counts map[string]int
}

func newOpCounter(s memory.Store) *opCounter {
	return &opCounter{Store: s, counts: make(map[string]int)}
}

func (c *opCounter) add(method string) {
	c.mu.Lock()
	c.counts[method]++
	c.mu.Unlock()
}

// snapshot returns the counts so far, by method.
func (c *opCounter) snapshot() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return maps.Clone(c.counts)
}

// since returns the calls made after before was taken, by method, and
// their total.
func (c *opCounter) since(before map[string]int) (map[string]int, int) {
	now := c.snapshot()
	diff := make(map[string]int)
	total := 0
	for m, n := range now {
		if d := n - before[m]; d > 0 {
			diff[m] = d
			total += d
		}
	}
	return diff, total
}

func (oc *opCounter) ResolveIdentity(ctx context.Context, platform, userID, username string) (memory.Person, error) {
	oc.add("ResolveIdentity")
	return oc.Store.ResolveIdentity(ctx, platform, userID, username)
}

func (oc *opCounter) Person(ctx context.Context, id string) (memory.Person, error) {
	oc.add("Person")
	return oc.Store.Person(ctx, id)
}

func (oc *opCounter) UpdatePerson(ctx context.Context, p *memory.Person) error {
	oc.add("UpdatePerson")
	return oc.Store.UpdatePerson(ctx, p)
}

func (oc *opCounter) Identities(ctx context.Context, personID string) ([]memory.Identity, error) {
	oc.add("Identities")
	return oc.Store.Identities(ctx, personID)
}

func (oc *opCounter) MoveIdentity(ctx context.Context, platform, userID, personID string) error {
	oc.add("MoveIdentity")
	return oc.Store.MoveIdentity(ctx, platform, userID, personID)
}

func (oc *opCounter) ReassignOwner(ctx context.Context, fromPersonID, toPersonID string) error {
	oc.add("ReassignOwner")
	return oc.Store.ReassignOwner(ctx, fromPersonID, toPersonID)
}

func (oc *opCounter) Conversation(ctx context.Context, id string) (memory.Conversation, error) {
	oc.add("Conversation")
	return oc.Store.Conversation(ctx, id)
}

func (oc *opCounter) EnsureConversation(ctx context.Context, c memory.Conversation) (memory.Conversation, error) {
	oc.add("EnsureConversation")
	return oc.Store.EnsureConversation(ctx, c)
}

func (oc *opCounter) UpdateConversation(ctx context.Context, c *memory.Conversation) error {
	oc.add("UpdateConversation")
	return oc.Store.UpdateConversation(ctx, c)
}

func (oc *opCounter) PendingConversations(ctx context.Context, limit int) ([]memory.Conversation, error) {
	oc.add("PendingConversations")
	return oc.Store.PendingConversations(ctx, limit)
}

func (oc *opCounter) AppendMessage(ctx context.Context, m *memory.Message) error {
	oc.add("AppendMessage")
	return oc.Store.AppendMessage(ctx, m)
}

func (oc *opCounter) Messages(ctx context.Context, conversationID string, afterSeq int64, limit int) ([]memory.Message, error) {
	oc.add("Messages")
	return oc.Store.Messages(ctx, conversationID, afterSeq, limit)
}

func (oc *opCounter) RecentMessages(ctx context.Context, conversationID string, limit int) ([]memory.Message, error) {
	oc.add("RecentMessages")
	return oc.Store.RecentMessages(ctx, conversationID, limit)
}

func (oc *opCounter) EditMessage(ctx context.Context, conversationID, platformID, text string) error {
	oc.add("EditMessage")
	return oc.Store.EditMessage(ctx, conversationID, platformID, text)
}

func (oc *opCounter) DeleteMessage(ctx context.Context, conversationID, platformID string) error {
	oc.add("DeleteMessage")
	return oc.Store.DeleteMessage(ctx, conversationID, platformID)
}

func (oc *opCounter) DeleteMessagesBefore(ctx context.Context, t time.Time) (int64, error) {
	oc.add("DeleteMessagesBefore")
	return oc.Store.DeleteMessagesBefore(ctx, t)
}

func (oc *opCounter) InsertMemory(ctx context.Context, m *memory.Memory) error {
	oc.add("InsertMemory")
	return oc.Store.InsertMemory(ctx, m)
}

func (oc *opCounter) Memory(ctx context.Context, owner, id string) (memory.Memory, error) {
	oc.add("Memory")
	return oc.Store.Memory(ctx, owner, id)
}

func (oc *opCounter) UpdateMemory(ctx context.Context, m *memory.Memory) error {
	oc.add("UpdateMemory")
	return oc.Store.UpdateMemory(ctx, m)
}

func (oc *opCounter) ListMemories(ctx context.Context, q memory.MemoryQuery) ([]memory.Memory, error) {
	oc.add("ListMemories")
	return oc.Store.ListMemories(ctx, q)
}

func (oc *opCounter) CountMemories(ctx context.Context, q memory.MemoryQuery) (int64, error) {
	oc.add("CountMemories")
	return oc.Store.CountMemories(ctx, q)
}

func (oc *opCounter) TouchMemories(ctx context.Context, owner string, ids []string, t time.Time) error {
	oc.add("TouchMemories")
	return oc.Store.TouchMemories(ctx, owner, ids, t)
}

func (oc *opCounter) DeleteMemory(ctx context.Context, owner, id string) error {
	oc.add("DeleteMemory")
	return oc.Store.DeleteMemory(ctx, owner, id)
}

func (oc *opCounter) DeleteAllMemories(ctx context.Context, owner string) (int64, error) {
	oc.add("DeleteAllMemories")
	return oc.Store.DeleteAllMemories(ctx, owner)
}

func (oc *opCounter) CreatePerson(ctx context.Context, p *memory.Person) error {
	oc.add("CreatePerson")
	return oc.Store.CreatePerson(ctx, p)
}

func (oc *opCounter) DeletePersonMessages(ctx context.Context, personID string) (int64, error) {
	oc.add("DeletePersonMessages")
	return oc.Store.DeletePersonMessages(ctx, personID)
}

func (oc *opCounter) Setting(ctx context.Context, key string) (string, error) {
	oc.add("Setting")
	return oc.Store.Setting(ctx, key)
}

func (oc *opCounter) PutSetting(ctx context.Context, key, value string, expires time.Time) error {
	oc.add("PutSetting")
	return oc.Store.PutSetting(ctx, key, value, expires)
}

func (oc *opCounter) TakeSetting(ctx context.Context, key string) (string, error) {
	oc.add("TakeSetting")
	return oc.Store.TakeSetting(ctx, key)
}

func (oc *opCounter) DeleteSetting(ctx context.Context, key string) error {
	oc.add("DeleteSetting")
	return oc.Store.DeleteSetting(ctx, key)
}

func (oc *opCounter) DeleteSettings(ctx context.Context, prefix string) (int64, error) {
	oc.add("DeleteSettings")
	return oc.Store.DeleteSettings(ctx, prefix)
}

func (oc *opCounter) CountSettings(ctx context.Context, prefix string) (int64, error) {
	oc.add("CountSettings")
	return oc.Store.CountSettings(ctx, prefix)
}

func (oc *opCounter) StaleMemories(ctx context.Context, q memory.StaleQuery) ([]memory.Memory, error) {
	oc.add("StaleMemories")
	return oc.Store.StaleMemories(ctx, q)
}

func (oc *opCounter) MissingEmbeddings(ctx context.Context, model string, limit int) ([]memory.Memory, error) {
	oc.add("MissingEmbeddings")
	return oc.Store.MissingEmbeddings(ctx, model, limit)
}

func (oc *opCounter) SetEmbedding(ctx context.Context, owner, id string, version int64, e *memory.Embedding) error {
	oc.add("SetEmbedding")
	return oc.Store.SetEmbedding(ctx, owner, id, version, e)
}

func (oc *opCounter) Revision(ctx context.Context, owner string) (int64, error) {
	oc.add("Revision")
	return oc.Store.Revision(ctx, owner)
}

func (oc *opCounter) BumpRevision(ctx context.Context, owner string) error {
	oc.add("BumpRevision")
	return oc.Store.BumpRevision(ctx, owner)
}

func (oc *opCounter) QueueAnswer(ctx context.Context, a memory.Answer) error {
	oc.add("QueueAnswer")
	return oc.Store.QueueAnswer(ctx, a)
}

func (oc *opCounter) ClaimAnswer(ctx context.Context, q memory.ClaimQuery) (memory.Answer, error) {
	oc.add("ClaimAnswer")
	return oc.Store.ClaimAnswer(ctx, q)
}

func (oc *opCounter) RenewAnswers(ctx context.Context, holder string, until time.Time) (int64, error) {
	oc.add("RenewAnswers")
	return oc.Store.RenewAnswers(ctx, holder, until)
}

func (oc *opCounter) ReleaseAnswers(ctx context.Context, holder string) (int64, error) {
	oc.add("ReleaseAnswers")
	return oc.Store.ReleaseAnswers(ctx, holder)
}

func (oc *opCounter) FinishAnswer(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time) error {
	oc.add("FinishAnswer")
	return oc.Store.FinishAnswer(ctx, conversationID, platformID, holder, at, keepUntil)
}

func (oc *opCounter) DropAnswers(ctx context.Context, personID string) (int64, error) {
	oc.add("DropAnswers")
	return oc.Store.DropAnswers(ctx, personID)
}

func (oc *opCounter) FinishAnswerWithReply(ctx context.Context, conversationID, platformID, holder string, at, keepUntil time.Time, reply *memory.Message) error {
	oc.add("FinishAnswerWithReply")
	return oc.Store.FinishAnswerWithReply(ctx, conversationID, platformID, holder, at, keepUntil, reply)
}

func (oc *opCounter) QueueAnswerWithMessage(ctx context.Context, a memory.Answer, m *memory.Message) (bool, error) {
	oc.add("QueueAnswerWithMessage")
	return oc.Store.QueueAnswerWithMessage(ctx, a, m)
}

func (oc *opCounter) PurgeAnswers(ctx context.Context, now time.Time) (int64, error) {
	oc.add("PurgeAnswers")
	return oc.Store.PurgeAnswers(ctx, now)
}

func (oc *opCounter) Close() error {
	oc.add("Close")
	return oc.Store.Close()
}
