package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// lifeRule reads a whole sentence: changes of a single-valued fact ("I
// left Acme, started at Globex"), everyday self-descriptions ("I have
// asthma") and the people and pets of the author's life, each under its
// own subject key. They run before the clause rules, which would cut such
// sentences apart or lend a pet's name to the author.
type lifeRule struct {
	re    *regexp.Regexp
	build func(m []string, sentence string, ref time.Time) (found, bool)
}

// enName is a capitalised name of one to four words ("Globex", "Acme
// Labs", "VS Code").
const enName = `(\p{Lu}[\p{L}\p{N}&.'-]*(?:\s+\p{Lu}[\p{L}\p{N}&.'-]*){0,3})`

// enFamily are the relations the English rules know.
const enFamily = `(granddaughter|grandson|grandchildren|grandchild|grandkids?|cousin|niece|nephew|auntie|aunt|uncle|stepson|stepdaughter|stepmum|stepdad|wife|husband|partner|spouse|girlfriend|boyfriend|son|daughter|kids?|children|mom|mum|mother|dad|father|parents|sister|brother|grandma|grandmother|grandpa|grandfather)`

// enPetKind are the animals (and common breeds) the English rules know.
const enPetKind = `(dog|cat|puppy|kitten|rabbit|bunny|hamster|parrot|budgie|bird|turtle|tortoise|goldfish|beagle|poodle|labrador|lab|retriever|golden retriever|corgi|terrier|husky|collie|spaniel|dachshund|pug|bulldog|shepherd|greyhound|tabby|siamese|ragdoll)`

// enHealth are conditions that "I have …" states as lasting health facts.
const enHealth = `((?:a\s+)?(?:bad|weak|sore|dodgy|chronic|slipped)\s+(?:back|knee|knees|shoulder|hip|neck|stomach|heart)(?:\s+pain)?|asthma|(?:type\s+[12]\s+|pre-?)?diabetes|the\s+sugar|high\s+cholesterol|sleep\s+apno?ea|high\s+blood\s+pressure|hypertension|migraines?|arthritis|c[o]?eliac(?:\s+disease)?|adhd|anxiety|depression|eczema|ibs|insomnia|epilepsy|a\s+heart\s+condition|back\s+pain|lactose\s+intolerance|tinnitus|gout)`

// enDietObject are the foods whose absence is a diet.
const enDietObject = `(meat|red\s+meat|pork|beef|fish|seafood|dairy|eggs|gluten|chicken|animal\s+products|sugar)`

// enLife are the English sentence rules, most specific first.
var enLife = []lifeRule{
	// Job title changes, before the employer rules: "I've left Northwind,
	// I'm now the finance lead at a startup" is about the new job.
	{regexp.MustCompile(`(?i)\bI(?:\s+got|\s+was|\s+have\s+been|'ve\s+been)\s+promoted\s+to\s+(.+)|\bI(?:'m|\s+am)\s+now\s+(an?\s+|the\s+)?(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		role := trimObject(enClauseEnd.ReplaceAllString(enTimeTail.ReplaceAllString(m[1]+m[3], ""), ""))
		if m[1] == "" && m[2] == "" && !enRoleWord.MatchString(role) {
			return found{}, false // "I'm now at home", "I'm now tired"
		}
		t := "Works as " + article(role)
		if strings.HasPrefix(strings.ToLower(m[2]), "the") {
			t = "Works as the " + role
		}
		return changed(enFact(t, workKey(role), role))
	}},
	// Employer changes.
	{regexp.MustCompile(`\bI(?i:'ve|\s+have)?\s+(?i:just\s+|recently\s+|finally\s+)?(?i:left|quit)\s+(?i:my\s+job\s+at\s+)?` + enName + `\b.*?\b(?i:started|joined|began|now\s+work|am\s+now|'m\s+now)\s+(?i:working\s+|a\s+new\s+job\s+)?(?i:at|with|for)?\s*` + enName), func(m []string, _ string, _ time.Time) (found, bool) {
		return changed(enFact("Works at "+m[2], subject.Employer, m[2]))
	}},
	{regexp.MustCompile(`\b(?:I(?i:'m|\s+am)\s+(?i:now\s+)(?i:at|with|working\s+(?:at|for))|I\s+(?i:now\s+)work\s+(?i:at|for)|I(?i:'ve|\s+have)?\s+(?i:just\s+|recently\s+)?(?i:started|joined)\s+(?i:a\s+new\s+job\s+|working\s+)?(?i:at|with|for)?)\s*` + enName), func(m []string, _ string, _ time.Time) (found, bool) {
		return changed(enFact("Works at "+m[1], subject.Employer, m[1]))
	}},
	{regexp.MustCompile(`\bI(?i:'ve|\s+have)?\s+(?i:just\s+|recently\s+|finally\s+)?(?i:left|quit)\s+(?i:my\s+job\s+at\s+)?` + enName), func(m []string, sentence string, _ time.Time) (found, bool) {
		if enMoved.MatchString(sentence) {
			return found{}, false // "I left London and moved to Lyon"
		}
		return changed(enFact("No longer works at "+m[1], subject.Employer, m[1]))
	}},
	{regexp.MustCompile(`(?i)\bI(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?quit\s+my\s+job\b`), func(_ []string, _ string, _ time.Time) (found, bool) {
		return changed(enFact("Quit their job", subject.Employer, "job"))
	}},
	{regexp.MustCompile(`(?i)\bI(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:quit|left)\s+(my|the|that|this)\s+((?:[\p{L}'-]+\s+){1,3}?)job\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		what := strings.TrimSpace(m[2])
		return changed(enFact("Quit the "+what+" job", subject.Employer, what))
	}},
	// A new employer told by the post taken or the one who hired: "I have
	// accepted a new post at Wythenshawe Hospital", "ESB Networks hired me".
	{regexp.MustCompile(`\bI(?i:'ve|\s+have)?\s+(?i:accepted|taken|landed|got)\s+(?i:a\s+|the\s+)?(?i:new\s+)?(?i:post|job|position|role|offer)\s+(?i:at|with)\s+(\p{Lu}[\p{L}&'-]*(?:\s+\p{Lu}[\p{L}&'-]*){0,3})|^(?:(?i:big\s+news|so|and|also|well|update)[,.:!]?\s+)*(\p{Lu}[\p{L}&'-]*(?:\s+\p{Lu}[\p{L}&'-]*){0,3})\s+(?i:has\s+|have\s+)?(?i:hired|took|taken)\s+(?i:me)\b|\bI(?i:'ve|\s+have)?\s+(?i:got|been|was|just\s+got)\s+(?i:hired|taken\s+on)\s+(?i:by|at)\s+(?i:the\s+)?(\p{Lu}[\p{L}&'-]*(?:\s+[\p{L}&'-]+){0,3}?)(?:\s+(?i:doing|as|to|starting|from|on|for)\b|[,.;!]|$)`), func(m []string, _ string, _ time.Time) (found, bool) {
		org := firstNonEmpty(m[1], m[2], m[3])
		if enNotHirer.MatchString(org) {
			return found{}, false
		}
		return changed(enFact("Works at "+org, subject.Employer, org))
	}},
	// "I do HVAC repair for Hoffman Heating & Cooling": a trade done for
	// an employer.
	{regexp.MustCompile(`\bI\s+(?i:do|work\s+in|handle)\s+((?:[\p{L}/-]+\s+){0,3}?(?i:repairs?|maintenance|plumbing|wiring|accounts|bookkeeping|payroll|admin|it|support|sales|marketing|cleaning|deliveries|security|design|installs?|installations?))\s+(?i:for|at)\s+(\p{Lu}[\p{L}&'-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}&'-]*){0,3})`), func(m []string, _ string, _ time.Time) (found, bool) {
		return enFact("Does "+strings.TrimSpace(m[1])+" for "+m[2], subject.Employer, m[2])
	}},
	// "we're in the Hilliard house now": a home named by its place.
	{regexp.MustCompile(`(?i)\b(?:we'?re|we\s+are|I'?m|I\s+am)\s+(?:now\s+|finally\s+)?(?:living\s+)?in\s+(?:the|our)\s+(?-i:(\p{Lu}\p{L}+(?:\s\p{Lu}\p{L}+)?))\s+(house|flat|place|apartment|home|bungalow|cottage)\b`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if enAwaySaid.MatchString(sentence) || enNotNewName.MatchString(m[1]) {
			return found{}, false
		}
		f, ok := enFact("Lives in "+m[1]+", in the "+strings.ToLower(m[2]), subject.Residence, m[1])
		f.change = enMovedSaid.MatchString(sentence) || enMovingSaid.MatchString(sentence)
		return f, ok
	}},
	// Moves.
	enNewHome,
	{enMoved, func(m []string, _ string, _ time.Time) (found, bool) {
		place := trimObject(enTimeTail.ReplaceAllString(enClauseEnd.ReplaceAllString(m[1], ""), ""))
		return changed(enFact("Lives in "+place, subject.Residence, place))
	}},
	// Diet.
	{regexp.MustCompile(`(?i)\b(?:I|we)(?:'ve|\s+have)?\s+(?:(?:don'?t|do\s+not|no\s+longer|never|stopped|quit)\s+(?:eat|eating)|(?:gave|given)\s+up)\s+` + enDietObject + `\b|\bno\s+` + enDietObject + `\b[^.;!?]{0,20}?\b(?:I|we)\s+(?:don'?t|do\s+not|never)\s+eat\s+(?:it|them|that)\b`), func(m []string, sentence string, _ time.Time) (found, bool) {
		// "no pork at all, we don't eat it in my house": the household's
		// diet is the author's.
		obj := strings.Join(strings.Fields(strings.ToLower(m[1]+m[2])), " ")
		f, ok := enFact("Does not eat "+obj, subject.Diet, obj)
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "diet", "food", "饮食")
		f.change = changeCue.MatchString(sentence) || strings.Contains(strings.ToLower(m[0]), "stopped") || strings.Contains(strings.ToLower(m[0]), "gave") || strings.Contains(strings.ToLower(m[0]), "given")
		return f, ok
	}},
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am|'ve\s+(?:gone|become)|\s+went|\s+became|\s+have\s+(?:gone|become))\s+(?:now\s+|an?\s+|strictly\s+|fully\s+)*(?:(vegetarian|vegan|pescatarian|pescetarian|keto|gluten[- ]free|lactose[- ]intolerant|halal|kosher)|intolerant\s+(?:to|of)\s+(?:the\s+)?(lactose|gluten))\b`), func(m []string, sentence string, _ time.Time) (found, bool) {
		obj := strings.ToLower(m[1])
		if m[2] != "" {
			obj = strings.ToLower(m[2]) + " intolerant" // "intolerant to the lactose"
		}
		f, ok := enFact("Is "+obj, subject.Diet, obj)
		f.typ, f.lifecycle = memory.TypePreference, memory.LifecycleLongTerm
		f.terms = append(f.terms, "diet", "food", "饮食")
		l := strings.ToLower(m[0])
		f.change = changeCue.MatchString(sentence) || strings.Contains(l, "went") || strings.Contains(l, "became") || strings.Contains(l, "gone") || strings.Contains(l, "become")
		return f, ok
	}},
	// Health.
	// "I have asthma", and a result told without "I": "blood test says
	// type 2 diabetes", "the scan showed I have gallstones".
	{regexp.MustCompile(`(?i)(?:\bI(?:\s+have|'ve\s+got|\s+have\s+got|\s+got|\s+suffer\s+from|\s+was\s+diagnosed\s+with|\s+live\s+with|\s+get)|^(?:[\p{L}\d,.]+\s+){0,6}?(?:my\s+|the\s+)?(?:blood\s+tests?|bloods|tests?|results?|scans?|biopsy|x-?rays?)\s+(?:says?|said|shows?|showed|confirmed|came\s+back)(?:\s+(?:it'?s|I\s+have|I'?ve\s+got|positive\s+for))?)\s+` + enHealth + `\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		cond := strings.Join(strings.Fields(strings.ToLower(m[1])), " ")
		if cond == "the sugar" {
			cond = "diabetes" // "mi have the sugar": diabetes, as many say it
		}
		f, ok := enFact("Has "+cond, subject.HealthPrefix+enHead(cond), cond)
		f.terms = append(f.terms, "health", "健康")
		return f, ok
	}},
	{regexp.MustCompile(`(?i)\bI(?:'m|\s+am)\s+(?:now\s+|officially\s+|borderline\s+)?(?:an?\s+)?((?:type\s+(?:[12]|one|two)\s+)?(?:pre-?)?diabetic|asthmatic|epileptic|ana?emic|colou?r[- ]?blind|deaf in one ear|hard of hearing)\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		cond, key := strings.ToLower(m[1]), strings.ToLower(m[1])
		if strings.HasSuffix(cond, "diabetic") && !strings.Contains(cond, "pre") {
			key = "diabetes" // the key of "I have (type 2) diabetes", so either ends the other
		}
		f, ok := enFact("Is "+cond, subject.HealthPrefix+key, cond)
		f.terms = append(f.terms, "health", "健康")
		return f, ok
	}},
	// "we're in Pwll, been there twenty years", "we're in Kidwelly now":
	// where one is, said as home by how long or by "now".
	// "Maureen and I are in Falmouth, up the hill behind the docks", "we're
	// now in a bungalow in Penryn": with the one they live with, or in the
	// home they live in.
	{regexp.MustCompile(`(?i)\b(?:we'?re|we\s+are|I'?m|I\s+am|(?-i:\p{Lu})\p{L}+\s+and\s+I\s+are|me\s+and\s+(?-i:\p{Lu})\p{L}+\s+are)\s+(?:now\s+|finally\s+|still\s+)?(?:living\s+|settled\s+)?(?:in\s+(?:a|an|our|the)\s+((?:[\p{L}\d'-]+\s+){0,3}?(?:house|flat|unit|apartment|bungalow|cottage|townhouse|terrace|semi|condo))\s+(?:out\s+)?(?:at\s+|in\s+)|in\s+)((?-i:\p{Lu})\p{L}+(?:[\s-](?-i:\p{Lu})\p{L}+)?)\b(.*)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if m[1] == "" && !enHomeSaid.MatchString(sentence) || enAwaySaid.MatchString(sentence) || enNotNewName.MatchString(m[2]) {
			return found{}, false
		}
		f, ok := enFact("Lives in "+m[2], subject.Residence, m[2])
		if m[1] != "" {
			f.text += ", in " + article(strings.ToLower(m[1]))
		}
		f.change = enMovedSaid.MatchString(sentence)
		f.terms = append(f.terms, "home", "lives")
		return f, ok
	}},
	// "I stay in Al Qusais with 3 other pinays", "we stay in Tema": to
	// stay somewhere, said in the present, is to live there in much of
	// the English-speaking world; a stay away ("staying in a hotel", "this
	// week") or one said with "when" is not.
	{regexp.MustCompile(`(?i)\b(?:I|we)\s+(?:still\s+|now\s+)?stay\s+in\s+((?-i:\p{Lu})\p{L}+(?:[\s-](?-i:\p{Lu})\p{L}+)?)\b`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if enAwaySaid.MatchString(sentence) || enStayWhen.MatchString(sentence) || enNotNewName.MatchString(m[1]) {
			return found{}, false
		}
		f, ok := enFact("Lives in "+m[1], subject.Residence, m[1])
		f.change = enMovedSaid.MatchString(sentence)
		f.terms = append(f.terms, "home", "lives")
		return f, ok
	}},
	// A home said by what one has there: "we have a farm outside
	// Turriff", "I got a sheltered housing flat in Sutton Coldfield" (when
	// moving).
	{regexp.MustCompile(`(?i)\b(?:we|I)\s+(?:have|'ve\s+got|own|run|live\s+on)\s+a\s+(?:[\p{L}-]+\s+){0,2}?(farm|croft|ranch|smallholding)\s+((?:just\s+)?(?:outside|near|in|by))\s+((?-i:\p{Lu})\p{L}+(?:[\s-](?-i:\p{Lu})\p{L}+)?)`), func(m []string, _ string, _ time.Time) (found, bool) {
		f, ok := enFact("Lives on a "+strings.ToLower(m[1])+" "+strings.ToLower(m[2])+" "+m[3], subject.Residence, m[3])
		f.terms = append(f.terms, "home", "lives")
		return f, ok
	}},
	{regexp.MustCompile(`(?i)\bI(?:'ve)?\s+(?:got|bought|rented|found|took|taken)\s+(?:a|an|my|our)\s+(?:[\p{L}-]+\s+){0,3}?(?:flat|house|place|bungalow|apartment|home|condo|unit|cottage)\s+in\s+((?-i:\p{Lu})\p{L}+(?:[\s-](?-i:\p{Lu})\p{L}+)?)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if !enMovingSaid.MatchString(sentence) {
			return found{}, false
		}
		f, ok := enFact("Lives in "+m[1], subject.Residence, m[1])
		f.change = true
		f.terms = append(f.terms, "home", "lives")
		return f, ok
	}},
	// "a restaurant in Friedrichshain, that's where we live".
	{regexp.MustCompile(`\b(?i:in|at|near|around)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?)\s*,?\s+(?i:that'?s|thats|which\s+is|is)\s+where\s+(?i:I|we)\s+(?i:live|stay|are\s+based|'re\s+based)\b`), func(m []string, sentence string, _ time.Time) (found, bool) {
		f, ok := enFact("Lives in "+m[1], subject.Residence, m[1])
		f.change = changeCue.MatchString(sentence)
		return f, ok
	}},
	// "embedded fw engineer at Hexwell, based in Rotterdam", "I'm based
	// out of Leeds": where the author is based, not a firm named before.
	{regexp.MustCompile(`(?i)(?:^|[,;]\s*|\b(?:I'?m|I\s+am|we'?re|we\s+are)\s+)(?:currently\s+|now\s+|still\s+)?based\s+(?:in|out\s+of)\s+(?-i:(\p{Lu}\p{L}+(?:[\s-]\p{Lu}\p{L}+)?))`), func(m []string, sentence string, _ time.Time) (found, bool) {
		if enNotNewName.MatchString(m[1]) || enSomeoneBased.MatchString(sentence[:strings.Index(sentence, m[0])]) {
			return found{}, false // "the company, based in Berlin, hired me"
		}
		f, ok := enFact("Lives in "+m[1], subject.Residence, m[1])
		f.change = changeCue.MatchString(sentence)
		f.terms = append(f.terms, "home", "lives")
		return f, ok
	}},
	// Relationship.
	{regexp.MustCompile(`\bI(?i:'ve\s+been|\s+have\s+been|'m|\s+am)\s+(?i:dating|seeing|going\s+out\s+with|together\s+with)\s+(\p{Lu}[\p{L}]+)(.*)`), func(m []string, _ string, _ time.Time) (found, bool) {
		if enCareTitle.MatchString(m[1]) {
			return found{}, false // "I'm seeing Dr Okafor about my knee" is an appointment
		}
		rest := trimObject(enClauseEnd.ReplaceAllString(m[2], ""))
		t := strings.TrimSpace("Has been dating " + m[1] + " " + rest)
		f, ok := enFact(t, subject.Relationship, m[1])
		f.terms = append(f.terms, "partner", "relationship")
		return f, ok
	}},
	{regexp.MustCompile(`(?i)\b(?:I\s+(?:just\s+)?got\s+|I(?:'m|\s+am)\s+(?:now\s+)?)(married|engaged|divorced|single|separated)\b|\b(?:we|I)\s+(broke\s+up|split\s+up)\b`), func(m []string, sentence string, _ time.Time) (found, bool) {
		state := strings.ToLower(m[1])
		if m[2] != "" {
			state = "single"
		}
		f, ok := enFact("Is "+state, subject.Relationship, state)
		f.change = f.change || changeCue.MatchString(sentence) || strings.Contains(strings.ToLower(m[0]), "got") || m[2] != ""
		return f, ok
	}},
	// Quitting a habit, switching a tool: "gave up on that keto mess too"
	// gave up keto.
	{regexp.MustCompile(`(?i)\bI(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?(?:quit|gave\s+up|given\s+up|stopped)\s+(drinking\s+|smoking\s+|eating\s+|using\s+|playing\s+)?(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		raw := enTimeTail.ReplaceAllString(enClauseEnd.ReplaceAllString(m[2], ""), "")
		if sm := enGivenUpScorn.FindStringSubmatch(raw); sm != nil {
			raw = sm[1]
		}
		obj := trimObject(enGivenUpWords.ReplaceAllString(enGivenUpRunOn.ReplaceAllString(raw, ""), ""))
		if enJob.MatchString(obj) || !validObject(obj) || enGivenUpNoObject.MatchString(obj) {
			return found{}, false
		}
		verb := strings.TrimSpace(strings.ToLower(m[1]))
		key := firstNonEmpty(subject.ToolOf(obj), kindOf(obj), dietTopic(obj), enHead(obj))
		return found{text: strings.Join(strings.Fields(givenUpVerb(m[0])+" "+verb+" "+obj), " "), subject: key, typ: memory.TypePreference,
			lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.85, object: obj, negative: true,
			terms: []string{obj}, change: true, keyed: true}, true
	}},
	{regexp.MustCompile(`(?i)\bI\s+(?:don'?t|do\s+not|no\s+longer)\s+(drink|smoke|use|play)\s+(.+?)\s*(?:any\s?more)?$`), func(m []string, sentence string, _ time.Time) (found, bool) {
		// "coffee anymore, I switched to green tea": the object ends with
		// its clause.
		obj := trimObject(enAnyMore.ReplaceAllString(enClauseEnd.ReplaceAllString(m[2], ""), ""))
		if !validObject(obj) || !changeCue.MatchString(sentence) {
			return found{}, false
		}
		verb := strings.ToLower(m[1]) + "s"
		return found{text: "No longer " + verb + " " + obj, subject: firstNonEmpty(subject.ToolOf(obj), enHead(obj)), typ: memory.TypePreference,
			lifecycle: memory.LifecycleLongTerm, importance: 0.6, confidence: 0.85, object: obj, negative: true,
			terms: []string{obj}, change: true, keyed: true}, true
	}},
	{regexp.MustCompile(`(?i)\bI(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+)?(?:switched|moved\s+over|changed|migrated)\s+(?:from\s+(.+?)\s+)?to\s+(.+)`), func(m []string, _ string, _ time.Time) (found, bool) {
		from, to := trimObject(m[1]), trimObject(enTimeTail.ReplaceAllString(enClauseEnd.ReplaceAllString(m[2], ""), ""))
		if !validObject(to) {
			return found{}, false
		}
		key := firstNonEmpty(subject.ToolOf(to), subject.ToolOf(from), enHead(to))
		t := "Switched to " + to
		if from != "" {
			t = "Switched from " + from + " to " + to
		}
		return found{text: t, subject: key, typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: to, terms: []string{to, from}, change: true, keyed: true, replaces: from}, true
	}},
	// Daily habits ("I can't start the day without my coffee", "I drink
	// two cups of tea every morning").
	{regexp.MustCompile(`(?i)\bI\s+(?:can'?t|cannot|couldn'?t)\s+(?:start\s+(?:the|my)\s+day|function|live|go\s+a\s+day|get\s+going)\s+without\s+(?:my\s+|a\s+|an\s+)?(.+)|\bI\s+(?:(?:always|usually|still)\s+)?(drink|have|smoke|eat)\s+(.+?)\s+(?:every|each)\s+(morning|day|night|evening|afternoon)\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj := trimObject(enClauseEnd.ReplaceAllString(m[1]+m[3], ""))
		if !validObject(obj) {
			return found{}, false
		}
		t := "Can't start the day without " + obj
		if m[2] != "" {
			t = upperFirst(strings.ToLower(m[2])) + "s " + obj + " every " + strings.ToLower(m[4])
		}
		return found{text: t, subject: firstNonEmpty(kindOf(obj), enHead(obj)), typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: obj, terms: []string{obj, "habit"}, keyed: true}, true
	}},
	// A habit by how much ("I drink way too much coffee, like four cups a
	// day", "I have two cans of cola a day").
	{regexp.MustCompile(`(?i)\bI\s+(?:(?:always|usually|still|probably)\s+)?(drink|have|smoke)\s+(?:(?:way\s+)?too\s+much\s+|a\s+lot\s+of\s+|loads\s+of\s+)?([\p{L}][\p{L} -]{1,20}?),?\s+(?:like\s+|about\s+|around\s+|maybe\s+)?((?:\d+|one|two|three|four|five|six|ten|a\s+couple\s+of)\s+(?:cups?|mugs?|glasses|cans?|bottles?|pints?|shots?|packs?)(?:\s+of\s+[\p{L}]+)?\s+a\s+(?:day|week|night))\b`), func(m []string, _ string, _ time.Time) (found, bool) {
		obj, amount := trimObject(m[2]), strings.ToLower(m[3])
		if !validObject(obj) || strings.Contains(amount, " of ") && !strings.HasPrefix(amount, "a couple of") {
			obj = strings.TrimSpace(amount[strings.LastIndex(amount, " of ")+4 : strings.LastIndex(amount, " a ")])
			amount = amount[:strings.LastIndex(amount, " of ")] + amount[strings.LastIndex(amount, " a "):]
		}
		if !validObject(obj) {
			return found{}, false
		}
		verb := map[string]string{"drink": "Drinks", "have": "Has", "smoke": "Smokes"}[strings.ToLower(m[1])]
		t := verb + " " + obj + ", " + amount
		return found{text: t, subject: firstNonEmpty(kindOf(obj), enHead(obj)), typ: memory.TypePreference, lifecycle: memory.LifecycleLongTerm,
			importance: 0.6, confidence: 0.85, object: obj, terms: []string{obj, "habit"}, keyed: true}, true
	}},
	// Pets: a loss first (enPetLost), then the pet.
	enPetLost,
	{regexp.MustCompile(`(?i)\b(?:I|we)(?:\s+have\s+got|\s+have|'ve\s+got|\s+got|\s+adopted|\s+own)\s+(an?|two|three|one)\s+((?:[a-z]+\s+){0,2}?)` + enPetKind + `(s)?\b(?:,?\s+(?:called|named)\s+` + `(\p{Lu}[\p{L}]*))?`), func(m []string, _ string, _ time.Time) (found, bool) {
		kind := strings.ToLower(strings.TrimSpace(m[2] + m[3] + m[4]))
		t := "Has " + strings.ToLower(m[1]) + " " + kind
		key := subject.PetPrefix + strings.ToLower(m[3])
		if m[5] != "" {
			t += " called " + m[5]
			key = subject.PetPrefix + strings.ToLower(m[5])
		}
		return lifeOf(t, key, kind, m[5])
	}},
	{regexp.MustCompile(`(?i)\b(?:my|our)\s+` + enPetKind + `(?:'s\s+name\s+is|'s\s+called|'s\s+named|\s+is\s+called|\s+is\s+named|,?\s+)\s*` + `(\p{Lu}[\p{L}]*)`), func(m []string, _ string, _ time.Time) (found, bool) {
		kind := strings.ToLower(m[1])
		if enNotAName.MatchString(m[2]) {
			return found{}, false
		}
		return lifeOf("Has a "+kind+" called "+m[2], subject.PetPrefix+strings.ToLower(m[2]), kind, m[2])
	}},
	// Birthdays and anniversaries: lasting facts that keep their date.
	{regexp.MustCompile(`(?i)\bmy\s+(?:` + enFamily + `'s\s+)?birthday\s+is\s+(?:on\s+)?(.+)|\b(?:my|our)\s+((?:wedding\s+)?anniversary)\s+is\s+(?:on\s+)?(.+)`), enDate},
	enTurnsOn,
	enPetNamed,
	// Family members.
	{regexp.MustCompile(`(?i)\b(?:my|our)\s+` + enFamily + `(?:'s\s+name\s+is|\s+is\s+called|\s+is\s+named)\s+` + `(\p{Lu}[\p{L}]*)`), func(m []string, _ string, _ time.Time) (found, bool) {
		rel, _ := subject.Relation(strings.ToLower(m[1]))
		return lifeOf(upperFirst(strings.ToLower(m[1]))+" is called "+m[2], subject.FamilyPrefix+rel, m[1], m[2])
	}},
	// "My wife loves sushi", "my partner Sam is a chef": the name, when
	// given, stays with the relation. Dated, it is their plan: "my sister
	// Jess is visiting next weekend" is kept until then.
	{regexp.MustCompile(`(?i)\b(?:my|our)\s+` + enFamily + `(?:\s+(` + `(?-i:\p{Lu}[\p{L}]*)` + `),?)?\s+((?:really\s+|also\s+|absolutely\s+|just\s+)?(?:loves|likes|hates|prefers|enjoys|adores|is|works|has|does|started|began|grows|cooks|bakes|collects|can'?t|cannot|doesn'?t|does\s+not|won'?t|plays|studies|speaks|lives|eats|drinks|teaches|runs|visits|comes|moved|relocated|has\s+moved|just\s+moved|graduates|turns|retires|arrives|flies|leaves|moves|starts|finishes|sings|keeps|writes|volunteers)\b.+)`), enFamilyFact},
}

// enMoved reads a move ("I moved to Lyon", "we just relocated from Paris
// to Lyon").
var enMoved = regexp.MustCompile(`(?i)\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|now\s+)?(?:moved|relocated)\s+(?:from\s+.+?\s+)?to\s+(.+)`)

// enSomeoneBased is a firm or a person named just before ", based in":
// where they are based, not the author.
var enSomeoneBased = regexp.MustCompile(`(?i)\b(?:the|my|our|his|her|their|a|an|this|that)\s+[\p{L}'-]+\s*$|\b(?:he|she|they|it)\s*$`)

// enTimeTail is a time phrase at the end of an object ("last week").
var enTimeTail = regexp.MustCompile(`(?i)\s+(?:last|this|next)\s+(?:week|weekend|month|year|spring|summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b.*$|\s+(?:yesterday|today|recently|a\s+(?:few\s+)?(?:days?|weeks?|months?|years?)\s+ago|in\s+(?:january|february|march|april|may|june|july|august|september|october|november|december)|over\s+(?:easter|christmas|the\s+(?:weekend|summer|holidays|break)))\b.*$`)

// enAnyMore is "anymore" closing a clause.
var enAnyMore = regexp.MustCompile(`(?i)\s+any\s?more$`)

// enNotHirer is a name before "hired me" that is no employer: a
// person or a pronoun ("She took me", "Mum hired me a car").
var enNotHirer = regexp.MustCompile(`^(?:I|He|She|They|We|It|Mum|Mom|Dad|My|The|This|That|Nobody|No\s+one|Someone)\b`)

// enClauseEnd is the rest of a sentence after the clause that holds an
// object: "Helix, Emacs felt too heavy" → "Helix".
var enClauseEnd = regexp.MustCompile(`(?i)\s*(?:[,;(]|\s-\s|\s+(?:but|because|since|as|so|and\s+(?:I|it|now|he|she|they|we)|and\s+I'[a-z]+)\s).*$`)

// enJob marks an object that is a job, which the employer rules read.
var enJob = regexp.MustCompile(`(?i)\bjob\b`)

// enNotAName rejects words that follow "my dog" but are not its name.
var enNotAName = regexp.MustCompile(`^(?:I|And|But|Is|Was|Has|The|A|An|He|She|It|They)$`)

// enDate builds a lasting birthday or anniversary with its next date.
func enDate(m []string, sentence string, ref time.Time) (found, bool) {
	rel, when, key := strings.ToLower(m[1]), trimObject(enClauseEnd.ReplaceAllString(m[2], "")), subject.Birthday
	t := "Birthday is " + when
	if m[3] != "" {
		key, when = subject.Anniversary, trimObject(enClauseEnd.ReplaceAllString(m[4], ""))
		t = upperFirst(strings.ToLower(m[3])) + " is " + when
	} else if rel != "" {
		r, _ := subject.Relation(rel)
		key, t = subject.BirthdayPrefix+r, upperFirst(rel)+"'s birthday is "+when
	}
	f, ok := enFact(t, key, when)
	if span, dated := text.ResolveDate(sentence, ref); dated {
		f.event = text.Span{Start: span.Start}
	}
	f.terms = append(f.terms, "birthday", "生日", "anniversary", "纪念日")
	return f, ok
}

// lifeOf builds a lasting fact about someone or something in the
// author's life, under its own key.
func lifeOf(t, key string, terms ...string) (found, bool) {
	if n := len([]rune(t)); n == 0 || n > 200 {
		return found{}, false
	}
	return found{text: t, subject: key, typ: memory.TypeFact, lifecycle: memory.LifecycleFact,
		importance: 0.7, confidence: 0.9, object: t, terms: terms, keyed: true}, true
}

// nonEmpty returns the non-empty strings of ss.
func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}

// changed marks a fact as a change of its subject.
func changed(f found, ok bool) (found, bool) {
	f.change = true
	return f, ok
}

// enCareTitle is a title one is "seeing" as a patient or client, not a
// partner.
var enCareTitle = regexp.MustCompile(`^(?:Dr|Doctor|Doc|Prof|Professor|Nurse|Sister|Matron|Mr|Mrs|Ms|Miss|Father|Pastor|Reverend|Rev)$`)
