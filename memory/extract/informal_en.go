package extract

import (
	"regexp"
	"strings"
)

// How people type in chat, in English, rewritten into the written forms the
// rules read: contractions without apostrophes ("im", "didnt"), a lower-case
// "i", chat shorthand ("n", "w", "thru", "r", "pls", "bday"), list items
// that drop the "I'm" their heading implies, and sentences run together
// without a capital after the full stop. The rewrite only restores what
// the writer meant; it adds no fact of its own.

// enContractions maps a contraction typed without its apostrophe to its
// written form. Only forms that are no English word of their own are
// listed ("ill", "were", "its" and "wont" are left alone).
var enContractions = map[string]string{
	"im": "I'm", "ive": "I've", "dont": "don't", "didnt": "didn't",
	"doesnt": "doesn't", "cant": "can't", "couldnt": "couldn't",
	"isnt": "isn't", "wasnt": "wasn't", "arent": "aren't",
	"werent": "weren't", "havent": "haven't", "hasnt": "hasn't",
	"hadnt": "hadn't", "shouldnt": "shouldn't", "wouldnt": "wouldn't",
	"thats": "that's", "whats": "what's", "wats": "what's",
	"heres": "here's", "theres": "there's", "shes": "she's",
	"youre": "you're", "theyre": "they're", "ima": "I'm going to",
}

// enShorthand maps chat shorthand to the words it stands for.
var enShorthand = map[string]string{
	"n": "and", "w": "with", "w/": "with", "thru": "through", "r": "are",
	"u": "you", "pls": "please", "plz": "please", "bday": "birthday",
	"b-day": "birthday", "yr": "year", "yrs": "years", "tho": "though",
	"bc": "because", "cuz": "because", "coz": "because", "wks": "weeks",
	"gonna": "going to", "wanna": "want to", "abt": "about",
	"hubby": "husband", "bf": "boyfriend", "gf": "girlfriend",
	"tmrw": "tomorrow", "tmr": "tomorrow", "rn": "right now",
}

// enDialect maps spellings of Scots, Irish and other spoken Englishes,
// and the dropped g of "mornin", to the written words the rules read
// ("dinnae", "wi", "noo", "whit", "hoose"). Only spellings that chat
// seldom means otherwise are listed ("whit", "aye" and "ye" are rare as
// the English words), and only as typed in lower case.
var enDialect = map[string]string{
	"dinnae": "don't", "cannae": "can't", "didnae": "didn't", "wouldnae": "wouldn't",
	"couldnae": "couldn't", "isnae": "isn't", "wasnae": "wasn't", "havnae": "haven't",
	"havenae": "haven't", "willnae": "won't", "shouldnae": "shouldn't", "doesnae": "doesn't",
	"wi": "with", "whit": "what", "noo": "now", "oot": "out", "aboot": "about", "hoose": "house",
	"tae": "to", "intae": "into", "ontae": "onto", "awa": "away", "efter": "after", "gaun": "going",
	"auld": "old", "mither": "mother", "faither": "father", "aff": "off", "yer": "your", "ye": "you",
	"nae": "no", "oor": "our", "masel": "myself", "nicht": "night", "richt": "right", "aye": "yes",
	"yous": "you", "youse": "you", "wetin": "what", "abeg": "please",
	"mornin": "morning", "evenin": "evening", "nothin": "nothing", "somethin": "something",
	"comin": "coming", "goin": "going", "doin": "doing", "sendin": "sending", "gettin": "getting",
	"makin": "making", "takin": "taking", "havin": "having", "livin": "living", "workin": "working",
	"drivin": "driving", "startin": "starting", "expectin": "expecting", "lookin": "looking",
	"talkin": "talking", "walkin": "walking", "fishin": "fishing", "typin": "typing", "fixin": "fixing",
	"buildin": "building", "runnin": "running", "playin": "playing", "stayin": "staying",
	"killin": "killing", "thinkin": "thinking", "feelin": "feeling", "tryin": "trying",
	"waitin": "waiting", "movin": "moving", "plannin": "planning", "cookin": "cooking",
	// Doric and north-east Scots.
	"a'm": "I'm", "A'm": "I'm", "a've": "I've", "A've": "I've", "hae": "have", "fairm": "farm", "wik": "week",
	"gweed": "good", "bairns": "children", "grandbairns": "grandchildren", "ootside": "outside", "jist": "just",
	"fae": "from", "mornins": "mornings", "Di": "The", "Dem": "Them",
	// Jamaican patois ("mi" is read word by word: enMiIsI).
	"di": "the", "dem": "them", "pon": "on", "ting": "thing", "cyaan": "can't", "yuh": "you", "likkle": "little",
}

// enMaPossessive are the words after which "ma" is a mother ("my ma",
// "me and ma"), not "my".
var enMaPossessive = map[string]bool{"my": true, "me": true, "your": true, "his": true, "her": true, "our": true, "their": true, "the": true, "yer": true, "ur": true, "and": true}

// enMaVerb are the words after which "ma" is someone who does something
// ("ma says", "ma and me"), not "my".
var enMaVerb = map[string]bool{"says": true, "said": true, "and": true, "is": true, "was": true, "has": true, "had": true,
	"will": true, "would": true, "went": true, "goes": true, "wants": true, "thinks": true, "told": true, "rang": true,
	"called": true, "came": true, "loves": true, "likes": true, "made": true, "makes": true, "got": true, "gets": true}

// enChatWord matches one word (with an optional trailing slash, "w/").
var enChatWord = regexp.MustCompile(`[\p{L}\p{N}'’-]+/?`)

// enListMarker opens a bulleted or numbered list item.
var enListMarker = regexp.MustCompile(`^\s*(?:[-*•·–]|\d{1,2}[.)])\s+`)

// enItemSubject opens a list item that already says who it is about, or
// is no statement a heading could complete.
var enItemSubject = regexp.MustCompile(`(?i)^(?:I\b|I'm|my\b|we\b|we're|our\b|he\b|she\b|they\b|(?:\p{Lu}\p{Ll}+)\s+(?:is|has|was|takes|works|lives|loves|likes|wants|does|goes)\b|no\b|not\b|max\b|at\s+most\b|then\b|and\b|also\b)`)

// enAboutMe is a heading that introduces the writer: each item under it
// describes them ("Quick intro:", "About me:", "Some facts about me:").
var enAboutMe = regexp.MustCompile(`(?i)\b(?:intro(?:duction)?|about\s+me|where\s+I'm\s+at|who\s+I\s+am|facts\s+about\s+me|the\s+basics|bit\s+about\s+myself)\b[^\n]*:\s*$`)

// enInformal rewrites one message into the forms the rules read; a message
// with Chinese in it is returned as it is. A lead-in announcing a
// correction ("I must correct what I told you last week:", "small
// correction to something I said:") becomes "Correction:", so that it
// reads as a change and not as a plan of its own.
func enInformal(msg string) string {
	if hasHan(msg) {
		return msg
	}
	lines := strings.Split(enCapitaliseNames(enCorrectionLead.ReplaceAllString(msg, "Correction: ")), "\n")
	aboutMe := false
	for i, line := range lines {
		line = enMovedThenDate.ReplaceAllString(enUnlabel(enChatWords(enSpokenPhrases(line))), "${1}, ${2}")
		if enAboutMe.MatchString(line) {
			aboutMe = true
			lines[i] = line
			continue
		}
		if loc := enListMarker.FindStringIndex(line); loc != nil {
			item := strings.TrimSpace(line[loc[1]:])
			if aboutMe && !enItemSubject.MatchString(item) {
				item = "I'm " + lowerFirst(item)
			}
			lines[i] = upperFirst(strings.TrimRight(item, ".;")) + "."
			continue
		}
		aboutMe = false
		lines[i] = enCapitalise(enDropI(line))
	}
	return strings.Join(lines, "\n")
}

// enCorrectionLead is a lead-in before a colon that announces a
// correction of something said before.
var enCorrectionLead = regexp.MustCompile(`(?i)^[^:\n]{0,40}?\b(?:(?:small|quick|little|one)\s+correction|correction\s+(?:to|on|about|of)|(?:need|have|must|want|got)\s+to\s+correct|let\s+me\s+correct|i\s+(?:made\s+a\s+mistake|got\s+(?:it|that|something)\s+wrong|was\s+wrong\s+about|have\s+to\s+correct))\b[^:\n]{0,50}?[^:\n\d]:\s+`)

// enFixinTo is the Southern "fixin' to" (about to) at the start of a
// sentence, where it drops the "I"; enFixinMidSentence is the same after
// its subject ("I'm fixin to"). enNamesIs is "names earl" typed for "my
// name's Earl" at the start of a message; enNamesNotOne are the words
// after "names" that are no name ("names escape me", "names changed").
var (
	enFixinTo          = regexp.MustCompile(`(?i)(^|[.!?;]\s+)fixin[g']?\s+to\b`)
	enFixinMidSentence = regexp.MustCompile(`(?i)(\s)fixin[g']?\s+to\b`)
	enNamesIs          = regexp.MustCompile(`(?i)^((?:(?:hi|hey|hello|howdy|hiya|evening|morning|mornin)[,.!]*\s+)*)names\s+(\p{L}+(?:\s+\p{L}+)?)\s*(?:[.,!]|$)`)
	enNamesNotOne      = regexp.MustCompile(`(?i)(?:^|\s)(?:are|is|were|was|of|for|and|to|in|on|i|you|they|we|me|like|matter|matters|change|changes|escape|escapes|withheld|redacted|hidden|removed|please|pls|only|first|here|there|\p{L}+ed|\p{L}+ing)(?:\s|$)`)
)

// enTheRelative is "the wife", "the missus", "the hubby" as British and
// Irish speech says "my wife", and "the dog" before its name ("the dog
// Cadi"): the writer's own.
var enTheRelative = regexp.MustCompile(`(^|[.!?;,]\s+|^(?:and|so|oh)\s+)(?i:the)\s+((?i:wife|missus|missis|hubby|husband|other\s+half)\b|(?i:dog|cat|pup|puppy|kitten)\s+\p{Lu}\p{Ll}+)`)

// enNotTheOwn follows "the husband" or "the dog Rex" when they are
// someone else's.
var enNotTheOwn = regexp.MustCompile(`(?i)^\s*(?:of\b|next\s+door|down\s+the\s+(?:road|street)|across\s+the|upstairs|downstairs|from\s+(?:next|across|number)|\p{Lu}\p{Ll}+\s+(?:owns|has|keeps))`)

// lastWord is the last word of s.
func lastWord(s string) string {
	f := strings.Fields(s)
	if len(f) == 0 {
		return ""
	}
	return f[len(f)-1]
}

// enSpokenPhrases rewrites spoken phrases of a whole line: "fixin to
// haul" is "I'm going to haul", "names earl whitaker" is "my name's Earl
// Whitaker", "the wife" is "my wife".
func enSpokenPhrases(line string) string {
	var b strings.Builder
	last := 0
	for _, m := range enTheRelative.FindAllStringSubmatchIndex(line, -1) {
		if enNotTheOwn.MatchString(line[m[1]:]) || enCareTitle.MatchString(lastWord(line[m[4]:m[5]])) {
			continue // "the husband of my friend", "the dog Rex next door", "the cat Mrs Jones owns"
		}
		b.WriteString(line[last:m[3]])
		b.WriteString("my ")
		last = m[4]
	}
	b.WriteString(line[last:])
	line = enFixinMidSentence.ReplaceAllString(enFixinTo.ReplaceAllString(b.String(), "${1}I'm going to"), "${1}going to")
	if m := enNamesIs.FindStringSubmatchIndex(line); m != nil && !enNamesNotOne.MatchString(line[m[4]:m[5]]) {
		name := strings.Fields(line[m[4]:m[5]])
		for i, w := range name {
			name[i] = upperFirst(w)
		}
		line = line[:m[3]] + "my name's " + strings.Join(name, " ") + line[m[5]:]
	}
	return enMeAnd.ReplaceAllString(line, "${1} and I ${2}")
}

// enMovedThenDate is a plan moved in one sentence and its new date in
// the next ("checkride got bumped, DPE cancelled. its aug 21 now"): read
// as one sentence, so that the rule of a moved plan sees its date.
var enMovedThenDate = regexp.MustCompile(`(?i)(\b(?:moved|got\s+move|bumped|pushed\s+back|postponed|rescheduled|put\s+back|brought\s+forward|shifted)\b[^.!?\n]*)[.!?]+\s+((?:so\s+|and\s+)?(?:it'?s|its|it\s+is|now|new\s+date(?:\s+is)?)\s)`)

// enMeAnd is "me and" opening a subject ("me and the squad signed up",
// "me n my wife are going"), said for "X and I": the object pronoun never
// comes before a verb otherwise.
var enMeAnd = regexp.MustCompile(`(?i)\bme\s+(?:and|n|&)\s+((?:my|the|our|ma)\s+[\p{L}'’-]+|(?-i:\p{Lu}\p{Ll}+))\s+(are|were|have|had|signed|went|go|got|will|booked|did|both|just|also|moved|live|started|'re)\b`)

// enChatWords restores contractions, the pronoun "I" and shorthand, word by
// word.
func enChatWords(line string) string {
	var b strings.Builder
	last := 0
	prev := ""
	for _, loc := range enChatWord.FindAllStringIndex(line, -1) {
		w := line[loc[0]:loc[1]]
		lw := strings.ToLower(w)
		before := prev
		prev = lw
		rep, ok := "", false
		switch {
		case w == "i":
			rep, ok = "I", true
		case w == "ma" && !enMaPossessive[before] && loc[1] < len(line) && line[loc[1]] == ' ' && !enMaVerb[nextWord(line[loc[1]:])]:
			rep, ok = "my", true // "ma tablets", not "my ma" or "ma says"
		case enDialect[w] != "":
			rep, ok = enDialect[w], true
		case enContractions[lw] != "":
			rep, ok = enContractions[lw], true
		case enShorthand[lw] != "" && w == lw:
			rep, ok = enShorthand[lw], true
		case strings.HasPrefix(lw, "i'") || strings.HasPrefix(lw, "i’"):
			rep, ok = "I"+w[1:], true
		case w == "ur":
			rep, ok = "your", true
			if enYoureNext(nextWord(line[loc[1]:])) {
				rep = "you're" // "ur the best", "ur going to love it"
			}
		case w == "A" && enClauseStart(line[:loc[0]]) && enDoricI(nextWord(line[loc[1]:]), line[loc[1]:]):
			rep, ok = "I", true // Doric "A work three mornins a wik"
		case lw == "mi" && nextWord(line[loc[1]:]) != "":
			rep, ok = "my", true // patois "mi daughter", "mi have the sugar"
			if enMiIsI[nextWord(line[loc[1]:])] {
				rep = "I"
			} else if w == "Mi" {
				rep = "My"
			}
		case lw == "me" && enMeIsMy(before, line[:loc[0]], nextWord(line[loc[1]:])):
			rep, ok = "my", true // "off me shift", "me first grandson", "in me tea"
			if w == "Me" {
				rep = "My"
			}
		case lw == "am" && (enClauseStart(line[:loc[0]]) || enAmAfter[before]) && enAmIsImNext(nextWord(line[loc[1]:])):
			rep, ok = "I'm", true // "he says am pre-diabetic", "am on the lates"
		case w == "were" && enClauseStart(line[:loc[0]]) && enWeAreNext(nextWord(line[loc[1]:])):
			rep, ok = "we're", true // "were taking her to blackpool", "were in halifax now"
		}
		if !ok {
			continue
		}
		b.WriteString(line[last:loc[0]])
		b.WriteString(rep)
		last = loc[1]
	}
	b.WriteString(line[last:])
	return b.String()
}

// enSentenceStart is a lower-case letter after a sentence's closing mark.
var enSentenceStart = regexp.MustCompile(`[.!?]\s+\p{Ll}`)

// enCapitalise gives each sentence after the first its capital, so
// "evening. i drive for…" reads as two sentences; the line's first word
// is left as typed ("paramedic here").
func enCapitalise(line string) string {
	return enSentenceStart.ReplaceAllStringFunc(line, func(s string) string {
		return s[:len(s)-1] + strings.ToUpper(s[len(s)-1:])
	})
}

// enDroppedI opens a sentence on a verb whose dropped subject can only be
// the writer ("got a job at…", "started climbing", "been doing keto").
var enDroppedI = regexp.MustCompile(`(?i)((?:^|[.!?;]\s+)(?:and\s+|also\s+)?)((?:just\s+|recently\s+|finally\s+)?(?:got|started|quit|moved|joined|switched|finished|gave\s+up|stopped|took\s+up|adopted|bought|booked|signed\s+up|picked\s+up|began|retired|graduated|can'?t\s+abide|cannot\s+abide)\s)`)

// enDropI gives a sentence that opens on such a verb its "I", the verb
// then in lower case ("Got tickets" → "I got tickets").
func enDropI(line string) string {
	return withSubject(enDroppedAm, withSubject(enDroppedBeen, withSubject(enDroppedI, line, "I "), "I've "), "I'm ")
}

// enDroppedAm opens a sentence on going somewhere ("flying to Kingston on
// the 14th", "heading down to Tenby"): "I'm" was dropped. The way comes
// with it, so a gerund that is a subject ("Flying makes me anxious")
// stays as it is; "going to" is a journey only to a place named ("going
// to Porto"), not "going to grind ranked all weekend".
var enDroppedAm = regexp.MustCompile(`(?i)((?:^|[.!?;]\s+)(?:and\s+|also\s+|so\s+)?)((?:flying|heading|driving|travell?ing|sailing|off)\s+(?:(?:out|back|down|up|over|away)\s+)?(?:to|home)\b|going\s+(?:(?:back|down|up|over|away)\s+)?(?:home\b|to\s+(?-i:\p{Lu})))`)

// withSubject writes subject between the two groups of each match of re
// in line (a lead-in and a verb), lowering the verb's first letter.
func withSubject(re *regexp.Regexp, line, subject string) string {
	return re.ReplaceAllStringFunc(line, func(m string) string {
		g := re.FindStringSubmatch(m)
		return g[1] + subject + lowerFirst(g[2]) + m[len(g[1])+len(g[2]):]
	})
}

// enDroppedBeen opens a sentence on "been doing…": "I've" was dropped.
var enDroppedBeen = regexp.MustCompile(`(?i)(^|[.!?;]\s+)(been\s+\p{L}+ing\b)`)

// enNamedLower is a name typed in lower case where English puts a name:
// after "called"/"named" or after "my" and a relative.
var enNamedLower = regexp.MustCompile(`(?i)\b(?:called|named|my\s+` + enFamily + `)\s+(\p{Ll}+)\b`)

// enNotName are the words that follow "my son" or "called" without being
// a name.
var enNotName = map[string]bool{
	"is": true, "was": true, "has": true, "had": true, "and": true, "who": true, "just": true,
	"also": true, "really": true, "does": true, "did": true, "will": true, "can": true, "got": true,
	"gets": true, "goes": true, "went": true, "said": true, "says": true, "wants": true, "loves": true,
	"likes": true, "hates": true, "works": true, "lives": true, "started": true, "turned": true,
	"turns": true, "moved": true, "always": true, "never": true, "still": true, "plays": true,
	"the": true, "a": true, "an": true, "of": true, "in": true, "at": true, "from": true, "to": true,
	"for": true, "with": true, "on": true, "me": true, "him": true, "her": true, "them": true,
	"us": true, "back": true, "off": true, "up": true, "out": true, "it": true, "that": true,
	"this": true, "now": true, "too": true, "isn't": true, "can't": true, "doesn't": true, "and's": true,
	"are": true, "were": true, "would": true, "could": true, "should": true, "thinks": true, "came": true,
}

// enCapitaliseNames capitalises names in a message typed all in lower
// case; a message with capitals of its own is left as written.
func enCapitaliseNames(msg string) string {
	if strings.ToLower(msg) != msg {
		return msg
	}
	return enNamedLower.ReplaceAllStringFunc(msg, func(s string) string {
		m := enNamedLower.FindStringSubmatchIndex(s)
		name := s[m[4]:m[5]]
		if enNotName[name] || len(name) < 2 {
			return s
		}
		return s[:m[4]] + strings.ToUpper(name[:1]) + name[1:]
	})
}

// enYoureNext is a word after "ur" that makes it "you're", not "your":
// an article, a degree word, an adjective of praise or a verb in -ing.
func enYoureNext(w string) bool {
	switch w {
	case "a", "an", "the", "so", "very", "too", "not", "welcome", "right", "wrong", "amazing", "awesome",
		"best", "such", "always", "never", "still", "already", "gonna", "allowed", "supposed", "sure":
		return true
	}
	return len(w) > 4 && strings.HasSuffix(w, "ing")
}

// enClauseStart reports whether a word after before opens a clause: it
// opens the line or follows a comma or a sentence's mark.
func enClauseStart(before string) bool {
	before = strings.TrimRight(before, " ")
	return before == "" || strings.ContainsAny(before[len(before)-1:], ".,!?;:")
}

// enWeAreNext is a word after a clause-opening "were" that makes it
// "we're" typed without its apostrophe: a past "were" needs a subject
// before it, and a question's "were" a subject after it ("were you…").
func enWeAreNext(w string) bool {
	switch w {
	case "in", "at", "off", "going", "gonna", "moving", "staying", "back", "home", "still", "now", "both", "finally", "all", "getting", "having", "planning", "hoping", "thinking":
		return true
	}
	return len(w) > 4 && strings.HasSuffix(w, "ing") && w != "nothing" && w != "something" && w != "everything" && w != "anything"
}

// nextWord is the first word of s, lower-cased.
func nextWord(s string) string {
	return strings.ToLower(enChatWord.FindString(s))
}
