package extract

import "github.com/membot/membot/memory"

// A candidate that says again what is stored, or what an earlier
// candidate of the batch says, is a duplicate: it is counted and not
// written, unless it is a value set aside for review said again.

// duplicateOf returns the existing memory whose text equals c's once
// normalised (an active one before one pending review), or nil.
func duplicateOf(c memory.Memory, near []memory.Memory) *memory.Memory {
	n := Normalize(c.Text)
	var found *memory.Memory
	for i := range near {
		if Normalize(near[i].Text) != n {
			continue
		}
		if near[i].Status == memory.StatusActive {
			return &near[i]
		}
		if found == nil {
			found = &near[i]
		}
	}
	return found
}

// setAsideValue returns dup when c says again a value of a single-valued
// subject that was set aside for review because another value stands
// ("Lives in Hooli" pending, "Lives in Lisbon" active) and c was said no
// earlier than the standing one: the person says it is true again, so c
// is no duplicate but the current value, and dup goes with the one it
// supersedes. Otherwise (dup active, or c older) it returns nil.
func setAsideValue(c memory.Memory, dup memory.Memory, near []memory.Memory) *memory.Memory {
	if dup.Status != memory.StatusPendingReview || !singleValued(c.Subject) {
		return nil
	}
	for _, m := range near {
		if m.Status == memory.StatusActive && sameSubject(c.Subject, m.Subject) &&
			Normalize(m.Text) != Normalize(c.Text) && !c.Source.Time.Before(m.Source.Time) {
			return &dup
		}
	}
	return nil
}

// duplicateIn reports whether c repeats a candidate already in the batch.
func duplicateIn(c memory.Memory, batch []*work) bool {
	n := Normalize(c.Text)
	for _, w := range batch {
		if Normalize(w.cand.Text) == n {
			return true
		}
	}
	return false
}
