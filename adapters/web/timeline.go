package web

import (
	"time"

	"github.com/membot/membot/memory"
)

// version is one entry of a memory's timeline: an earlier text (from a
// memory's history, labelled by what replaced it) or a memory of the
// supersession chain as it stands.
type version struct {
	Time     time.Time
	MemoryID string
	Text     string
	// Label says what the entry is: "before edit", "before
	// supersession", … for an earlier text; the status for a memory as
	// it stands.
	Label  string
	Reason string
	// Linked is the memory that replaced this text, when one did.
	Linked string
	// Current marks the memory as it stands; This the one the page is
	// about.
	Current bool
	This    bool
}

// timeline lists every version of the chain (service.History's order:
// what this memory superseded, oldest first, then it, then what
// superseded it): each memory's earlier texts, then the memory itself.
func timeline(chain []memory.Memory, id, lang string) []version {
	n := 0
	for _, m := range chain {
		n += len(m.History) + 1
	}
	out := make([]version, 0, n)
	for _, m := range chain {
		for _, h := range m.History {
			out = append(out, version{Time: h.Time, MemoryID: m.ID, Text: h.Text, Label: actionLabel(lang, h.Action),
				Reason: h.Reason, Linked: h.LinkedID})
		}
		out = append(out, version{Time: m.UpdatedAt, MemoryID: m.ID, Text: m.Text, Label: statusLabel(lang, m.Status),
			Linked: m.SupersededBy, Current: true, This: m.ID == id})
	}
	return out
}
