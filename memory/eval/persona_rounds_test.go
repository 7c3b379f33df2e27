package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/membot/membot/config"
	"github.com/membot/membot/memory/eval"
)

// TestPersonaRounds guards the rounds of personas written to check the
// rules and recall on conversations they had not seen
// (testdata/personas/FORMAT.md): rounds 3 to 7 were scored first and
// tuned on afterwards, rounds 8 and 9 have not been tuned on. Pooled
// floors, offline and with a perfect extractor, as TestPersonasOffline's:
// the rates may only rise, harm only fall. The offline figures of the
// later rounds are below the targets, and say so on purpose.
func TestPersonaRounds(t *testing.T) {
	type floor struct {
		precision, recall, corrections, followUps, perfectFollowUps float64
		wrongOwner, duplicates                                      int
	}
	rounds := []struct {
		file string
		floor
	}{
		{"round3.json", floor{0.977, 0.988, 1.000, 0.975, 0.975, 0, 1}},
		{"round4.json", floor{0.898, 0.808, 0.631, 0.725, 1.000, 0, 1}},
		{"round5.json", floor{0.837, 0.682, 0.375, 0.575, 1.000, 0, 1}},
		{"round6.json", floor{0.755, 0.683, 0.375, 0.625, 1.000, 0, 0}},
		{"round7.json", floor{0.738, 0.726, 0.333, 0.650, 1.000, 0, 1}},
		// Rounds 8 and 9 have not been tuned on.
		{"round8.json", floor{0.756, 0.610, 0.125, 0.450, 0.750, 0, 1}},
		{"round9.json", floor{0.782, 0.634, 0.333, 0.525, 0.775, 0, 1}},
	}
	for _, r := range rounds {
		t.Run(r.file, func(t *testing.T) {
			t.Parallel()
			f, err := os.Open(filepath.Join("testdata", "personas", r.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			set, err := eval.LoadPersonas(f)
			if err != nil {
				t.Fatal(err)
			}
			if len(set.Personas) != 8 {
				t.Fatalf("%d personas, want 8", len(set.Personas))
			}
			bots := eval.AppBots{Config: config.Default(), Dir: t.TempDir()}
			off, err := eval.RunPersonas(context.Background(), set, bots, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			perfect, err := eval.RunPersonasPerfect(context.Background(), set, eval.AppBots{Config: config.Default(), Dir: t.TempDir()}, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, p := off.Pooled, perfect.Pooled
			t.Logf("offline: precision %.3f recall %.3f corrections %.3f wrong owner %d duplicates %d follow-ups %.3f; perfect follow-ups %.3f",
				got.Precision, got.Recall, got.CorrectionsApplied, got.WrongOwner, got.Duplicates, got.FollowUpsAnswered, p.FollowUpsAnswered)
			for _, c := range []struct {
				name      string
				got, want float64
			}{
				{"precision", got.Precision, r.precision},
				{"gold recall", got.Recall, r.recall},
				{"corrections applied", got.CorrectionsApplied, r.corrections},
				{"follow-ups answered", got.FollowUpsAnswered, r.followUps},
				{"follow-ups answered with a perfect extractor", p.FollowUpsAnswered, r.perfectFollowUps},
			} {
				if c.got < c.want {
					t.Errorf("%s = %.3f, dropped below %.3f", c.name, c.got, c.want)
				}
			}
			if got.WrongOwner > r.wrongOwner || got.Duplicates > r.duplicates {
				t.Errorf("wrong owner %d (was %d), duplicates %d (was %d)", got.WrongOwner, r.wrongOwner, got.Duplicates, r.duplicates)
			}
		})
	}
}
