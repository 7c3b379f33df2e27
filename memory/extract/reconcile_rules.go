package extract

import (
	"regexp"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// changeCue marks a statement that something changed: the new memory
// replaces the old rather than adding to it.
var changeCue = regexp.MustCompile(`(?i)不再|不.{0,8}了|现在|如今|目前|改成|改为|换成|换了|搬到|搬去|其实|已经不|\bnow\b|no longer|any ?more|actually|instead|changed|switched|moved|moving\s+(?:in|into|to)\b|these days|nowadays|not .{0,20} any ?more|\b(?:was|is|were)\s+wrong\b|\bmade\s+a\s+mistake\b|\bgot\s+(?:that|it)\s+wrong\b|\bcorrection\b|\bmixed\s+(?:it\s+)?up\b|\bI\s+meant\b|说错了|搞错了|记错了|听错了|写错了`)

// negatedObject finds what a statement says the author does not like.
var negatedObject = regexp.MustCompile(`(?i)(?:不再喜欢|不喜欢|不太喜欢|讨厌|不爱|受不了|反感)([\p{Han}A-Za-z0-9]{1,12})|(?:dislikes|no longer likes|doesn't like|does not like|hates|no longer enjoys)\s+([A-Za-z0-9][A-Za-z0-9 -]{1,30})`)

// singleValued reports whether a subject holds one value at a time: a new
// statement replaces the old one even without a word of change.
func singleValued(s string) bool { return subject.SingleValued(subject.Of(s)) }

// changeMarked reports whether a candidate states a change: tagged so by
// its extractor, or worded so.
func changeMarked(c memory.Memory) bool {
	if slices.Contains(c.Tags, ChangeTag) {
		return true
	}
	return !wished(c.Text) && (changeCue.MatchString(text.Simplified(c.Text+" "+c.Source.Excerpt)) || saysChange(c.Source.Excerpt))
}

// givenUp finds what a change says the author stopped having or using:
// "Quit coffee", "已戒咖啡", "Switched from Vim to …", "No longer
// works at Acme", "Switched to green tea; no longer drinks coffee",
// "改喝绿茶；已戒咖啡".
var givenUp = regexp.MustCompile(`(?i)^(?:(?:has given up|gave up|stopped|quit) (?:on )?(?:(?:that|the|this|my|their|all|all that) )?(?:drinking |smoking |eating |using |playing )?|no longer works at |no longer (?:drinks|smokes|uses|plays) |does not eat |已戒|不再(?:喝|吃|用|抽|玩|去|看|做)?|不吃|已从)(.+?)(?:离职|\s+(?:mess|thing|stuff|nonsense|business|malarkey|lark|too|as\s+well))*$|^switched from (.+?) to |^switched to .+?; no longer (?:drinks|smokes|uses|plays|eats) (.+)$|^改(?:喝|吃|用|抽|成)[^；]+；已戒(.+)$`)

// givenUpObject is what c says the author gave up, lower-cased, or "".
func givenUpObject(c memory.Memory) string {
	m := givenUp.FindStringSubmatch(strings.TrimSpace(text.Simplified(c.Text)))
	if m == nil {
		return ""
	}
	return strings.ToLower(strings.TrimSpace(m[1] + m[2] + m[3] + m[4]))
}

// dietFoods are, for what a diet leaves out, the foods whose memories it
// ends ("Does not eat meat" ends "Loves steak").
var dietFoods = func() map[string][]string {
	meat := []string{"meat", "steak", "beef", "pork", "chicken", "bacon", "ham", "lamb", "burger", "sausage", "barbecue", "bbq",
		"肉", "牛排", "烤肉", "烧烤", "火腿", "香肠", "汉堡"}
	fish := []string{"fish", "seafood", "sushi", "shrimp", "salmon", "tuna", "鱼", "海鲜", "寿司", "虾"}
	return map[string][]string{
		"meat": meat, "red meat": {"steak", "beef", "pork", "lamb", "burger", "red meat", "牛排", "牛肉", "猪肉", "羊肉"},
		"pork": {"pork", "bacon", "ham", "猪肉", "火腿"}, "beef": {"beef", "steak", "牛肉", "牛排"}, "chicken": {"chicken", "鸡肉"},
		"fish": fish, "seafood": fish, "dairy": {"dairy", "milk", "cheese", "yogurt", "牛奶", "奶酪", "酸奶"},
		"肉": meat, "荤": meat, "红肉": {"牛排", "牛肉", "猪肉", "羊肉", "steak", "beef", "pork"}, "猪肉": {"猪肉", "火腿", "pork", "bacon"},
		"牛肉": {"牛肉", "牛排", "beef", "steak"}, "羊肉": {"羊肉", "lamb"}, "鸡肉": {"鸡肉", "chicken"}, "海鲜": fish, "鱼": fish,
		"vegetarian": slices.Concat(meat, fish), "vegan": slices.Concat(meat, fish, []string{"milk", "cheese", "egg", "牛奶", "鸡蛋"}),
		"吃素": slices.Concat(meat, fish), "吃全素": slices.Concat(meat, fish), "素食主义者": slices.Concat(meat, fish),
	}
}()

// dietFoodsOf lists the foods a diet candidate leaves out.
func dietFoodsOf(c memory.Memory) []string {
	if subject.Of(c.Subject) != subject.Diet {
		return nil
	}
	t := strings.ToLower(c.Text)
	for _, p := range []string{"does not eat ", "is ", "不吃", "不再吃"} {
		if strings.HasPrefix(t, p) {
			return dietFoods[strings.TrimPrefix(t, p)]
		}
	}
	return dietFoods[t]
}

// endedBy reports whether a change candidate ends what m says: m mentions
// what c gave up, or a food c's diet leaves out, without rejecting it.
func endedBy(c, m memory.Memory) bool {
	lt := strings.ToLower(text.Simplified(m.Text))
	if negatedObject.MatchString(m.Text) || strings.HasPrefix(lt, "does not") || strings.HasPrefix(lt, "不吃") || strings.HasPrefix(lt, "已戒") {
		return false
	}
	if r := replacedValue(c); r != "" && strings.Contains(lt, r) || endsOtherJob(c, m) {
		return true
	}
	if g := givenUpObject(c); len([]rune(g)) >= 2 || hasHan(g) {
		if strings.Contains(lt, g) {
			return true
		}
		for _, kind := range givenUpKinds[g] {
			if strings.Contains(lt, kind) {
				return true
			}
		}
	}
	if endsPartner(c, m) {
		return true
	}
	for _, f := range dietFoodsOf(c) {
		if strings.Contains(lt, f) {
			return true
		}
	}
	return false
}

// givenUpKinds are, for what a change gives up, the kinds of it a memory
// may name instead ("已戒咖啡" ends "每天喝一杯拿铁").
var givenUpKinds = map[string][]string{
	"咖啡":      {"拿铁", "美式", "卡布奇诺", "摩卡", "浓缩", "馥芮白", "coffee", "latte", "espresso"},
	"coffee":  {"latte", "espresso", "cappuccino", "americano", "flat white", "mocha", "咖啡", "拿铁"},
	"酒":       {"啤酒", "红酒", "白酒", "葡萄酒", "黄酒", "威士忌", "鸡尾酒", "喝酒", "beer", "wine", "whisky"},
	"alcohol": {"beer", "wine", "whisky", "whiskey", "vodka", "gin", "cocktail", "酒"},
	"烟":       {"香烟", "抽烟", "吸烟", "电子烟", "cigarette", "smok", "抽一", "抽两", "抽半", "红塔山", "中华", "玉溪", "芙蓉王", "利群", "黄鹤楼", "南京"},
	"smoking": {"cigarette", "smok", "烟"},
	"奶茶":      {"奶茶", "bubble tea"},
	"糖":       {"甜食", "奶茶", "可乐", "sugar", "soda"},
	"sugar":   {"sweets", "soda", "cola", "candy", "dessert", "糖"},
}

// habitTopic is the topic of a habit keyed by its kind (kindOf): a change
// read under the topic ("大夫让我把烟戒了", smoking) ends the habit keyed
// "烟".
var habitTopic = map[string]string{"烟": topicSmoking, "smoking": topicSmoking, "咖啡": topicDrink, "coffee": topicDrink, "酒": topicDrink, "alcohol": topicDrink}

// kindOf is the kind, among givenUpKinds, that obj names ("一杯拿铁" →
// "咖啡", "two cups of coffee" → "coffee"), or "": a habit and the change
// that ends it then share a subject.
func kindOf(obj string) string {
	o := strings.ToLower(obj)
	kinds := []string{"咖啡", "coffee", "酒", "alcohol", "烟", "smoking"}
	for _, kind := range kinds {
		if strings.Contains(o, kind) {
			return kind
		}
	}
	for _, kind := range kinds {
		for _, k := range givenUpKinds[kind] {
			if strings.Contains(o, k) {
				return kind
			}
		}
	}
	return ""
}

// partnerKeys are the family keys of a partner, whom a change to single
// ends.
var partnerKeys = []string{"family:boyfriend", "family:girlfriend", "family:partner"}

// endsPartner reports whether c says the author is now single or
// divorced, and m is about a partner of theirs.
func endsPartner(c, m memory.Memory) bool {
	if subject.Of(c.Subject) != subject.Relationship {
		return false
	}
	t := strings.ToLower(c.Text)
	if !strings.Contains(t, "单身") && !strings.Contains(t, "离婚") && !strings.Contains(t, "single") && !strings.Contains(t, "divorced") {
		return false
	}
	key := subject.Of(m.Subject)
	divorced := strings.Contains(t, "离婚") || strings.Contains(t, "divorced")
	return slices.Contains(partnerKeys, key) || divorced && (key == "family:husband" || key == "family:wife" || key == "family:spouse")
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
	changed := changeMarked(c)
	ct := contentTerms(tok, c.Text)
	var d decision
	candidates := near
	if inferred(c) {
		// A topic read from the words ends only the one memory closest to
		// it, and only when the statement says something changed.
		if changed {
			if m := topicTarget(c, near, tok); m != nil {
				return decision{action: ActionSupersede, target: m, also: othersOnTopic(c, m, near), reason: "changed"}
			}
		}
		candidates = nil
	}
	for i := range candidates {
		m := &candidates[i]
		if m.Status != memory.StatusActive {
			continue
		}
		same := sameSubject(c.Subject, m.Subject) && !otherOfMany(c, *m, ct, tok)
		flip := polarityFlip(c.Text, m.Text)
		var next decision
		switch {
		case same && changed, flip && changed:
			next = decision{action: ActionSupersede, target: m, reason: "changed"}
		case changed && endedBy(c, *m):
			next = decision{action: ActionSupersede, target: m, reason: "changed"}
		case same && singleValued(m.Subject) && Normalize(c.Text) != Normalize(m.Text):
			next = decision{action: ActionSupersede, target: m, reason: "new value of " + m.Subject}
		case flip && d.action == "":
			d = decision{action: ActionConflict, target: m, reason: "contradicts without a sign of change"}
			continue
		default:
			continue
		}
		// One change may end several memories ("Does not eat meat" ends
		// "Eats meat" and "Loves steak"): the first is superseded, the
		// others are marked as replaced by it too.
		if d.action != ActionSupersede {
			d = next
		} else {
			d.also = append(d.also, m)
		}
	}
	if d.action != "" {
		return d
	}
	if changed && c.Subject == "" && !inferred(c) {
		if m := topicTarget(c, near, tok); m != nil {
			return decision{action: ActionSupersede, target: m, reason: "changed"}
		}
	}
	if changed && c.Subject != "" && !inferred(c) {
		// A change under a key may end what was said before without one
		// ("药换成了瑞舒伐他汀" after "开了降血脂的药，叫阿托伐他汀"): the
		// closest such memory by topic. A plan is keyed by its own words
		// ("考个摩托车驾照") as often as not, so a change that moves a plan
		// ("科目一改成四月四号") looks among every plan too; a change of
		// where one lives or works ("moved to Leeds on 5 May") is none.
		moved := changeMovesPlan(c) && !subject.SingleValued(subject.Of(c.Subject))
		var loose []memory.Memory
		for _, m := range near {
			if m.Subject == "" || moved && movable(m) {
				loose = append(loose, m)
			}
		}
		if m := topicTarget(c, loose, tok); m != nil {
			for i := range near {
				if near[i].ID == m.ID {
					return decision{action: ActionSupersede, target: &near[i], reason: "changed"}
				}
			}
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

// othersOnTopic are the active memories besides m kept under the home
// the change c is read under: one home at a time, so a move ends every
// memory keyed to where the author lived ("we live in Dunedin" in an
// introduction, "Lives in Dunedin" said later). Other topics read from
// the words are left to the one closest memory: "8/6 is so much better"
// keyed to a roster by its words is no new roster.
func othersOnTopic(c memory.Memory, m *memory.Memory, near []memory.Memory) []*memory.Memory {
	t := topicOfMemory(c)
	if t != subject.Residence {
		return nil
	}
	var out []*memory.Memory
	for i := range near {
		o := &near[i]
		if o.ID != m.ID && o.Status == memory.StatusActive && subject.Of(o.Subject) == t && o.Type != memory.TypeEvent && o.Type != memory.TypeTask {
			out = append(out, o)
		}
	}
	return out
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
