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
