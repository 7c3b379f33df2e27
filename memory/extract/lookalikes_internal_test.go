package extract

import (
	"strings"
	"testing"
	"time"
)

// Sentences that look like the forms the rules read and say something
// else: a name owned or lost as a client, someone else's animal, a
// habit of the author's that is no way of answering, another's age, a
// thing lost or a feeling "to death", a question asking for a reminder,
// someone else's base, "later with", an allergy's cause, a doctor who
// moved. None gives the memory its look-alike would.
func TestLookalikesGiveNoFact(t *testing.T) {
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for in, forbidden := range map[string]string{
		"I lost Jake's keys again":                            "pet:",
		"We lost Hexwell as a client":                         "pet:",
		"The dog next door barked so much we named him Noisy": "pet:",
		"the dog - Bob is walking him today":                  "pet:",
		"I always give examples when I teach":                 "answers",
		"我平时都用表格记账":                                           "answers",
		"每次开会领导都讲重点":                                          "answers",
		"我儿子，今年五岁了":                                           "age",
		"我家狗狗，今年三岁了":                                          "age",
		"哎，手机丢了":                                              "pet:",
		"今天好冷，冻死了":                                            "pet:",
		"以后能不能提醒我吃药？":                                         "提醒",
		"the company, based in Berlin, hired me":              "residence",
		"my sister, based in Leeds, visits often":             "residence",
		"I'm meeting my sister later with Tom":                "occupation",
		"the doctor moved to Leeds in March":                  "moved to",
	} {
		for _, m := range extractAll(t, in, at) {
			if strings.Contains(m.Subject, forbidden) || strings.Contains(m.Text, forbidden) {
				t.Errorf("%q gave %q (subject %s)", in, m.Text, m.Subject)
			}
		}
	}
	// A real allergy whose cause is unknown is still the allergy.
	found := false
	for _, m := range extractAll(t, "我对花粉过敏原因不明", at) {
		found = found || m.Subject == "allergy:花粉"
	}
	if !found {
		t.Error("我对花粉过敏原因不明 lost the allergy")
	}
}
