package extract

import (
	"regexp"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// withStatements adds to the rule facts of a line what its statements
// say beside them: the rest of a long line spoken without stops ("my
// name is dorothy i am eighty one and i live on my own in a bungalow…"),
// or a sentence beside the one the rules read. A statement that says a
// fact and more ("I'm a nurse at the Royal Infirmary; most weeks I do
// three long days and then I'm off to my allotment") becomes that fact's
// text, so that the fact is kept once, in full, under its subject; the
// change which ends the fact ends all of it.
func withStatements(facts, statements []found) []found {
	tok := text.NewTokenizer()
	said := termSet{}
	factTerms := make([]termSet, len(facts))
	for i, f := range facts {
		factTerms[i] = contentTerms(tok, enWrittenDay.ReplaceAllString(f.text, ""))
		if f.subject == answerSubject {
			// An answer style read from an instruction says all of it.
			for t := range contentTerms(tok, f.object) {
				factTerms[i][t] = struct{}{}
			}
		}
		for t := range factTerms[i] {
			said[t] = struct{}{}
		}
	}
	// sayingHalf is the first fact, as the rules read it, of which the
	// statement of terms st holds half the terms and which ok accepts.
	sayingHalf := func(st termSet, ok func(int) bool) int {
		for i := range facts {
			if ok(i) && 2*shared(st, factTerms[i]) >= len(factTerms[i]) && len(factTerms[i]) > 0 {
				return i
			}
		}
		return -1
	}
	// A detail put right ("the flight is 18 December, from Stansted not
	// Luton") rewrites a memory; the sentence telling it is no memory
	// of its own.
	rewritten := termSet{}
	for i, f := range facts {
		if f.replacesText == "" {
			continue
		}
		before := contentTerms(tok, f.replacesText)
		for t := range factTerms[i] {
			if _, ok := before[t]; !ok {
				rewritten[t] = struct{}{}
			}
		}
	}
	out := slices.Clone(facts)
	merged := make([]bool, len(facts))
	for _, s := range statements {
		if han := hasHan(s.text); han && zhContent(s.text) < minBesideHan || !han && enContent(s.text) < minBesideWords {
			continue // a short sentence the rules read says what they kept
		}
		st := contentTerms(tok, s.text)
		if fresh := len(st) - shared(st, said); fresh < minFreshTerms || 2*fresh < len(st) {
			continue // the statement mostly says what the rules kept
		}
		if sayingHalf(st, func(i int) bool { return facts[i].change }) >= 0 || shared(st, rewritten) > 0 {
			continue // the rules read this change; its telling would say it twice
		}
		into := sayingHalf(st, func(i int) bool {
			// A plan has no subject, and a statement saying it and more
			// is its fuller text ("we plan to fly to Germany… the flight
			// is on 18 December").
			return !merged[i] && (facts[i].subject != "" || facts[i].typ == memory.TypeEvent) && !keptApart[subject.Key(facts[i].subject)]
		})
		if into < 0 {
			if sayingHalf(st, func(i int) bool { return facts[i].subject == answerSubject }) < 0 {
				out = append(out, s) // how to answer is kept in the rules' form alone
			}
			continue
		}
		merged[into] = true
		out[into].text = s.text
		out[into].change = out[into].change || s.change
		out[into].terms = slices.Concat(out[into].terms, s.terms)
	}
	return out
}

// enWrittenDay is the day the rules wrote into a plan's text (enDay): a
// statement saying the plan and more, the date in its own words, is the
// plan's fuller text, not the same plan said twice.
var enWrittenDay = regexp.MustCompile(`\s(?:on|from|between)\s+\p{Lu}\p{Ll}+ \d{1,2}, \d{4}(?:\s+and\s+\p{Lu}\p{Ll}+ \d{1,2}, \d{4})?`)

// keptApart are the subjects whose facts stay in the rules' own short
// form, beside a statement that says more: a name, an identity, how to
// answer.
var keptApart = map[string]bool{subject.Name: true, subject.Identity: true, answerSubject: true}

// minBesideWords and minBesideHan are the length, in content words or
// Chinese characters, of a statement kept beside rule facts.
const (
	minBesideWords = 7
	minBesideHan   = 14
)

// minFreshTerms is how many terms a statement must add to the rule facts
// of its line to be kept beside them.
const minFreshTerms = 4

// stickerCode is a chat app's sticker written as its name in brackets
// ("[捂脸]", "[旺柴]").
var stickerCode = regexp.MustCompile(`\[\p{Han}{1,4}\]`)

// withoutStickers is a line without its emoji and sticker codes, which
// chat puts between words ("我在💪减脂 晚上🚫不吃碳水").
func withoutStickers(s string) string {
	if !hasHan(s) {
		return s
	}
	return strings.Map(dropSymbol, stickerCode.ReplaceAllString(s, ""))
}
