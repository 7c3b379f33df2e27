package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/membot/membot/memory"
)

// RecentRepliesMax is how many of a person's last replies are kept with
// the memories that went into them (the panel's "recent replies").
const RecentRepliesMax = 20

// recentCachedMax bounds the people whose recent replies this process
// keeps; past it, one is forgotten here (and read back from the store at
// its next reply).
const recentCachedMax = 1000

// The last RecentRepliesMax replies of a person live in the one why
// record, the last reply's with the others in Earlier, so that recording
// a reply stays the single write that rides on the reply's capture
// (FinishAnswerWithReply). The replies before it come from what this
// process last wrote or read for the person; only the first reply to a
// person after a start (or after they left the cache) reads the record
// first. A reply another replica recorded since this one last read the
// record is not in that list, and the next write here leaves it out: the
// list is the replies as the replicas answering a person saw them, which
// is exact while one replica answers them.

// replies returns r and the replies before it, newest first.
func (r whyRecord) replies() []whyRecord {
	head := r
	head.Earlier = nil
	return append([]whyRecord{head}, r.Earlier...)
}

// sameRecord reports whether a and b record the same reply.
func sameRecord(a, b whyRecord) bool {
	return a.At.Equal(b.At) && a.ConversationID == b.ConversationID && a.MessageID == b.MessageID
}

// mergeReplies returns the replies of a and b, each once, newest first,
// at most RecentRepliesMax.
func mergeReplies(a, b []whyRecord) []whyRecord {
	out := slices.Clone(a)
	for _, r := range b {
		if !slices.ContainsFunc(out, func(o whyRecord) bool { return sameRecord(o, r) }) {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(x, y whyRecord) int { return y.At.Compare(x.At) })
	return out[:min(len(out), RecentRepliesMax)]
}

// remember keeps list as the person's recent replies in this process,
// merged with what it already held.
func (w *injections) remember(personID string, list []whyRecord) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.rememberLocked(personID, mergeReplies(list, w.recent[personID]))
}

func (w *injections) rememberLocked(personID string, list []whyRecord) {
	if _, ok := w.recent[personID]; !ok && len(w.recent) >= recentCachedMax {
		for k := range w.recent {
			delete(w.recent, k)
			break
		}
	}
	w.recent[personID] = list
}

// cached returns the person's recent replies held here.
func (w *injections) cached(personID string) ([]whyRecord, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	list, ok := w.recent[personID]
	return list, ok
}

// withEarlier returns the stored form of rec, the person's new last reply:
// rec with the replies before it, those known here, else read from the
// store. The list also becomes what this process knows. Replies past
// whyTTL, and the oldest ones while the record is over
// memory.MaxSettingValue, are left out.
func (w *injections) withEarlier(ctx context.Context, personID string, rec whyRecord) (string, error) {
	if _, ok := w.cached(personID); !ok {
		stored, err := w.fromStore(ctx, personID)
		switch {
		case err == nil:
			w.remember(personID, stored.replies())
		case !errors.Is(err, memory.ErrNotFound):
			w.log.Warn("why record unreadable; the earlier replies are left out of the new one", "person", personID, "err", err)
		}
	}
	w.mu.Lock()
	list := mergeReplies([]whyRecord{rec}, w.recent[personID])
	list = slices.DeleteFunc(list, func(r whyRecord) bool { return r.At.Before(rec.At.Add(-whyTTL)) })
	w.rememberLocked(personID, list)
	w.mu.Unlock()
	for n := len(list); ; n-- {
		head := list[0]
		head.Earlier = list[1:n]
		raw, err := json.Marshal(head)
		if err != nil {
			return "", fmt.Errorf("encode why record: %w", err)
		}
		if len(raw) <= memory.MaxSettingValue || n == 1 {
			return string(raw), nil
		}
	}
}

// RecentReplies returns what went into the person's last replies, newest
// first, at most limit (and RecentRepliesMax; all of those when limit is
// not positive): each reply with its memories as they are now, forgotten
// ones left out, as "/memories why" shows the last one. It reads the
// store's record, merged with the replies this process made that may not
// have reached it yet.
func (e *Engine) RecentReplies(ctx context.Context, personID string, limit int) ([]Injection, error) {
	return e.why.recentReplies(ctx, personID, limit)
}

func (w *injections) recentReplies(ctx context.Context, personID string, limit int) ([]Injection, error) {
	if limit <= 0 || limit > RecentRepliesMax {
		limit = RecentRepliesMax
	}
	local, haveLocal := w.cached(personID)
	rec, err := w.fromStore(ctx, personID)
	var list []whyRecord
	switch {
	case err == nil:
		list = mergeReplies(rec.replies(), local)
		w.remember(personID, list)
	case errors.Is(err, memory.ErrNotFound):
		list = local
	case haveLocal:
		w.log.Warn("why record unreadable in the store; using this process's", "person", personID, "err", err)
		list = local
	default:
		return nil, err
	}
	type found struct {
		m  memory.Memory
		ok bool
	}
	seen := map[[2]string]found{}
	out := make([]Injection, 0, min(limit, len(list)))
	for _, r := range list[:min(limit, len(list))] {
		in := Injection{At: r.At, ConversationID: r.ConversationID, MessageID: r.MessageID}
		for _, it := range r.Items {
			if it.Owner != personID && !memory.IsGuildOwner(it.Owner) {
				continue
			}
			key := [2]string{it.Owner, it.ID}
			f, ok := seen[key]
			if !ok {
				m, err := w.memories.Memory(ctx, it.Owner, it.ID)
				if err != nil && !errors.Is(err, memory.ErrNotFound) {
					return nil, fmt.Errorf("recent replies of %s: %w", personID, err)
				}
				f = found{m: m, ok: err == nil}
				seen[key] = f
			}
			if f.ok {
				in.Memories = append(in.Memories, Recalled{Memory: f.m, Score: it.Score, Parts: it.Parts})
			}
		}
		out = append(out, in)
	}
	return out, nil
}
