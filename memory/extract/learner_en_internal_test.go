package extract

import (
	"strings"
	"testing"
	"time"
)

// Forms of learners, of chat typing and of emoji-strewn messages, each in
// phrasings of its own.
func TestRulesReadLearnerAndChatForms(t *testing.T) {
	at := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		// "ur" is "your" before a noun, "were" opening a clause is "we're".
		{"pls keep ur replies short", []lifeWant{{"Wants short answers", "answers", false}}},
		{"were flying to Porto on the 12th of March", []lifeWant{{"Flying to Porto on March 12, 2026", "porto", false}}},
		// The language to answer in.
		{"please reply to me always in Spanish, I am learning it", []lifeWant{{"Wants answers in Spanish", "answers", false}}},
		{"以后都用英文回复我", []lifeWant{{"希望回答用英文", "answers", false}}},
		{"别用英文回答我，看不懂", []lifeWant{{"希望回答不夹英文", "answers", false}}},
		// "intolerant to the lactose", a condition one "got", a dose after a comma.
		{"I am intolerant to the lactose", []lifeWant{{"Is lactose intolerant", "diet", false}}},
		{"I got asthma", []lifeWant{{"Has asthma", "health:asthma", false}}},
		{"bad knees, on naproxen 250mg twice a day", []lifeWant{{"Takes naproxen, 250mg twice a day", "medication", false}}},
		{"I take lisinopril, 10 mg each morning, so no grapefruit for me", []lifeWant{{"Takes lisinopril, 10 mg each morning", "medication", false}}},
		// "me and X" is "X and I"; a switch ends on its filler.
		{"me and my brother are driving to Cork on March 20", []lifeWant{{"Going to Cork on March 20, 2026", "cork", false}}},
		{"I have switched to a pottery class at the arts centre on Mondays instead", []lifeWant{{"Switched to a pottery class at the arts centre on Mondays", "class", true}}},
		// Emoji between words, a weekday before its date, a feeling after a plan.
		{"we've booked the climbing wall for Sunday 15th March 😬", []lifeWant{{"Booked the climbing wall on March 15, 2026", "wall", false}}},
		{"I work as a paramedic 🚑 on nights", []lifeWant{{"Works as a paramedic on nights", "occupation", false}}},
	})
}

// Someone else's word on what the writer is is no identity, and a plan
// moved ("they moved it") is no move of home.
func TestRulesKeepHearsayAndMovedPlansApart(t *testing.T) {
	at := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	for _, s := range []string{
		"my coach says I'm a natural",
		"my kids think I'm a dinosaur",
	} {
		for _, m := range extractAll(t, s, at) {
			if m.Subject == "identity" {
				t.Errorf("%q: kept %q as an identity", s, m.Text)
			}
		}
	}
	for _, s := range []string{
		"the garage moved it, now the car goes in on the 9th not the 2nd",
		"to keep my legs moving I cycle to work",
	} {
		for _, m := range extractAll(t, s, at) {
			if m.Subject == "residence" {
				t.Errorf("%q: kept %q as a home", s, m.Text)
			}
		}
	}
}

// Northern 俺 reads as 我, an emphatic 是真 is no identity, and a rule
// never begins inside a Latin word.
func TestRulesReadNorthernSpeechAndLatinWords(t *testing.T) {
	at := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"俺对花生过敏", []lifeWant{{"对花生过敏", "allergy:花生", false}}},
		{"烟我是真戒了，一个月没抽", []lifeWant{{"已戒烟", "烟", true}}},
	})
	for _, m := range extractAll(t, "Barcelona 改成 5月10号去", at) {
		if strings.Contains(m.Text, "celona") && !strings.Contains(m.Text, "Barcelona") {
			t.Errorf("kept %q, cut inside a word", m.Text)
		}
	}
}
