package extract

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// maxSourceIDs bounds the message ids kept in a memory's provenance.
const maxSourceIDs = 50

// errInactive aborts an update of a memory that left the active set
// between finding and writing it.
var errInactive = errors.New("memory is no longer active")

// apply writes the decisions of a batch through the memory service, which
// retries a change of an existing memory when another writer got there
// first; a target that vanished or stopped being active meanwhile turns the
// decision into an ADD. beforeWrite, when set, runs after the last model
// call and before the first write; its error stops the batch unwritten.
func (r *Reconciler) apply(ctx context.Context, owner string, batch []*work, out *Outcome, beforeWrite func(context.Context) error) error {
	r.embedMerged(ctx, batch, out)
	if beforeWrite != nil && len(batch) > 0 {
		if err := beforeWrite(ctx); err != nil {
			return err
		}
	}
	superseded := make(map[string]bool)
	for _, w := range batch {
		d := w.dec
		if d.target != nil && superseded[d.target.ID] && d.action != ActionNoop {
			d = decision{action: ActionAdd, reason: "target superseded in this batch"}
		}
		if d.action != ActionNoop && d.action != ActionConflict {
			for _, job := range w.jobs {
				if err := r.dropTown(ctx, owner, job); err != nil {
					return err
				}
			}
		}
		switch d.action {
		case ActionNoop:
			out.Noops++
		case ActionUpdate:
			m, err := r.update(ctx, owner, d, w.cand)
			if errors.Is(err, errInactive) || errors.Is(err, memory.ErrNotFound) {
				if err := r.insert(ctx, &w.cand, out); err != nil {
					return err
				}
				out.Added++
				continue
			}
			if err != nil {
				return err
			}
			out.Updated++
			out.Stored = append(out.Stored, m)
		case ActionSupersede:
			if err := r.supersede(ctx, owner, d, &w.cand, out); err != nil {
				return err
			}
			superseded[d.target.ID] = true
			for _, m := range d.also {
				if superseded[m.ID] || m.ID == d.target.ID {
					continue
				}
				ok, err := r.retire(ctx, owner, m.ID, w.cand.ID, d.reason)
				if err != nil {
					return err
				}
				if ok {
					superseded[m.ID] = true
					out.Superseded++
					out.Removed = append(out.Removed, m.ID)
				}
			}
		case ActionConflict:
			w.cand.Status = memory.StatusPendingReview
			if err := r.insert(ctx, &w.cand, out); err != nil {
				return err
			}
			out.Conflicts++
		default:
			if err := r.insert(ctx, &w.cand, out); err != nil {
				return err
			}
			out.Added++
		}
	}
	return nil
}

// insert stores a new memory.
func (r *Reconciler) insert(ctx context.Context, m *memory.Memory, out *Outcome) error {
	now := r.now()
	m.CreatedAt, m.UpdatedAt = now, now
	if err := r.mem.Insert(ctx, m); err != nil {
		return fmt.Errorf("insert memory: %w", err)
	}
	out.Stored = append(out.Stored, *m)
	return nil
}

// update merges a candidate into its target, keeping the old text in the
// history.
func (r *Reconciler) update(ctx context.Context, owner string, d decision, c memory.Memory) (memory.Memory, error) {
	text := d.text
	if text == "" || len([]rune(text)) > maxTextRunes || len(text) > memory.MaxMemoryText {
		text = c.Text
	}
	text = redact(text)
	now := r.now()
	return r.mem.Modify(ctx, owner, d.target.ID, func(m *memory.Memory) error {
		if m.Status != memory.StatusActive && m.Status != memory.StatusPendingReview {
			return errInactive
		}
		// When the statement comes from another conversation, the source
		// moves there: the history keeps where the old text came from, so
		// that forgetting the memory can erase those messages too.
		moved := m.Source.ConversationID != "" && m.Source.ConversationID != c.Source.ConversationID
		if text != m.Text || moved {
			v := memory.Version{Text: m.Text, Time: now, Reason: d.reason, Action: "update"}
			if moved {
				v.ConversationID, v.MessageIDs = m.Source.ConversationID, slices.Clone(m.Source.MessageIDs)
			}
			m.AddVersion(v)
		}
		if text != m.Text {
			m.Text = text
			m.Embedding = c.Embedding
		}
		m.Keywords = cleanTerms(slices.Concat(m.Keywords, c.Keywords), maxKeywords)
		m.Tags = cleanTerms(slices.Concat(m.Tags, c.Tags), maxTags)
		m.Importance = max(m.Importance, c.Importance)
		m.Confidence = max(m.Confidence, c.Confidence)
		if m.Subject == "" {
			m.Subject = c.Subject
		}
		if !c.EventTime.IsZero() {
			m.EventTime, m.ExpiresAt = c.EventTime, c.ExpiresAt
		}
		m.Source = mergeSource(m.Source, c.Source)
		m.UpdatedAt = now
		return nil
	})
}

// supersede stores the candidate as the replacement of its target; when
// the target was replaced or deleted meanwhile the new memory stands on its
// own and counts as added.
func (r *Reconciler) supersede(ctx context.Context, owner string, d decision, c *memory.Memory, out *Outcome) error {
	now := r.now()
	c.CreatedAt, c.UpdatedAt = now, now
	if planMovedTo(*c, *d.target) {
		if t, ok := movedPlanText(*c, *d.target); ok && rewritesPlan(*c, *d.target, r.tok) {
			c.Text = t
		}
		keepPlanKind(c, *d.target)
	}
	linked, err := r.mem.Supersede(ctx, owner, d.target.ID, c, d.reason)
	if err != nil {
		if c.ID != "" {
			out.Stored = append(out.Stored, *c)
		}
		return fmt.Errorf("supersede memory %s: %w", d.target.ID, err)
	}
	out.Stored = append(out.Stored, *c)
	if !linked {
		out.Added++
		return nil
	}
	out.Superseded++
	out.Removed = append(out.Removed, d.target.ID)
	return nil
}

// retire marks owner's memory id (active or pending review) as replaced
// by the memory byID, keeping its text in the history: a further memory
// one change ends. A memory superseded or deleted meanwhile is left alone
// (false).
func (r *Reconciler) retire(ctx context.Context, owner, id, byID, reason string) (bool, error) {
	now := r.now()
	_, err := r.mem.Modify(ctx, owner, id, func(m *memory.Memory) error {
		if m.Status != memory.StatusActive && m.Status != memory.StatusPendingReview {
			return errInactive
		}
		m.AddVersion(memory.Version{Text: m.Text, Time: now, Reason: reason, Action: "supersede", LinkedID: byID})
		m.Status = memory.StatusSuperseded
		m.SupersededBy = byID
		m.UpdatedAt = now
		return nil
	})
	switch {
	case errors.Is(err, errInactive), errors.Is(err, memory.ErrNotFound):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("supersede memory %s: %w", id, err)
	}
	return true, nil
}

// embedMerged embeds the merged texts of updates in one call; on failure
// the updated memories lose their (now stale) vector until back-filled.
func (r *Reconciler) embedMerged(ctx context.Context, batch []*work, out *Outcome) {
	var texts []string
	var targets []*work
	for _, w := range batch {
		if w.dec.action != ActionUpdate || w.dec.text == "" || w.dec.text == w.cand.Text {
			continue
		}
		texts = append(texts, w.dec.text)
		targets = append(targets, w)
	}
	if len(texts) == 0 {
		return
	}
	vecs := r.embed(ctx, texts, out)
	for i, w := range targets {
		w.cand.Embedding = nil
		if vecs != nil {
			w.cand.Embedding = &memory.Embedding{Model: r.client.EmbeddingModel(), Vector: vecs[i]}
		}
	}
}

// mergeSource combines the provenance of an updated memory: message ids of
// the same conversation accumulate; a statement in another conversation
// becomes the source (the old one is implied by the history).
func mergeSource(old, add memory.Source) memory.Source {
	if old.ConversationID != add.ConversationID || old.Platform != add.Platform {
		return add
	}
	ids := slices.Clone(old.MessageIDs)
	for _, id := range add.MessageIDs {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	if len(ids) > maxSourceIDs {
		ids = ids[len(ids)-maxSourceIDs:]
	}
	merged := add
	merged.MessageIDs = ids
	if old.Excerpt != "" && add.Excerpt != "" && !strings.Contains(old.Excerpt, add.Excerpt) {
		merged.Excerpt = text.Truncate(old.Excerpt+" / "+add.Excerpt, maxExcerptRunes)
	}
	return merged
}
