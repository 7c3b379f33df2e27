package extract

import (
	"time"

	"github.com/membot/membot/memory"
)

// Line is one (possibly merged) message as an extractor sees it.
type Line struct {
	// ID is the label the model cites as a source ("m12"); empty for lines
	// that are context only.
	ID string
	// MessageIDs are the platform ids of the captured messages merged into
	// this line.
	MessageIDs []string
	PersonID   string
	Author     string
	Role       memory.Role
	Text       string
	Time       time.Time
	// Source is true for the owner's own new messages, the only lines a
	// memory may cite.
	Source bool
}

// Input is the material of one extraction call: one owner's new messages
// in one window of one conversation, with the context around them.
type Input struct {
	ConversationID string
	Platform       string
	// Owner is the person id every memory of this call belongs to.
	Owner string
	// OwnerName is how the owner appears in the conversation.
	OwnerName string
	// Language is "zh" or "en": the prompt's language.
	Language string
	// Earlier are messages before the window (already extracted, or earlier
	// windows): context only, never sources.
	Earlier []Line
	// Window is the window in order; lines with Source set are the owner's
	// new messages, the rest (other people, the bot) is context.
	Window []Line
	// Others are the display names of the other people in the window, so a
	// statement about one of them is not filed under the owner.
	Others []string
	// Subjects are the owner's existing subjects, newest first (at most
	// MaxSubjects), for the model to reuse.
	Subjects []Subject
	// MinConfidence drops candidates the model is less sure of.
	MinConfidence float64
	// MaxMemories caps the candidates kept from one call of a model; the
	// rules keep up to rulesPerLine for each of the person's lines when
	// that is more.
	MaxMemories int
	// Aggressive marks a manual pass that should also keep weaker signals.
	Aggressive bool
}

// Subject is one subject an owner's memories are already filed under, with
// one line saying what is known about it.
type Subject struct {
	Key  string
	Text string
	// Plan marks a memory of a plan (an event): a detail put right in it
	// leaves it a plan, dated anew when its new text says a date.
	Plan bool
}

// MaxSubjects bounds the subjects shown in one extraction call, to keep
// the prompt small enough for a small local model.
const MaxSubjects = 20

// subjectTextRunes bounds the line shown beside a subject.
const subjectTextRunes = 80

// sources maps the citable labels of in to their lines.
func (in Input) sources() map[string]Line {
	out := make(map[string]Line)
	for _, l := range in.Window {
		if l.Source && l.ID != "" {
			out[l.ID] = l
		}
	}
	return out
}

// now is the reference time of the window: the time of its newest line.
func (in Input) now() time.Time {
	var t time.Time
	for _, l := range in.Window {
		if l.Time.After(t) {
			t = l.Time
		}
	}
	return t
}

// Extraction is what one extractor call produced.
type Extraction struct {
	// Memories are the validated candidates, not yet reconciled or stored.
	Memories []memory.Memory
	// Calls is the number of model calls made (0 for rules).
	Calls int
	// Rejected counts candidates dropped by validation, the confidence
	// threshold or the cap.
	Rejected int
}
