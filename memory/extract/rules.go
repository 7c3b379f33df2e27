package extract

import (
	"context"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// RuleExtractor extracts memories without a model, from zh + en patterns:
// preferences and dislikes, facts about oneself, skills, goals, plans with
// dates and explicit "remember that…" requests. It is the offline mode's
// extractor, so the bot still remembers when no model is configured.
type RuleExtractor struct{}

var _ Extractor = RuleExtractor{}

// rulesPerLine is how many memories the rules may keep, on average, of
// each of the person's lines in a window.
const rulesPerLine = 2

// found is one pattern match, before it becomes a memory.
type found struct {
	text       string
	subject    string
	typ        memory.Type
	lifecycle  memory.Lifecycle
	importance float64
	confidence float64
	event      text.Span
	// object is what a preference is about; negative marks a dislike.
	object   string
	negative bool
	// terms are extra keywords (objects, subject words).
	terms []string
	// keyed marks a subject from the vocabulary of package subject (kept
	// as its key); change marks a statement that replaces the subject's
	// earlier value; replaces is the value it replaces, when said.
	keyed, change bool
	replaces      string
	// replacesText is the text of the subject a detail correction rewrote.
	replacesText string
	// inferred marks a subject read from the words (topicOf), not said.
	inferred bool
}

// ChangeTag is the tag of a candidate that states a change of its
// subject ("I moved to Lyon", "我换工作了"): reconciliation supersedes the
// active memory on that subject rather than adding beside it.
const ChangeTag = memory.TagChange

// sentenceRule matches one clause of a sentence; sentence is the whole
// sentence (for dates and an implied "I"), ref the message time.
type sentenceRule func(clause, sentence string, ref time.Time) (found, bool)

// Extract applies the rules to each of the owner's new messages.
func (RuleExtractor) Extract(ctx context.Context, in Input) (Extraction, error) {
	if err := ctx.Err(); err != nil {
		return Extraction{}, err
	}
	var ms []memory.Memory
	before := lastSpokenOf(in.Subjects)
	lines := 0 // the person's own lines
	for _, l := range in.Window {
		if !l.Source || l.Role != memory.RoleUser {
			continue
		}
		lines++
		// The rules read simplified characters and standard written
		// Chinese; the traditional characters of what they keep are
		// written back as the person wrote them.
		said := zhListOfSelf(withoutStickers(text.StandardChinese(text.Simplified(l.Text))))
		unfold := text.NewUnfolder(l.Text)
		var fs []found
		fs, before = enLineFacts(said, l.Time, before, in.Subjects)
		if len(fs) == 0 {
			fs = selfStatements(said, l.Time, in.Subjects)
		} else {
			fs = withStatements(fs, selfStatements(said, l.Time, in.Subjects))
		}
		for _, f := range fs {
			if f.typ == memory.TypeEvent && (zhPassingPlan.MatchString(f.text) || zhDatedNoPlan(f.text) || undecidedPlan.MatchString(said)) {
				continue // "明天要早起": a day's chore, no plan to remember
			}
			f.text = withCalendarDate(unfold.Unfold(f.text), f) // subjects stay simplified, one key in either script
			m := f.toMemory(in, l)
			if m.Validate() == nil {
				ms = append(ms, m)
			}
		}
	}
	// The cap on a call is the model's: a model merges what belongs
	// together, the rules keep what each line says, so they may keep
	// rulesPerLine memories for each line of the person's own (a fact
	// and what is said beside it).
	if in.MaxMemories <= 0 {
		in.MaxMemories = DefaultMaxMemories
	}
	in.MaxMemories = max(in.MaxMemories, rulesPerLine*lines)
	kept, dropped := finishCandidates(ms, in)
	return Extraction{Memories: kept, Rejected: dropped}, nil
}

// toMemory fills the memory structure the model path fills too.
func (f found) toMemory(in Input, l Line) memory.Memory {
	m := memory.Memory{
		Owner:      in.Owner,
		Text:       redact(text.Truncate(cleanText(f.text), maxTextRunes)),
		Type:       f.typ,
		Lifecycle:  f.lifecycle,
		Subject:    text.Truncate(f.subject, maxSubjectRunes),
		Keywords:   cleanTerms(bilingualKeywords(f), maxKeywords),
		Tags:       []string{string(f.typ)},
		Importance: f.importance,
		Confidence: f.confidence,
		EventTime:  f.event.Start,
		ExpiresAt:  f.event.End,
		Status:     memory.StatusActive,
		Source:     provenance(in, []Line{l}),
	}
	if f.keyed {
		m.Subject = text.Truncate(subject.Key(f.subject), maxSubjectRunes)
	}
	if f.change {
		m.Tags = append(m.Tags, ChangeTag)
	}
	if f.inferred && m.Subject != "" {
		m.Tags = append(m.Tags, InferredTag)
	}
	if f.change && f.replaces != "" {
		m.Tags = append(m.Tags, ReplacesPrefix+f.replaces)
	}
	return m
}

// enBackReference is a word by which a clause, in its first
// backReferenceWords words, speaks of what the clause before it said
// ("…, and I mean to take her to Obudu"): such a clause is no sentence of
// its own.
var enBackReference = regexp.MustCompile(`(?i)\b(?:her|him|them|there|then|those|these)\b`)

// backReferenceWords is how many first words of a clause enBackReference
// reads.
const backReferenceWords = 7

// clauseSplit cuts a sentence into clauses.
var clauseSplit = regexp.MustCompile(`[，,、:：]|\s+but\s+|\s+so\s+`)

// andI marks "… and I …" as a clause boundary.
var andI = regexp.MustCompile(`\s+and\s+(I|i)\s`)

// quotedFirstPerson matches quoted speech that contains a first person: a
// report of what someone else said, not a statement of the author.
var quotedFirstPerson = regexp.MustCompile(`“[^”]*(?:我|\bI\b)[^”]*”|「[^」]*我[^」]*」|"[^"]*(?:我|\bI\b)[^"]*"`)

// zhImpliedSelf is a Chinese sentence that opens, after at most a time
// word, on a verb of liking or habit with no subject: the author speaks of
// themself ("周末喜欢喝点红酒"). The groups place the implied 我.
var zhImpliedSelf = regexp.MustCompile(`^((?:周末|平时|平常|晚上|早上|每天|最近|一直|其实|从小|下班后?|休息日|假期|放假|有空的时候|有空)*)((?:最|很|特别|比较|也|还)*(?:喜欢|爱|讨厌|不喜欢|不太喜欢|受不了|不吃|不喝|习惯))`)

// zhNamesThing is a clause without a subject that names or states what
// the clause before it spoke of: "叫X", "名字叫X", "是X".
var zhNamesThing = regexp.MustCompile(`^(?:叫|名叫|名字叫|就叫|是|就是)`)

// findAllAfter runs every rule over text; before is the relative spoken
// of last, whom "she" or "he" may stand for.
func findAllAfter(text string, ref time.Time, before relative) []found {
	var out []found
	for _, line := range strings.Split(text, "\n") {
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, ">") || strings.HasPrefix(t, "＞") {
			continue // quoted or pasted content is not the author's own
		}
		line = enResolvePronouns(zhWritten(quotedFirstPerson.ReplaceAllString(stripQuoted(line), " ")), before)
		for _, s := range sentenceSplit.FindAllString(line, -1) {
			for _, sentence := range enSentences(s) {
				out = append(out, findInSentence(strings.TrimSpace(withoutEmoji(sentence)), ref)...)
			}
		}
	}
	return out
}

// findInSentence applies the explicit-request prefixes, then the clause
// rules, then merges a change of preference into one memory.
func findInSentence(sentence string, ref time.Time) []found {
	if sentence != "" && isQuestion(sentence) && hasHan(sentence) && !zhStandingAsk.MatchString(sentence) {
		// Chat runs a question and a statement together ("燕麦奶和豆奶
		// 哪个打奶泡好点，我乳糖不耐"): the clauses that do not ask are read,
		// unless the question asks for a way of answering that stands.
		sentence = zhStatedClauses(sentence)
	}
	if sentence != "" && !hasHan(sentence) {
		// "we're in the Hilliard house now, boxes everywhere, the cat (oh
		// did I mention we have a cat?": what comes before the aside that
		// asks is said.
		sentence = enStatedBeforeQuestion(sentence)
	}
	if sentence == "" {
		return nil
	}
	if isQuestion(sentence) {
		// Only a way of answering asked for as a question is read
		// ("讲语法的时候能不能多用表格"); "以后能不能提醒我吃药" asks.
		if style, ok := answerStyle(sentence); ok && zhStandingAsk.MatchString(sentence) {
			return []found{style}
		}
		return nil
	}
	body, explicit := stripExplicit(sentence)
	if f, ok := standingInstruction(body); ok {
		if style, ok := answerStyle(body); ok {
			// "以后回我说重点就行": how to answer, under its key; the
			// sentence it was read from is what it says (withStatements).
			style.object = body
			return []found{style}
		}
		return []found{f}
	}
	out := lifeFacts(body, ref)
	other := false // the clause before was about someone else
	for _, clause := range clauseSplit.Split(andI.ReplaceAllString(body, ", $1 "), -1) {
		clause = strings.TrimSpace(clause)
		if clause == "" {
			continue
		}
		// A Chinese clause without 我 is the author's only when the clause
		// before it was: "我养了一只柯基，叫豆豆" names the dog, not the author.
		if hasHan(clause) {
			clause = zhOpeningConnective.ReplaceAllString(clause, "") // "所以月底要搬去深圳"
			loc := zhOther.FindStringIndex(clause)
			switch {
			case !other && !strings.Contains(body, "我") && zhDatedPlan(clause, ref):
				// "月底要去西安出差", "年底打算带女儿去三亚": a plan that opens on
				// its date, with no subject, is the author's.
				clause = "我" + clause
			case loc != nil && (loc[0] == 0 || strings.Contains(clause, "我")):
				if !strings.Contains(clause, "我") {
					clause = "我" + clause
				}
				other = true
			case loc != nil:
				// "是只泰迪" after "我们家狗叫豆豆": the clause only names
				// someone else; it is theirs, not the author's.
			case strings.Contains(clause, "我"):
				other = false
			case zhNamesThing.MatchString(clause):
				// "…开了降血脂的药，叫阿托伐他汀", "不是十二号，是十四号": the
				// clause names or states what the clause before spoke of,
				// not the author.
			case !other && (strings.Contains(body, "我") || zhImpliedSelf.MatchString(body)):
				clause = zhImpliedSelf.ReplaceAllString(clause, "${1}我${2}")
				if !strings.Contains(clause, "我") {
					clause = "我" + clause
				}
			}
		}
		if hasHan(clause) {
			clause = zhClauseLead.ReplaceAllString(clause, "${1}")
		}
		for _, r := range clauseRules() {
			if f, ok := r(clause, body, ref); ok {
				out = keepNew(out, f)
				break
			}
		}
	}
	out = zhFinish(body, ref, mergeSwitch(out, body))
	for i := range out {
		if out[i].keyed && subject.SingleValued(subject.Key(out[i].subject)) && (changeCue.MatchString(body) || enCorrection.MatchString(body)) {
			out[i].change = true
		}
	}
	if explicit {
		if len(out) == 0 {
			if f, ok := rememberAsSaid(body, ref); ok {
				out = append(out, f)
			}
		}
		for i := range out {
			out[i].confidence = 0.95
			out[i].importance = min(1, out[i].importance+0.2)
		}
	}
	return out
}

// lifeFacts applies the sentence rules of both languages, keeping one
// memory per subject.
func lifeFacts(sentence string, ref time.Time) []found {
	lists := [][]lifeRule{enLife, enRoutine, enSelf, enFamilyLife, enMedication, enIntro, enPastime, enPlanMovedRules, enFragments}
	if hasHan(sentence) {
		lists = [][]lifeRule{zhLife, zhRoutine}
	}
	var out []found
	for _, rs := range lists {
		for _, r := range rs {
			m := r.re.FindStringSubmatch(sentence)
			if m == nil || midWord(sentence, m[0]) {
				continue
			}
			if f, ok := r.build(m, sentence, ref); ok {
				out = keepNew(out, f)
			}
		}
	}
	if f, ok := answerStyle(sentence); ok {
		out = keepNew(out, f)
	}
	return out
}

// midWord reports whether match, found in sentence, begins inside a
// Latin word: a rule bounded by a length alone ("Shanghai 改成 3月10号",
// eight characters before 改成) would keep "hanghai".
func midWord(sentence, match string) bool {
	i := strings.Index(sentence, match)
	if i <= 0 || match == "" {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(sentence[:i])
	first, _ := utf8.DecodeRuneInString(match)
	return isLatinLetter(before) && isLatinLetter(first)
}

// isLatinLetter reports whether r is a letter or digit of a Latin word.
func isLatinLetter(r rune) bool {
	return r < 0x250 && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// keepNew appends f unless a memory already found says it: the same
// vocabulary key, or a text that holds f's object.
func keepNew(fs []found, f found) []found {
	obj := Normalize(f.object)
	for _, k := range fs {
		if k.subject == answerSubject && answerStyleWords[strings.ToLower(f.subject)] {
			return fs // "I hate long replies" beside "keep it short please"
		}
		if k.keyed && f.keyed && subject.Key(k.subject) == subject.Key(f.subject) {
			return fs
		}
		if obj != "" && strings.Contains(Normalize(k.text), obj) {
			return fs
		}
	}
	return append(fs, f)
}

// clauseRules lists the rules, most specific first.
func clauseRules() []sentenceRule {
	return []sentenceRule{
		zhRule, enRule,
	}
}

// mergeSwitch folds "no longer likes X, prefers Y" in one sentence into a
// single preference about Y that records the change. Unrelated likes and
// dislikes ("I love hiking and I hate running") stay apart.
func mergeSwitch(fs []found, sentence string) []found {
	neg, pos := -1, -1
	for i, f := range fs {
		if f.typ != memory.TypePreference {
			continue
		}
		if f.negative && neg < 0 {
			neg = i
		}
		if !f.negative && pos < 0 {
			pos = i
		}
	}
	if neg < 0 || pos < 0 {
		return fs
	}
	p, n := fs[pos], fs[neg]
	if !changeCue.MatchString(sentence) && !strings.HasPrefix(p.text, "更") && !strings.HasPrefix(p.text, "Prefers") {
		return fs
	}
	sep := "；"
	if !hasHan(p.text) {
		sep = "; "
		n.text = lowerFirst(n.text)
	}
	p.text = p.text + sep + n.text
	p.terms = append(append(p.terms, n.object), n.terms...)
	out := []found{p}
	for i, f := range fs {
		if i != pos && i != neg {
			out = append(out, f)
		}
	}
	return out
}
