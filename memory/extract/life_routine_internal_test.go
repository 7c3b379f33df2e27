package extract

import (
	"testing"
	"time"
)

// TestRulesReadRoutines covers the phrasing classes of life_routine.go:
// work patterns, pastimes, diet restrictions, health said as "I've got",
// the tool used for a task and how the person likes to be answered.
func TestRulesReadRoutines(t *testing.T) {
	at := time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		// Work patterns.
		{"I work weekends at the garden centre", []lifeWant{{"Works weekends at the garden centre", "work schedule", false}}},
		{"I'm on early shifts this month", []lifeWant{{"Works early shifts this month", "work schedule", false}}},
		{"I'm now on night shifts", []lifeWant{{"Works night shifts", "work schedule", true}}},
		{"I work remotely, mostly from the kitchen table", []lifeWant{{"Works remotely", "work schedule", false}}},
		{"我最近开始倒班了", []lifeWant{{"最近开始倒班", "work schedule", true}}},
		{"我现在居家办公，每周去一次公司", []lifeWant{{"居家办公，每周去一次公司", "work schedule", true}}},
		// Pastimes.
		{"I play the cello, mostly Bach", []lifeWant{{"Plays the cello", "cello", false}}},
		{"I grow herbs in my garden", []lifeWant{{"Grows herbs in their garden", "herbs", false}}},
		{"I go climbing twice a week", []lifeWant{{"Goes climbing twice a week", "exercise", false}}},
		{"I do the dishes every night", nil},
		{"我每周六下午打篮球", []lifeWant{{"每周六下午打篮球", "exercise", false}}},
		{"我周末都去爬山", []lifeWant{{"周末都去爬山", "exercise", false}}},
		// Diet restrictions.
		{"I eat halal only", []lifeWant{{"Eats halal only", "diet", false}}},
		{"I keep kosher at home", []lifeWant{{"Eats kosher only", "diet", false}}},
		{"我只吃清真", []lifeWant{{"吃清真", "diet", false}}},
		// Health said as "I've got".
		{"I've got asthma", []lifeWant{{"Has asthma", "health:asthma", false}}},
		// Tools of a task, and their change.
		{"我一直用Excel记账", []lifeWant{{"用Excel记账", "tool:bookkeeping", false}}},
		{"我不再用Excel了，现在改用随手记", []lifeWant{{"改用随手记；不再用Excel", "tool:bookkeeping", true}}},
		{"我现在用 Canva", []lifeWant{{"用Canva", "tool:design", true}}},
		{"I use Notion for notes", []lifeWant{{"Uses Notion for notes", "tool:notes", false}}},
		// Answer style.
		{"reply in bullet points please, I read on my phone", []lifeWant{{"Wants answers in bullet points", "answers", false}}},
		{"no emojis in your answers please", []lifeWant{{"Wants answers without emojis", "answers", false}}},
		{"keep it short, it's for a birthday card", nil},
		{"回复我的时候别太长，分点说", []lifeWant{{"希望回答简短、列要点", "answers", false}}},
		{"这段话帮我写简短一点", nil},
		// A change of sport lands on the sport it replaces.
		{"我换成骑车了", []lifeWant{{"改用骑车", "exercise", true}}},
	})
}

// A way of answering asked for in other words: examples, code in a
// language, tables, the point only, fewer words; asked as a question
// about every explanation, or as a standing instruction. A one-off
// request for examples or a table is none.
func TestAnswerStylesAskedInOtherWords(t *testing.T) {
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	wantAmongTexts(t, at, []struct{ in, want string }{
		{"examples in rust from now on, not C. that's what norvik uses.", "Wants answers with code examples in Rust"},
		{"Please when you explain grammar, give me examples, not only the rule.", "Wants answers with examples"},
		{"你给我讲语法的时候能不能多用表格 一目了然 我是视觉型选手", "希望回答多用表格"},
		{"以后回我说重点就行 没空看长的 一手抱娃一手打字", "希望回答说重点、简短"},
		{"我眼睛花了 你回我的话莫整太长 字少点 我看得累", "希望回答简短"},
	})
	checkLife(t, at, []lifeCase{
		{"give me examples of phrasal verbs", nil},
		{"能不能帮我做个表格", nil},
		// The instruction is kept once, as the style.
		{"以后回我说重点就行 没空看长的 一手抱娃一手打字", []lifeWant{{"希望回答说重点、简短", "answers", false}}},
	})
}
