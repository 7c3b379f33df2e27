package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory/subject"
)

// enPetLost is a pet that died or was lost, said by its name: "We lost
// Pepper two weeks ago", "our old beagle Pepper passed away". It ends the
// memory of the pet by its key; a relative ("we lost Grandpa") is no pet.
var enPetLost = lifeRule{
	regexp.MustCompile(`(?i)\b(?:we|I)(?:'ve|\s+have)?\s+(?:just\s+|sadly\s+|finally\s+)?lost\s+(?:(?:our|my)\s+(?:(?:old|sweet|dear|little|lovely|beloved|poor)\s+)?` + enPetKind + `,?\s+)?(?-i:(\p{Lu}\p{Ll}+))\b|\b(?:our|my)\s+(?:(?:old|sweet|dear|little|lovely|beloved|poor)\s+)?` + enPetKind + `,?\s+(?-i:(\p{Lu}\p{Ll}+)),?\s+(?:died|passed\s+away|passed|was\s+put\s+(?:down|to\s+sleep)|had\s+to\s+be\s+put\s+(?:down|to\s+sleep))\b`),
	func(m []string, _ string, _ time.Time) (found, bool) {
		name := m[2] + m[4]
		if _, rel := subject.Relation(strings.ToLower(name)); rel || enNotAName.MatchString(name) || enNotNewName.MatchString(name) {
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
		if _, rel := subject.Relation(strings.ToLower(name)); rel || enNotAName.MatchString(name) || enNotNewName.MatchString(name) {
			return found{}, false
		}
		return lifeOf("Has a "+kind+" called "+name, subject.PetPrefix+strings.ToLower(name), kind, name)
	},
}

// enPetNote is a pet typed as a note: "cat = Byte. 4 yrs, grey", "dog:
// Rolo".
var enPetNote = lifeRule{
	regexp.MustCompile(`(?i)^(?:(?:my|our|the)\s+)?` + enPetKind + `\s*(?:=|:|-)\s*(?-i:(\p{Lu}\p{Ll}+))\b`),
	func(m []string, _ string, _ time.Time) (found, bool) {
		kind, name := strings.ToLower(m[1]), m[2]
		if enNotAName.MatchString(name) || enNotNewName.MatchString(name) {
			return found{}, false
		}
		return lifeOf("Has a "+kind+" called "+name, subject.PetPrefix+strings.ToLower(name), kind, name)
	},
}
