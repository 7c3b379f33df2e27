package extract

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// ownerSubjects returns the owner's subjects for the extractor (the
// model reuses their keys, the rules read corrections of a detail against
// them): read once per run from the memory service, when it lists
// subjects, then kept up to date with what the run stores, so windows
// cost no further reads. A failed read is logged and extraction goes on
// without them.
func (r *run) ownerSubjects(ctx context.Context, owner string) []Subject {
	if got, ok := r.subjects[owner]; ok {
		return got
	}
	lister, ok := r.p.opts.Memories.(SubjectLister)
	if !ok {
		r.subjects[owner] = nil
		return nil
	}
	ms, err := lister.Subjects(ctx, owner, MaxSubjects)
	if err != nil {
		r.p.log.Warn("could not list the owner's subjects; extracting without them", "owner", owner, "err", err)
		ms = nil
	}
	var out []Subject
	for _, m := range ms {
		out = addSubject(out, m)
	}
	r.subjects[owner] = out
	return out
}

// noteSubjects adds the subjects of newly extracted candidates, newest
// first, to the run's cache for owner.
func (r *run) noteSubjects(owner string, ms []memory.Memory) {
	cur, ok := r.subjects[owner]
	if !ok {
		return
	}
	for _, m := range slices.Backward(ms) {
		cur = addSubject(cur, m)
	}
	r.subjects[owner] = cur
}

// addSubject puts m's subject first in list (replacing an entry of the
// same key), keeping at most MaxSubjects. The line is the memory's whole
// text: the rules rewrite it when a detail changes, and a clipped one
// would become a memory cut mid-word. The model's prompt clips it
// (promptSubjects).
func addSubject(list []Subject, m memory.Memory) []Subject {
	key := strings.TrimSpace(m.Subject)
	if key == "" {
		return list
	}
	list = slices.DeleteFunc(list, func(s Subject) bool { return subject.Same(s.Key, key) })
	list = slices.Insert(list, 0, subjectOf(key, m))
	return list[:min(len(list), MaxSubjects)]
}

// correctedNeighbours bounds the memories looked up for one correction.
const correctedNeighbours = 8

// correctedSubjects adds to subjects, for the rules, the owner's memories
// resembling each of the owner's lines in window that corrects a detail
// ("scratch that about the hives, it's three now") or says a change: the
// subject list holds one memory per subject, and the detail may be in an
// older memory of a subject that has many (a relative's), or in one kept
// without a subject. A failed lookup is logged and the list is returned
// as it was.
func (r *run) correctedSubjects(ctx context.Context, owner string, window []Line, subjects []Subject) []Subject {
	if _, rules := r.p.extractor.(RuleExtractor); !rules {
		return subjects
	}
	out := subjects
	for _, l := range window {
		if !l.Source || l.PersonID != owner || l.Role != memory.RoleUser {
			continue
		}
		detail, said := correctsDetail(l.Text), saysChange(l.Text)
		if !detail && !said {
			continue
		}
		moved := movesPlan(l.Text)
		ms, err := r.p.opts.Memories.Similar(ctx, owner, l.Text, "", nil, correctedNeighbours)
		if err != nil {
			r.p.log.Warn("could not look up what a correction is about", "owner", owner, "err", err)
			return subjects
		}
		for _, m := range ms {
			// A change said in passing may change a memory that has no
			// subject ("优甲乐加量了" of "一直吃优甲乐，50微克"); knownChange
			// asks more shared words of those.
			// A plan is such a memory only for a line that moves one ("now
			// we sail on June 21st instead").
			keyed := strings.TrimSpace(m.Subject) != ""
			plan := m.Type == memory.TypeEvent || m.Type == memory.TypeTask
			if m.Owner != owner || m.Status != memory.StatusActive || !keyed && (!said || plan && !moved) {
				continue
			}
			if s := subjectOf(m.Subject, m); !slices.ContainsFunc(out, func(o Subject) bool { return o.Text == s.Text }) {
				out = append(slices.Clip(out), s)
			}
		}
	}
	return out
}

// dropExpired leaves out the rules' candidates whose time is over by now
// (a plan read from an imported chat of years ago): recall never shows
// them and reconciliation cannot see them, so each restatement in another
// window would store one more copy.
func dropExpired(ms []memory.Memory, now time.Time) []memory.Memory {
	return slices.DeleteFunc(ms, func(m memory.Memory) bool { return !m.ExpiresAt.IsZero() && !m.ExpiresAt.After(now) })
}

// promptSubjects is what the model is shown of subjects: at most
// MaxSubjects, each line clipped to subjectTextRunes, to keep the prompt
// small.
func promptSubjects(subjects []Subject) []Subject {
	out := make([]Subject, 0, min(len(subjects), MaxSubjects))
	for _, s := range subjects[:min(len(subjects), MaxSubjects)] {
		out = append(out, Subject{Key: s.Key, Text: text.Truncate(s.Text, subjectTextRunes)})
	}
	return out
}

// subjectOf is the subject line of m for the extractor: its whole text
// on one line.
func subjectOf(key string, m memory.Memory) Subject {
	return Subject{Key: key, Text: strings.Join(strings.Fields(m.Text), " "), Plan: m.Type == memory.TypeEvent}
}
