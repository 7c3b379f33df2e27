package extract

import (
	"slices"
	"strings"
	"testing"
	"time"
)

// English the rules read whole: an age said after two relatives is the
// last one's, a household's diet is the author's, a new employer told by
// the post accepted or by who hired, how to answer told with "if you
// please" or "with me eh"; and a house or a unit named in passing is no
// home.
func TestRulesReadHouseholdsAndNewPosts(t *testing.T) {
	at := time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		in        string
		want, not string
	}{
		{"We live in Tallaght, me, my wife Kasia and daughter Zosia, she is 8.", "Daughter Zosia is 8", "Wife Kasia is 8"},
		{"Only, no pork at all, we don't eat it in my house.", "Does not eat pork", ""},
		{"I have accepted a new post at Wythenshawe Hospital, critical care unit, still Band 6.", "Works at Wythenshawe Hospital", ""},
		{"Big news. I close my business. ESB Networks hired me, started last Monday.", "Works at ESB Networks", ""},
		{"She took me to the cinema.", "", "Works at She"},
		{"Plain English and whole words, if you please.", "Wants answers in plain words, in whole words, without abbreviations", ""},
		{"Oh and stick to metric and celsius with me eh, none of your Fahrenheit rubbish.", "Wants answers in metric units", ""},
	}
	for _, tt := range tests {
		var got []string
		for _, m := range extractAll(t, tt.in, at) {
			got = append(got, m.Text)
		}
		if tt.want != "" && !slices.Contains(got, tt.want) {
			t.Errorf("%q: %q, want %q among them", tt.in, got, tt.want)
		}
		if tt.not != "" && slices.Contains(got, tt.not) {
			t.Errorf("%q: %q holds %q", tt.in, got, tt.not)
		}
	}
	for _, s := range []string{"Only, no pork at all, we don't eat it in my house.", "I need a quote for a rewiring, old house in Rathmines.",
		"I work in the critical care unit at Wythenshawe."} {
		for _, f := range lifeFacts(s, at) {
			if strings.HasPrefix(f.subject, "residence") {
				t.Errorf("%q: read as a home: %q", s, f.text)
			}
		}
		if topicOf(s) == "residence" {
			t.Errorf("%q: topic residence", s)
		}
	}
}

// Homes, health, bookings and jobs said the way people say them: with the
// one they live with, by the home they are now in, by a test result, by
// what is booked, by the trade done for an employer or the hire; and a
// statement before an aside that asks is still read.
func TestRulesReadHomesResultsAndHires(t *testing.T) {
	at := time.Date(2026, 8, 1, 10, 0, 0, 0, time.UTC)
	tests := []struct{ in, want string }{
		{"Maureen and I are in Falmouth, up the hill behind the docks.", "Lives in Falmouth"},
		{"Completion was Tuesday and we're now in a bungalow in Penryn.", "Lives in Penryn, in a bungalow"},
		{"Bad news from the surgery. Blood test says type 2 diabetes.", "Has type 2 diabetes"},
		{"Shearers are booked for Monday 21 September.", "Shearers are booked for Monday 21 September"},
		{"I got hired by the Southwestern school district doing facilities maintenance, starts the 20th", "Works at Southwestern school district"},
		{"we survived the move, we're in the Hilliard house now, boxes everywhere, the cat (oh did I mention we have a cat? Pickles) knocked a lamp over", "Lives in Hilliard, in the house"},
		{"I'm vegetarian, can you suggest something?", "Is vegetarian"},
	}
	wantAmongTexts(t, at, tests)
	fs := lifeFacts("I do HVAC repair for Hoffman Heating & Cooling", at)
	if !slices.ContainsFunc(fs, func(f found) bool {
		return f.text == "Does HVAC repair for Hoffman Heating & Cooling" && f.subject == "employer"
	}) {
		t.Errorf("a trade done for an employer: %+v", fs)
	}
}
