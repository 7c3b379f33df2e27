package storetest

import (
	"context"
	"fmt"
	"reflect"
	"sync"
	"time"

	"github.com/membot/membot/memory"
)

// Faulty wraps a Store and makes chosen calls fail, to test that callers
// leave nothing half-done. Methods are named as in memory.Store
// ("DeleteMemory", "MoveIdentity", …). It is safe for concurrent use.
//
// Every method is wrapped explicitly (the wrapped store is not embedded),
// so a method added to memory.Store breaks the build here instead of
// passing by without faults. A call that fails reports an error wrapping
// the one given, so errors.Is sees it.
type Faulty struct {
	s memory.Store

	mu     sync.Mutex
	calls  map[string]int
	faults map[string][]fault
	always map[string]error
	// late are the calls held back by LandLate, by the method whose next
	// call lets them through; landed counts those let through.
	late   map[string][]func() error
	landed map[string]int
}

// fault fails one call of a method: the call numbered at.
type fault struct {
	at  int
	err error
	// after lets the call reach the store before it reports err.
	after bool
	// until, when set, lets the call reach the store only after the next
	// call of that method.
	until string
}

var _ memory.Store = (*Faulty)(nil)

// NewFaulty wraps s; until told otherwise every call passes through.
func NewFaulty(s memory.Store) *Faulty {
	return &Faulty{s: s, calls: map[string]int{}, faults: map[string][]fault{}, always: map[string]error{},
		late: map[string][]func() error{}, landed: map[string]int{}}
}

// FailOn makes the n-th (1-based, counted from now) call of method fail
// with err, without reaching the store; later calls pass. It panics for a
// method memory.Store does not have or an n below 1, so that a misspelt
// name cannot make a test that never fails.
func (f *Faulty) FailOn(method string, n int, err error) { f.add(method, n, fault{err: err}) }

// FailAfter makes the n-th (1-based, counted from now) call of method reach
// the store and then report err, as when the answer to a write that
// succeeded is lost. It panics as FailOn does.
func (f *Faulty) FailAfter(method string, n int, err error) {
	f.add(method, n, fault{err: err, after: true})
}

// LandLate makes the n-th (1-based, counted from now) call of method report
// err at once and reach the store only once the next call of until has
// returned: a write the server applies after the client gave up on it and
// went on (its connection reset while the server was busy). Landed counts
// such writes. It panics as FailOn does, also for until.
func (f *Faulty) LandLate(method string, n int, err error, until string) {
	checkMethod(until)
	f.add(method, n, fault{err: err, until: until})
}

// Landed counts the calls of method held back by LandLate that have since
// reached the store, whatever it answered them.
func (f *Faulty) Landed(method string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.landed[method]
}

func (f *Faulty) add(method string, n int, ft fault) {
	checkMethod(method)
	if n < 1 {
		panic(fmt.Sprintf("storetest: call number %d of %s is below 1", n, method))
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	ft.at = f.calls[method] + n
	f.faults[method] = append(f.faults[method], ft)
}

// FailAlways makes every call of method fail with err, without reaching
// the store, until Heal. It panics for a method memory.Store does not have.
func (f *Faulty) FailAlways(method string, err error) {
	checkMethod(method)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.always[method] = err
}

// Heal drops every fault still pending on the methods named, or on all of
// them when none is named.
func (f *Faulty) Heal(methods ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(methods) == 0 {
		clear(f.faults)
		clear(f.always)
		return
	}
	for _, m := range methods {
		delete(f.faults, m)
		delete(f.always, m)
	}
}

// Calls counts the calls of method so far, failed ones included.
func (f *Faulty) Calls(method string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls[method]
}

// checkMethod panics unless memory.Store has a method of that name.
func checkMethod(method string) {
	if _, ok := reflect.TypeFor[memory.Store]().MethodByName(method); !ok {
		panic(fmt.Sprintf("storetest: memory.Store has no method %q", method))
	}
}

// call counts one call of method and runs it unless a fault stops it
// first; a fault due after the call replaces run's error.
func (f *Faulty) call(method string, run func() error) error {
	f.mu.Lock()
	f.calls[method]++
	n := f.calls[method]
	var due *fault
	if err, ok := f.always[method]; ok {
		due = &fault{err: err}
	} else {
		pending := f.faults[method][:0]
		for _, ft := range f.faults[method] {
			if ft.at == n && due == nil {
				due = &ft
			} else {
				pending = append(pending, ft)
			}
		}
		f.faults[method] = pending
	}
	f.mu.Unlock()
	defer f.landHeld(method)

	if due == nil {
		return run()
	}
	switch {
	case due.until != "":
		f.mu.Lock()
		f.late[due.until] = append(f.late[due.until], func() error {
			f.mu.Lock()
			f.landed[method]++
			f.mu.Unlock()
			return run()
		})
		f.mu.Unlock()
	case due.after:
		_ = run()
	}
	return fmt.Errorf("%s (call %d, injected): %w", method, n, due.err)
}

// landHeld lets through the calls LandLate held back until a call of
// method.
func (f *Faulty) landHeld(method string) {
	f.mu.Lock()
	held := f.late[method]
	delete(f.late, method)
	f.mu.Unlock()
	for _, run := range held {
		_ = run()
	}
}

// ResolveIdentity is memory.Store.ResolveIdentity, with faults.
func (f *Faulty) ResolveIdentity(ctx context.Context, platform, userID, username string) (p memory.Person, err error) {
	err = f.call("ResolveIdentity", func() (err error) { p, err = f.s.ResolveIdentity(ctx, platform, userID, username); return })
	return p, err
}

// Person is memory.Store.Person, with faults.
func (f *Faulty) Person(ctx context.Context, id string) (p memory.Person, err error) {
	err = f.call("Person", func() (err error) { p, err = f.s.Person(ctx, id); return })
	return p, err
}

// UpdatePerson is memory.Store.UpdatePerson, with faults.
func (f *Faulty) UpdatePerson(ctx context.Context, p *memory.Person) error {
	return f.call("UpdatePerson", func() error { return f.s.UpdatePerson(ctx, p) })
}

// Identities is memory.Store.Identities, with faults.
func (f *Faulty) Identities(ctx context.Context, personID string) (out []memory.Identity, err error) {
	err = f.call("Identities", func() (err error) { out, err = f.s.Identities(ctx, personID); return })
	return out, err
}

// MoveIdentity is memory.Store.MoveIdentity, with faults.
func (f *Faulty) MoveIdentity(ctx context.Context, platform, userID, personID string) error {
	return f.call("MoveIdentity", func() error { return f.s.MoveIdentity(ctx, platform, userID, personID) })
}

// ReassignOwner is memory.Store.ReassignOwner, with faults.
func (f *Faulty) ReassignOwner(ctx context.Context, fromPersonID, toPersonID string) error {
	return f.call("ReassignOwner", func() error { return f.s.ReassignOwner(ctx, fromPersonID, toPersonID) })
}

// Conversation is memory.Store.Conversation, with faults.
func (f *Faulty) Conversation(ctx context.Context, id string) (c memory.Conversation, err error) {
	err = f.call("Conversation", func() (err error) { c, err = f.s.Conversation(ctx, id); return })
	return c, err
}

// EnsureConversation is memory.Store.EnsureConversation, with faults.
func (f *Faulty) EnsureConversation(ctx context.Context, c memory.Conversation) (out memory.Conversation, err error) {
	err = f.call("EnsureConversation", func() (err error) { out, err = f.s.EnsureConversation(ctx, c); return })
	return out, err
}

// UpdateConversation is memory.Store.UpdateConversation, with faults.
func (f *Faulty) UpdateConversation(ctx context.Context, c *memory.Conversation) error {
	return f.call("UpdateConversation", func() error { return f.s.UpdateConversation(ctx, c) })
}

// PendingConversations is memory.Store.PendingConversations, with faults.
func (f *Faulty) PendingConversations(ctx context.Context, limit int) (out []memory.Conversation, err error) {
	err = f.call("PendingConversations", func() (err error) { out, err = f.s.PendingConversations(ctx, limit); return })
	return out, err
}

// AppendMessage is memory.Store.AppendMessage, with faults.
func (f *Faulty) AppendMessage(ctx context.Context, m *memory.Message) error {
	return f.call("AppendMessage", func() error { return f.s.AppendMessage(ctx, m) })
}

// Messages is memory.Store.Messages, with faults.
func (f *Faulty) Messages(ctx context.Context, conversationID string, afterSeq int64, limit int) (out []memory.Message, err error) {
	err = f.call("Messages", func() (err error) { out, err = f.s.Messages(ctx, conversationID, afterSeq, limit); return })
	return out, err
}

// RecentMessages is memory.Store.RecentMessages, with faults.
func (f *Faulty) RecentMessages(ctx context.Context, conversationID string, limit int) (out []memory.Message, err error) {
	err = f.call("RecentMessages", func() (err error) { out, err = f.s.RecentMessages(ctx, conversationID, limit); return })
	return out, err
}

// EditMessage is memory.Store.EditMessage, with faults.
func (f *Faulty) EditMessage(ctx context.Context, conversationID, platformID, text string) error {
	return f.call("EditMessage", func() error { return f.s.EditMessage(ctx, conversationID, platformID, text) })
}

// DeleteMessage is memory.Store.DeleteMessage, with faults.
func (f *Faulty) DeleteMessage(ctx context.Context, conversationID, platformID string) error {
	return f.call("DeleteMessage", func() error { return f.s.DeleteMessage(ctx, conversationID, platformID) })
}

// DeleteMessagesBefore is memory.Store.DeleteMessagesBefore, with faults.
func (f *Faulty) DeleteMessagesBefore(ctx context.Context, t time.Time) (n int64, err error) {
	err = f.call("DeleteMessagesBefore", func() (err error) { n, err = f.s.DeleteMessagesBefore(ctx, t); return })
	return n, err
}

// InsertMemory is memory.Store.InsertMemory, with faults.
func (f *Faulty) InsertMemory(ctx context.Context, m *memory.Memory) error {
	return f.call("InsertMemory", func() error { return f.s.InsertMemory(ctx, m) })
}

// Memory is memory.Store.Memory, with faults.
func (f *Faulty) Memory(ctx context.Context, owner, id string) (m memory.Memory, err error) {
	err = f.call("Memory", func() (err error) { m, err = f.s.Memory(ctx, owner, id); return })
	return m, err
}

// UpdateMemory is memory.Store.UpdateMemory, with faults.
func (f *Faulty) UpdateMemory(ctx context.Context, m *memory.Memory) error {
	return f.call("UpdateMemory", func() error { return f.s.UpdateMemory(ctx, m) })
}

// ListMemories is memory.Store.ListMemories, with faults.
func (f *Faulty) ListMemories(ctx context.Context, q memory.MemoryQuery) (out []memory.Memory, err error) {
	err = f.call("ListMemories", func() (err error) { out, err = f.s.ListMemories(ctx, q); return })
	return out, err
}

// CountMemories is memory.Store.CountMemories, with faults.
func (f *Faulty) CountMemories(ctx context.Context, q memory.MemoryQuery) (n int64, err error) {
	err = f.call("CountMemories", func() (err error) { n, err = f.s.CountMemories(ctx, q); return })
	return n, err
}

// TouchMemories is memory.Store.TouchMemories, with faults.
func (f *Faulty) TouchMemories(ctx context.Context, owner string, ids []string, t time.Time) error {
	return f.call("TouchMemories", func() error { return f.s.TouchMemories(ctx, owner, ids, t) })
}

// DeleteMemory is memory.Store.DeleteMemory, with faults.
func (f *Faulty) DeleteMemory(ctx context.Context, owner, id string) error {
	return f.call("DeleteMemory", func() error { return f.s.DeleteMemory(ctx, owner, id) })
}

// DeleteAllMemories is memory.Store.DeleteAllMemories, with faults.
func (f *Faulty) DeleteAllMemories(ctx context.Context, owner string) (n int64, err error) {
	err = f.call("DeleteAllMemories", func() (err error) { n, err = f.s.DeleteAllMemories(ctx, owner); return })
	return n, err
}

// CreatePerson is memory.Store.CreatePerson, with faults.
func (f *Faulty) CreatePerson(ctx context.Context, p *memory.Person) error {
	return f.call("CreatePerson", func() error { return f.s.CreatePerson(ctx, p) })
}

// DeletePersonMessages is memory.Store.DeletePersonMessages, with faults.
func (f *Faulty) DeletePersonMessages(ctx context.Context, personID string) (n int64, err error) {
	err = f.call("DeletePersonMessages", func() (err error) { n, err = f.s.DeletePersonMessages(ctx, personID); return })
	return n, err
}

// Setting is memory.Store.Setting, with faults.
func (f *Faulty) Setting(ctx context.Context, key string) (v string, err error) {
	err = f.call("Setting", func() (err error) { v, err = f.s.Setting(ctx, key); return })
	return v, err
}

// PutSetting is memory.Store.PutSetting, with faults.
func (f *Faulty) PutSetting(ctx context.Context, key, value string, expires time.Time) error {
	return f.call("PutSetting", func() error { return f.s.PutSetting(ctx, key, value, expires) })
}

// TakeSetting is memory.Store.TakeSetting, with faults.
func (f *Faulty) TakeSetting(ctx context.Context, key string) (v string, err error) {
	err = f.call("TakeSetting", func() (err error) { v, err = f.s.TakeSetting(ctx, key); return })
	return v, err
}

// DeleteSetting is memory.Store.DeleteSetting, with faults.
func (f *Faulty) DeleteSetting(ctx context.Context, key string) error {
	return f.call("DeleteSetting", func() error { return f.s.DeleteSetting(ctx, key) })
}

// DeleteSettings is memory.Store.DeleteSettings, with faults.
func (f *Faulty) DeleteSettings(ctx context.Context, prefix string) (n int64, err error) {
	err = f.call("DeleteSettings", func() (err error) { n, err = f.s.DeleteSettings(ctx, prefix); return })
	return n, err
}

// CountSettings is memory.Store.CountSettings, with faults.
func (f *Faulty) CountSettings(ctx context.Context, prefix string) (n int64, err error) {
	err = f.call("CountSettings", func() (err error) { n, err = f.s.CountSettings(ctx, prefix); return })
	return n, err
}

// StaleMemories is memory.Store.StaleMemories, with faults.
func (f *Faulty) StaleMemories(ctx context.Context, q memory.StaleQuery) (out []memory.Memory, err error) {
	err = f.call("StaleMemories", func() (err error) { out, err = f.s.StaleMemories(ctx, q); return })
	return out, err
}

// DueMemories is memory.Store.DueMemories, with faults.
func (f *Faulty) DueMemories(ctx context.Context, q memory.DueQuery) (out []memory.Memory, err error) {
	err = f.call("DueMemories", func() (err error) { out, err = f.s.DueMemories(ctx, q); return })
	return out, err
}

// MissingEmbeddings is memory.Store.MissingEmbeddings, with faults.
func (f *Faulty) MissingEmbeddings(ctx context.Context, model string, limit int) (out []memory.Memory, err error) {
	err = f.call("MissingEmbeddings", func() (err error) { out, err = f.s.MissingEmbeddings(ctx, model, limit); return })
	return out, err
}

// SetEmbedding is memory.Store.SetEmbedding, with faults.
func (f *Faulty) SetEmbedding(ctx context.Context, owner, id string, version int64, e *memory.Embedding) error {
	return f.call("SetEmbedding", func() error { return f.s.SetEmbedding(ctx, owner, id, version, e) })
}

// Revision is memory.Store.Revision, with faults.
func (f *Faulty) Revision(ctx context.Context, owner string) (r int64, err error) {
	err = f.call("Revision", func() (err error) { r, err = f.s.Revision(ctx, owner); return })
	return r, err
}

// BumpRevision calls the wrapped store unless a fault is due.
func (f *Faulty) BumpRevision(ctx context.Context, owner string) error {
	return f.call("BumpRevision", func() error { return f.s.BumpRevision(ctx, owner) })
}

// Close closes the wrapped store; a fault on "Close" is reported, but the
// wrapped store is closed all the same, so that tests release it.
func (f *Faulty) Close() error {
	err := f.call("Close", f.s.Close)
	if err != nil {
		_ = f.s.Close() // idempotent: a no-op when the call reached it
	}
	return err
}
