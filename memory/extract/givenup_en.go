package extract

import (
	"regexp"
	"strings"

	"github.com/membot/membot/memory/subject"
)

// What someone gave up ("quit spin", "I've given up coffee", "on that keto
// mess too"): the words around the thing given up that say how they feel
// about it rather than what it was, and the verb the memory says it with.

// enGivenUpWords are the words around what someone gave up that say how
// they feel about it, not what it was: "on that", "mess", "too".
var enGivenUpWords = regexp.MustCompile(`(?i)^on\s+(?:(?:that|this|all\s+that)\s+)?|^(?:that|this|all\s+that)\s+|\s+(?:too|as\s+well|either)\s*$`)

// enGivenUpRunOn is a clause typed on without a stop after what someone
// gave up: "quit spin it was killing me", "quit dominos they kept giving
// me closing shifts".
var enGivenUpRunOn = regexp.MustCompile(`(?i)\s+(?:it|they|he|she|we|I|im|i'm|cos|coz|cuz|because|since|so|but)\b.*$`)

// enGivenUpNoObject is what stands after "quit" when the thing quit was
// named before: a pronoun or a time ("quit them at new year", "quit last
// weekend").
var enGivenUpNoObject = regexp.MustCompile(`(?i)^(?:it|them|that|this|those|these|last\s+\w+|yesterday|today|on\s+\w+day|in\s+\w+|a\s+while\s+(?:ago|back)|\w+\s+(?:weeks?|months?|days?|years?)\s+ago)\b`)

// enGivenUpScorn is the word after what someone gave up that says what
// they thought of it, after "that" or "this": "that keto mess".
var enGivenUpScorn = regexp.MustCompile(`(?i)^(?:on\s+)?(?:that|this|all\s+that)\s+(.+?)\s+(?:mess|thing|stuff|nonsense|malarkey|lark|business)\b`)

// dietTopic is the diet key when obj is a diet ("keto", "paleo"), or "".
func dietTopic(obj string) string {
	if topicOf(obj) == subject.Diet {
		return subject.Diet
	}
	return ""
}

// givenUpVerb is how a memory of a habit given up says so, in the verb the
// person used ("I quit the swim team" → "Quit", "I've given up coffee" →
// "Has given up"): the words they would look for it by.
func givenUpVerb(said string) string {
	s := strings.ToLower(said)
	switch {
	case strings.Contains(s, "given up"):
		return "Has given up"
	case strings.Contains(s, "gave up"):
		return "Gave up"
	case strings.Contains(s, "stopped"):
		return "Stopped"
	}
	return "Quit"
}
