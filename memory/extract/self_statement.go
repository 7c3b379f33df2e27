package extract

import (
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// The rules above know how people say the things a bot most needs (a job,
// a diet, an allergy, a plan with its date), each in the forms people use.
// What people say about themselves is wider than any list of forms, so a
// message in which no rule found anything is read once more, as a whole:
// a sentence that states something about its author, in the first person
// and in enough words, is kept in the author's own words. It is what a
// careful listener without a model would do — keep what was said about
// oneself, drop questions, requests, passing moods and pleasantries — and
// it makes the offline bot remember the things nobody wrote a rule for.

// maxSelfStatements bounds what one message adds through the last resort:
// a long ramble keeps its first few statements, not a transcript.
const maxSelfStatements = 3

// minSelfContent is the least content a statement carries: English words
// that are not stopwords, or Chinese characters besides the grammar; one
// word less for a relative, whose name counts ("Wife is Nia").
const (
	minSelfWordsEn = 3
	minSelfHanZh   = 4
)

// enSelfWord is an English sentence speaking of its author.
var enSelfWord = regexp.MustCompile(`(?i)\b(?:i|i'm|i've|i'd|i'll|im|ive|my|mine|me|myself|we|we're|we've|our|us)\b`)

// zhFirstPerson is a Chinese sentence speaking of its author.
// Dialect speakers write 额 or 俺 for 我 ("额胃不好", "额们").
var zhFirstPerson = regexp.MustCompile(`我|咱|俺|本人|自己|^额|额们|额家`)

// zhSelfLead is how Chinese opens a statement about oneself with the 我
// left out: a place or a doing ("在一家店打工"), an intention ("打算…",
// "准备…"), a habit or period word ("平时…", "最近…", "周末…"), or a date
// ("11月20号路考").
var zhSelfLead = regexp.MustCompile(`^(?:在|去|要|想|打算|准备|计划|刚|已经|正在|一直|从小|平时|平常|每天|每晚|每早|每周|每个月|每年|周末|最近|现在|目前|如今|以后|后来|这阵子|这段时间|这个月|这周|下周|下个月|下个星期|明天|后天|月底|年底|今年|明年|去年|上个月|上周|人在|有|没有|不|没|戒了|改|换|搬|住|\d{1,2}月|[一二三四五六七八九十]{1,2}月|\d{1,2}[号日])`)

// enSelfLead is how an English statement about its author opens: the
// first person within its first three words ("I", "my flatmate", "also
// sitting my exam", "me and my wife").
var enSelfLead = regexp.MustCompile(`(?i)^(?:\S+\s+){0,2}?(?:i|i'm|i've|i'd|i'll|im|ive|my|me|we|we're|we've|our)\b`)

// enDroppedSubject is how chat opens a statement about oneself with the
// "I" left out: a verb of doing or being ("been doing keto", "started
// bouldering", "got a job"), or a state ("on nights all month", "still
// off work", "first year at uni").
var enDroppedSubject = regexp.MustCompile(`(?i)^(?:just\s+|finally\s+|still\s+|currently\s+|recently\s+)?(?:used\s+to|love|loving|miss|missing|hate|prefer|been|started|starting|got|getting|moving|moved|working|work|living|doing|trying|training|sitting\s+(?:my|an?|the)|taking|studying|learning|quit|quitting|left|joined|joining|switched|switching|gave\s+up|giving\s+up|off|on|back\s+(?:at|on|to|in)|first|second|third|final|retired|married|single|engaged|pregnant|allergic|vegan|vegetarian|gluten|lactose|diabetic)\b`)

// enSelfSubject is the author as the subject of a clause: "physio is
// kicking my butt" is about the physio.
var enSelfSubject = regexp.MustCompile(`(?i)\b(?:i|i'm|i've|i'd|i'll|im|ive|we|we're|we've)\b`)

// enOtherLead is a sentence opening on someone or something else: a
// third-person pronoun, a determiner ("a customer asked me…", "her
// teacher sent…") or a capitalised name.
var enOtherLead = regexp.MustCompile(`^(?i:he|she|they|it|his|her|their|its|this|that|these|those|there|a|an|the|someone|somebody|everyone|nobody)\b`)

// enCapitalLead is the capitalised first word of a sentence, which is a
// name ("Graham put me right") unless it is a common word ("In the
// evenings I…").
var enCapitalLead = regexp.MustCompile(`^\p{Lu}\p{Ll}+\b`)

// enOpensOnOther reports whether an English sentence opens on someone or
// something other than its author.
func enOpensOnOther(s string) bool {
	if enOtherLead.MatchString(s) {
		return true
	}
	w := enCapitalLead.FindString(s)
	return w != "" && !text.IsStopword(strings.ToLower(w)) && !enSelfWord.MatchString(w)
}

// enSpeaksOfSelf reports whether an English sentence is about its author:
// it opens on them, leaves them out as chat does, or names them in a
// sentence that does not open on someone else ("no more long haul for me
// tho"), rather than telling what someone else did to them.
func enSpeaksOfSelf(s string) bool {
	if enOtherPronounLead.MatchString(s) {
		return false
	}
	return enSelfLead.MatchString(s) || enDroppedSubject.MatchString(s) ||
		(enSelfSubject.MatchString(s) || enSelfWord.MatchString(s) && !enOtherActs.MatchString(s)) && !enOpensOnOther(s)
}

// enToldMe is someone telling the author something about themself: "the
// doctors tell me I have heart failure" says the author has it.
var enToldMe = regexp.MustCompile(`(?i)^[^,.;]{0,40}?\b(?:tell|tells|told|say|says|said)\s+(?:me\s+)?(?:that\s+)?(I\s)`)

// enOtherActs is a sentence whose first word is someone doing something
// to the author: "physio is kicking my butt", "grandson set this up for
// me".
var enOtherActs = regexp.MustCompile(`(?i)^\S+\s+(?:is|was|has|had|keeps|kept|set|sets|put|puts|says|said|told|tells|made|makes|gave|gives|asked|asks|sent|sends|wants|got|gets|drives|drove|took|takes)\b`)

// enOtherPronounLead is a sentence opening on someone else by a pronoun:
// "she cuts my hair when she visits".
var enOtherPronounLead = regexp.MustCompile(`(?i)^(?:he|she|they|he's|she's|they're|hes|shes|theyre|his|her|their)\b`)

// enOtherSubject is a sentence whose subject is someone or something
// else: a third-person pronoun or a name first.
var enOtherSubject = regexp.MustCompile(`^(?:(?i:he|she|they|it|his|her|their|its|this|that|there)\b|\p{Lu}\p{Ll}+\s+(?:is|was|has|had|does|did|says|said|thinks|wants|likes|loves|hates)\b)`)

// enAside is a remark or a rhetorical question inside a statement ("why
// do I own so many scarves"), which says nothing lasting.
var enAside = regexp.MustCompile(`(?i)(?:^|,\s*)(?:why|how\s+come|who\s+knew|guess\s+what|wish\s+me\s+luck|fingers\s+crossed)\b|\bjust\s+(?:landed|arrived|back)\b`)

// enRequest is a sentence asking the bot to do something rather than
// saying something about its author: an imperative or a polite request.
var enRequest = regexp.MustCompile(`(?i)^(?:(?:ok|okay|so|hey|hi|hiya|also|and|pls|please|quick q|quick one)[,:!]?\s+)*(?:pls\b|please\b|can\s+you|could\s+you|would\s+you|will\s+you|help\b|explain\b|tell\s+me\b|give\s+me\b|make\s+me\b|show\s+me\b|write\b|draft\b|translate\b|list\b|suggest\b|recommend\b|remind\s+me\b|find\b|check\b|fix\b|summari[sz]e\b|rewrite\b|proofread\b|compare\b|any\s+(?:ideas?|tips|suggestions|recs|recommendations)\b|ideas?\s+for\b|need\s+(?:ideas?|help|a|an|some|stuff|something|recipes?|tips)\b|what\b|how\b|why\b|which\b|where\b|when\b|who\b|is\s+it\b|should\s+i\b|do\s+you\b)`)

// zhRequest is a Chinese sentence asking the bot to do something.
var zhRequest = regexp.MustCompile(`^(?:那|哎|诶|嗯|好的?|ok|OK)?[，,\s]*(?:不要|帮[我俺额]|帮忙|给[我俺额]|再(?:短|长|简单|详细|少|多)|请你?|麻烦|推荐|你|您|写|翻译|解释|讲讲|说说|讲一下|说一下|列|查|看看|看下|教我|告诉我|能不能|可以|有没有)|帮[我俺额]|给[我俺额]推荐|推荐(?:几|一|个|点)|有啥|咋|怎么|如何|啥好|什么好|行不行|好不好|可以吗|啥[^的]|啥$|[吗呢吧]$`)

// enPassing is a sentence about the moment, a pleasantry or the weather:
// true when said, of no use the next day.
var enPassing = regexp.MustCompile(`(?i)\b(?:just\s+(?:woke|got\s+(?:up|in|back|home)|finished|had)|right\s+now|at\s+the\s+moment|atm|tonight|this\s+(?:morning|afternoon|evening)|feel(?:s|ing)?\s+(?:like|so|really|a\s+bit|kinda|sorta|tired|rough|awful|great|good|better|sick)|i'?m\s+(?:so\s+|really\s+|a\s+bit\s+)?(?:tired|knackered|exhausted|bored|shattered|hungry|starving|sleepy|done)|lol|lmao|haha+|thanks|thank\s+you|thx|cheers|bye|good\s*night|gn|off\s+to\s+(?:bed|sleep|work)|brb|weather|raining|sunny|weekend\s+vibes|no\s+worries|got\s+it|sounds\s+good|makes\s+sense|that\s+helps|you'?re\s+(?:right|the\s+best)|set\s+(?:this|it)\s+up|bear\s+with\s+me|minutes?\s+away|on\s+my\s+way|have\s+a\s+feeling|i\s+(?:think|guess|hope|wish|bet|suppose|reckon)|i'?m\s+(?:glad|sure|afraid|sorry)|never\s*mind|do\s+the\s+dishes|washing\s+up|laundry)\b|^(?:i|we)\s+(?:went|ended\s+up|came\s+back|got\s+back|saw|met|picked\s+up|bought|found|watched|ate|spoke|talked|rang|called|have\s+made\s+a\s+mistake|made\s+a\s+mistake)\b`)

// zhPassing is the same in Chinese.
var zhPassing = regexp.MustCompile(`感动|救命|对不起|心疼|考虑要不要|要不要|纠结|^我?(?:好|突然|有点)?想(?:吃|喝|去|要|买|睡)|^我?以前|^我?之前|^我?有\s*(?:friends?|朋友|亲戚|同学|同事)|^(?:早饭|午饭|晚饭|早餐|午餐|晚餐|中午|晚上)吃了|明明|装的这个|给我装|帮我装|^上次|^上回|太冷|太热|冷死|热死|刚起|刚醒|刚到家|刚下班|收工|今晚|今天|这会儿|此刻|好累|好困|累死|困死|饿死|好饿|无聊|^哈哈|^嘿嘿|谢谢|谢啦|多谢|^(?:拜拜|再见|bye)|晚安|回头聊|去做饭了|去睡了|先睡了|^下了|天气|下雨|好热|好冷|绝了|笑死|懂了|明白了|知道了|^好的|收到|没事了|有道理`)

// zhAboutLife are the things a Chinese statement without a subject is
// about when it speaks of its author: body and health, food and drink,
// work and money, home, study, the day's schedule. In a private chat
// "胃不好，凉的吃不了" and "每晚八点开播" need no 我 to be the author's.
var zhAboutLife = regexp.MustCompile(`胃|腰|腿|膝|牙|眼|脖子|颈椎|肩|背|头疼|头痛|手腕|脚|耳朵|嗓子|喉咙|皮肤|血压|血糖|过敏|哮喘|病|药|医生|复查|体检|怀孕|吃|喝|素|烟|酒|咖啡|茶|上班|下班|工作|打工|兼职|辞职|开店|店|工作室|公司|单位|种|养|播|直播|开播|住|租|搬|房子|家|上学|读|考|课|班|点|早上|晚上|周末|每天|习惯|喜欢|爱|讨厌|怕|用`)

// enLeadFiller is chat filler before what a sentence says.
var enLeadFiller = regexp.MustCompile(`(?i)^(?:(?:ok|okay|so|and|also|oh|ah|um|erm|hmm|btw|fyi|tbh|honestly|anyway|anyways|well|hey|hi|hiya|yeah|yep|right|lol|haha)\b[,.!:]*\s*)+`)

// enTailFiller is chat filler after it.
var enTailFiller = regexp.MustCompile(`(?i)(?:[,\s]+(?:tbh|lol|haha|btw|honestly|innit|eh|ha|yes\s+i'?m\s+mad|don'?t\s+laugh))+[.!]*\s*$`)

// zhLeadFiller is chat filler before a Chinese statement.
var zhLeadFiller = regexp.MustCompile(`^(?:(?:hello|hi|hey|嗨|哈喽|嗯+|哦+|诶|哎|对了|另外|还有|然后|其实|话说|说起来|顺便说一下|顺便)[～~，,。！!：:\s]*)+`)

// zhTailFiller is a Chinese sentence's closing particles and moods.
var zhTailFiller = regexp.MustCompile(`[，,\s]*(?:h{2,}|哈{2,}|好紧张|好开心|开心|激动|头疼|难受|哈|啊|呀|哦|呢|啦|嘛|吧|哟|咯)+[～~。！!…]*$`)

// enPlanCue marks a sentence about something ahead: with a date, it is a
// plan that stops mattering once past.
var enPlanCue = regexp.MustCompile(`(?i)\b(?:going\s+to|gonna|will|i'?ll|plan(?:ning)?|sitting|taking|starting|start|moving|flying|heading|visiting|booked|exam|interview|appointment|surgery|trip|wedding|party|deadline|due)\b`)

// zhPlanCue is the same in Chinese.
var zhPlanCue = regexp.MustCompile(`要|办|参加|打算|准备|计划|考|试|面试|预约|手术|出差|旅行|旅游|婚礼|聚会|截止|开学|入职|报到|去`)

// enLiking marks a lasting preference or habit.
var enLiking = regexp.MustCompile(`(?i)\b(?:love|loves|like|likes|into|hate|hates|can'?t\s+stand|prefer|prefers|enjoy|enjoys|fan\s+of|obsessed|always|usually|never|every\s+(?:day|morning|night|week|weekend)|on\s+(?:weekends|days\s+off)|most\s+days|basically\s+live\s+on|go-?to|favou?rite)\b`)

// zhLiking is the same in Chinese.
var zhLiking = regexp.MustCompile(`喜欢|爱|讨厌|受不了|习惯|偏好|最爱|每天|每晚|每早|每周|平时|平常|一般|经常|总是|从来不|从不|周末|一直`)

// selfStatements reads a message no rule found anything in: every
// sentence stating something about its author in enough words becomes a
// memory in the author's words, at most maxSelfStatements of them. A
// sentence that follows one about the author without a subject of its
// own ("正式吃纯素了！鸡蛋牛奶都不碰了") goes on saying it, and joins it.
// known are the author's subjects: a sentence worded as a change that goes
// on about one of them is kept as its change (knownChange).
func selfStatements(msg string, ref time.Time, known []Subject) []found {
	var out []found
	for _, l := range strings.Split(enInformal(msg), "\n") {
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, ">") || strings.HasPrefix(t, "＞") {
			continue
		}
		l = zhWritten(quotedFirstPerson.ReplaceAllString(stripQuoted(l), " "))
		before := noOne // whom the sentence before was kept about
		for _, s := range sentenceSplit.FindAllString(l, -1) {
			for _, sentence := range enSentences(s) {
				f, about, ok := selfStatement(strings.TrimSpace(sentence), ref, before)
				if !ok {
					f, ok = changeOfKnown(strings.TrimSpace(sentence), ref, known)
				}
				switch {
				case !ok:
					before = noOne
				case before != noOne && (about == before || about == theAuthor && before == aRelative && f.subject == "") &&
					len([]rune(out[len(out)-1].text))+len([]rune(f.text)) < maxTextRunes:
					out[len(out)-1] = joinStatements(out[len(out)-1], f)
				case len(out) < maxSelfStatements:
					out = append(out, f)
					before = about
				default:
					before = noOne
				}
			}
		}
	}
	return out
}

// changeOfKnown keeps a sentence that changes something the author said
// before, under that memory's subject.
func changeOfKnown(s string, ref time.Time, known []Subject) (found, bool) {
	s = strings.TrimSpace(strings.Map(dropSymbol, s))
	han := hasHan(s)
	if s == "" || isQuestion(s) || strings.ContainsAny(s, "?？") || introducesQuote.MatchString(s) ||
		han && (zhRequest.MatchString(s) || zhPassing.MatchString(s) || strings.ContainsAny(s, "你您")) ||
		!han && (enRequest.MatchString(s) || enPassing.MatchString(s) || enRemark.MatchString(s)) {
		return found{}, false
	}
	k, ok := knownChange(s, han, known)
	if !ok {
		return found{}, false
	}
	if han {
		s = zhTailFiller.ReplaceAllString(zhLeadFiller.ReplaceAllString(s, ""), "")
	} else {
		s = enTailFiller.ReplaceAllString(enLeadFiller.ReplaceAllString(s, ""), "")
	}
	f, ok := keptStatement(s, ref, han)
	f.subject, f.change = k.Key, true
	return f, ok
}

// enRemark is a sentence judging how something is rather than saying what
// it is: "the commute is longer now but the house is lovely".
var enRemark = regexp.MustCompile(`(?i)\b(?:is|are|was|were|'s)\s+(?:a\s+bit\s+|much\s+|way\s+|so\s+|really\s+|quite\s+)?(?:longer|shorter|bigger|smaller|better|worse|nicer|harder|easier|lovely|great|nice|awful|terrible|amazing|brilliant|grim|rubbish|fine)\b`)

// joinStatements makes one memory of a statement and the sentence that
// goes on with it.
func joinStatements(a, b found) found {
	sep := "; "
	if hasHan(a.text) {
		sep = "，"
	}
	a.text = strings.TrimRight(a.text, "。.!！") + sep + lowerFirst(b.text)
	if a.typ == memory.TypeFact && b.typ != memory.TypeFact {
		a.typ, a.lifecycle, a.event = b.typ, b.lifecycle, b.event
	}
	a.change = a.change || b.change
	return a
}

// selfStatement keeps one sentence that says something about its author
// or their family, and says whom. before is whom the sentence before was
// kept about: a sentence without a subject of its own goes on about them.
func selfStatement(sentence string, ref time.Time, before whose) (found, whose, bool) {
	s := strings.TrimSpace(strings.Map(dropSymbol, sentence))
	if s == "" || isQuestion(s) || strings.ContainsAny(s, "?？") {
		return found{}, noOne, false
	}
	han := hasHan(s)
	if introducesQuote.MatchString(s) || replyToBot.MatchString(s) {
		return found{}, noOne, false
	}
	going := before != noOne
	if aboutRelative(strings.TrimSpace(s), han, before) {
		return relativeStatement(s, ref, han)
	}
	f, ok := authorStatement(s, ref, han, going)
	return f, theAuthor, ok
}

// relativeStatement keeps a sentence about one of the author's family,
// with the relative named in it.
func relativeStatement(s string, ref time.Time, han bool) (found, whose, bool) {
	if han {
		s = zhTailFiller.ReplaceAllString(zhLeadFiller.ReplaceAllString(s, ""), "")
		if zhRequest.MatchString(s) || zhPassing.MatchString(s) || strings.ContainsAny(s, "你您") || zhContent(s) < minSelfHanZh {
			return found{}, noOne, false
		}
	} else {
		s = enTailFiller.ReplaceAllString(enLeadFiller.ReplaceAllString(s, ""), "")
		if enRequest.MatchString(s) || enPassing.MatchString(s) || enAside.MatchString(s) || enRelativeEvent.MatchString(s) ||
			enContent(s) < minSelfWordsEn-1 {
			return found{}, noOne, false
		}
	}
	f, ok := keptStatement(s, ref, han)
	if k := familyKey(s, han); k != "" {
		f.subject = k
	}
	return f, aRelative, ok
}

// authorStatement keeps a sentence about the author; going is whether the
// sentence before was kept.
func authorStatement(s string, ref time.Time, han, going bool) (found, bool) {
	if han {
		s = zhTailFiller.ReplaceAllString(zhLeadFiller.ReplaceAllString(s, ""), "")
		s = zhToYou.ReplaceAllString(s, "")
		if zhRequest.MatchString(s) || zhPassing.MatchString(s) || zhSomeone.MatchString(s) || zhOthersJob.MatchString(s) ||
			strings.ContainsAny(s, "你您") || !zhFirstPerson.MatchString(s) && strings.Contains(s, "说") {
			return found{}, false
		}
		if zhOthersFirst(s) || !going && zhLaterSelf(s) || zhComparison.MatchString(s) || zhOthersSay.MatchString(s) {
			return found{}, false
		}
		if !zhFirstPerson.MatchString(s) && zhPlanCue.MatchString(s) {
			return found{}, false // a plan without a subject is the plan rules' to date, or too vague
		}
		if !going && !zhFirstPerson.MatchString(s) && !zhSelfLead.MatchString(s) && !zhImpliedSelf.MatchString(s) &&
			!(zhAboutLife.MatchString(s) && !zhOther.MatchString(s) && !zhRemark.MatchString(s)) {
			return found{}, false
		}
		if zhContent(s) < minSelfHanZh {
			return found{}, false
		}
	} else {
		s = enToldMe.ReplaceAllString(enTailFiller.ReplaceAllString(enLeadFiller.ReplaceAllString(s, ""), ""), "$1")
		if enRequest.MatchString(s) || enPassing.MatchString(s) || enAside.MatchString(s) || enAboutOther.MatchString(s) || enOneOff.MatchString(s) {
			return found{}, false
		}
		if !enSpeaksOfSelf(s) && !(going && !enOtherSubject.MatchString(s)) {
			return found{}, false
		}
		if enContent(s) < minSelfWordsEn {
			return found{}, false
		}
	}
	return keptStatement(s, ref, han)
}

// keptStatement is the memory of a sentence found worth keeping: in the
// author's words turned to the third person, typed and given its topic.
func keptStatement(s string, ref time.Time, han bool) (found, bool) {
	if han {
		s = zhThirdPerson(s)
	} else {
		s = enThirdPerson(s)
	}
	s = strings.TrimRight(strings.TrimSpace(s), ",，;；:：-—")
	if s == "" || len([]rune(s)) > maxTextRunes {
		return found{}, false // a statement too long to keep whole is not cut
	}
	f := found{text: upperFirst(s), typ: memory.TypeFact, lifecycle: memory.LifecycleFact, importance: 0.5, confidence: 0.6}
	planned := han && zhPlanCue.MatchString(s) || !han && enPlanCue.MatchString(s)
	switch when, ok := text.ResolveDate(s, ref); {
	case ok && planned && !when.End.Before(dayStart(ref)) && !enEvery.MatchString(s) && !zhEvery.MatchString(s):
		f.typ, f.lifecycle, f.event = memory.TypeEvent, memory.LifecycleTemporary, when
	case han && zhLiking.MatchString(s), !han && enLiking.MatchString(s):
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
	}
	f.subject = topicOf(s)
	f.change = changeCue.MatchString(s) || enCorrection.MatchString(s) || han && zhChangeWords.MatchString(s) || !han && enChangeWords.MatchString(s)
	return f, true
}

// introducesQuote is a sentence reporting someone else's words: what is
// left once the quote it introduced is dropped ("村里喇叭刚喊了：",
// "ok here's what my tutor sent:"), or a lead-in naming a sender or a
// notice before a colon ("转个群里的：【通知】…").
var introducesQuote = regexp.MustCompile(`(?i)[：:]\s*$|(?:说|喊|发|转|写|问|通知)(?:了|的|来的|过来的)?\s*$|\b(?:sent|said|says|wrote|forwarded|posted)(?:\s+(?:this|that|it|me|us|round|over|out))*\s*$|^[^：:]{0,20}(?:转|发来|说|喊|通知|群里|sent|said|wrote|forwarded|says)[^：:]{0,6}[：:]`)

// replyToBot is an answer to what the bot just said: an acknowledgement
// and what the author will do about it now ("ok I'll ask him", "好，我明天
// 去换", "还行，再短点"), true for a moment only.
var replyToBot = regexp.MustCompile(`(?i)^(?:ok|okay|thanks|thank\s+you|never\s*mind|nvm|sure|alright|fine|cool|great|perfect|will\s+do|好的?|行|嗯+|哦+|好吧|还行|那)[,，.!！\s]+(?:(?:i'?ll|i\s+will|i\s+shall|let\s+me)\b|我?(?:先|去|明天|待会|等下|回头|再|跟|看)|再|先|去|明天)|^(?:还行|行吧|好吧)[，,]`)

// enOneOff is an intention of the moment: something the author will look
// into, ask or try, with no date to keep it by.
var enOneOff = regexp.MustCompile(`(?i)\b(?:i'?ll|i\s+will|i\s+shall|let\s+me|i'?m\s+gonna)\s+(?:just\s+|also\s+|probably\s+|definitely\s+)?(?:look|ask|check|try|think|see|give|have\s+a\s+look|get\s+back|let\s+you|google|read)\b`)

// enAboutOther is a statement opening on someone else in the author's
// life ("my supervisor keeps…", "my neighbour Bev brings…"): theirs, not
// the author's, and the family and pet rules keep what matters of it.
var enAboutOther = regexp.MustCompile(`(?i)^(?:my|our)\s+(?:new\s+|old\s+|best\s+|ex\s+)?(?:supervisor|boss|manager|teacher|tutor|lecturer|professor|doctor|gp|physio|dentist|nurse|neighbou?r|friend|mate|flatmate|housemate|roommate|colleague|co-?worker|landlord|landlady|client|customer|coach|trainer|partner|wife|husband|son|daughter|mum|mom|mother|dad|father|sister|brother|kid|kids|baby|dog|cat|grandson|granddaughter|nan|gran|grandma|grandpa)\b|^(?:wants|says|keeps|thinks|likes|loves|hates|needs|does|has|is|was|gets|goes|makes|lives|works|brings)\b`)

// zhToYou is how a Chinese message turns to the listener before saying
// something ("跟你说个事", "告诉你"), which is no address to the bot.
var zhToYou = regexp.MustCompile(`^(?:跟你说(?:个事儿?|一下)?|告诉你(?:个事儿?)?|和你说(?:个事儿?)?)[，,\s]*`)

// zhOthersJob is someone else's job or status: "儿媳妇在幼儿园当老师",
// "Lukas 是纯素的".
var zhOthersJob = regexp.MustCompile(`(?:儿媳妇?|女婿|医生|大夫|老师|导师|老板|房东|邻居|同事|朋友|室友|男朋友|女朋友|老公|老婆|媳妇|孩子|儿子|女儿)(?:在|是|做|当)|(?:^|[，,\s])\p{Lu}\p{Ll}+\s*(?:是|做|在|说)`)

// zhOwnLead is what may stand before someone else who is the subject of
// a sentence: "我老公…", "我家的狗…", "我们家孩子…".
var zhOwnLead = regexp.MustCompile(`^(?:我|我的|我家|我家的|我们家|我们家的|俺家|咱家)?$`)

// zhOthersFirst reports whether a Chinese sentence is about someone else
// in the author's life: it opens on them ("我朋友对花生过敏", "同事下个月
// 起到总部上班", "儿子的同学…").
func zhOthersFirst(s string) bool {
	loc := zhOther.FindStringIndex(s)
	return loc != nil && zhOwnLead.MatchString(s[:loc[0]])
}

// zhRemark is a sentence judging rather than telling: "新公司离家有点远",
// "压力大但是工资高". Without a subject it tells nothing to keep.
var zhRemark = regexp.MustCompile(`有点|挺|蛮|太|真的?|压力|但是|不过|还行|一般般`)

// zhLaterSelf reports whether the author comes in only after a first
// clause about something else: "豆包也带回来了，天天睡我床上" tells of 豆包.
func zhLaterSelf(s string) bool {
	first, _, more := strings.Cut(strings.NewReplacer(",", "，").Replace(s), "，")
	return more && !zhFirstPerson.MatchString(first) && !zhSelfLead.MatchString(first) && !zhAboutLife.MatchString(first)
}

// zhComparison is a sentence weighing one thing against another ("新店比
// 原来大一点", "反而轻松一点"): a remark on a change, whose facts are
// said elsewhere.
var zhComparison = regexp.MustCompile(`比.{1,10}?(?:高|低|大|小|多|少|好|差|贵|便宜|轻松|累|远|近|快|慢)|反而|一点[。！!]?$`)

// zhOthersSay is someone in the author's life reported speaking: "我妈说
// 给我炖汤" is her plan; "医生说我血脂高" is the author's.
var zhOthersSay = regexp.MustCompile(`(?:` + zhFamily + `|同事|朋友|室友|老板|领导|同学|邻居|医生|老师)说(?:[^我俺]|$)`)

// zhSomeone is a sentence about someone unnamed: "有人刷…", "别人说…".
var zhSomeone = regexp.MustCompile(`有人|别人|人家说|大家都|^(?:同桌|舍友|闺蜜|哥们|兄弟|师傅|徒弟|学生|病人|客人|组里)`)

// zhEvery marks a routine in Chinese ("每周一三五去健身房"): its day
// recurs, it is no plan.
var zhEvery = regexp.MustCompile(`每周|每天|每晚|每个(?:周|星期|月)|每星期|每月|每年|周末都|一般`)

// enChangeWords are the everyday words of a change beyond those every
// rule reads: what was dropped, swapped, or is back.
var enChangeWords = regexp.MustCompile(`(?i)\b(?:binned|ditched|dropped|quit|stopped|traded\s+(?:\w+\s+)?in|sold|replaced|upgraded|got\s+a\s+(?:new|used)|gave\s+up|given\s+up|switched|swapped|flipped|changed|moved|used\s+to|back\s+to|instead|not\s+any\s+longer|off\s+the)\b`)

// zhChangeWords are the same in Chinese: stopped ("没沾了", "停了"), given
// up ("戒了", "拜拜了"), changed ("改", "换", "挪到").
var zhChangeWords = regexp.MustCompile(`没.{0,6}了|停了|戒了|拜拜了|改|换|挪到|搬|退租|不干了|以后`)

// dropSymbol removes emoji and other pictographs, which carry a mood, not
// a fact.
func dropSymbol(r rune) rune {
	if unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r) || r == '\uFE0F' || r == '\u200D' {
		return -1
	}
	return r
}

// enContent counts the words of s that are not stopwords.
func enContent(s string) int {
	n := 0
	for _, w := range text.Words(strings.ToLower(s)) {
		if !text.IsStopword(w) && !enSelfWord.MatchString(w) {
			n++
		}
	}
	return n
}

// zhGrammar are characters that carry no content of their own.
const zhGrammar = "我的了是在也都就还很很又把被着过啊呀呢吧哈嘛么这那个一"

// zhContent counts the characters of s that carry content: Chinese
// characters besides the grammar, and each Latin word as one.
func zhContent(s string) int {
	n := 0
	for _, r := range s {
		if unicode.Is(unicode.Han, r) && !strings.ContainsRune(zhGrammar, r) {
			n++
		}
	}
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return r > unicode.MaxASCII || !unicode.IsLetter(r) }) {
		if len(w) >= 2 {
			n += 2
		}
	}
	return n
}
