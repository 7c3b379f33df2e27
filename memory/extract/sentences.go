package extract

import (
	"regexp"
	"strings"
)

// How a message is cut into the sentences the rules read: at the marks
// that end a sentence in either language, at English full stops that close
// no abbreviation, and a long run-on sentence at the commas before a new
// clause; emoji between words read as spaces.

// sentenceSplit cuts text into sentences, keeping each one's closing mark.
var sentenceSplit = regexp.MustCompile(`[^。！!？?；;\n]+[。！!？?；;]*|[。！!？?；;]+`)

// enSentenceEnd is a full stop followed by space: the end of an English
// sentence unless it closes an abbreviation.
var enSentenceEnd = regexp.MustCompile(`\.\s+`)

// enAbbreviation is a word whose full stop ends no sentence ("Dr.",
// "St.", "e.g.", an initial).
var enAbbreviation = regexp.MustCompile(`(?i)(?:^|[\s(])(?:dr|mr|mrs|ms|mx|st|prof|sr|jr|mt|ft|vs|etc|e\.g|i\.e|cf|no|inc|ltd|co|corp|dept|approx|ave|rd|blvd|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|\p{Lu})$`)

// enSentences cuts s at full stops that end a sentence, and a run-on
// sentence at its commas before a new clause.
func enSentences(s string) []string {
	var out []string
	start := 0
	for _, loc := range enSentenceEnd.FindAllStringIndex(s, -1) {
		if enAbbreviation.MatchString(s[start:loc[0]]) {
			continue
		}
		out = appendRunOn(out, s[start:loc[0]])
		start = loc[1]
	}
	return appendRunOn(out, s[start:])
}

// runOnWords is the length, in words, from which a sentence is a run-on
// one ("ok so it's like 10:30 and both kids are asleep, anyway I'm
// Darren, single dad, …, and I do HVAC repair for Hoffman, and we're in
// a two bedroom apartment in Grove City …"): its clauses are read as
// sentences of their own.
const runOnWords = 40

// enRunOnBreak is a comma before a new clause of a run-on sentence: a
// subject, after connectives that say nothing. The group is where the
// clause begins.
var enRunOnBreak = regexp.MustCompile(`,\s+(?:(?i:and|so|but|anyway|also|plus|oh|then|btw)\s+)*((?:I|I'm|I've|I'd|we|we're|we've|my|our|she's|he's|she|he|they|they're|their|his|her)\s|\p{Lu}\p{Ll}+(?:'s)?\s+(?:is|has|was|had|wants|loves|likes|hates|needs|lives|works)\s)`)

// appendRunOn adds sentence to out, cut at its clauses when it runs on.
func appendRunOn(out []string, sentence string) []string {
	if len(strings.Fields(sentence)) < runOnWords {
		return append(out, sentence)
	}
	start := 0
	for _, m := range enRunOnBreak.FindAllStringSubmatchIndex(sentence, -1) {
		clause, _, _ := strings.Cut(sentence[m[2]:], ",")
		if words := strings.Fields(clause); enBackReference.MatchString(strings.Join(words[:min(len(words), backReferenceWords)], " ")) {
			continue // "…on the 17th of August, and I mean to take her to Obudu"
		}
		out = append(out, sentence[start:m[0]])
		start = m[2]
	}
	return append(out, sentence[start:])
}

// withoutEmoji writes each run of emoji as one space: "a dental
// hygienist Mondays and Fridays 🦷 so those days…" is read as if typed
// without them. Other symbols (℃, °) say something and stay.
func withoutEmoji(s string) string {
	var b strings.Builder
	space := false
	for _, r := range s {
		if isEmoji(r) {
			if !space {
				b.WriteByte(' ')
			}
			space = true
			continue
		}
		space = false
		b.WriteRune(r)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// isEmoji reports whether r is an emoji or one of its joiners and
// modifiers.
func isEmoji(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2600 && r <= 0x27BF || r == '\uFE0F' || r == '\u200D' || r >= 0x1F3FB && r <= 0x1F3FF
}
