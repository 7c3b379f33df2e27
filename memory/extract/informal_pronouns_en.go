package extract

import (
	"regexp"
	"strings"

	"github.com/membot/membot/memory/text"
)

// The pronouns of dialect that the word-by-word rewrite of chat reads:
// northern "me" for "my" and "am" for "I'm", patois "mi", Doric "A".

// enDoricI reports whether a clause-opening "A", before the word next
// and the text rest, is Doric "I": before a verb only Scots uses ("A
// dinna ken", "A hiv"), or "work"/"live" before when or where ("A work
// three mornins a wik", not "A work trip").
func enDoricI(next, rest string) bool {
	switch next {
	case "dinna", "canna", "hae", "hiv", "have", "ken", "jist", "wis", "wid", "micht", "widna", "winna", "wad", "aye", "think", "cwid", "div", "dee":
		return true
	case "work", "live", "bide":
		return enDoricWhen.MatchString(rest)
	}
	return false
}

// enDoricWhen is what follows "A work" or "A live" as a clause: when or
// where.
var enDoricWhen = regexp.MustCompile(`(?i)^\s*\S+\s+(?:in|at|on|for|as|wi|with|oot|out|near|\d|one|two|three|four|five|six|twa|three|fower|every|part)\b`)

// enMiIsI are the words after which patois "mi" is "I" ("mi have the
// sugar", "mi moving house"); before others it is "my" ("mi daughter").
var enMiIsI = map[string]bool{
	"have": true, "has": true, "got": true, "get": true, "moving": true, "move": true, "moved": true, "done": true,
	"booked": true, "book": true, "flying": true, "fly": true, "play": true, "playing": true, "grow": true, "miss": true,
	"want": true, "love": true, "like": true, "live": true, "living": true, "can't": true, "cyaan": true, "nah": true,
	"deh": true, "did": true, "was": true, "go": true, "going": true, "gone": true, "come": true, "coming": true,
	"change": true, "changed": true, "need": true, "know": true, "think": true, "used": true, "still": true,
	"just": true, "always": true, "never": true, "tell": true, "told": true, "say": true, "said": true, "off": true,
	"buy": true, "bought": true, "sell": true, "sold": true, "work": true, "worked": true, "retired": true, "am": true,
	"is": true, "don't": true, "do": true, "will": true, "would": true, "cook": true, "eat": true, "drink": true,
	"take": true, "took": true, "make": true, "made": true, "a": true, "stop": true, "stopped": true, "quit": true,
	"feel": true, "hope": true, "try": true, "trying": true, "visit": true, "visiting": true, "walk": true,
}

// In northern English, Scots, Irish and Australian chat "me" is also
// "my" ("me feet are killin us", "had me season ticket 22 year") and
// "am" is "I'm" ("he says am pre-diabetic"). "me" is read as "my" only
// where the object pronoun cannot stand: after a preposition, at the
// start of a clause or after a verb of having, and before a word that is
// no function word ("for me to", "with me now", "got me a pint" stay).
var (
	enMeMyAfter = map[string]bool{
		"in": true, "on": true, "off": true, "of": true, "for": true, "with": true, "at": true, "from": true,
		"into": true, "about": true, "had": true, "have": true, "got": true, "lost": true, "broke": true,
		"hurt": true, "set": true, "sold": true, "fixed": true, "taking": true, "takin": true, "love": true, "miss": true,
	}
	enAmAfter = map[string]bool{
		"says": true, "said": true, "reckons": true, "thinks": true, "while": true, "when": true, "cos": true, "coz": true,
		"because": true, "if": true, "so": true, "but": true, "and": true, "till": true, "until": true, "tho": true,
		"though": true, "now": true, "cause": true, "since": true, "as": true,
	}
)

// enMeIsMy reports whether "me", after the word before (or opening its
// clause, typed before it), and before next, is "my".
func enMeIsMy(before, typed, next string) bool {
	if next == "" || text.IsStopword(next) || strings.HasSuffix(next, "ly") || enNotAfterMy[next] {
		return false
	}
	return enMeMyAfter[before] || enClauseStart(typed)
}

// enNotAfterMy are the words after "me" that no noun would be: adverbs
// and particles that text.IsStopword does not list.
var enNotAfterMy = map[string]bool{
	"too": true, "now": true, "again": true, "please": true, "pls": true, "plz": true, "here": true, "there": true,
	"alone": true, "out": true, "up": true, "down": true, "back": true, "away": true, "anymore": true, "tho": true,
	"though": true, "tomorrow": true, "today": true, "tonight": true, "yesterday": true, "lol": true, "haha": true,
	"n": true, "an": true, "&": true, "personally": true, "myself": true, "either": true, "neither": true,
	"thinks": true, "reckons": true, "says": true, "included": true, "eh": true, "mate": true, "pet": true, "love": true,
}

// enAmIsImNext reports whether a word after "am" makes it "I'm": any
// but "I" (a question, "am I…") or nothing.
func enAmIsImNext(next string) bool { return next != "" && next != "i" }
