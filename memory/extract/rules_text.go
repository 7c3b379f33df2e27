package extract

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The text helpers the rules share: whether a sentence asks, what an
// explicit "remember" opens with, and how an object is trimmed, checked
// and capitalised.

// enStatedBeforeQuestion is an English sentence without the aside or the
// last clause that asks, when what comes before it states something: a
// question mark after "(" or the last comma.
func enStatedBeforeQuestion(s string) string {
	q := strings.IndexByte(s, '?')
	if q < 0 {
		return s
	}
	cut := strings.LastIndexAny(s[:q], ",(")
	if cut < 0 {
		return s
	}
	head := strings.TrimSpace(s[:cut])
	if len(strings.Fields(head)) < 2 || isQuestion(head) {
		return s
	}
	return head
}

// isQuestion reports whether a sentence asks rather than states.
func isQuestion(s string) bool {
	t := strings.TrimSpace(s)
	if strings.HasSuffix(t, "?") || strings.HasSuffix(t, "？") {
		return true
	}
	if zhQuestion.MatchString(t) {
		return true
	}
	return enQuestion.MatchString(t) && !droppedItIs(t)
}

// droppedItIs reports whether t is "is" opening a statement that drops
// its "it", as a learner of English writes it ("Is night shift, 4 nights
// in week."): a full stop ends it and no pronoun, article or adjective of
// a question ("is it", "is the", "is ok") follows "is".
func droppedItIs(t string) bool {
	words := strings.Fields(strings.ToLower(t))
	if len(words) < 3 || words[0] != "is" || !strings.HasSuffix(t, ".") {
		return false
	}
	next := strings.Trim(words[1], ",.")
	if next == "not" && len(words) > 3 {
		next = strings.Trim(words[2], ",.")
	}
	return !enQuestionAfterIs[next]
}

// enQuestionAfterIs are the words after which "is" asks.
var enQuestionAfterIs = map[string]bool{
	"it": true, "this": true, "that": true, "there": true, "he": true, "she": true, "they": true, "we": true, "you": true,
	"i": true, "my": true, "your": true, "the": true, "a": true, "an": true, "his": true, "her": true, "our": true,
	"their": true, "its": true, "any": true, "anyone": true, "anybody": true, "someone": true, "somebody": true,
	"everyone": true, "something": true, "anything": true, "ok": true, "okay": true, "fine": true, "possible": true,
	"true": true, "worth": true, "safe": true, "better": true, "normal": true, "bad": true, "good": true, "too": true,
}

// zhQuestion asks in Chinese. 什么, 啥, 怎么, 哪里, 哪儿 or 谁 just before
// 都 or 也 says "any" ("什么都能吃", "怎么都睡不着"); 什么的 and 啥的 say
// "and the like" ("猪肉啥的都不碰"); "谁懂啊" is an exclamation of chat
// ("who gets it"); 多少有 says "somewhat". Other forms of "any" (哪个都行,
// 什么时候都可以) are still read as questions.
var (
	zhQuestion = regexp.MustCompile(`[吗么嘛][。！!]*$|(?:怎么|哪里|哪儿)(?:$|[^都也])|(?:什么|啥)(?:$|[^都也的])|谁(?:$|[^都也懂])|为什么|哪个|多少(?:$|[^有])|是不是|有没有|能不能|可不可以|好不好|行不行|对不对|要不要|可以吗`)
	enQuestion = regexp.MustCompile(`(?i)^(?:do|does|did|what|why|how|where|when|who|which|can|could|would|should|is|are|am|will|shall|wat|wot|whats|wats|hw|hows|any\s+(?:ideas?|tips|recs|suggestions))\b`)
)

// explicitPrefix matches a request to remember at the start of a sentence.
var explicitPrefix = regexp.MustCompile(`(?i)^(?:(?:please|pls|hey|ok|okay)[, ]+)?(?:remember|don'?t forget|do not forget|keep in mind|note)(?:\s+that)?[,:]?\s+|^(?:请|你|帮我|麻烦)?(?:记住|记一下|记下来|别忘了|不要忘了|不要忘记|记得)(?:了)?[:：,，]?\s*`)

// stripExplicit removes an explicit remember prefix, reporting whether
// there was one.
func stripExplicit(s string) (string, bool) {
	loc := explicitPrefix.FindStringIndex(s)
	if loc == nil || loc[1] >= len(s) {
		return s, false
	}
	return strings.TrimSpace(s[loc[1]:]), true
}

// stripQuoted drops inline text marked as quoted by preprocessing.
func stripQuoted(s string) string { return removeQuoteMarks(s) }

// trimObject removes filler around a matched object.
func trimObject(s string) string {
	s = strings.TrimSpace(s)
	s = objectTail.ReplaceAllString(s, "")
	trim := func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) && r != '+' && r != '#' }
	s = strings.TrimLeftFunc(s, trim)
	// Where each opener first stands, looked up once: a long run of
	// closers ("))))…") is trimmed in one pass.
	firstOpen := map[rune]int{}
	for s != "" {
		r, size := utf8.DecodeLastRuneInString(s)
		if !trim(r) {
			break
		}
		if open, ok := closingMarks[r]; ok {
			at, seen := firstOpen[open]
			if !seen {
				at = strings.IndexRune(s, open)
				firstOpen[open] = at
			}
			if at >= 0 && at < len(s)-size {
				break // "王文娟的《红楼梦》": a title keeps its closing mark
			}
		}
		s = s[:len(s)-size]
	}
	return s
}

// closingMarks are the closing brackets and quotes, with their openers.
var closingMarks = map[rune]rune{'》': '《', '」': '「', '』': '『', '）': '（', ')': '(', '”': '“', '’': '‘', '〉': '〈'}

// objectTail is filler at the end of an object.
var objectTail = regexp.MustCompile(`(?i)(?:\s+(?:too|as well|a lot|very much|so much|now|anymore|any more|though|lately|these days|nowadays|actually|really|instead|by the way|btw|tbh|lol|haha))+\s*[.!]*$|[了啊呀哦呢吧啦嘛的哈]+$|(?:了|啦)?[。！!~～…]+$`)

// vagueObject rejects pronouns and demonstratives: "I like it" says
// nothing durable.
var vagueObject = regexp.MustCompile(`(?i)^(?:it|this|that|these|those|you|them|him|her|one|so|some|something|everything|anything|your\b.*|the idea|你|您|你们|它|他|她|这|那|这个|那个|这些|那些|这样|那样|这里|那里|这种|那种|一下|什么)$`)

// validObject reports whether an object is worth a memory.
func validObject(s string) bool {
	n := len([]rune(s))
	return n > 0 && n <= 60 && !vagueObject.MatchString(s)
}

// hasHan reports whether s contains Chinese characters.
func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// upperFirst capitalises the first letter.
func upperFirst(s string) string { return mapFirst(s, unicode.ToUpper) }

// lowerFirst lower-cases the first letter.
func lowerFirst(s string) string { return mapFirst(s, unicode.ToLower) }

// mapFirst is s with f applied to its first rune.
func mapFirst(s string, f func(rune) rune) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	r[0] = f(r[0])
	return string(r)
}
