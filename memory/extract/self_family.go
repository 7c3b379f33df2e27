package extract

import (
	"regexp"
	"strings"

	"github.com/membot/membot/memory/subject"
)

// What people tell about their family is part of their own life ("my
// daughter turns 16 in June", "闺女上初二了"): kept in their words, with the
// relative named in the memory, so that it is never read as the author's
// own. A sentence that goes on about that relative by a pronoun ("Wife is
// Nia. She's a midwife") joins it; what colleagues, neighbours or pets do
// is left to the rules that know them.

// whose is whom the sentence before was kept about: a sentence without a
// subject of its own, or one opening on "she", goes on about them.
type whose int

const (
	noOne whose = iota
	theAuthor
	aRelative
)

// enFamilyLead is an English sentence opening on a relative: "my son
// Jas is 15", "wife is Nia", "our eldest starts school".
var enFamilyLead = regexp.MustCompile(`(?i)^(?:my\s+|our\s+)(?:new\s+|little\s+|eldest\s+|youngest\s+|oldest\s+|baby\s+)?` + enFamily + `\b|^(wife|husband|hubby|son|daughter|mum|mom|dad|grandson|granddaughter)\b`)

// zhFamilyLead is the same in Chinese: "闺女十一月过生日", "我老公在…".
var zhFamilyLead = regexp.MustCompile(`^(?:我|我的|我家|我家的|我们家|我们家的|俺|俺家|俺家的|额家|咱家)?` + zhFamily)

// zhFamilyWordElse is a family word that means something else where it
// stands: "对象存储", "妈呀".
var zhFamilyWordElse = regexp.MustCompile(`^(?:对象(?:存储|是指|的)|妈(?:呀|耶|的))`)

// enPronounLead and zhPronounLead open a sentence on "she" or "he".
var (
	enPronounLead = regexp.MustCompile(`(?i)^(?:she|he|she's|he's|shes|hes)\b`)
	zhPronounLead = regexp.MustCompile(`^(?:她|他)`)
)

// zhRelativesOther is a relative's someone or something that is the
// subject instead: "儿子的同学对芒果过敏" is about the classmate.
var zhRelativesOther = regexp.MustCompile(`^的(?:同学|朋友|同事|老师|老板|领导|室友|女朋友|男朋友|对象|邻居|` + strings.Trim(zhPetKind, "()") + `)`)

// enRelativeEvent is a relative's passing doing: "my brother rang".
var enRelativeEvent = regexp.MustCompile(`(?i)\b(?:rang|called|texted|messaged|came\s+(?:over|round|by)|popped\s+(?:over|round|in)|dropped\s+by|said|says|told\s+me|sent\s+(?:me|this))\b`)

// familyKey is the subject of a statement about the relative s opens on,
// or "".
func familyKey(s string, han bool) string {
	var m []string
	if han {
		m = zhFamilyLead.FindStringSubmatch(s)
		if m == nil || zhRelativesOther.MatchString(s[len(m[0]):]) || zhFamilyWordElse.MatchString(s[len(m[0])-len(m[1]):]) {
			return ""
		}
	} else {
		m = enFamilyLead.FindStringSubmatch(s)
	}
	if m == nil {
		return ""
	}
	word := m[len(m)-1]
	if word == "" && len(m) > 2 {
		word = m[1]
	}
	rel, ok := subject.Relation(strings.ToLower(word))
	if !ok {
		return ""
	}
	return subject.FamilyPrefix + rel
}

// aboutRelative reports whether s is about a relative: it opens on one,
// or goes on by a pronoun about the one the sentence before was about.
func aboutRelative(s string, han bool, before whose) bool {
	if familyKey(s, han) != "" {
		return true
	}
	if before != aRelative {
		return false
	}
	if han {
		return zhPronounLead.MatchString(s)
	}
	return enPronounLead.MatchString(s)
}
