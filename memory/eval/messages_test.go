package eval

import (
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory/recall"
)

// searchMessages indexes msgs as one case and returns the ids of the top
// k messages for query.
func searchMessages(t *testing.T, msgs []Message, query string, k int, conversational bool) []string {
	t.Helper()
	s, err := newMessageSearcher(t.Context(), &Case{ID: "c", Messages: msgs}, nil, recall.MemoryOptions(), conversational)
	if err != nil {
		t.Fatal(err)
	}
	covers, err := s.search(t.Context(), Query{Text: query}, k)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, c := range covers {
		ids = append(ids, c...)
	}
	return ids
}

func TestMessageSpeakerBoost(t *testing.T) {
	msgs := []Message{
		{ID: "m1", Speaker: "Melanie", Text: "Thanks Caroline, I painted a sunset last week"},
		{ID: "c1", Speaker: "Caroline", Text: "Thinking of some ways to relax"},
		{ID: "x", Speaker: "Caroline", Text: "filler"},
		{ID: "y", Speaker: "Caroline", Text: "filler"},
		{ID: "c2", Speaker: "Caroline", Text: "I painted a lake sunrise"},
	}
	if got := searchMessages(t, msgs, "What did Caroline paint?", 5, true); len(got) == 0 || got[0] != "c2" {
		t.Fatalf("hits = %v, want c2 first, lifted as Caroline's", got)
	}
	if got := searchMessages(t, msgs, "What did Caroline paint?", 5, false); len(got) == 0 || got[0] != "m1" {
		t.Fatalf("without conversation ranking hits = %v, want m1 (which names Caroline) first", got)
	}
}

func TestMessageNeighbours(t *testing.T) {
	t0 := time.Date(2024, 1, 1, 10, 0, 0, 0, time.UTC)
	// A pause of a day (another session) stops the help.
	msgs := []Message{
		{ID: "q", Speaker: "A", Text: "Have you ever been to Iceland?", Time: t0},
		{ID: "ans", Speaker: "B", Text: "Yes, last summer with my sister", Time: t0.Add(time.Minute)},
		{ID: "far", Speaker: "A", Text: "Unrelated chatter about lunch", Time: t0.Add(24 * time.Hour)},
	}
	if got := searchMessages(t, msgs, "Iceland trip", 5, true); !slices.Equal(got, []string{"q", "ans"}) {
		t.Fatalf("hits = %v, want [q ans] with ans lifted by its neighbour", got)
	}
	if got := searchMessages(t, msgs, "Iceland trip", 5, false); !slices.Equal(got, []string{"q"}) {
		t.Fatalf("without conversation ranking hits = %v, want [q]", got)
	}
}

func TestMessageNeighboursNeedTwoSpeakers(t *testing.T) {
	t0 := time.Date(2024, 1, 1, 10, 0, 0, 0, time.UTC)
	// One person's notes: the turn after a match is about something else.
	msgs := []Message{
		{ID: "trip", Speaker: "user", Text: "Booked the Iceland trip for June", Time: t0},
		{ID: "lunch", Speaker: "user", Text: "Lunch was a bowl of ramen", Time: t0.Add(time.Minute)},
	}
	if got := searchMessages(t, msgs, "Iceland trip", 5, true); !slices.Equal(got, []string{"trip"}) {
		t.Fatalf("hits = %v, want [trip]: a single speaker's next turn lends nothing", got)
	}
}

func TestWithoutNames(t *testing.T) {
	names := map[string]bool{"caroline": true}
	tests := map[string]string{
		"What did Caroline paint in May 2023?": "What did paint in May 2023?",
		"Caroline's dog":                       "dog",
		"她2023年6月去了哪里？":                        "她2023年6月去了哪里？",
		"Mel/Caroline went":                    "Mel/Caroline went",
	}
	for in, want := range tests {
		if got := withoutNames(in, names); got != want {
			t.Errorf("withoutNames(%q) = %q, want %q", in, got, want)
		}
	}
}
