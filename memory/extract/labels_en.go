package extract

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// People who write in clipped notes put a label before what they say of
// themselves: "Med: warfarin 5mg daily", "Dog: Monty, springer, 4 yrs",
// "Allergies: penicillin", "Home: Salisbury". Each labelled sentence is
// rewritten into the sentence the label stands for, which the rules
// read; a label of anything else ("Note:", "Req:", "Update:") is left
// as it is.

// enLabelled is a labelled sentence: its start, the label, and the space
// after the colon.
var enLabelled = regexp.MustCompile(`(^|[.!?;]\s+)([\p{L}]+(?:\s+[\p{L}]+)?)\s*:\s+`)

// enLabelLead maps a label, lower-cased, to the words its sentence opens
// with.
var enLabelLead = map[string]string{
	"med": "I take ", "meds": "I take ", "medication": "I take ", "medications": "I take ",
	"medicine": "I take ", "medicines": "I take ", "rx": "I take ",
	"dog": "My dog is called ", "cat": "My cat is called ", "pet": "My pet is called ",
	"puppy": "My puppy is called ", "kitten": "My kitten is called ", "horse": "My horse is called ",
	"allergy": "I'm allergic to ", "allergies": "I'm allergic to ", "allergic to": "I'm allergic to ",
	"home": "I live in ", "location": "I live in ", "based": "I'm based in ", "lives": "I live in ",
	"job": "I work as ", "occupation": "I work as ", "profession": "I work as ", "trade": "I work as ",
	"employer": "I work at ", "work": "I work at ",
	"name": "My name is ", "birthday": "My birthday is ", "dob": "My birthday is ",
	"wife": "My wife ", "husband": "My husband ", "partner": "My partner ", "son": "My son ",
	"daughter": "My daughter ", "boyfriend": "My boyfriend ", "girlfriend": "My girlfriend ",
	"kids": "My kids are ", "children": "My children are ",
}

// enLabelNotValue opens what follows a label when it is no value of it:
// a question or a quote ("Job: any tips?", "Work: 'meeting moved'").
var enLabelNotValue = regexp.MustCompile(`^(?:["'‘“]|(?i:any|what|how|why|when|where|who|which|can|could|should|is|are|do|does|the\s+same)\b)`)

// enLabelNamed are the labels whose value is a name ("Home: Kendal",
// "Dog: Monty", "Wife: Margaret"): a value that opens in lower case is a
// remark ("Work: crazy week", "Dog: sick again").
var enLabelNamed = map[string]bool{
	"dog": true, "cat": true, "pet": true, "puppy": true, "kitten": true, "horse": true,
	"home": true, "location": true, "based": true, "lives": true, "employer": true, "work": true, "name": true,
	"wife": true, "husband": true, "partner": true, "son": true, "daughter": true, "boyfriend": true, "girlfriend": true,
	"kids": true, "children": true,
}

// enLabelTrade is a job label's value that names a trade or a role.
var enLabelTrade = regexp.MustCompile(`(?i)\b(?:` + enTrade + `|` + enFragmentTrade + `)\b|` + enRoleWord.String())

// labelValue reports whether value, what follows label, is a value of
// it: a name for the labels of enLabelNamed, a trade for a job, a
// medicine, or something at all for the rest.
func labelValue(label, value string) bool {
	r, _ := utf8.DecodeRuneInString(value)
	switch {
	case enLabelNamed[label]:
		return unicode.IsUpper(r) || unicode.IsDigit(r)
	case enLabelLead[label] == "I work as ":
		first, _, _ := strings.Cut(value, ".")
		return enLabelTrade.MatchString(first)
	case label == "birthday" || label == "dob":
		return unicode.IsDigit(r) || enMonthName.MatchString(value)
	}
	return unicode.IsLetter(r)
}

// enMonthName opens on the name of a month.
var enMonthName = regexp.MustCompile(`(?i)^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)`)

// enUnlabel rewrites the labelled sentences of line.
func enUnlabel(line string) string {
	locs := enLabelled.FindAllStringSubmatchIndex(line, -1)
	if locs == nil {
		return line
	}
	var b strings.Builder
	last := 0
	for _, m := range locs {
		label, value := strings.ToLower(line[m[4]:m[5]]), line[m[1]:]
		lead, ok := enLabelLead[label]
		if !ok || enLabelNotValue.MatchString(value) || !labelValue(label, value) {
			continue
		}
		b.WriteString(line[last:m[4]])
		b.WriteString(lead)
		last = m[1]
	}
	b.WriteString(line[last:])
	return b.String()
}
