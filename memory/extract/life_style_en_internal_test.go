package extract

import (
	"testing"
	"time"
)

func TestRulesReadAnswerStyleOverAMessage(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	style := func(t string) []lifeWant { return []lifeWant{{t, answerSubject, false}} }
	checkLife(t, at, []lifeCase{
		{"Keep it simple, please. No bullet points. My eyes get tired quickly.", style("Wants answers in plain words, without lists")},
		{"Short sentences please. I mostly read them on a small phone screen.", style("Wants answers in short sentences")},
		{"Write plainly, and big text if you can. My eyesight is going.", style("Wants answers in plain words, in large text")},
		{"Keep it short, it's for a birthday card.", nil},
		{"Keep it simple, my nan's eyesight is poor, it's for her card", nil},
		{"Can you keep it short? My eyes hurt.", nil},
	})
}
