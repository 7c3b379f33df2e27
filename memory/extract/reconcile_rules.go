package extract

import (
	"regexp"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
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

// relationTerms are index terms that only relate a person to something
// ("likes", "喜欢"): sharing them says nothing about sharing a topic.
var relationTerms = map[string]bool{
	"喜": true, "欢": true, "喜欢": true, "爱": true, "偏": true, "好": true, "偏好": true, "更": true, "不": true,
	"讨": true, "厌": true, "讨厌": true, "是": true, "会": true, "要": true, "有": true, "在": true, "再": true,
	"like": true, "love": true, "prefer": true, "enjoi": true, "enjoy": true, "dislik": true, "hate": true, "ha": true,
	"favourit": true, "favorit": true, "can": true, "will": true,
}

// contentTerms are the index terms of s without relation words.
func contentTerms(tok recall.Tokenizer, s string) termSet {
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
func ruleDecision(c memory.Memory, near []memory.Memory, tok recall.Tokenizer) decision {
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
			out = append(out, strings.ToLower(truncateRunes(m[1], 2)))
			continue
		}
		if w := strings.Fields(strings.ToLower(m[2])); len(w) > 0 && len(w[0]) >= 3 {
			out = append(out, w[0])
		}
	}
	return out
}
