package recall

import (
	"strings"

	"github.com/membot/membot/memory"
)

// MemoryDoc turns a memory into a retrievable document: its text, with
// keywords, tags and subject as keywords, dated by its event or creation.
func MemoryDoc(m memory.Memory) Doc {
	kw := make([]string, 0, len(m.Keywords)+len(m.Tags)+1)
	kw = append(kw, m.Keywords...)
	kw = append(kw, m.Tags...)
	if m.Subject != "" {
		kw = append(kw, strings.NewReplacer("_", " ", "-", " ", ".", " ", ":", " ").Replace(m.Subject))
	}
	d := Doc{ID: m.ID, Text: m.Text, Keywords: kw, Time: m.CreatedAt}
	if !m.EventTime.IsZero() {
		d.Time = m.EventTime
	}
	if m.Embedding != nil {
		d.Vector = m.Embedding.Vector
	}
	return d
}
