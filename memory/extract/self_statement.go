package extract

import (
	"regexp"
	"strings"
	"time"
	"unicode"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// The rules above know how people say the things a bot most needs (a job,
// a diet, an allergy, a plan with its date), each in the forms people use.
// What people say about themselves is wider than any list of forms, so
// every message is read once more, as a whole (beside the rules' facts,
// withStatements keeps only what they do not say already): a sentence
// that states something about its author, in the first person
// and in enough words, is kept in the author's own words. It is what a
// careful listener without a model would do — keep what was said about
// oneself, drop questions, requests, passing moods and pleasantries — and
// it makes the offline bot remember the things nobody wrote a rule for.

// maxSelfStatements bounds what one message adds through the last resort:
// a long ramble keeps its first few statements, not a transcript.
const maxSelfStatements = 3

// minSelfWordsEn and minSelfHanZh are the least content a statement
// carries: English words that are not stopwords (one less for a relative,
// whose name counts: "Wife is Nia"), or Chinese content characters
// (zhContent).
const (
	minSelfWordsEn = 3
	minSelfHanZh   = 4
)

// selfStatements reads a message for statements about its author: every
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
				if len(out) == maxSelfStatements && before == noOne {
					return out
				}
				sentence = strings.TrimSpace(strings.Map(dropSymbol, sentence))
				f, about, ok := selfStatement(sentence, ref, before)
				if !ok {
					f, ok = changeOfKnown(sentence, ref, known)
				}
				// enInformal wrote a correction's lead-in as "Correction:".
				f.change = f.change || strings.HasPrefix(sentence, "Correction:")
				switch {
				case !ok:
					before = noOne
				case before != noOne && (about == before || about == theAuthor && before == aRelative && f.subject == "" && !speaksInFirstPerson(sentence)) &&
					len([]rune(out[len(out)-1].text))+len([]rune(f.text)) < maxTextRunes:
					out[len(out)-1] = joinStatements(out[len(out)-1], f, ref)
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

// speaksInFirstPerson reports whether a sentence names its author: one
// that does is about them, not a relative spoken of before.
func speaksInFirstPerson(s string) bool {
	if hasHan(s) {
		return zhFirstPerson.MatchString(s)
	}
	return enSelfSubject.MatchString(s)
}

// trimFiller drops the chat filler around what a sentence says.
func trimFiller(s string, han bool) string {
	if han {
		return zhToYou.ReplaceAllString(zhTailFiller.ReplaceAllString(zhLeadFiller.ReplaceAllString(s, ""), ""), "")
	}
	return enTailFiller.ReplaceAllString(enLeadFiller.ReplaceAllString(s, ""), "")
}

// notAStatement reports whether a sentence asks, requests, answers the
// bot, reports someone else's words or passes the time of day rather than
// telling anything to keep.
func notAStatement(s string, han bool) bool {
	if s == "" || isQuestion(s) || strings.ContainsAny(s, "?？") || enLaterQuestion.MatchString(s) || introducesQuote.MatchString(s) || replyToBot.MatchString(s) {
		return true
	}
	if han {
		return zhRequest.MatchString(s) || zhPassing.MatchString(s) || zhAboutTheChat.MatchString(s) ||
			strings.ContainsAny(zhYouIdiom.ReplaceAllString(s, ""), "你您")
	}
	passing := s
	if enLastingState.MatchString(s) {
		passing = enForNow.ReplaceAllString(s, "") // "we're in a flat in Leith right now" lasts
	}
	return enRequest.MatchString(s) || enPassing.MatchString(passing) || enAside.MatchString(s) || enAboutTheChat.MatchString(s) ||
		enPoliteAsk.MatchString(s) && !enStandingAsk.MatchString(s)
}

// zhYouIdiom are the 你 of talk that address no one ("你懂的", "跟你讲"):
// a sentence holding them is still the author's statement.
var zhYouIdiom = regexp.MustCompile(`你懂的|你知道的|你知道吗|跟你(?:说|讲)|和你说|告诉你|你猜|你敢信`)

// enLastingState opens a sentence on where the author lives or works, a
// state that "right now" or "at the moment" does not make passing.
var enLastingState = regexp.MustCompile(`(?i)^(?:(?:ok|so|and|anyway|also)[,\s]+)*(?:I'm|I\s+am|we're|we\s+are)\s+(?:(?:still|currently|living|renting|staying|based|working)\s+)?(?:in|at)\s+(?:an?\s+|the\s+|our\s+|my\s+)?(?:[\p{L}\d-]+\s+){0,3}?(?:flat|apartment|house|home|bungalow|condo|place|studio|room|unit|\p{Lu}\p{Ll}+)\b|^(?:I|we)\s+(?:live|rent|work)\b`)

// enPoliteAsk is a request put politely ("I should be most grateful if
// you would draft…"); enStandingAsk is one that stands for every reply
// ("…obliged if you would address me as Reg", "whenever you suggest a
// recipe"), which is kept.
var (
	enPoliteAsk   = regexp.MustCompile(`(?i)\b(?:grateful|obliged)\s+if\s+you\b|\bwould\s+appreciate\s+(?:it\s+)?if\s+you\b`)
	enStandingAsk = regexp.MustCompile(`(?i)\b(?:address|call|refer\s+to)\s+(?:me|them|us)\b|\b(?:always|whenever|in\s+future|from\s+now\s+on|every\s+time)\b`)
)

// enAboutTheChat and zhAboutTheChat are sentences about the conversation
// itself, not the author's life: the app a grandson set up, what a friend
// said it remembers ("叫我试下这个，讲可以帮忙记东西"), "can you hear me", what someone sent "this" to show, a letter's closing, a polite
// request, a sign-off ("let me go and pack the eggs", "晚点再聊").
var (
	enAboutTheChat = regexp.MustCompile(`(?i)\b(?:this|the)\s+(?:app|application|computer\s+thing|phone\s+thing|bot|chat\s*bot)\b[^.;]*\b(?:set\s+(?:it\s+)?up|installed|remember|writes)|\b(?:set|setting)\s+(?:this|it)\s+up\s+(?:for|on)\b|\b(?:set|put|installed|downloaded|got)\s+(?:this|the)\s+(?:thing|app|bot|chat\s*bot|program)\s+(?:up\s+)?(?:on|for)\b|\bcan\s+you\s+(?:hear|see|read|understand)\s+(?:me|this|them|us)\b|\b(?:sent|forwarded|passed|showed)\s+(?:me|them|us)\s+this\b|\bwhat\s+(?:do|dae)\s+(?:you|ye)\s+make\s+of?\s+(?:it|this|that)\b|\bmake\s+sense\s+of\s+(?:it|this)\b|\byours\s+(?:faithfully|sincerely|truly)\b|^(?:regards|kind\s+regards|best\s+wishes|cheerio|ta\s+ta)\b|\b(?:correct|amend|clarify)\s+something\s+(?:I|they)\s+(?:told|said)\b|^let\s+(?:me|them|us)\s+(?:go|attend|run|get\s+(?:back|on)|leave)\b|\b(?:installed|set\s+up|downloaded)\s+(?:this|the)\s+(?:app|application|programme|program|thing|bot|service)\b|\b(?:this|the)\s+(?:thing|bot|app|assistant|service)\s+(?:remembers|has\s+(?:a\s+)?memory)\b|\buse\s+you\s+as\b|\bmake\s+use\s+of\s+(?:this|the|you)\b|\bone\s+of\s+these\s+(?:bots|apps|ai|things)\b|\byou\s+(?:got|have|has)\s+(?:a\s+)?memory\b|\byou\s+(?:will|can|would)\s+remember\b|\brecommended\s+this\s+(?:service|app|bot|thing)\b`)
	zhAboutTheChat = regexp.MustCompile(`^(?:晚点|回头|改天|下次|有空|得闲)(?:再)?(?:聊|说|讲|倾)|^先这样|^(?:拜拜|再见|掰掰?)|^(?:我)?(?:去|先去)[^，,]{0,8}先$|承蒙|受益(?:良多|匪浅)|不胜感激|多谢(?:指点|赐教)|(?:叫|让|推荐|介绍)我(?:来)?(?:试|用|玩)(?:下|一下|试|用)?(?:这个|你)|(?:装|下载|下)了?这个(?:app|软件|程序|东西)?给?我?|帮忙记(?:东西|事)|能记(?:住|东西|事)|会记(?:住|东西|事)`)
)

// aboutAnother reports whether a sentence tells what someone other
// than the author does or is: a colleague, a neighbour, a pet, someone
// named doing something ("Anna quit smoking"), unless a later clause is
// the author's ("Rexall made me an offer, so I've handed in my notice").
func aboutAnother(s string, han bool) bool {
	if han {
		// A doctor's word in a sentence of the author's is advice to them
		// ("茶馆我不去了，医生说久坐打牌不好").
		doctor := zhDiagnosis.MatchString(s) || zhFirstPerson.MatchString(s) && zhDoctorSays.MatchString(s)
		return zhSomeone.MatchString(s) || zhOthersJobIn(s) || zhOthersFirst(s) || zhOthersSay.MatchString(s) && !doctor ||
			!zhFirstPerson.MatchString(s) && strings.Contains(s, "说")
	}
	if enAboutOther.MatchString(s) || enOtherPronounLead.MatchString(s) {
		return true
	}
	named := enOtherSubject.MatchString(s) || enNameActs.MatchString(s) && !enSelfOpen.MatchString(s)
	return named && !enLaterSelf.MatchString(s)
}

// changeOfKnown keeps a sentence that changes something the author said
// before, under that memory's subject.
func changeOfKnown(s string, ref time.Time, known []Subject) (found, bool) {
	han := hasHan(s)
	s = trimFiller(s, han)
	// Who put a plan off is seldom the author ("they just emailed, the
	// test got moved to 21 April", "the clinic moved my scan"): the plan
	// is still theirs.
	if notAStatement(s, han) || aboutAnother(s, han) && !saysPlanMoved(s) || !han && enRemark.MatchString(s) {
		return found{}, false
	}
	k, ok := knownChange(s, han, known)
	if !ok {
		return found{}, false
	}
	f, ok := keptStatement(s, ref, han)
	f.subject, f.inferred, f.change = k.Key, false, true
	return f, ok
}

// joinStatements makes one memory of a statement and the sentence that
// goes on with it.
func joinStatements(a, b found, ref time.Time) found {
	sep := "; "
	han := hasHan(a.text)
	if han {
		sep = "，"
	}
	a.text = strings.TrimRight(a.text, "。.!！") + sep + lowerFirst(b.text)
	switch {
	case a.typ == memory.TypeFact && b.typ != memory.TypeFact:
		a.typ, a.lifecycle, a.event = b.typ, b.lifecycle, b.event
	case a.lifecycle == memory.LifecycleFact && b.lifecycle == memory.LifecycleFact && a.event.Start.IsZero() && b.event.Start.IsZero() &&
		plansAhead(a.text, han) && !startsState(a.text, han):
		// "Booked an Alaska cruise; we sail out of Seattle on June 14th":
		// the plan is in one sentence and its day in the next. A day
		// something starts from ("head the new office from 1 June; my
		// deputy will run this one") begins a state, not a plan.
		// Today is no day ahead here: "were bored today, so took the
		// turtles out" is told as done.
		if when, ok := text.ResolveDate(a.text, ref); ok && aheadOnce(a.text, when, ref) && when.Start.After(dayStart(ref)) {
			a.typ, a.lifecycle, a.event = memory.TypeEvent, memory.LifecycleTemporary, when
		}
	}
	a.change = a.change || b.change
	return a
}

// plansAhead reports whether a sentence speaks of something ahead (with
// a day, a plan).
func plansAhead(s string, han bool) bool {
	return han && zhPlanCue.MatchString(s) || !han && enPlanCue.MatchString(s)
}

// aheadOnce reports whether when, the day s names, is a day to come
// (today included) that happens once, not every week.
func aheadOnce(s string, when text.Span, ref time.Time) bool {
	return !when.End.Before(dayStart(ref)) && !enEvery.MatchString(s) && !zhEvery.MatchString(s)
}

// selfStatement keeps one sentence that says something about its author
// or their family, and says whom. before is whom the sentence before was
// kept about: a sentence without a subject of its own goes on about them.
func selfStatement(s string, ref time.Time, before whose) (found, whose, bool) {
	han := hasHan(s)
	if notAStatement(trimFiller(s, han), han) {
		return found{}, noOne, false // a trailing "lol" or "tbh" is no mood
	}
	if aboutRelative(s, han, before) {
		return relativeStatement(s, ref, han)
	}
	f, ok := authorStatement(s, ref, han, before != noOne)
	return f, theAuthor, ok
}

// relativeStatement keeps a sentence about one of the author's family,
// with the relative named in it.
func relativeStatement(s string, ref time.Time, han bool) (found, whose, bool) {
	s = trimFiller(s, han)
	if notAStatement(s, han) || han && zhContent(s) < minSelfHanZh ||
		!han && (enRelativeEvent.MatchString(s) || enContent(s) < minSelfWordsEn-1) {
		return found{}, noOne, false
	}
	f, ok := keptStatement(s, ref, han)
	if k := familyKey(s, han); k != "" {
		f.subject, f.inferred = k, false
	}
	return f, aRelative, ok
}

// authorStatement keeps a sentence about the author; going is whether the
// sentence before was kept.
func authorStatement(s string, ref time.Time, han, going bool) (found, bool) {
	s = trimFiller(s, han)
	if !han {
		s = enToldMe.ReplaceAllString(s, "$1")
	}
	if notAStatement(s, han) || aboutAnother(s, han) {
		return found{}, false
	}
	if han {
		if !going && zhLaterSelf(s) || zhComparison.MatchString(s) {
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
		if enOneOff.MatchString(s) || !enSpeaksOfSelf(s) && !(going && !enOtherSubject.MatchString(s)) {
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
	planned := plansAhead(s, han)
	topic := topicOf(s)
	switch when, ok := text.ResolveDate(s, ref); {
	case ok && planned && lastingTopics[topic] && startsState(s, han):
		// "starting Monday driving trams", "下个月起搬去杭州住": the date is
		// when a lasting state begins, not when a plan is over.
		f.event = text.Span{Start: when.Start, Phrase: when.Phrase}
	case ok && planned && aheadOnce(s, when, ref):
		f.typ, f.lifecycle, f.event = memory.TypeEvent, memory.LifecycleTemporary, when
	case han && zhLiking.MatchString(s), !han && enLiking.MatchString(s):
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
	}
	f.subject = topic
	f.inferred = f.subject != ""
	f.change = changeCue.MatchString(s) || enCorrection.MatchString(s) || han && zhChangeWords.MatchString(s) || !han && enChangeWords.MatchString(s)
	if wished(s) {
		f.change = false // "想存点钱，以后跑网约车": a wish changes nothing yet
	}
	return f, true
}

// enLaterQuestion is a question asked after a clause of context, without
// its mark: "need to sleep, what's a good wind-down", "ugh it's hot, how
// do I keep the flowers fresh". The rules still read the clause before
// it; kept whole, the sentence would be a question.
var enLaterQuestion = regexp.MustCompile(`(?i)[,;]\s*(?:so\s+|but\s+|and\s+)?(?:what(?:'s|\s+is|\s+are|\s+should|\s+can|\s+do)|how\s+(?:do|does|can|should|would|much|many|long)|where\s+(?:do|can|should|is)|which\s+\w+\s+(?:should|is|do)|any\s+(?:ideas?|tips|recs|suggestions)|wat|wats)\b`)

// introducesQuote is a sentence reporting someone else's words: what is
// left once the quote it introduced is dropped ("村里喇叭刚喊了：",
// "ok here's what my tutor sent:"), or a lead-in naming a sender or a
// notice before a colon ("转个群里的：【通知】…").
var introducesQuote = regexp.MustCompile(`(?i)[：:]\s*$|(?:说|喊|发|转|写|问|通知)(?:了|的|来的|过来的)?\s*$|\b(?:sent|said|says|wrote|forwarded|posted|msgd|msged|messaged|texted|txtd|dm'?d)(?:\s+(?:this|that|it|me|us|round|over|out))*\s*$|^[^：:]{0,20}(?:转|发来|说|喊|通知|群里|sent|said|wrote|forwarded|says|msgd|msged|messaged|texted|txtd)[^：:]{0,6}[：:]`)

// replyToBot is an answer to what the bot just said: an acknowledgement
// and what the author will do about it now ("ok I'll ask him", "好，我明天
// 去换", "还行，再短点"), true for a moment only.
var replyToBot = regexp.MustCompile(`(?i)^(?:ok|okay|thanks|thank\s+you|never\s*mind|nvm|sure|alright|fine|cool|great|perfect|will\s+do|好的?|行|嗯+|哦+|好吧|还行|那)[,，.!！\s]+(?:(?:i'?ll|i\s+will|i\s+shall|let\s+me)\b|我?(?:先|去|明天|待会|等下|回头|再|跟|看)|再|先|去|明天)|^(?:还行|行吧|好吧)[，,]|^(?:(?:ok|okay|好的?|嗯+)[,，.!！\s]*)?(?:够用了|可以了|行了|没问题了?|懂了|明白了|收到了?|搞定了?|就这样吧?)[。.!！~～]*$`)

// dropSymbol removes emoji and other pictographs, which carry a mood, not
// a fact.
func dropSymbol(r rune) rune {
	if unicode.Is(unicode.So, r) || unicode.Is(unicode.Sk, r) || r == '\uFE0F' || r == '\u200D' {
		return -1
	}
	return r
}

// lastingTopics are the topics of a state that lasts once begun: a job,
// a home, working hours, a school.
var lastingTopics = map[string]bool{
	subject.Occupation: true, subject.Employer: true, subject.Residence: true,
	subject.WorkSchedule: true, subject.School: true,
}

// enStartsState and zhStartsState are a date said as the start of
// something: "starting Monday", "from the 1st", "as of next week", "下周起",
// "从下个月开始".
var (
	enStartsState = regexp.MustCompile(`(?i)\b(?:starting|start(?:s|ing)?\s+on|from|as\s+of|beginning|effective)\s+(?:on\s+)?(?:this\s+|next\s+|the\s+)?(?:mon|tue|wed|thu|fri|sat|sun|week|month|year|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d)`)
	zhStartsState = regexp.MustCompile(`从.{1,8}(?:开始|起)|(?:号|日|月|周|礼拜|星期.)起`)
)

// startsState reports whether s says a day as the start of something.
func startsState(s string, han bool) bool {
	return han && zhStartsState.MatchString(s) || !han && enStartsState.MatchString(s)
}

// wished reports whether s is a wish or a plan for later.
func wished(s string) bool {
	s = strings.TrimSpace(s)
	if hasHan(s) {
		return zhWish.MatchString(text.Simplified(s))
	}
	return enWish.MatchString(s)
}

// zhWish and enWish open a sentence on a wish or a plan for later: what
// it names has not happened.
var (
	zhWish = regexp.MustCompile(`^(?:我|用户)?(?:想(?:[^了过好通明清]|$)|打算(?:[^了好]|$)|准备(?:[^了好]|$)|计划(?:[^了好]|$)|希望|梦想|考虑(?:[^了过]|$))`)
	enWish = regexp.MustCompile(`(?i)^(?:they\s+|I\s+)?(?:want\s+to|wanna|hope\s+to|plan\s+to|planning\s+to|would\s+like\s+to|'d\s+like\s+to|might|dream\s+of)\b`)
)
