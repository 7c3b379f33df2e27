package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory"
)

// Medication, as people mention it: "I'm on metformin", "they have me on
// warfarin", "the doctor put me on statins", "it's apixaban I'm on now".
// A medicine is one subject, so that "taken me off the warfarin, it's
// apixaban I'm on" replaces the old one with history.

// medicationSubject is the subject of what medicine someone takes.
const medicationSubject = "medication"

// enDrug is a medicine: a common one by name, or a word with the ending of
// a class of drugs.
const enDrug = `((?:[\p{L}]*(?:pril|statin|statins|xaban|parin|farin|olol|sartan|dipine|formin|prazole|azole|zide|oxacin|cycline|semide|asone|olone|cillin|mycin|oxetine|azepam|triptan|profen|fenac|gliptin|lukast|tidine|thyroxine))|eliquis|xarelto|coumadin|plavix|lipitor|crestor|zocor|glucophage|januvia|jardiance|ozempic|wegovy|mounjaro|synthroid|levothyroxine|eltroxin|zoloft|prozac|lexapro|wellbutrin|xanax|adderall|ritalin|concerta|lyrica|keppra|lamictal|nexium|omeprazole|tylenol|advil|humira|insulin|aspirin|melatonin|salbutamol|ventolin|paracetamol|naproxen|zopiclone|mirtazapine|lithium|methotrexate|gabapentin|pregabalin|tramadol|codeine|sertraline|citalopram|prednisolone|steroids|antibiotics|antidepressants|blood\s+thinners|beta[- ]blockers|hrt|the\s+pill)`

// enDose is what a medicine's mention says of how it is taken.
var enDose = regexp.MustCompile(`(?i)\d\s*(?:mg|mcg|ml|units?)\b|\b(?:tablets?|pills?|mg|doses?|injections?|blood\s+tests?|every|a\s+day|daily|twice|morning|night)\b`)

// enDoseLead is how a dose is joined to the medicine ("and I go for a
// blood test every …"), said as "with" in the memory.
var enDoseLead = regexp.MustCompile(`(?i)^(?:and\s+|now\s+)?(?:I\s+(?:go\s+for|have|get|need|do)\s+)`)

// enMedication are the English medication rules.
var enMedication = []lifeRule{
	{regexp.MustCompile(`(?i)\b(?:I(?:'m|\s+am|'ve\s+been|\s+have\s+been)|they(?:'ve)?\s+(?:have|got|put)\s+me|(?:the\s+)?(?:doctor|doc|dr|gp|consultant|specialist|cardiologist|hospital|he|she)\s+(?:has\s+|'s\s+)?(?:put|got|started|has|kept)\s+me|\b(?:and\s+|then\s+)?(?:put|switched|moved|changed|started|got)\s+me)\s+(?:now\s+|still\s+|back\s+|over\s+)?(?:on|to|onto)\s+(?:the\s+|something\s+called\s+)?` + enDrug + `\b(.*)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		return enTakes(m[1], m[2], sentence)
	}},
	{regexp.MustCompile(`(?i)\bit'?s\s+` + enDrug + `\s+(?:that\s+)?I(?:'m|\s+am)\s+on\b(.*)|\bI\s+(?:now\s+|still\s+)?take\s+` + enDrug + `\b(.*)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		return enTakes(m[1]+m[3], m[2]+m[4], sentence)
	}},
	// A new medicine said by its name alone after the old one's end:
	// "swapped my tablets, it's losartan now".
	{regexp.MustCompile(`(?i)\bit'?s\s+` + enDrug + `\s+now\b(.*)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		f, ok := enOwnTakes(m[1], m[2], sentence)
		f.change = true
		return f, ok
	}},
	// A dose said without "I": "on melatonin 3mg", "diabetic, on
	// metformin 500mg", "metformin now 1000
	// twice a day", "gp upped melatonin to 5mg".
	{regexp.MustCompile(`(?i)(?:^|[.!?;,]\s+)(?:still\s+|now\s+)?on\s+(?:the\s+)?` + enDrug + `\b(.*)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		return enOwnTakes(m[1], m[2], sentence)
	}},
	{regexp.MustCompile(`(?i)\b(?:gp|doctor|doc|dr|consultant|nurse|hospital|they|he|she)\s+(?:has\s+|have\s+)?(?:upped|raised|increased|doubled|lowered|reduced|cut|dropped|halved|put\s+up|bumped\s+up|changed)\s+(?:my\s+|the\s+|me\s+to\s+)?` + enDrug + `(?:\s+dose)?\s+(?:to|up\s+to|down\s+to)\s+(\d[^.;!]*)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		f, ok := enTakes(m[1], " "+m[2], sentence)
		f.change = true
		return f, ok
	}},
	{regexp.MustCompile(`(?i)\b` + enDrug + `(?:\s+dose)?\s+(?:is\s+)?(?:now|up\s+to|down\s+to|increased\s+to|raised\s+to|reduced\s+to|upped\s+to)\s+(\d[^.;!]*)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		f, ok := enOwnTakes(m[1], " "+m[2], sentence)
		f.change = true
		return f, ok
	}},
	{regexp.MustCompile(`(?i)(?:^|[.!?;]\s+)` + enDrug + `\s+(\d[^.;!]*)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		return enOwnTakes(m[1], " "+m[2], sentence)
	}},
	// "the GP gave me sumatriptan for the migraines", "I've been
	// prescribed statins": a medicine handed over is one taken.
	{regexp.MustCompile(`(?i)\b(?:gave\s+me|prescribed\s+me|I(?:'ve|\s+have)?\s+(?:been\s+|got\s+)?prescribed)\s+(?:some\s+)?` + enDrug + `\b(.*)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		return enTakes(m[1], m[2], sentence)
	}},
	// Injuries are health facts of their own part of the body.
	{enInjury, func(m []string, _ string, _ time.Time) (found, bool) {
		part := strings.ToLower(m[2])
		t := "Hurt their " + part
		if _, rest, ok := strings.Cut(m[3], ","); ok && enTreatment.MatchString(rest) {
			t += ", " + trimObject(rest)
		}
		f, ok := enFact(t, "health:"+enHead(part), part)
		f.typ, f.lifecycle = memory.TypeFact, memory.LifecycleLongTerm
		f.terms = append(f.terms, "injury", "health", "健康")
		return f, ok
	}},
}

// enInjury is an injury of the person's, with what its treatment or
// length says after it ("I hurt my knee playing squash, physio for six
// weeks").
var enInjury = regexp.MustCompile(`(?i)\bI(?:'ve|\s+have)?\s+(?:just\s+)?(hurt|injured|broke|broken|sprained|twisted|pulled|tore|torn|fractured|dislocated|put\s+out|done\s+in|did\s+in)\s+my\s+((?:left\s+|right\s+|lower\s+)?(?:knee|back|ankle|wrist|shoulder|arm|leg|hip|neck|foot|hand|hamstring|calf|elbow|finger|toe|ribs?|collarbone))\b([^.;!]*)`)

// enTreatment is what follows an injury that says how long or how it is
// treated.
var enTreatment = regexp.MustCompile(`(?i)\b(?:physio|physiotherapy|cast|brace|crutches|sling|surgery|operation|weeks?|months?|rest)\b`)

// enOwnTakes is enTakes for a medicine said without "I": nothing, when
// someone else is named before it ("mum's metformin is now 1000mg",
// "for dad it's warfarin now").
func enOwnTakes(drug, rest, sentence string) (found, bool) {
	if i := strings.Index(strings.ToLower(sentence), strings.ToLower(drug)); i >= 0 && enSomeoneElse.MatchString(sentence[:i]) {
		return found{}, false
	}
	return enTakes(drug, rest, sentence)
}

// enSomeoneElse names someone other than the writer.
var enSomeoneElse = regexp.MustCompile(`(?i)\b[\p{L}]+'s\b|\b(?:his|her|their|mum|mom|mam|dad|mother|father|nan|gran|grandma|grandad|wife|husband|partner|son|daughter|sister|brother|friend|he|she|they|him)\b`)

// enDoseEnd opens a clause after a dose that no longer says it: a
// reason, a consequence or a new subject.
var enDoseEnd = regexp.MustCompile(`(?i),?\s+(?:so|but|because|which|though|although|and\s+(?:I|it|he|she|they|we|my))\b`)

// enTakes builds "Takes warfarin, one tablet at night": the dose is kept
// when the clause after the medicine says it.
func enTakes(drug, rest, sentence string) (found, bool) {
	t := "Takes " + strings.ToLower(drug)
	tail := strings.TrimLeft(rest, " ,")
	if after, ok := strings.CutPrefix(strings.ToLower(tail), "now"); ok && (after == "" || strings.HasPrefix(after, ",") || strings.HasPrefix(after, " ")) {
		tail = strings.TrimLeft(tail[len("now"):], " ,") // "got me on eliquis now, 5 mg twice a day"
	}
	if i := strings.IndexAny(tail, ".;!"); i >= 0 {
		tail = tail[:i]
	}
	if loc := enDoseEnd.FindStringIndex(tail); loc != nil {
		tail = tail[:loc[0]] // "5 mg every evening, so I have to be careful with greens"
	}
	if first, _, _ := strings.Cut(tail, ", and "); enDose.MatchString(first) {
		t += ", " + trimObject(enDoseLead.ReplaceAllString(first, "with "))
	}
	f, ok := enFact(t, medicationSubject, strings.ToLower(drug))
	f.typ, f.lifecycle = memory.TypeFact, memory.LifecycleLongTerm
	f.terms = append(f.terms, "medication", "medicine", "health", "药")
	f.change = enChanged(sentence)
	return f, ok
}
