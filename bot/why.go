package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
)

// whyTTL is how long the record behind "/memories why" is kept.
const whyTTL = 30 * 24 * time.Hour

// whyRecord is what went into a person's last reply, as persisted: ids
// and scores only, so that a forgotten or edited memory is never shown
// from here in its old form.
type whyRecord struct {
	At             time.Time `json:"at"`
	ConversationID string    `json:"conversation_id"`
	MessageID      string    `json:"message_id"`
	Items          []whyItem `json:"items"`
}

type whyItem struct {
	Owner string             `json:"owner"`
	ID    string             `json:"id"`
	Score float64            `json:"score"`
	Parts map[string]float64 `json:"parts,omitempty"`
}

func whyKey(personID string) string { return "why:" + personID }

// recordInjection remembers what went into the person's last reply, for
// "/memories why": in the process, and in the store so that it survives a
// restart and is seen by every replica.
func (e *Engine) recordInjection(t turn, recalled []Recalled) {
	if t.person.ID == "" { // answered while the store was down
		return
	}
	in := Injection{At: e.opts.Now(), ConversationID: t.conv.ID, MessageID: t.msg.ID, Memories: recalled}
	e.mu.Lock()
	e.injected[t.person.ID] = in
	e.mu.Unlock()
	rec := whyRecord{At: in.At, ConversationID: in.ConversationID, MessageID: in.MessageID}
	for _, r := range recalled {
		rec.Items = append(rec.Items, whyItem{Owner: r.Memory.Owner, ID: r.Memory.ID, Score: r.Score, Parts: r.Parts})
	}
	raw, err := json.Marshal(rec)
	if err != nil {
		e.log.Warn("encode why record", "err", err)
		return
	}
	person := t.person.ID
	e.goBackground(func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := e.settings.PutSetting(ctx, whyKey(person), string(raw), in.At.Add(whyTTL)); err != nil {
			e.log.Warn("store why record", "person", person, "err", err)
		}
	})
}

// lastInjection returns what went into the person's last reply, from this
// process or else from the store, with each memory as it is now (gone ones
// left out).
func (e *Engine) lastInjection(ctx context.Context, personID string) (Injection, error) {
	if in, ok := e.LastInjection(personID); ok {
		return in, nil
	}
	raw, err := e.settings.Setting(ctx, whyKey(personID))
	if errors.Is(err, memory.ErrNotFound) {
		return Injection{}, nil
	}
	if err != nil {
		return Injection{}, fmt.Errorf("load why record: %w", err)
	}
	var rec whyRecord
	if err := json.Unmarshal([]byte(raw), &rec); err != nil {
		return Injection{}, nil // an unreadable record is as good as none
	}
	in := Injection{At: rec.At, ConversationID: rec.ConversationID, MessageID: rec.MessageID}
	for _, it := range rec.Items {
		if it.Owner != personID && !memory.IsGuildOwner(it.Owner) {
			continue
		}
		m, err := e.mems.Memory(ctx, it.Owner, it.ID)
		if err != nil {
			continue
		}
		in.Memories = append(in.Memories, Recalled{Memory: m, Score: it.Score, Parts: it.Parts})
	}
	return in, nil
}
