package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// A correction often says only the new value, in as few words as chat
// allows ("checkride got bumped, it's Aug 21 now", "早课改到六点半了"):
// no first person, sometimes no verb, nothing the statements above keep.
// What ties it to the author is what they said before: a sentence worded
// as a change that shares telling words with a memory they hold, on a
// subject that holds one value or a topic of their life, changes that
// memory. Family and pets are left out: a relative's news is not a
// change of the relative.

// enChangeSaid and zhChangeSaid are the words of a change said in
// passing: moved, bumped, from Monday, now; 改到, 挪到, 变了, 现在.
var (
	enChangeSaid = regexp.MustCompile(`(?i)\b(?:now|bumped|moved|pushed\s+back|brought\s+forward|rescheduled|cut|came\s+through|switched|changed|instead|postponed|delayed|put\s+off|called\s+off|cancell?ed|no\s+more|no\s+longer|any\s?more|(?:from|starting|start(?:s|ing)?\s+on)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|next\s+week|next\s+month)|sold\s+(?:the|our|my)\s+(?:house|flat|place|home)|put\s+in\s+(?:my|their|her|his)\s+(?:two|2)\s+weeks|new\s+job|joined|start(?:ed|ing)\s+(?:at|with)|(?:handed|gave|given|put)\s+in\s+(?:my|their|her|his)\s+notice|not\s+more\s+(?:in|at|with|for))\b`)
	zhChangeSaid = regexp.MustCompile(`变了|改到|改成|改为|挪到|推到|延到|延期|延后|改期|取消|推迟|提前|换了|换成|不.{0,6}了|没.{0,6}了|现在|以后|后来`)
)

// enPlanMoved and zhPlanMoved are the words of a plan put off, moved or
// called off: such a change may end the plan it shares its words with.
var (
	enPlanMoved = regexp.MustCompile(`(?i)\b(?:postponed|put\s+off|called\s+off|cancell?ed|pushed\s+back|brought\s+forward|rescheduled|moved\s+to|bumped\s+to)\b`)
	zhPlanMoved = regexp.MustCompile(`推到|延到|延期|延后|改期|取消|推迟|改到|挪到|提前到|改时间|改日子|变成[0-9０-９一二三四五六七八九十]|改(?:成|为|在)?(?:[0-9０-９一二三四五六七八九十两]+(?:月|号|日|点)|下(?:个|周|礼拜|星期)|这(?:周|礼拜|星期)|(?:周|礼拜|星期)[一二三四五六日天])`)
)

// enNewDate and zhNewDate are the words that correct a plan's day when a
// date stands beside them: "I wrote 18 December, but this was wrong; the
// flight is on 20 December", "日子记错了，是12号".
var (
	enNewDate = regexp.MustCompile(`(?i)\b(?:was|is|were)\s+wrong\b|\b(?:got|had)\s+(?:it|that|the\s+date)\s+wrong\b|\bmixed\s+up\s+the\s+dates?\b`)
	zhNewDate = regexp.MustCompile(`说错了|搞错了|记错了|写错了|看错了`)
	// enOtherDay gives a plan another day without saying it moved: "now
	// we sail on June 21st instead", "it's now 21 May", "the eye test is the
	// 9th of April now".
	enOtherDay = regexp.MustCompile(`(?i)\binstead\b|\b(?:it'?s|it\s+is|is|are)\s+now\b|\b(?:it'?s|its|is|are)\s+(?:[^\s.;!?]+\s+){1,4}now\b|\bnew\s+date\b|\bchanged\s+the\s+(?:date|day)\b`)
)

// movesPlan reports whether s says a plan was put off, moved or called
// off, or gives one another date.
func movesPlan(s string) bool {
	return saysPlanMoved(s) || !hasHan(s) && enOtherDay.MatchString(s) && hasDate(s) && !enEvery.MatchString(s)
}

// saysPlanMoved reports whether s says in so many words that a plan was
// put off, moved, called off or given the wrong date.
func saysPlanMoved(s string) bool {
	if hasHan(s) {
		z := text.Simplified(s)
		return zhPlanMoved.MatchString(z) || zhNewDate.MatchString(z) && hasDate(z) && !zhEvery.MatchString(z)
	}
	return enPlanMoved.MatchString(s) || enNewDate.MatchString(s) && hasDate(s) && !enEvery.MatchString(s)
}

// hasDate reports whether s names a day, a month or a weekday (any
// reference day will do to tell).
func hasDate(s string) bool {
	_, ok := text.ResolveDate(s, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	return ok
}

// minKnownTerms is how many telling terms a change shares with the memory
// it changes: one telling word ("checkride", "开门") is enough once the
// sentence is worded as a change.
const minKnownTerms = 1

// knownChange finds the subject among known that the change sentence s
// goes on about, if s is worded as a change.
func knownChange(s string, han bool, known []Subject) (Subject, bool) {
	if !saysChange(s) || len(known) == 0 {
		return Subject{}, false
	}
	tok := text.NewTokenizer()
	st := contentTerms(tok, s)
	var best Subject
	bestScore := 0
	for _, k := range known {
		key := subject.Of(k.Key)
		if strings.HasPrefix(key, subject.FamilyPrefix) || strings.HasPrefix(key, subject.PetPrefix) ||
			strings.HasPrefix(key, subject.BirthdayPrefix) || key == subject.Name || key == subject.Identity {
			continue
		}
		score := topicScore(st, contentTerms(tok, k.Text), han)
		if key == "" {
			// A memory without a subject is one of many things said: one
			// shared word is no sign the change is of it.
			score -= minTopicTerms - minKnownTerms
		}
		if score > bestScore {
			best, bestScore = k, score
		}
	}
	return best, bestScore >= minKnownTerms
}

// saysChange reports whether a line is worded as a change said in
// passing, which knownChange may tie to what was said before.
func saysChange(line string) bool {
	if hasHan(line) {
		return zhChangeSaid.MatchString(text.Simplified(line))
	}
	return enChangeSaid.MatchString(line)
}
