package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
)

// learnProfile is a bot on which alice said in a DM that she is
// vegetarian, has a dog and has a dentist appointment on a given day.
func learnProfile(t *testing.T) (*bottest.Bot, string, string) {
	t.Helper()
	b := bottest.New(t)
	day := time.Now().AddDate(0, 0, 9).Format("2006-01-02")
	b.Model.OnSchema(extractSchema, extractFacts(
		fact{Key: "vegetarian", Text: "Is vegetarian", Subject: "diet", Keywords: []string{"vegetarian", "素食"}},
		fact{Key: "Biscuit", Text: "Has a dog named Biscuit", Subject: "pet", Keywords: []string{"dog", "pet", "Biscuit"}},
		fact{Key: "dentist", Text: "Has a dentist appointment", Subject: "dentist", Type: memory.TypeEvent,
			Lifecycle: memory.LifecycleTemporary, Event: day, Keywords: []string{"dentist", "appointment", "teeth"}},
	))
	dm := bottest.DM("discord", "alice", "")
	tell(t, b, dm, "I'm vegetarian")
	tell(t, b, dm, "My dog is called Biscuit")
	tell(t, b, dm, "I have a dentist appointment on "+day)
	extractConv(t, b, dm.ConversationID())
	return b, person(t, b, "discord", "alice"), day
}

// indirect is a question about food that shares no word with the diet,
// nor any word recall widens to food.
const indirect = "What should I make tonight?"

func TestPrivateReplyCarriesTheProfileWhateverIsAsked(t *testing.T) {
	b, alice, _ := learnProfile(t)
	// Control: recall on the question's words alone does not find the
	// diet, so only the profile can bring it.
	res, err := b.Memory.Recall(context.Background(), alice, recall.Query{Text: indirect, Limit: 5, TokenBudget: 400})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if r.Memory.Text == "Is vegetarian" {
			t.Fatalf("recall finds the diet for %q; the test would prove nothing", indirect)
		}
	}
	dm := bottest.DM("discord", "alice", "")
	tell(t, b, dm, indirect)
	req := replyTo(t, b, indirect)
	sys := req.System()
	if !strings.Contains(sys, "] Is vegetarian") {
		t.Errorf("private reply to %q lacks the diet:\n%s", indirect, sys)
	}
	if strings.Contains(sys, "Biscuit") {
		t.Errorf("a memory outside the profile, not recalled, reached the prompt:\n%s", sys)
	}
	if n := strings.Count(sys, "Is vegetarian"); n != 1 {
		t.Errorf("the diet is shown %d times, want once:\n%s", n, sys)
	}
	// Recalled too (by the words or the food topic), it is shown once.
	for _, ask := range []string{"Any vegetarian recipes?", "What can I eat tonight?"} {
		tell(t, b, dm, ask)
		req = replyTo(t, b, ask)
		if sys := req.System(); strings.Count(sys, "Is vegetarian") != 1 {
			t.Errorf("%q: recalled and in the profile, shown %d times, want once:\n%s", ask, strings.Count(sys, "Is vegetarian"), sys)
		}
	}
	_, why := tell(t, b, dm, "/memories why")
	if !strings.Contains(why.Text, "Is vegetarian") {
		t.Errorf("/memories why does not list the profile it injected:\n%s", why.Text)
	}
}

func TestGroupReplyDoesNotLeakTheProfile(t *testing.T) {
	b, _, _ := learnProfile(t)
	for _, user := range []string{"alice", "bob"} {
		g := bottest.Group("discord", "g1", user, "", true)
		ask := indirect + " (" + user + ")"
		tell(t, b, g, ask)
		if text := requestText(replyTo(t, b, ask)); strings.Contains(text, "vegetarian") {
			t.Errorf("%s's group reply carries alice's profile:\n%s", user, text)
		}
		// A food question recalls the asker's own diet, as the group
		// rule allows; never another member's.
		ask = "What can I eat tonight? (" + user + ")"
		tell(t, b, g, ask)
		if text := requestText(replyTo(t, b, ask)); user == "bob" && strings.Contains(text, "vegetarian") {
			t.Errorf("bob's group reply carries alice's diet:\n%s", text)
		}
	}
	dm := bottest.DM("discord", "bob", "")
	tell(t, b, dm, indirect+" bob")
	if text := requestText(replyTo(t, b, indirect+" bob")); strings.Contains(text, "vegetarian") {
		t.Errorf("bob's private reply carries alice's profile:\n%s", text)
	}
}

func TestMemoryBlockShowsTheEventDate(t *testing.T) {
	b, _, day := learnProfile(t)
	dm := bottest.DM("discord", "alice", "")
	const ask = "Should I floss before the dentist appointment?"
	tell(t, b, dm, ask)
	req := replyTo(t, b, ask)
	sys := req.System()
	if want := "[event · " + day + "] Has a dentist appointment"; !strings.Contains(sys, want) {
		t.Errorf("memory block lacks %q:\n%s", want, sys)
	}
	learnt := time.Now().Format("2006-01")
	if want := "[fact · " + learnt + "] Is vegetarian"; !strings.Contains(sys, want) {
		t.Errorf("memory block lacks %q (no event: the month learnt):\n%s", want, sys)
	}
}
