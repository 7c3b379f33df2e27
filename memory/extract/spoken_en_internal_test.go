package extract

import (
	"fmt"
	"testing"
	"time"
)

// How people write who learned English late or speak it their own way:
// "is night shift" with its "it" dropped, "fixin to" for "about to",
// "names earl" for "my name's Earl", and a plan typed as a note
// ("R hip replacement booked 2 Dec"). A question that opens on "is" is
// still a question.
func TestRulesReadSpokenAndNoteForms(t *testing.T) {
	at := time.Date(2025, 10, 6, 19, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"Is early shift, 6 till 2, five days in week.", []lifeWant{{"Works early shift", "work schedule", false}}},
		{"Is it safe to lift boxes with my back.", nil},
		{"Is the pool open on Sundays.", nil},
		{"howdy. names ray dupree", []lifeWant{{"Name is Ray Dupree", "name", false}}},
		{"fixin to drive the herd up to the north pasture on november 3", []lifeWant{{"Going to drive the herd up to the north pasture on November 3, 2025", "pasture", false}}},
		{"Knee arthroscopy booked 14 Nov, Royal Berkshire.", []lifeWant{{"Knee arthroscopy booked 14 Nov, Royal Berkshire", "", false}}},
		{"his op is booked for 3 November", nil},
		// "the wife" is the writer's wife, "the dog Bran" their dog.
		{"The wife Siân teaches at the primary, loves it", []lifeWant{{"Wife Siân teaches at the primary", "family:wife", false}}},
		{"Still settling in, the dog Bran hates the new stairs", []lifeWant{{"Has a dog called Bran", "pet:bran", false}}},
		// A dislike with its "I" dropped, a chat filler after it, and a
		// food whose first word names a tool.
		{"and cannae abide fish fingers by the way", []lifeWant{{"Dislikes fish fingers", "fingers", false}}},
		{"need a cafe in Stockbridge, that's where we live", []lifeWant{{"Lives in Stockbridge", "residence", false}}},
	})
}

// A line may say a fact and more beside it: the rules keep up to two
// memories a line, so a window of short notes loses none of them.
func TestRulesKeepTwoMemoriesALine(t *testing.T) {
	at := time.Date(2025, 10, 6, 19, 0, 0, 0, time.UTC)
	in := ruleInput("Home: Kendal. Job: postman", at)
	for i, s := range []string{"Dog: Biscuit. Allergies: penicillin", "Med: ramipril 5mg daily. Name: Joan Pryce"} {
		l := in.Window[0]
		l.ID, l.MessageIDs, l.Text = fmt.Sprintf("m%d", i+2), []string{fmt.Sprintf("msg-%d", i+2)}, s
		in.Window = append(in.Window, l)
	}
	ex, err := RuleExtractor{}.Extract(t.Context(), in)
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Memories) != 6 {
		var got []string
		for _, m := range ex.Memories {
			got = append(got, m.Text)
		}
		t.Errorf("kept %q, want 6 memories", got)
	}
}
