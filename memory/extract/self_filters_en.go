package extract

import (
	"regexp"
	"strings"

	"github.com/membot/membot/memory/text"
)

// The English filters of statements about oneself (self_statement.go):
// who a sentence is about, and what is not worth keeping.

// enSubjectSelf is the author as the subject of a clause, as English
// writes it; the patterns below add the chat spellings and the other
// cases where they need them.
const enSubjectSelf = `i|i'm|i've|i'd|i'll|we|we're|we've`

// enSelfWord is an English sentence speaking of its author.
var enSelfWord = regexp.MustCompile(`(?i)\b(?:` + enSubjectSelf + `|im|ive|my|mine|me|myself|our|us)\b`)

// enSelfLead is how an English statement about its author opens: the
// first person within its first three words ("I", "my flatmate", "also
// sitting my exam", "me and my wife").
var enSelfLead = regexp.MustCompile(`(?i)^(?:\S+\s+){0,2}?(?:` + enSubjectSelf + `|im|ive|my|me|our)\b`)

// enDroppedSubject is how chat opens a statement about oneself with the
// "I" left out: a verb of doing or being ("been doing keto", "started
// bouldering", "got a job"), or a state ("on nights all month", "still
// off work", "first year at uni").
var enDroppedSubject = regexp.MustCompile(`(?i)^(?:just\s+|finally\s+|still\s+|currently\s+|recently\s+)?(?:used\s+to|love|loving|miss|missing|hate|prefer|been|started|starting|got|getting|moving|moved|working|work|living|live\s+(?:in|at|near|with|out|on\s+(?:my|our)\s+own)|own\s+(?:a|an|two|three)|drive\s+(?:a|an|for|(?:\w+\s+){1,2}for|trucks?|lorries|taxis?|buses|cabs?)|teach|do\s+(?:nights|days|lates|earlies|shifts)|doing|trying|training|sitting\s+(?:my|an?|the)|taking|studying|learning|quit|quitting|left|joined|joining|switched|switching|gave\s+up|giving\s+up|off|on|back\s+(?:at|on|to|in)|first|second|third|final|retired|married|single|engaged|pregnant|allergic|vegan|vegetarian|gluten|lactose|diabetic)\b`)

// enSelfSubject is the author as the subject of a clause: "physio is
// kicking my butt" is about the physio.
var enSelfSubject = regexp.MustCompile(`(?i)\b(?:` + enSubjectSelf + `|im|ive)\b`)

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

// enSelfOpen is a sentence opening on the author, which a capital letter
// does not make a name.
var enSelfOpen = regexp.MustCompile(`(?i)^(?:` + enSubjectSelf + `|my|me|our)\b`)

// enLaterSelf is the author as the subject of a later clause of a
// sentence that opens on someone else: "Rexall made me an offer, so I've
// handed in my notice".
var enLaterSelf = regexp.MustCompile(`(?i)(?:[,;]\s*|\b(?:so|and|but|then)\s+)(?:` + enSubjectSelf + `)\b`)

// enNameActs is a sentence opening on someone named doing something:
// "Anna quit smoking", "Tom moved to Leeds".
var enNameActs = regexp.MustCompile(`^\p{Lu}\p{Ll}+\s+(?:\p{Ll}+ed|quit|is|was|has|had|got|gets|says|said|told|went|came|left|took|made)\b`)

// enToldMe is someone telling the author something about themself: "the
// doctors tell me I have heart failure" says the author has it, "boss
// agreed I can finish in June" that they finish.
var enToldMe = regexp.MustCompile(`(?i)^[^,.;]{0,40}?\b(?:tell|tells|told|say|says|said|agreed|confirmed)\s+(?:me\s+)?(?:that\s+)?(I\s)`)

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

// enPassing is a sentence about the moment, a pleasantry or the weather:
// true when said, of no use the next day.
var enPassing = regexp.MustCompile(`(?i)\b(?:just\s+(?:woke|got\s+(?:up|in|back|home)|finished|had)|right\s+now|at\s+the\s+moment|atm|tonight|this\s+(?:morning|afternoon|evening)|feel(?:s|ing)?\s+(?:like|so|really|a\s+bit|kinda|sorta|tired|rough|awful|great|good|better|sick)|i'?m\s+(?:so\s+|really\s+|a\s+bit\s+)?(?:tired|knackered|exhausted|bored|shattered|hungry|starving|sleepy|done)|lo+l|lmf?ao+|haha+|thanks|thank\s+you|thx|cheers|bye|good\s*night|gn|off\s+to\s+(?:bed|sleep|work)|brb|weather|raining|sunny|weekend\s+vibes|no\s+worries|got\s+it|sounds\s+good|makes\s+sense|that\s+helps|you'?re\s+(?:right|the\s+best)|set\s+(?:this|it)\s+up|bear\s+with\s+me|minutes?\s+away|on\s+my\s+way|have\s+a\s+feeling|i\s+(?:think|guess|hope|wish|bet|suppose|reckon)|i'?m\s+(?:glad|sure|afraid|sorry)|never\s*mind|do\s+the\s+dishes|washing\s+up|laundry)\b|^(?:i|we)\s+(?:went|ended\s+up|came\s+back|got\s+back|saw|met|picked\s+up|bought|found|watched|ate|spoke|talked|rang|called|have\s+made\s+a\s+mistake|made\s+a\s+mistake)\b`)

// enLeadFiller is chat filler before what a sentence says.
var enLeadFiller = regexp.MustCompile(`(?i)^(?:(?:correction|ok|okay|so|and|also|oh|ah|um|erm|hmm|btw|fyi|tbh|honestly|anyway|anyways|well|hey|hi|hiya|yeah|yep|right|lol|haha|ugh|argh|omg|ooh)\b[,.!:]*\s*)+`)

// enTailFiller is chat filler after it.
var enTailFiller = regexp.MustCompile(`(?i)(?:[,\s]+(?:tbh|lol|haha|btw|honestly|innit|eh|ha|yes\s+i'?m\s+mad|don'?t\s+laugh))+[.!]*\s*$`)

// enPlanCue marks a sentence about something ahead: with a date, it is a
// plan that stops mattering once past.
var enPlanCue = regexp.MustCompile(`(?i)\b(?:going\s+to|gonna|will|i'?ll|plan(?:ning)?|sitting|taking|starting|start|moving|flying|heading|visiting|sail(?:ing)?|depart(?:ing)?|set(?:ting)?\s+off|booked|signed\s+up|registered|coming\s+up|comin\s+up|exam|interview|appointment|surgery|trip|flights?|cruise|tickets?|holiday|vacation|tourney|tournament|competition|concert|gig|wedding|party|deadline|due)\b`)

// enLiking marks a lasting preference or habit.
var enLiking = regexp.MustCompile(`(?i)\b(?:love|loves|like|likes|into|hate|hates|can'?t\s+stand|prefer|prefers|enjoy|enjoys|fan\s+of|obsessed|always|usually|never|every\s+(?:day|morning|night|week|weekend)|on\s+(?:weekends|days\s+off)|most\s+days|basically\s+live\s+on|go-?to|favou?rite)\b`)

// enRemark is a sentence judging how something is rather than saying what
// it is: "the commute is longer now but the house is lovely".
var enRemark = regexp.MustCompile(`(?i)\b(?:is|are|was|were|'s)\s+(?:a\s+bit\s+|much\s+|way\s+|so\s+|really\s+|quite\s+)?(?:longer|shorter|bigger|smaller|better|worse|nicer|harder|easier|lovely|great|nice|awful|terrible|amazing|brilliant|grim|rubbish|fine|free|cheap|expensive|pricey|closed|open|busy|quiet|packed|full|empty|late|early)\b`)

// enOneOff is an intention of the moment: something the author will look
// into, ask or try, with no date to keep it by.
var enOneOff = regexp.MustCompile(`(?i)\b(?:i'?ll|i\s+will|i\s+shall|let\s+me|i'?m\s+gonna)\s+(?:just\s+|also\s+|probably\s+|definitely\s+)?(?:look|ask|check|try|think|see|give|have\s+a\s+look|get\s+back|let\s+you|google|read|send|post|print|forward|use)\b`)

// enAboutOther is a statement opening on someone else in the author's
// life ("my supervisor keeps…", "my neighbour Bev brings…"): theirs, not
// the author's, and the family and pet rules keep what matters of it.
var enAboutOther = regexp.MustCompile(`(?i)^(?:my|our)\s+(?:new\s+|old\s+|best\s+|ex\s+)?(?:supervisor|boss|manager|teacher|tutor|lecturer|professor|doctor|gp|physio|dentist|nurse|neighbou?r|friend|mate|flatmate|housemate|roommate|colleague|co-?worker|landlord|landlady|client|customer|coach|trainer|partner|wife|husband|son|daughter|mum|mom|mother|dad|father|sister|brother|kid|kids|baby|dog|cat|grandson|granddaughter|nan|gran|grandma|grandpa)\b|^(?:wants|says|keeps|thinks|likes|loves|hates|needs|does|has|is|was|gets|goes|makes|lives|works|brings)\b`)

// enChangeWords are the everyday words of a change beyond those every
// rule reads: what was dropped, swapped, or is back.
var enChangeWords = regexp.MustCompile(`(?i)\b(?:binned|ditched|dropped|quit|stopped|traded\s+(?:\w+\s+)?in|sold|replaced|upgraded|got\s+a\s+(?:new|used)|got\s+the\s+keys|handed\s+in\s+(?:my\s+|their\s+)?notice|rotated|transferred|gave\s+up|given\s+up|switched|swapped|flipped|changed|moved|used\s+to|back\s+to|instead|not\s+any\s+longer|off\s+the)\b`)

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
