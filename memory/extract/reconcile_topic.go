package extract

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// A change said in the author's own words ("binned the energy drinks,
// peppermint tea on shift now") carries no subject key to supersede by.
// What it changes is the memory it shares its topic with: the active
// memory with which it shares the most telling terms, when it shares
// enough of them. Only the one closest memory is ended: a change of what
// someone drinks on shift does not end when they work their shifts.

// minTopicTerms is how many telling terms a change shares with the
// memory it ends; a word in another script (a Latin word in a Chinese
// sentence) tells alone.
const minTopicTerms = 2

// timeTerms are the Chinese pairs of time and change words, which every
// change shares with many memories and which tell no topic.
var timeTerms = map[string]bool{
	"现在": true, "以后": true, "后来": true, "目前": true, "如今": true, "已经": true, "平时": true, "每天": true,
	"最近": true, "开始": true, "时候": true, "一直": true,
}

// chatParticles are the words of chat that carry no topic: Malaysian and
// Singaporean particles, laughter, greetings and forms of address. In a
// Chinese sentence a Latin word counts twice, so a shared "lor" alone
// would tie a craving for sweets to a diabetes memory.
var chatParticles = map[string]bool{
	"lah": true, "lor": true, "leh": true, "meh": true, "mah": true, "hor": true, "liao": true, "loh": true,
	"wah": true, "aiyo": true, "aiya": true, "aiyah": true, "haha": true, "hahaha": true, "hehe": true,
	"lol": true, "lmao": true, "omg": true, "ok": true, "okay": true, "ya": true, "yah": true, "yeah": true,
	"boss": true, "bro": true, "sis": true, "dude": true, "pls": true, "plz": true, "thx": true, "thank": true,
}

// topicTarget is the active memory among near whose topic the change c
// continues, or nil.
func topicTarget(c memory.Memory, near []memory.Memory, tok text.Tokenizer) *memory.Memory {
	ct := contentTerms(tok, c.Text)
	var best *memory.Memory
	bestScore := 0
	moved := changeMovesPlan(c)
	topic := topicOfMemory(c)
	sole := soleOnTopic(topic, near, moved) && replaces.MatchString(text.Simplified(c.Text+" "+c.Source.Excerpt))
	for i := range near {
		m := &near[i]
		if m.Status != memory.StatusActive || (m.Type == memory.TypeEvent || m.Type == memory.TypeTask) && !moved {
			continue
		}
		score := topicScore(ct, contentTerms(tok, m.Text), hasHan(c.Text))
		switch t := topic; {
		case !sameTopic(t, *m):
		case subject.SingleValued(t) || t == topicSmoking || sole:
			// Where someone lives, when they work, how much they smoke:
			// one value at a time, so a change on the topic ends it
			// whatever its words. So does a replacement of the one thing
			// kept on a topic of many ("joined the bowling club instead"
			// after the walking group).
			score += minTopicTerms
		case score > 0:
			// What they drink or how they keep fit may hold many values:
			// a change ends the one it shares a word with.
			score++
		}
		if moved && movable(*m) && sharesPlanWord(ct, contentTerms(tok, m.Text)) {
			// A plan put off ends a plan before anything else it names,
			// by one word of it ("lan moved to dec 12"): "新加坡不去28号了，
			// 改7月12号" ends the trip, not the allergy that mentions
			// Singapore's chili crab.
			score = max(score, minTopicTerms) + 1
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	if bestScore < minTopicTerms {
		return nil
	}
	return best
}

// replaces marks a change that puts one thing in another's place, not
// one that adds: "instead", "switched to", "改成", "换成".
var replaces = regexp.MustCompile(`(?i)\binstead\b|\bswitched\b|\bswapped\b|\breplaced\b|\bin\s+place\s+of\b|改成|改为|换成|改用|改去|改练|改学|改打|改跑|代替|取代`)

// soleOnTopic reports whether exactly one active memory of near is kept
// on topic (events and tasks only when a plan moves).
func soleOnTopic(topic string, near []memory.Memory, moved bool) bool {
	if topic == "" {
		return false
	}
	n := 0
	for _, m := range near {
		if m.Status != memory.StatusActive || (m.Type == memory.TypeEvent || m.Type == memory.TypeTask) && !moved {
			continue
		}
		if sameTopic(topic, m) {
			n++
		}
	}
	return n == 1
}

// continuesTopic reports whether the change c, of content terms ct,
// shares enough of its topic with m to be what ends it.
func continuesTopic(c, m memory.Memory, ct termSet, tok text.Tokenizer) bool {
	mt := contentTerms(tok, m.Text)
	return sameTopic(topicOfMemory(c), m) || topicScore(ct, mt, hasHan(c.Text)) >= minTopicTerms ||
		planMovedTo(c, m) && sharesPlanWord(ct, mt)
}

// sharesPlanWord reports whether two texts share a word that can name a
// plan: a Chinese pair other than a time word, or a Latin word of three
// letters or more ("lan", "gig") that is no chat particle or number.
func sharesPlanWord(a, b termSet) bool {
	for t := range a {
		if _, ok := b[t]; ok && canNamePlan(t) {
			return true
		}
	}
	return false
}

// canNamePlan reports whether the index term t can name a plan: a
// Chinese pair other than a time word, or a Latin word of three letters
// or more that is no chat particle or number.
func canNamePlan(t string) bool {
	if chatParticles[t] || timeTerms[t] || strings.Trim(t, "0123456789.,:") == "" {
		return false
	}
	r, _ := utf8.DecodeRuneInString(t)
	if unicode.Is(unicode.Han, r) {
		return utf8.RuneCountInString(t) >= 2
	}
	return len(t) >= 3
}

// topicScore counts the telling terms two texts share: English words of
// four letters or more, Chinese character pairs other than time words;
// a Latin word inside Chinese counts twice. Numbers tell no topic.
func topicScore(a, b termSet, han bool) int {
	n := 0
	for t := range a {
		if _, ok := b[t]; !ok {
			continue
		}
		r, _ := utf8.DecodeRuneInString(t)
		if strings.Trim(t, "0123456789.,:") == "" || chatParticles[t] {
			continue
		}
		switch {
		case unicode.Is(unicode.Han, r):
			if utf8.RuneCountInString(t) >= 2 && !timeTerms[t] {
				n++
			}
		case len(t) >= 4 || han && len(t) >= 2:
			n++
			if han {
				n++
			}
		}
	}
	return n
}
