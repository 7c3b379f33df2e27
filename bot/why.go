package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/membot/membot/memory"
)

// Injection records which memories went into a person's last reply.
type Injection struct {
	// At is when the reply was made.
	At time.Time
	// ConversationID and MessageID name the message it answered.
	ConversationID string
	MessageID      string
	// Memories are what went into the prompt, best first.
	Memories []Recalled
}

// whyTTL is how long the record behind "/memories why" is kept.
const whyTTL = 30 * 24 * time.Hour

// whyRecord is what went into a person's last reply, as persisted: ids
// and scores only, so that a forgotten or edited memory is never shown
// from here in its old form. The stored record is the last reply's, with
// the replies before it in Earlier (see why_recent.go); a record written
// before there was Earlier reads as a single reply.
type whyRecord struct {
	At             time.Time `json:"at"`
	ConversationID string    `json:"conversation_id"`
	MessageID      string    `json:"message_id"`
	Items          []whyItem `json:"items"`
	// Earlier are the replies before this one, newest first, without
	// their own Earlier.
	Earlier []whyRecord `json:"earlier,omitempty"`
}

type whyItem struct {
	Owner string             `json:"owner"`
	ID    string             `json:"id"`
	Score float64            `json:"score"`
	Parts map[string]float64 `json:"parts,omitempty"`
}

// injections remember what went into each person's last reply, for
// "/memories why": in the process, and in the store so that the record
// survives a restart and is seen by every replica.
type injections struct {
	settings Settings
	memories memoryReader
	work     *workers
	log      *slog.Logger
	now      func() time.Time

	mu   sync.Mutex
	last map[string]localInjection // person id → last reply here
	// recent are the replies of each person as this process last wrote
	// or read them, newest first: the next record is written over them
	// without reading the store again.
	recent map[string][]whyRecord
}

// localInjection is the last reply this process made to a person, and
// whether its record has reached the store.
type localInjection struct {
	Injection
	stored bool
}

// sameReply reports whether a and b record the same reply.
func sameReply(a Injection, b whyRecord) bool {
	return a.At.Equal(b.At) && a.ConversationID == b.ConversationID && a.MessageID == b.MessageID
}

// memoryReader is the one memory read a why record needs, to show each
// memory as it is now.
type memoryReader interface {
	Memory(ctx context.Context, owner, id string) (memory.Memory, error)
}

// whyWrite is a why record on its way to the store.
type whyWrite struct {
	person  string
	in      Injection
	setting memory.Setting
}

// record remembers what went into t's reply. It runs inside a reply job.
// A reply captured as its queue entry is marked done carries the record
// in the same store call (t.reply, see queuedJobWith); any other has it
// written on a tracked goroutine.
func (w *injections) record(ctx context.Context, t turn, recalled []Recalled) {
	if t.person.ID == "" { // answered while the store was down
		return
	}
	in := Injection{At: w.now(), ConversationID: t.conv.ID, MessageID: t.msg.ID, Memories: recalled}
	w.mu.Lock()
	w.last[t.person.ID] = localInjection{Injection: in}
	w.mu.Unlock()
	rec := whyRecord{At: in.At, ConversationID: in.ConversationID, MessageID: in.MessageID}
	for _, r := range recalled {
		rec.Items = append(rec.Items, whyItem{Owner: r.Memory.Owner, ID: r.Memory.ID, Score: r.Score, Parts: r.Parts})
	}
	raw, err := w.withEarlier(ctx, t.person.ID, rec)
	if err != nil {
		w.log.Warn("encode why record", "err", err)
		return
	}
	ww := whyWrite{person: t.person.ID, in: in,
		setting: memory.Setting{Key: memory.WhyKey(t.person.ID), Value: raw, Expires: in.At.Add(whyTTL)}}
	if t.reply != nil {
		t.reply.why = &ww
		return
	}
	w.putLater(ww)
}

// putLater writes ww on its own, on a tracked goroutine.
func (w *injections) putLater(ww whyWrite) {
	w.work.goTracked(func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := w.settings.PutSetting(ctx, ww.setting.Key, ww.setting.Value, ww.setting.Expires); err != nil {
			w.log.Warn("store why record", "person", ww.person, "err", err)
			return
		}
		w.stored(ww)
	})
}

// stored notes that ww reached the store, unless a later reply to the
// person replaced it here.
func (w *injections) stored(ww whyWrite) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if l, ok := w.last[ww.person]; ok && l.At.Equal(ww.in.At) && l.MessageID == ww.in.MessageID {
		l.stored = true
		w.last[ww.person] = l
	}
}

// inProcess returns the record this process holds for a person.
func (w *injections) inProcess(personID string) (localInjection, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	in, ok := w.last[personID]
	return in, ok
}

// load returns what went into the person's last reply, with each memory
// as it is now (gone ones left out). The store's record is the last
// reply of any replica, so it wins; this process's copy is used when it
// records the same reply (it already leaves out what was forgotten here),
// when its own write has not reached the store yet and nothing newer is
// there, and when the store cannot be read.
func (w *injections) load(ctx context.Context, personID string) (Injection, error) {
	local, haveLocal := w.inProcess(personID)
	rec, err := w.fromStore(ctx, personID)
	found := err == nil
	if err != nil && !errors.Is(err, memory.ErrNotFound) {
		if !haveLocal {
			return Injection{}, err
		}
		w.log.Warn("why record unreadable in the store; using this process's", "person", personID, "err", err)
	}
	if found {
		w.remember(personID, rec.replies())
	}
	if haveLocal && (!found || sameReply(local.Injection, rec) || (!local.stored && !rec.At.After(local.At))) {
		return w.fresh(ctx, local.Injection)
	}
	if !found {
		return Injection{}, nil
	}
	in := Injection{At: rec.At, ConversationID: rec.ConversationID, MessageID: rec.MessageID}
	for _, it := range rec.Items {
		if it.Owner != personID && !memory.IsGuildOwner(it.Owner) {
			continue
		}
		m, err := w.memories.Memory(ctx, it.Owner, it.ID)
		if err != nil {
			continue
		}
		in.Memories = append(in.Memories, Recalled{Memory: m, Score: it.Score, Parts: it.Parts})
	}
	return in, nil
}

// fromStore reads the person's record from the store: memory.ErrNotFound
// when there is none (or it cannot be decoded).
func (w *injections) fromStore(ctx context.Context, personID string) (whyRecord, error) {
	raw, err := w.settings.Setting(ctx, memory.WhyKey(personID))
	if err != nil {
		return whyRecord{}, fmt.Errorf("load why record: %w", err)
	}
	var rec whyRecord
	if err := json.Unmarshal([]byte(raw), &rec); err != nil {
		return whyRecord{}, fmt.Errorf("decode why record: %v: %w", err, memory.ErrNotFound)
	}
	return rec, nil
}

// fresh reads each memory of in again: another replica may have
// forgotten or edited it since the reply.
func (w *injections) fresh(ctx context.Context, in Injection) (Injection, error) {
	out := in
	out.Memories = nil
	for _, r := range in.Memories {
		m, err := w.memories.Memory(ctx, r.Memory.Owner, r.Memory.ID)
		if errors.Is(err, memory.ErrNotFound) {
			continue
		}
		if err != nil {
			return Injection{}, fmt.Errorf("load why record: %w", err)
		}
		r.Memory = m
		out.Memories = append(out.Memories, r)
	}
	return out, nil
}

// forget drops erased or rewritten memories from the records: the
// owner's, and everyone's for a server's notes.
func (w *injections) forget(owner string, gone []memory.Memory) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for person, in := range w.last {
		if person != owner && !memory.IsGuildOwner(owner) {
			continue
		}
		kept := in.Memories[:0:0]
		for _, r := range in.Memories {
			if !slices.ContainsFunc(gone, func(g memory.Memory) bool { return g.ID == r.Memory.ID && g.Owner == r.Memory.Owner }) {
				kept = append(kept, r)
			}
		}
		in.Memories = kept
		w.last[person] = in
	}
}

// drop forgets a person's record in this process (after forgetting all
// their memories, or merging them into another person).
func (w *injections) drop(personID string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.last, personID)
	delete(w.recent, personID)
}

// LastInjection returns what went into a person's last reply in this
// process.
func (e *Engine) LastInjection(personID string) (Injection, bool) {
	in, ok := e.why.inProcess(personID)
	return in.Injection, ok
}
