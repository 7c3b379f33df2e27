package extract_test

import (
	"testing"

	"github.com/membot/membot/memory"
)

// Offline, corrections worded as people word them supersede the memory
// of the same subject, keeping history: a retraction naming the topic and
// giving a new count or place, "<topic> isn't <old>, it's <new>" (with the
// cue in another sentence), "not … anymore, now …", "ended up in", "these
// days I …", "turns out …", and a medicine taken off and replaced.
func TestOfflineEnglishCorrectionPhrasings(t *testing.T) {
	tests := []struct {
		name     string
		first    string
		then     string
		old, new string
	}{
		{"retraction with a new count", "we keep four hens in the orchard", "scratch that about the hens, it's six now, two more came on Sunday",
			"Keeps four hens in the orchard", "Keeps six hens in the orchard"},
		{"retraction with a new place", "I work for a courier firm, based at Stansted airport", "forget what I said about Stansted, they moved me to Luton last month",
			"Is based at Stansted airport", "Is based at Luton airport"},
		{"isn't old, it's new", "I play darts at the local pub on Friday nights", "I had it wrong. Darts isn't Friday nights this month, it's Sunday afternoons.",
			"Plays darts at the local pub on Friday nights", "Plays darts at the local pub on Sunday afternoons"},
		{"not anymore, now", "I play chess at the library on Tuesday evenings", "chess is not on Tuesday evenings anymore, now Wednesday mornings",
			"Plays chess at the library on Tuesday evenings", "Plays chess at the library on Wednesday mornings"},
		{"ended up in", "I rent a small flat in Hackney", "the lease ran out so we've ended up in Walthamstow",
			"Rents a small flat in Hackney", "Lives in Walthamstow"},
		{"these days", "I go running every morning", "my knee is bad, these days I just swim laps at the pool",
			"Goes running every morning", "Swims laps at the pool"},
		{"turns out", "I'm on a gluten-free diet", "turns out it's only wheat that I can't eat",
			"Is on a gluten-free diet", "Can't have wheat"},
		{"a relative's new favourite", "my daughter Isla is mad about Peppa Pig", "turns out Peppa Pig is for little kids now, it's Bluey or nothing",
			"Daughter Isla is mad about Peppa Pig", "Daughter Isla is mad about Bluey"},
		{"not any more", "I'm vegetarian", "I'm not vegetarian any more, fish is back on the menu",
			"Is vegetarian", "Is no longer vegetarian"},
		{"not after all", "I'm lactose intolerant", "turns out I'm not lactose intolerant after all",
			"Is lactose intolerant", "Is not lactose intolerant after all"},
		{"is new, not old", "I work nights at the depot", "I got it wrong, my shift is days not nights",
			"Works nights at the depot", "Works days at the depot"},
		{"working at, now", "I work at a bakery in town", "I left the bakery, I'm working at a garden centre now",
			"Works at a bakery in town", "Works at a garden centre"},
		{"based in, actually", "I'm based in York", "scratch that, I'm actually based in Leeds now",
			"Lives in York", "Lives in Leeds"},
		{"a diet undone", "I'm pescatarian", "I eat meat again now, doctor's orders",
			"Is pescatarian", "Eats meat again"},
		{"a relationship begun", "I'm single at the moment", "I've got a boyfriend now, Theo",
			"Is single", "Has a boyfriend, Theo"},
		{"not anymore, with the new value", "I'm a cashier at a supermarket", "I'm not a cashier anymore, I work at a bank now",
			"Is a cashier at a supermarket", "Works at a bank"},
		{"a relative's move", "my brother Sami lives in Turin", "my brother Sami moved to Milan in the spring",
			"Brother Sami lives in Turin", "Brother Sami lives in Milan"},
		{"a long plan's date and place put right in one line",
			"In December we go to Poland for Christmas, the flight from Luton on 20 December to Lublin, my parents are picking us up at the airport.",
			"Sorry, I made a mistake before. The flight is not 20 December, is 18 December, and from Stansted not Luton.",
			"In December we go to Poland for Christmas, the flight from Luton on 20 December to Lublin, their parents are picking us up at the airport.",
			"In December we go to Poland for Christmas, the flight from Stansted on 18 December to Lublin, their parents are picking us up at the airport."},
		{"medicine replaced", "They have me on atorvastatin, one tablet at night", "The GP has taken me off the atorvastatin. It's rosuvastatin I'm on now.",
			"Takes atorvastatin, one tablet at night", "Takes rosuvastatin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envConfig{offline: true})
			ann, _ := e.stateThenChange(tt.first, tt.then)
			all := e.memories(ann.ID)
			if m := statusOf(t, all, tt.old); m.Status != memory.StatusSuperseded {
				t.Errorf("%q: status %s, want superseded", tt.old, m.Status)
			}
			if m := statusOf(t, all, tt.new); m.Status != memory.StatusActive {
				t.Errorf("%q: status %s, want active", tt.new, m.Status)
			}
		})
	}
}

// A memory longer than the line the model is shown of a subject is put
// right whole, date and place in one line, and the sentence telling the
// correction is no memory beside it.
func TestOfflineDetailCorrectionOfALongMemory(t *testing.T) {
	e := newEnv(t, envConfig{offline: true, atT0: true})
	ann, _ := e.stateThenChange(
		"In December we go to Poland for Christmas, the flight from Luton on 20 December to Lublin, my parents are picking us up at the airport.",
		"Sorry, I made a mistake before. The flight is not 20 December, is 18 December, and from Stansted not Luton.")
	var active []string
	for _, m := range e.memories(ann.ID) {
		if m.Status != memory.StatusActive {
			continue
		}
		active = append(active, m.Text)
		if m.Type != memory.TypeEvent || m.ExpiresAt.IsZero() {
			t.Errorf("%q is a %s expiring %v, want a plan that expires", m.Text, m.Type, m.ExpiresAt)
		}
	}
	want := "In December we go to Poland for Christmas, the flight from Stansted on 18 December to Lublin, their parents are picking us up at the airport."
	if len(active) != 1 || active[0] != want {
		t.Errorf("active memories %q, want only %q", active, want)
	}
}

// A retraction or a "not …, it's …" that names nothing stored changes
// nothing.
func TestOfflineEnglishCorrectionNeedsItsTopic(t *testing.T) {
	e := newEnv(t, envConfig{offline: true})
	ann, _ := e.stateThenChange("I play darts at the local pub on Friday nights", "scratch what I said about the weather, it's two degrees now. The match isn't Saturday, it's Sunday.")
	for _, m := range e.memories(ann.ID) {
		if m.Status != memory.StatusActive {
			t.Errorf("%q: status %s, want active", m.Text, m.Status)
		}
		if m.Text != "Plays darts at the local pub on Friday nights" {
			t.Errorf("unexpected memory %q", m.Text)
		}
	}
}

// A change said of one thing about a relative leaves the other things
// said about them standing.
func TestOfflineRelativeChangeKeepsTheirOtherFacts(t *testing.T) {
	e := newEnv(t, envConfig{offline: true})
	ann := e.person("Ann")
	e.conv("console:dm")
	// The games are not the newest memory of the son: the correction is
	// read against the memories it resembles too.
	e.say("console:dm", ann, 0, "my son Theo is mad about Pokemon")
	if _, err := e.run("console:dm"); err != nil {
		t.Fatalf("run: %v", err)
	}
	e.say("console:dm", ann, 1, "I have my son Theo every other weekend")
	if _, err := e.run("console:dm"); err != nil {
		t.Fatalf("run: %v", err)
	}
	e.say("console:dm", ann, 2, "turns out Pokemon is for babies now, it's Lego or nothing")
	if _, err := e.run("console:dm"); err != nil {
		t.Fatalf("run: %v", err)
	}
	all := e.memories(ann.ID)
	for text, want := range map[string]memory.Status{
		"Has son Theo every other weekend": memory.StatusActive,
		"Son Theo is mad about Pokemon":    memory.StatusSuperseded,
		"Son Theo is mad about Lego":       memory.StatusActive,
	} {
		if m := statusOf(t, all, text); m.Status != want {
			t.Errorf("%q: status %s, want %s", text, m.Status, want)
		}
	}
}
