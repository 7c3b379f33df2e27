package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory/subject"
)

// enPetLost is a pet that died or was lost, said by its name: "We lost
// Pepper two weeks ago", "our old beagle Pepper passed away". It ends the
// memory of the pet by its key; a relative ("we lost Grandpa") is no pet,
// nor what a name owns ("lost Jake's keys") or is lost as ("as a
// client"). It runs before the rules that tell of a pet, so that "we lost
// our dog Rex" is the loss, not the dog.
var enPetLost = lifeRule{
	regexp.MustCompile(`(?i)\b(?:we|I)(?:'ve|\s+have)?\s+(?:just\s+|sadly\s+|finally\s+)?lost\s+(?:(?:our|my)\s+(?:(?:old|sweet|dear|little|lovely|beloved|poor)\s+)?` + enPetKind + `,?\s+)?(?-i:(\p{Lu}\p{Ll}+))(?:[.,!;]|$|\s+(?:(?:a|two|three|four|five|six|last|this|on|in|yesterday|today|recently)\b|\d))|\b(?:our|my)\s+(?:(?:old|sweet|dear|little|lovely|beloved|poor)\s+)?` + enPetKind + `,?\s+(?-i:(\p{Lu}\p{Ll}+)),?\s+(?:died|passed\s+away|passed|was\s+put\s+(?:down|to\s+sleep)|had\s+to\s+be\s+put\s+(?:down|to\s+sleep))\b`),
	func(m []string, _ string, _ time.Time) (found, bool) {
		name := m[2] + m[4]
		if !petName(name) {
			return found{}, false
		}
		return changed(lifeOf(name+" died", subject.PetPrefix+strings.ToLower(name), name, "pet"))
	},
}

// enPetNamed is a pet named after it is told of: "a rescue beagle mix
// from the humane society, we named her Juniper".
var enPetNamed = lifeRule{
	regexp.MustCompile(`(?i)\b` + enPetKind + `\b[^.;!?]{0,60}?\b(?:we|I)(?:'ve|\s+have)?\s+(?:named|called)\s+(?:her|him|it)\s+(?-i:(\p{Lu}\p{Ll}+))\b`),
	func(m []string, _ string, _ time.Time) (found, bool) {
		kind, name := strings.ToLower(m[1]), m[2]
		if !petName(name) || enOthersAnimal.MatchString(m[0]) {
			return found{}, false
		}
		return lifeOf("Has a "+kind+" called "+name, subject.PetPrefix+strings.ToLower(name), kind, name)
	},
}

// enOthersAnimal is an animal of someone else's: "the dog next door".
var enOthersAnimal = regexp.MustCompile(`(?i)\b(?:next\s+door|neighbou?rs?'?s?|across\s+the\s+(?:road|street)|down\s+the\s+(?:road|street)|my\s+(?:friend|sister|brother|mum|mom|dad|son|daughter)'s)\b`)

// enPetNote is a pet typed as a note: "cat = Byte. 4 yrs, grey", "dog:
// Rolo".
var enPetNote = lifeRule{
	regexp.MustCompile(`(?i)^(?:(?:my|our|the)\s+)?` + enPetKind + `\s*(?:=|:|-)\s*(?-i:(\p{Lu}\p{Ll}+))(?:[.,;!]|$)`),
	func(m []string, _ string, _ time.Time) (found, bool) {
		kind, name := strings.ToLower(m[1]), m[2]
		if enNotAName.MatchString(name) || enNotNewName.MatchString(name) {
			return found{}, false
		}
		return lifeOf("Has a "+kind+" called "+name, subject.PetPrefix+strings.ToLower(name), kind, name)
	},
}

// petName reports whether name can be a pet's: no relative ("Grandpa"),
// no word that opens a sentence, no weekday or month.
func petName(name string) bool {
	_, rel := subject.Relation(strings.ToLower(name))
	return !rel && !enNotAName.MatchString(name) && !enNotNewName.MatchString(name)
}
