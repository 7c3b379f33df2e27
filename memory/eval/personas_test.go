package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/membot/membot/config"
	"github.com/membot/membot/memory/eval"
)

// personaSet is the committed persona set (testdata/personas/FORMAT.md).
var personaSet = filepath.Join("testdata", "personas", "personas.json")

// personaFloor is what the offline bot reaches on the persona set today,
// per language: the rates may only rise, the counts of harm only fall.
type personaFloor struct {
	precision, recall, corrections, followUps float64
	wrongOwner, duplicates                    int
}

// rate is one persona figure and the floor it may not drop below.
type rate struct {
	name         string
	got, atLeast float64
}

// checkRates reports every figure below its floor, prefix naming the set.
func checkRates(t *testing.T, prefix string, rates ...rate) {
	t.Helper()
	for _, r := range rates {
		if r.got < r.atLeast {
			t.Errorf("%s%s = %.3f, dropped below %.3f", prefix, r.name, r.got, r.atLeast)
		}
	}
}

// TestPersonasOffline runs the committed persona set through the bot as
// production assembles it, offline (the rules extract, lexical recall),
// and guards today's figures as floors so that no change makes them
// worse.
//
// These floors are NOT the targets of issue 10: corrections applied
// ≥ 0.80 (met over all 30: 0.94 en, 0.94 zh), wrong ownership 0
// (met), precision ≥ 0.90 (met: 0.98 en, 0.99 zh), gold recall ≥ 0.60
// (met: 0.96 en, 0.97 zh) and follow-ups answered ≥ 0.50 (met: 0.97 en,
// 0.95 zh). These 30 are tuned on; on conversations the rules had not
// seen expect less (TestPersonaRounds: rounds 10 and 11, gold recall
// 0.59 and 0.65, precision 0.66 and 0.64, corrections 0.14 and 0.17).
// Raise a floor whenever a change lifts its figure.
func TestPersonasOffline(t *testing.T) {
	floors := map[string]personaFloor{
		"en": {precision: 0.981, recall: 0.965, corrections: 0.941, followUps: 0.968, wrongOwner: 0, duplicates: 0},
		"zh": {precision: 0.990, recall: 0.965, corrections: 0.944, followUps: 0.953, wrongOwner: 0, duplicates: 1},
	}
	set := loadPersonaSet(t)
	rep, err := eval.RunPersonas(context.Background(), set, eval.AppBots{Config: config.Default(), Dir: t.TempDir()}, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	for lang, floor := range floors {
		got, ok := rep.ByLanguage[lang]
		if !ok || got.Personas < 15 {
			t.Errorf("%s: %d personas, want at least 15", lang, got.Personas)
			continue
		}
		t.Logf("%s: precision %.3f recall %.3f corrections %.3f wrong owner %d duplicates %d follow-ups %.3f",
			lang, got.Precision, got.Recall, got.CorrectionsApplied, got.WrongOwner, got.Duplicates, got.FollowUpsAnswered)
		checkRates(t, lang+": ",
			rate{"precision", got.Precision, floor.precision},
			rate{"gold recall", got.Recall, floor.recall},
			rate{"corrections applied", got.CorrectionsApplied, floor.corrections},
			rate{"follow-ups answered", got.FollowUpsAnswered, floor.followUps})
		if got.WrongOwner > floor.wrongOwner {
			t.Errorf("%s: %d memories about someone else stored as the person's, was %d", lang, got.WrongOwner, floor.wrongOwner)
		}
		if got.Duplicates > floor.duplicates {
			t.Errorf("%s: %d duplicate memories, was %d", lang, got.Duplicates, floor.duplicates)
		}
		if got.ModelCalls != 0 || got.Tokens != 0 {
			t.Errorf("%s: offline run made %d model calls (%d tokens)", lang, got.ModelCalls, got.Tokens)
		}
	}
}

// TestPersonasPerfect stores every persona's gold memories as a perfect
// extractor would and asks the follow-ups: what the reply path (profile
// and recall) answers. The writing is checked too (every gold memory
// found, every correction applied, nothing wrong); the follow-ups
// answered are guarded as floors at what they measure today. The target
// of issue 10 is ≥ 0.80 (met over all 30 personas: 0.846 en, 0.815 zh;
// over the first 26, 0.873 and 0.855; on the first 20, 0.95 and 0.875,
// and 0.45 and 0.475 before the profile of core facts). The topics of
// recall.DefaultExpansions were widened with the first 20 in view: on
// personas 11–13 alone it is 0.667 en and 0.80 zh, on 14–15 0.70 and
// 0.60. Two later sets scored before recall was tuned on them gave 0.60 /
// 0.50 and 0.70 / 0.85; all 30 now answer every follow-up.
func TestPersonasPerfect(t *testing.T) {
	floors := map[string]float64{"en": 1, "zh": 1}
	set := loadPersonaSet(t)
	rep, err := eval.RunPersonasPerfect(context.Background(), set, eval.AppBots{Config: config.Default(), Dir: t.TempDir()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for lang, floor := range floors {
		got, ok := rep.ByLanguage[lang]
		if !ok || got.Personas < 15 {
			t.Errorf("%s: %d personas, want at least 15", lang, got.Personas)
			continue
		}
		t.Logf("%s: follow-ups %.3f (%d/%d); precision %.3f recall %.3f corrections %.3f",
			lang, got.FollowUpsAnswered, got.Answered, got.FollowUps, got.Precision, got.Recall, got.CorrectionsApplied)
		if got.Recall != 1 || got.Precision != 1 || got.CorrectionsApplied != 1 || got.WrongOwner != 0 {
			t.Errorf("%s: gold memories stored perfectly should score 1/1/1/0, got precision %.3f recall %.3f corrections %.3f wrong owner %d",
				lang, got.Precision, got.Recall, got.CorrectionsApplied, got.WrongOwner)
		}
		if got.FollowUpsAnswered < floor {
			t.Errorf("%s: follow-ups answered = %.3f, dropped below %.3f", lang, got.FollowUpsAnswered, floor)
		}
	}
}

// loadPersonaSet reads the committed persona set, which must hold at least
// 30 personas.
func loadPersonaSet(t *testing.T) *eval.PersonaSet {
	t.Helper()
	f, err := os.Open(personaSet)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	set, err := eval.LoadPersonas(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Personas) < 30 {
		t.Fatalf("the set has %d personas, want at least 30", len(set.Personas))
	}
	return set
}
