package text

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// minSubQuestionRunes is the shortest part of a message that counts as a
// question of its own; shorter pieces ("ok?", "对吧？") stay with the rest.
const minSubQuestionRunes = 4

// SubQuestions splits a message that asks several things ("我用的手机是
// 什么？另外，那个活动在哪儿？", "Where does she work? And when did she
// move?") into its parts: at question and exclamation marks, semicolons
// and the Chinese full stop, and at "另外" ("besides"). The ASCII full
// stop is no break ("Dr. Li", "3.5"). It returns nil when the message
// holds at most one part, so that callers only do extra work for compound
// messages.
func SubQuestions(s string) []string {
	var parts []string
	for _, p := range strings.FieldsFunc(s, isQuestionBreak) {
		for _, x := range splitJoiners(p) {
			x = strings.TrimFunc(x, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
			if utf8.RuneCountInString(x) >= minSubQuestionRunes {
				parts = append(parts, x)
			}
		}
	}
	if len(parts) < 2 {
		return nil
	}
	return parts
}

// isQuestionBreak reports whether r ends one sentence of a message.
func isQuestionBreak(r rune) bool {
	switch r {
	case '?', '？', '!', '！', ';', '；', '。':
		return true
	}
	return false
}

// splitJoiners cuts a sentence where a word joins a second question on.
func splitJoiners(s string) []string { return strings.Split(s, "另外") }

// MainQuestion splits a message that wanders before it asks ("天气真好…
// 等等，我真正想问的是，那个活动在哪儿？", "Long day at work. Anyway, what
// did I say I'd cook tonight?") into the aside and the question the
// person means: the question is what follows the last word that turns
// back to the point or corrects what went before ("anyway", "wait",
// "sorry", "实际上", "等等", "不对", "我本来想说的是"), when it opens a clause
// and what follows asks something. A message asking several things
// ("…另外，…") is split in each of its parts, the questions joined again.
// Otherwise aside is empty and question is s.
func MainQuestion(s string) (aside, question string) {
	parts := splitJoiners(s)
	if len(parts) == 1 {
		return mainQuestion(s)
	}
	var asides, questions []string
	for _, p := range parts {
		a, q := mainQuestion(p)
		if a != "" {
			asides = append(asides, a)
		}
		questions = append(questions, q)
	}
	if len(asides) == 0 {
		return "", s
	}
	return strings.Join(asides, " "), strings.Join(questions, "另外")
}

// mainQuestion is MainQuestion for a message asking one thing.
func mainQuestion(s string) (aside, question string) {
	lower := strings.ToLower(s)
	if len(lower) != len(s) {
		// Lower-casing moved the bytes (rare letters such as İ): the
		// positions found in lower would not be those of s.
		return "", s
	}
	cut := -1
	for _, m := range turnMarkers {
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], m)
			if i < 0 {
				break
			}
			i += from
			from = i + len(m)
			if i > cut && opensClause(lower, i) && endsWord(lower, i+len(m)) {
				cut = i
			}
		}
	}
	if cut <= 0 {
		return "", s
	}
	q := strings.TrimLeftFunc(s[cut:], func(r rune) bool { return unicode.IsSpace(r) })
	head := strings.TrimSpace(strings.TrimLeftFunc(s[:cut], func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }))
	if head == "" || !asks(q) {
		return "", s
	}
	return head, q
}

// turnMarkers are the words that turn a message back to its point or
// correct what went before it, lower case.
var turnMarkers = []string{
	"anyway", "anyways", "actually", "wait", "hold on", "sorry", "by the way", "scratch that",
	"never mind", "nevermind", "what i meant", "what i really want to know", "my real question",
	"my actual question", "back to my question", "the real question",
	"等等", "等一下", "停一下", "实际上", "其实", "不好意思", "抱歉", "对了", "不对", "搞错了", "说错了",
	"我本来想说的是", "我本来想问的是", "我真正想问的是", "我真正的问题是", "我真正想弄清楚的是",
	"言归正传", "说正事", "话说回来", "回到正题",
}

// opensClause reports whether position i of s starts the text or follows
// punctuation (and spaces).
func opensClause(s string, i int) bool {
	before := strings.TrimRightFunc(s[:i], unicode.IsSpace)
	if before == "" {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(before)
	return unicode.IsPunct(r)
}

// endsWord reports whether position i of s ends a word: an English marker
// must not be the start of a longer word ("waiter").
func endsWord(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	if prev >= utf8.RuneSelf {
		return true
	}
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// asks reports whether s asks something: a question mark or a Chinese
// question word.
func asks(s string) bool {
	return strings.ContainsAny(s, "?？") || strings.Contains(s, "什么") || strings.Contains(s, "哪") ||
		strings.Contains(s, "谁") || strings.Contains(s, "几") || strings.Contains(s, "多少") ||
		strings.Contains(s, "怎么") || strings.Contains(s, "吗")
}
