package extract

import (
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// planWant is one memory a sentence should give: text, subject and
// whether it is temporary (a plan, kept until its date).
type planWant struct {
	text, subject string
	temporary     bool
}

// People of the author's life are read with their name, and a dated
// doing of theirs is a plan of the household; the author's own plans are
// read with "we" too, over a span of days, with "my" before the thing, and
// over a whole month.
func TestRulesReadNamedPeopleAndPlans(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC) // a Saturday
	tests := []struct {
		in   string
		want []planWant
	}{
		{"My husband Theo is a firefighter", []planWant{{"Husband Theo is a firefighter", "family:husband", false}}},
		{"my sister Noor works at a bakery in Leeds", []planWant{{"Sister Noor works at a bakery in Leeds", "family:sister", false}}},
		{"Our son Felix plays the cello, he practises every day", []planWant{{"Son Felix plays the cello", "family:son", false}}},
		{"my girlfriend Ines loves climbing", []planWant{{"Girlfriend Ines loves climbing", "family:girlfriend", false}}},
		{"my brother Tariq is coming to stay next weekend", []planWant{{"Brother Tariq is coming to stay on March 21, 2026", "family:brother", true}}},
		{"we're flying to Lima on May 3 for a wedding", []planWant{{"Flying to Lima for a wedding on May 3, 2026", "lima", true}}},
		{"we go on tour to Oslo from June 2 to June 9", []planWant{{"Going on a tour to Oslo from June 2 to June 9", "oslo", true}}},
		{"we're planning a trip to Peru in November", []planWant{{"Planning a trip to Peru on November 1, 2026", "peru", true}}},
		{"I have my driving test next Friday", []planWant{{"Has a driving test on March 20, 2026", "test", true}}},
		// Not plans, and nothing lent to the author.
		{"I have a feeling it will rain tomorrow", nil},
		{"we went to Lima on May 3", nil},
		{"we go to the gym every day", []planWant{{"We go to the gym every day", "exercise", false}}}, // a routine, not a plan
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got []planWant
			for _, m := range extractAll(t, tt.in, at) {
				got = append(got, planWant{m.Text, m.Subject, m.Lifecycle == memory.LifecycleTemporary})
				if m.Lifecycle == memory.LifecycleTemporary && m.ExpiresAt.IsZero() {
					t.Errorf("%q is temporary without an end", m.Text)
				}
			}
			if tt.in == "we go on tour to Oslo from June 2 to June 9" && len(got) == 1 {
				if end := extractAll(t, tt.in, at)[0].ExpiresAt; end.Before(time.Date(2026, 6, 10, 0, 0, 0, 0, time.UTC)) {
					t.Errorf("tour expires %v, before its last day", end)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
