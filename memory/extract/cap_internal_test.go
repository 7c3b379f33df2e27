package extract

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// TestCapKeepsMostImportant checks the per-call cap: at most
// DefaultMaxMemories candidates survive, and they are the ones with the
// highest importance × confidence.
func TestCapKeepsMostImportant(t *testing.T) {
	if DefaultMaxMemories != 5 {
		t.Fatalf("DefaultMaxMemories = %d, want 5", DefaultMaxMemories)
	}
	var ms []memory.Memory
	for i := range 9 {
		// Scores rise and fall so the best are not simply the first.
		score := float64((i*4)%9+1) / 10
		ms = append(ms, memory.Memory{Text: fmt.Sprintf("fact %d", i), Importance: score, Confidence: 0.9})
	}
	kept, dropped := finishCandidates(ms, Input{MinConfidence: 0.6})
	if len(kept) != 5 || dropped != 4 {
		t.Fatalf("kept %d, dropped %d; want 5 and 4", len(kept), dropped)
	}
	for _, m := range kept {
		if m.Importance < 0.5 {
			t.Errorf("kept %q of importance %.1f over a more important one", m.Text, m.Importance)
		}
	}
}

// TestAddSubjectBounded checks the subjects shown to the model: newest
// first, one entry per key (compared as package subject does), at most
// MaxSubjects, each line clipped.
func TestAddSubjectBounded(t *testing.T) {
	var list []Subject
	for i := range 30 {
		list = addSubject(list, memory.Memory{Subject: fmt.Sprintf("topic %d", i), Text: "x"})
	}
	list = addSubject(list, memory.Memory{Subject: "employer", Text: "Works at Acme"})
	list = addSubject(list, memory.Memory{Subject: "Employer", Text: "Works at Globex, a company with a very long name that goes on and on well past the limit"})
	list = addSubject(list, memory.Memory{Subject: " ", Text: "no subject"})
	if len(list) != MaxSubjects {
		t.Fatalf("%d subjects, want %d", len(list), MaxSubjects)
	}
	if list[0].Key != "Employer" || list[1].Key != "topic 29" {
		t.Errorf("order = %v, want the newest first", list[:2])
	}
	for _, s := range list[1:] {
		if s.Key == "employer" {
			t.Errorf("employer listed twice: %v", list)
		}
	}
	if list[0].Text != "Works at Globex, a company with a very long name that goes on and on well past the limit" {
		t.Errorf("subject line %q, want the memory's whole text for the rules", list[0].Text)
	}
	if n := len([]rune(promptSubjects(list)[0].Text)); n > subjectTextRunes {
		t.Errorf("subject line of %d runes in the prompt, want at most %d", n, subjectTextRunes)
	}
}

// TestRulesKeepALineEach checks that the model's cap on a call does not
// cut what the rules read from a window of many lines: each line of
// the person's own may give a memory.
func TestRulesKeepALineEach(t *testing.T) {
	at := time.Date(2025, 4, 7, 9, 0, 0, 0, time.UTC)
	lines := []string{
		"I'm vegetarian", "I work as a welder at Harland", "I have asthma",
		"I live in Ballymena", "My daughter Orla is 7", "I'm allergic to penicillin",
		"I play the bodhrán in a trad band",
	}
	in := ruleInput(lines[0], at)
	for i, l := range lines[1:] {
		in.Window = append(in.Window, Line{ID: fmt.Sprintf("m%d", i+2), MessageIDs: []string{fmt.Sprintf("msg-%d", i+2)},
			PersonID: "p1", Author: "Ann", Role: memory.RoleUser, Text: l, Time: at.Add(time.Duration(i+1) * time.Minute), Source: true})
	}
	got, err := RuleExtractor{}.Extract(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Memories) < len(lines) {
		t.Fatalf("kept %d memories of %d lines, want one a line: %v", len(got.Memories), len(lines), got.Memories)
	}
}
