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
// (testdata/personas/FORMAT.md): rounds 3 to 19 and 22 to 26 were scored
// first and tuned on afterwards, rounds 20, 21 and 27 have not been
// tuned on.
// Pooled floors, offline and with a perfect extractor, as
// TestPersonasOffline's: the rates may only rise, harm only fall. The offline figures of the
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
		// Under load one memory of a round can be extracted differently
		// (the extraction of a sitting is not fully independent of timing):
		// the floors leave one memory and one follow-up below the figures.
		{"round3.json", floor{0.956, 0.977, 0.937, 0.950, 0.950, 0, 2}},
		{"round4.json", floor{0.913, 0.831, 0.631, 0.675, 0.975, 0, 3}},
		{"round5.json", floor{0.869, 0.731, 0.312, 0.600, 0.975, 0, 2}},
		{"round6.json", floor{0.808, 0.789, 0.500, 0.725, 0.975, 0, 2}},
		{"round7.json", floor{0.789, 0.852, 0.555, 0.725, 0.975, 0, 2}},
		{"round8.json", floor{0.860, 0.778, 0.375, 0.675, 0.825, 0, 2}},
		{"round9.json", floor{0.851, 0.795, 0.666, 0.575, 0.850, 0, 5}},
		{"round10.json", floor{0.803, 0.750, 0.363, 0.525, 0.750, 0, 4}},
		{"round11.json", floor{0.762, 0.806, 0.565, 0.675, 0.775, 0, 2}},
		// Rounds 12 and 13 were scored unseen once, then tuned on.
		{"round12.json", floor{0.728, 0.678, 0.333, 0.575, 0.975, 0, 2}},
		{"round13.json", floor{0.838, 0.682, 0.500, 0.700, 0.975, 0, 1}},
		// Rounds 14 and 15 were scored unseen once, then tuned on.
		// Round 14 keeps two memories more since a pet named after a
		// space and a move after a connective are read ("家里的猫叫Bug",
		// a move without its district), which its gold words otherwise.
		{"round14.json", floor{0.811, 0.669, 0.352, 0.475, 0.975, 0, 2}},
		{"round15.json", floor{0.897, 0.601, 0.545, 0.500, 0.975, 0, 3}},
		// Rounds 16 and 17 were scored unseen once, then tuned on. Round 17
		// applies four corrections of 24; its floor is three.
		{"round16.json", floor{0.727, 0.808, 0.450, 0.800, 0.950, 0, 2}},
		{"round17.json", floor{0.712, 0.695, 0.291, 0.550, 0.975, 0, 3}},
		// Round 19 was scored unseen once, then tuned on.
		{"round19.json", floor{0.621, 0.662, 0.227, 0.575, 0.975, 0, 2}},
		// Rounds 20 and 21 have not been tuned on: written by people who
		// had not read the rules, scored once, their lines unread.
		{"round20.json", floor{0.551, 0.531, 0.173, 0.450, 0.975, 0, 3}},
		{"round21.json", floor{0.509, 0.723, 0.263, 0.400, 0.950, 0, 1}},
		// Rounds 22 and 23 were scored unseen once, then tuned on.
		{"round22.json", floor{0.567, 0.746, 0.368, 0.600, 0.950, 0, 7}},
		{"round23.json", floor{0.579, 0.722, 0.470, 0.625, 0.975, 0, 2}},
		// Round 24 was scored unseen once (precision 0.613, recall 0.512,
		// corrections 5 of 21, follow-ups 0.275), then tuned on.
		{"round24.json", floor{0.686, 0.646, 0.333, 0.500, 0.850, 0, 6}},
		// Round 25 was scored once unseen (0.800 / 0.624 / 7 of 24 / 0.300,
		// perfect 0.825) and tuned on afterwards.
		{"round25.json", floor{0.847, 0.811, 0.583, 0.575, 0.850, 0, 1}},
		// Round 26 was scored once unseen (0.753 / 0.693 / 6 of 24 / 0.550,
		// perfect 0.850).
		{"round26.json", floor{0.758, 0.712, 0.375, 0.575, 0.850, 0, 3}},
		// Round 27 has not been tuned on, like rounds 20 and 21: written by
		// someone who had not read the rules, scored once (0.708 / 0.644 /
		// 8 of 24 / 0.525, perfect 0.775), its lines unread.
		{"round27.json", floor{0.700, 0.644, 0.291, 0.500, 0.750, 0, 5}},
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
			checkRates(t, "",
				rate{"precision", got.Precision, r.precision},
				rate{"gold recall", got.Recall, r.recall},
				rate{"corrections applied", got.CorrectionsApplied, r.corrections},
				rate{"follow-ups answered", got.FollowUpsAnswered, r.followUps},
				rate{"follow-ups answered with a perfect extractor", p.FollowUpsAnswered, r.perfectFollowUps})
			if got.WrongOwner > r.wrongOwner || got.Duplicates > r.duplicates {
				t.Errorf("wrong owner %d (was %d), duplicates %d (was %d)", got.WrongOwner, r.wrongOwner, got.Duplicates, r.duplicates)
			}
		})
	}
}
