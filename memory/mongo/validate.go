package mongo

import (
	"fmt"
	"unicode/utf8"

	"github.com/membot/membot/memory"
)

// Bounds on input, so that hostile or broken input gets a clear
// memory.ErrInvalid instead of a server error or a 16 MB document.
const (
	// maxShort bounds ids, names, platforms, subjects, tags and keywords.
	maxShort = 1024
	// maxList bounds tags, keywords and message ids of one memory.
	maxList = 1000
	// maxMessageText bounds a captured message (and a memory's excerpt).
	maxMessageText = 1 << 20
	// maxSummary bounds a conversation's cached handoff document.
	maxSummary = 1 << 20
)

// checkString rejects invalid UTF-8 and strings longer than limit bytes.
func checkString(field, v string, limit int) error {
	if len(v) > limit {
		return fmt.Errorf("%w: %s is %d bytes, over %d", memory.ErrInvalid, field, len(v), limit)
	}
	if !utf8.ValidString(v) {
		return fmt.Errorf("%w: %s is not valid UTF-8", memory.ErrInvalid, field)
	}
	return nil
}

// checkKey is checkString for values that identify a record and so may not
// be empty either.
func checkKey(field, v string) error {
	if v == "" {
		return fmt.Errorf("%w: %s is empty", memory.ErrInvalid, field)
	}
	return checkString(field, v, maxShort)
}

// checkList applies checkString to every element and bounds the count.
func checkList(field string, vs []string) error {
	if len(vs) > maxList {
		return fmt.Errorf("%w: %d %s, over %d", memory.ErrInvalid, len(vs), field, maxList)
	}
	for _, v := range vs {
		if err := checkString(field, v, maxShort); err != nil {
			return err
		}
	}
	return nil
}

// checkMemory is memory.Memory.Validate plus what the store needs on top:
// valid UTF-8 everywhere and bounded sizes.
func checkMemory(m *memory.Memory) error {
	if err := m.Validate(); err != nil {
		return err
	}
	checks := []error{
		checkString("memory owner", m.Owner, maxShort),
		checkString("memory text", m.Text, memory.MaxMemoryText),
		checkString("memory subject", m.Subject, maxShort),
		checkString("superseded_by", m.SupersededBy, maxShort),
		checkString("supersedes", m.Supersedes, maxShort),
		checkList("tags", m.Tags),
		checkList("keywords", m.Keywords),
		checkString("source platform", m.Source.Platform, maxShort),
		checkString("source conversation id", m.Source.ConversationID, maxShort),
		checkList("source message ids", m.Source.MessageIDs),
		checkString("source excerpt", m.Source.Excerpt, maxMessageText),
	}
	for _, h := range m.History {
		checks = append(checks,
			checkString("history text", h.Text, maxMessageText),
			checkString("history reason", h.Reason, maxShort),
			checkString("history action", h.Action, maxShort),
			checkString("history linked id", h.LinkedID, maxShort))
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	if m.UseCount < 0 {
		return fmt.Errorf("%w: use count %d is negative", memory.ErrInvalid, m.UseCount)
	}
	return nil
}
