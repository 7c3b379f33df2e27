package extract

import (
	"regexp"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// changeCue marks a statement that something changed: the new memory
// replaces the old rather than adding to it.
var changeCue = regexp.MustCompile(`(?i)不再|不.{0,8}了|现在|如今|目前|改成|改为|换成|换了|搬到|搬去|其实|已经不|\bnow\b|no longer|any ?more|actually|instead|changed|switched|moved|these days|nowadays|not .{0,20} any ?more`)

// negatedObject finds what a statement says the author does not like.
var negatedObject = regexp.MustCompile(`(?i)(?:不再喜欢|不喜欢|不太喜欢|讨厌|不爱|受不了|反感)([\p{Han}A-Za-z0-9]{1,12})|(?:dislikes|no longer likes|doesn't like|does not like|hates|no longer enjoys)\s+([A-Za-z0-9][A-Za-z0-9 -]{1,30})`)

// singleValued are subjects a person has one value of at a time: a new
// statement replaces the old one even without a word of change.
var singleValued = map[string]bool{
	"name": true, "age": true, "residence": true, "employer": true, "occupation": true, "hometown": true,
	"名字": true, "年龄": true, "居住地": true, "工作单位": true, "职业": true, "学校": true,
}

// relationWords are the English words that only relate a person to
// something ("likes", "prefers"): sharing them says nothing about sharing
// a topic.
var relationWords = []string{
	"like", "likes", "liked", "love", "loves", "loved", "prefer", "prefers", "preferred",
	"enjoy", "enjoys", "enjoyed", "dislike", "dislikes", "disliked", "hate", "hates", "hated",
	"has", "favourite", "favorite", "can", "will",
}

// relationTerms are the index terms of relation words: the Chinese
// characters and pairs as the tokenizer emits them, and the English
// relation words with the terms the stemmer makes of them, derived here so
// that a change of stemmer cannot silently break reconciliation. It is
// read-only after package initialisation.
var relationTerms = relationTermSet(relationWords, "喜", "欢", "喜欢", "爱", "偏", "好", "偏好", "更", "不",
	"讨", "厌", "讨厌", "是", "会", "要", "有", "在", "再")

// relationTermSet builds relationTerms from English words, kept as
// written and as the stemming tokenizer turns them into terms, and Chinese
// terms, kept as given.
func relationTermSet(english []string, chinese ...string) map[string]bool {
	stem := text.Tokenizer{Stem: true}
	set := make(map[string]bool, 2*len(english)+len(chinese))
	for _, w := range english {
		set[w] = true
		for _, t := range stem.Tokens(w) {
			set[t] = true
		}
	}
	for _, t := range chinese {
		set[t] = true
	}
	return set
}

// contentTerms are the index terms of s without relation words.
func contentTerms(tok text.Tokenizer, s string) termSet {
	set := terms(tok, s)
	for t := range set {
		if relationTerms[t] {
			delete(set, t)
		}
	}
	return set
}

// ruleDecision reconciles one candidate without a model:
//   - a change on the same subject ("不再…", "now", "moved", or a new value
//     of a single-valued subject such as residence) supersedes;
//   - liking what an existing memory dislikes, or the reverse, supersedes
//     when the statement signals a change and is a conflict otherwise;
//   - a restatement is a no-op; a fuller statement of the same thing
//     updates it;
//   - anything else is added.
func ruleDecision(c memory.Memory, near []memory.Memory, tok text.Tokenizer) decision {
	changed := changeCue.MatchString(c.Text + " " + c.Source.Excerpt)
	ct := contentTerms(tok, c.Text)
	for i := range near {
		m := &near[i]
		if m.Status != memory.StatusActive {
			continue
		}
		subject := sameSubject(c.Subject, m.Subject)
		flip := polarityFlip(c.Text, m.Text)
		switch {
		case subject && changed, flip && changed:
			return decision{action: ActionSupersede, target: m, reason: "changed"}
		case subject && singleValued[strings.ToLower(m.Subject)] && Normalize(c.Text) != Normalize(m.Text):
			return decision{action: ActionSupersede, target: m, reason: "new value of " + m.Subject}
		case flip:
			return decision{action: ActionConflict, target: m, reason: "contradicts without a sign of change"}
		}
	}
	for i := range near {
		m := &near[i]
		mt := contentTerms(tok, m.Text)
		if contains(mt, ct) || jaccard(ct, mt) >= 0.8 {
			return decision{action: ActionNoop, target: m, reason: "already known"}
		}
		if contains(ct, mt) && (sameSubject(c.Subject, m.Subject) || overlap(ct, mt) >= 0.8) {
			return decision{action: ActionUpdate, target: m, text: c.Text, reason: "more detail"}
		}
	}
	return decision{action: ActionAdd, reason: "new"}
}

// polarityFlip reports whether one text rejects what the other embraces:
// "不再喜欢极简" against "喜欢极简设计风格".
func polarityFlip(a, b string) bool {
	return negates(a, b) || negates(b, a)
}

// negates reports whether neg rejects something pos mentions without
// rejecting it too.
func negates(neg, pos string) bool {
	lp := strings.ToLower(pos)
	rejected := negatedObjects(pos)
	for _, obj := range negatedObjects(neg) {
		if strings.Contains(lp, obj) && !slices.Contains(rejected, obj) {
			return true
		}
	}
	return false
}

// negatedObjects lists the keys of what s rejects: for Chinese the first
// two characters of the object ("极简设计" → "极简"), for English its first
// word, so that a longer or shorter wording of the same thing still meets.
func negatedObjects(s string) []string {
	var out []string
	for _, m := range negatedObject.FindAllStringSubmatch(s, -1) {
		if m[1] != "" {
			out = append(out, strings.ToLower(text.Truncate(m[1], 2)))
			continue
		}
		if w := strings.Fields(strings.ToLower(m[2])); len(w) > 0 && len(w[0]) >= 3 {
			out = append(out, w[0])
		}
	}
	return out
}
