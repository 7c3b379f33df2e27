package extract

import (
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// enCorrection marks an English sentence that corrects or updates what
// was said before, in the words people use for it: "scratch that",
// "scratch what I said about …", "turns out …", "I got it wrong", "ended
// up in …", "… is on hold", "these days I …", "not … anymore", "I must
// amend what I told you", "I had that backwards".
var enCorrection = regexp.MustCompile(`(?i)\bscratch\s+(?:that|what\s+I\s+said)|\b(?:forget|ignore)\s+what\s+I\s+said\b|\bturns?\s+out\b|\bturned\s+out\b|\bI\s+(?:got\s+it|was|had\s+it)\s+wrong\b|\bcorrection\b|\bended\s+up\b|\bon\s+hold\b|\bthese\s+days\b|\bnowadays\b|\bnot\s+.{0,30}\bany\s?more\b|\bno\s+more\b|\bnot\s+any\s+longer\b|\bfrom\s+now\s+on\b|\b(?:taken|took)\s+me\s+off\b|\bswapped\b|\b(?:amend|revise|update|correct)\s+what\s+(?:I|they)\s+(?:told|said|wrote)\b|\b(?:had|got)\s+(?:that|it|this)\s+(?:backwards|the\s+wrong\s+way\s+round|mixed\s+up)\b|\bmixed\s+(?:them|those|that)\s+up\b`)

// enChanged reports whether an English sentence states a change or a
// correction of something said before.
func enChanged(sentence string) bool {
	return changeCue.MatchString(sentence) || enCorrection.MatchString(sentence)
}

// People correct a detail by naming what it is about and the new value,
// leaving the rest of what they said standing: "scratch that about the
// hives, it's three now", "scratch what I said about Dublin, I'm at
// Shannon from Monday", "choir isn't Tuesdays this term, it's Thursdays".
// The rules read such a correction against the person's existing subjects
// (each with its newest memory's text): the memory that names the topic
// gets the new value in place of the old, under the same subject, marked
// as a change, so reconciliation supersedes the old memory with history.

// enRetract names the topic of a retraction ("scratch what I said about
// Dublin", "scratch that about the hives", "forget what I told you about
// my shifts").
var enRetract = regexp.MustCompile(`(?i)\b(?:scratch|forget|ignore|disregard)\s+(?:that|what\s+I\s+(?:said|told\s+you)|the\s+bit)\s+(?:about|on|re)\s+(?:the\s+|my\s+|our\s+)?([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*)?)`)

// enNotButIs is "<topic> isn't <old>, it's <new>", and "not <old>
// anymore, (it's) <new> now" with the topic left implied.
var enNotButIs = regexp.MustCompile(`(?i)(?:\b([\p{L}][\p{L}'-]*)(?:'s|\s+is|\s+are)?\s+(?:isn'?t|is\s+not|aren'?t|are\s+not|not)|\bnot|\bno\s+longer)\s+(?:on\s+|at\s+|in\s+)?([\p{L}\d]+(?:\s+[\p{L}\d]+){0,2}?)(?:\s+(?:this|that|any)\s+[\p{L}]+|\s+any\s?more)?\s*[,;]\s*(?:but\s+)?(?:it'?s\s+|they'?re\s+|it\s+is\s+|is\s+|now\s+)?(?:on\s+|at\s+|in\s+)?([\p{L}\d]+(?:\s+[\p{L}\d]+){0,2}?)(?:\s+now)?\s*(?:[.!,;]|$)`)

// enNoLonger takes back a state said before: "I'm not vegetarian any
// more", "turns out I'm not lactose intolerant after all".
var enNoLonger = regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:not|no\s+longer)\s+(?:an?\s+|really\s+|actually\s+)?([\p{L}-]+(?:\s+[\p{L}-]+)?)\s+(any\s?more|after\s+all|these\s+days)\b`)

// enIsNotOld is "<topic> is <new>, not <old>": "my shift is nights, not
// days".
var enIsNotOld = regexp.MustCompile(`(?i)\b(?:my\s+|the\s+)?([\p{L}]+)\s+(?:is|are|'s)\s+(?:on\s+|at\s+|in\s+)?([\p{L}\d]+(?:\s+[\p{L}\d]+)?)\s*,?\s+not\s+(?:on\s+|at\s+|in\s+)?([\p{L}\d]+(?:\s+[\p{L}\d]+)?)\b`)

// enPlaceNotOld is "<prep> <New>, not <Old>" with names: "from
// Stansted not Luton", "at the Royal, not the General".
var enPlaceNotOld = regexp.MustCompile(`\b(?i:from|at|in|to|on|into|out\s+of)\s+(?:the\s+)?(\p{Lu}[\p{L}'-]+)\s*,?\s+not\s+(?:the\s+)?(\p{Lu}[\p{L}'-]+)\b`)

// enMistake is a line that owns to a mistake, the cue a place put right
// needs ("sorry, I made a mistake: from Stansted not Luton").
var enMistake = regexp.MustCompile(`(?i)\b(?:mistake|my\s+bad|sorry|wrong|not\s+right|correct(?:ion)?|actually|i\s+meant|typo)\b`)

// enNumberWord is a count written as a word or in digits.
var enNumberWord = regexp.MustCompile(`(?i)\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b`)

// enCapName is a capitalised word not opening the text: a name or place.
var enCapName = regexp.MustCompile(`\b\p{Lu}[\p{Ll}]+(?:\s+\p{Lu}[\p{Ll}]+)?`)

// enNotNewName are capitalised words that are no new value of a place or
// name: days, months, the pronoun.
var enNotNewName = regexp.MustCompile(`^(?:I|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Christmas|Easter|Mum|Dad)$`)

// enSubstitute reads a correction of a detail in line against subjects,
// returning the corrected memories.
func enSubstitute(line string, subjects []Subject) []found {
	if hasHan(line) || len(subjects) == 0 {
		return nil
	}
	var out []found
	if m := enRetract.FindStringSubmatchIndex(line); m != nil {
		topic, rest := line[m[2]:m[3]], line[m[1]:]
		if s, ok := subjectNaming(subjects, topic); ok {
			if f, ok := retracted(s, topic, rest); ok {
				out = append(out, f)
			}
		}
	}
	if m := enItsNow.FindStringSubmatchIndex(line); m != nil && enChanged(line) {
		if f, ok := renamed(subjects, line[:m[0]], line[m[2]:m[3]]); ok {
			out = append(out, f)
		}
	}
	for _, m := range enNoLonger.FindAllStringSubmatch(line, -1) {
		what := strings.ToLower(m[1])
		if len(what) < 4 {
			continue
		}
		for _, s := range subjects {
			if containsFold(s.Text, what) && !strings.HasPrefix(strings.ToLower(s.Text), "no longer") && !strings.HasPrefix(strings.ToLower(s.Text), "is not") {
				t := "Is no longer " + what
				if strings.EqualFold(strings.Join(strings.Fields(m[2]), " "), "after all") {
					t = "Is not " + what + " after all"
				}
				out = append(out, correctedFound(s, t))
				break
			}
		}
	}
	for _, m := range enIsNotOld.FindAllStringSubmatch(line, -1) {
		topic, now, old := m[1], m[2], m[3]
		for _, s := range subjects {
			if !containsFold(s.Text, old) || containsFold(s.Text, now) || !namesTopic(s.Text, topic) && !enCorrection.MatchString(line) {
				continue
			}
			out = replaceDetail(out, s, old, now)
			break
		}
	}
	for _, m := range enPlaceNotOld.FindAllStringSubmatch(line, -1) {
		now, old := m[1], m[2]
		if !enCorrection.MatchString(line) && !enMistake.MatchString(line) {
			continue // "I talked to Mum, not Dad" corrects nothing
		}
		for _, s := range subjects {
			if manyValued(s.Key) || !containsWord(s.Text, old) || containsFold(s.Text, now) {
				continue
			}
			out = replaceDetail(out, s, old, now)
			break
		}
	}
	for _, m := range enNotButIs.FindAllStringSubmatch(line, -1) {
		topic, old, now := m[1], m[2], m[3]
		for _, s := range subjects {
			if topic != "" && !namesTopic(s.Text, topic) || !containsFold(s.Text, old) || containsFold(s.Text, now) {
				continue
			}
			out = replaceDetail(out, s, old, now)
			break
		}
	}
	return out
}

// replaceDetail adds the memory of s with old replaced by now to out,
// or, when out holds s corrected already (a date and a place put right in
// one line), replaces old in that corrected text as well.
func replaceDetail(out []found, s Subject, old, now string) []found {
	for i, f := range out {
		if f.subject == s.Key && f.change && f.replacesText == s.Text {
			out[i].text = replaceFold(f.text, old, now)
			out[i].object = out[i].text
			return out
		}
	}
	f := correctedFound(s, replaceFold(s.Text, old, now))
	f.replacesText = s.Text
	if s.Plan {
		f.typ, f.lifecycle, f.importance = memory.TypeEvent, memory.LifecycleTemporary, 0.6
	}
	return append(out, f)
}

// retracted gives the new value of s that rest says, after a retraction
// about topic: a new count in place of the old one, or a new name in
// place of the topic.
func retracted(s Subject, topic, rest string) (found, bool) {
	if n := enNumberWord.FindString(rest); n != "" {
		if old := enNumberWord.FindString(s.Text); old != "" && !strings.EqualFold(old, n) {
			return correctedFound(s, replaceFold(s.Text, old, strings.ToLower(n))), true
		}
	}
	if !unicode.IsUpper([]rune(topic)[0]) {
		return found{}, false
	}
	for _, name := range enCapName.FindAllString(rest, -1) {
		if enNotNewName.MatchString(name) || strings.Contains(s.Text, name) {
			continue
		}
		return correctedFound(s, strings.Replace(s.Text, topic, name, 1)), true
	}
	return found{}, false
}

// enItsNow is the new name of a thing in a correction: "turns out
// Fortnite is old news, it's Roblox now", "it's Lego or nothing".
var enItsNow = regexp.MustCompile(`(?i)\b(?:it'?s|it\s+is)\s+(?:all\s+|only\s+|just\s+)?((?-i:\p{Lu}[\p{L}]*)(?:\s+(?-i:\p{Lu}[\p{L}]*)){0,2})(?:\s+now|\s+or\s+nothing|\s+these\s+days)`)

// renamed gives the memory that names a thing the text before the new
// name mentions, with the new name in its place.
func renamed(subjects []Subject, before, name string) (found, bool) {
	if enNotNewName.MatchString(name) {
		return found{}, false
	}
	for _, old := range enCapName.FindAllString(before, -1) {
		if enNotNewName.MatchString(old) || strings.Contains(name, old) {
			continue
		}
		for _, s := range subjects {
			if strings.Contains(s.Text, old) && !strings.Contains(s.Text, name) && namesTopic(s.Text, old) {
				return correctedFound(s, strings.Replace(s.Text, old, name, 1)), true
			}
		}
	}
	return found{}, false
}

// subjectNaming is the subject whose memory names topic.
func subjectNaming(subjects []Subject, topic string) (Subject, bool) {
	for _, s := range subjects {
		if namesTopic(s.Text, topic) {
			return s, true
		}
	}
	return Subject{}, false
}

// namesTopic reports whether text names topic, as a word or as the end
// of one ("hives" in "beehives"), ignoring a plural "s".
func namesTopic(text, topic string) bool {
	t := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(topic)), "s")
	if len(t) < 3 {
		return false
	}
	if strings.Contains(t, " ") {
		return containsFold(text, t)
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
		if strings.HasSuffix(strings.TrimSuffix(w, "s"), t) {
			return true
		}
	}
	return false
}

// containsFold reports whether s holds sub, ignoring case.
func containsFold(s, sub string) bool {
	return sub != "" && strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

// replaceFold replaces the first old in s, matched ignoring case, with
// now, keeping a capital where old had one.
func replaceFold(s, old, now string) string {
	if old == "" {
		return s
	}
	loc := regexp.MustCompile("(?i)" + regexp.QuoteMeta(old)).FindStringIndex(s)
	if loc == nil {
		return s
	}
	if r := []rune(s[loc[0]:]); unicode.IsUpper(r[0]) {
		now = upperFirst(now)
	}
	return s[:loc[0]] + now + s[loc[1]:]
}

// correctedFound is the memory of s with its corrected text.
func correctedFound(s Subject, t string) found {
	return found{text: t, subject: s.Key, typ: memory.TypeFact, lifecycle: memory.LifecycleLongTerm,
		importance: 0.7, confidence: 0.85, object: t, terms: []string{s.Key}, keyed: true, change: true}
}

// manyValued reports whether a subject key holds many memories at once
// (a relative, a pet, health), so that a change said about one of them
// must not end the others.
func manyValued(key string) bool {
	for _, p := range []string{subject.FamilyPrefix, subject.PetPrefix, subject.HealthPrefix} {
		if strings.HasPrefix(key, p) {
			return true
		}
	}
	return key == subject.Family || key == subject.Pet || key == subject.Health || key == answerSubject || key == ""
}

// otherOfMany reports whether m is another memory of a many-valued
// subject than the one candidate c (content terms ct) restates: "Son Leo
// is into Lego now" changes what was said of his games, not "Has son Leo
// every other weekend", though both are about the son.
func otherOfMany(c, m memory.Memory, ct termSet, tok text.Tokenizer) bool {
	key := subject.Of(m.Subject)
	if !manyValued(key) || key == "" || hasHan(c.Text) || hasHan(m.Text) {
		// Chinese changes of a pet or a relative ("咪咪送人了") name what
		// they end by the name alone; their own rules decide.
		return false
	}
	a, b := termSet{}, contentTerms(tok, m.Text)
	for t := range ct {
		a[t] = struct{}{}
	}
	// The words naming whom both are about say nothing of what is said.
	if r, ok := relativeOf(key, m.Text); ok {
		for t := range terms(tok, r.rel+" "+r.name) {
			delete(a, t)
			delete(b, t)
		}
	}
	return overlap(a, b) < 0.5
}

// correctsDetail reports whether an English line may correct a detail of
// an earlier memory, so that the memories it resembles are worth reading.
func correctsDetail(line string) bool {
	if hasHan(line) {
		return zhDetailNotButIs.MatchString(line)
	}
	return enRetract.MatchString(line) || enNotButIs.MatchString(line) || enNoLonger.MatchString(line) ||
		enIsNotOld.MatchString(line) || enPlaceNotOld.MatchString(line) || enItsNow.MatchString(line) && enChanged(line)
}

// enLineFacts runs every rule over one message, then what English reads
// over the message as a whole: an answer style or a home said across its
// sentences, a correction cue in one sentence marking the facts of the
// others ("I got it wrong. Bowls is on Thursdays."), and corrections of a
// detail read against subjects. before is the relative spoken of last;
// the one this message leaves is returned with its memories.
func enLineFacts(line string, ref time.Time, before relative, subjects []Subject) ([]found, relative) {
	line = enInformal(line)
	fs := findAllAfter(line, ref, before)
	for _, f := range fs {
		if r, ok := relativeOf(subject.Key(f.subject), f.text); ok {
			before = r
		}
	}
	if f, ok := enLineStyle(line); ok && !hasAnswerStyle(fs) {
		fs = append(fs, f)
	}
	if f, ok := enLivesHere(line); ok {
		fs = keepNew(fs, f)
	}
	if f, ok := enMovedIt(line, ref); ok && !hasHan(line) {
		fs = keepNew(fs, f)
	}
	enRetiredLine(fs, line)
	if !hasHan(line) && (enCorrection.MatchString(line) || enGaveUp.MatchString(line)) {
		for i := range fs {
			fs[i].change = fs[i].change || !manyValued(subject.Key(fs[i].subject))
		}
	}
	// What the message says anew on a subject wins over a correction
	// read against the old memory of it ("I'm not a barista anymore, I
	// work in a bank now").
	for _, c := range slices.Concat(enSubstitute(line, subjects), zhSubstitute(line, subjects)) {
		if c.typ == memory.TypeEvent {
			if when, ok := text.ResolveDate(c.text, ref); ok {
				c.event = when // a plan put right is dated by its new text
			}
		}
		if !slices.ContainsFunc(fs, func(f found) bool { return f.keyed && subject.Key(f.subject) == subject.Key(c.subject) }) {
			fs = append(fs, c)
		}
	}
	return fs, before
}
