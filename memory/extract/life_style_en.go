package extract

import (
	"regexp"
	"strings"
)

// How someone wants to be answered is often spread over a message: the
// ask in one sentence, the reason that makes it standing in another
// ("Please keep it plain. Short sentences and no lists. My eyes aren't
// what they were."). enLineStyle reads the message as a whole when no
// sentence of it did.

// enStyleReason is a reason that makes an ask about answers standing:
// the person's eyes, their reading, how they read.
var enStyleReason = regexp.MustCompile(`(?i)\bmy\s+eyes\b|\bmy\s+eyesight\b|\bI\s+(?:can'?t|cannot)\s+(?:read|see)\b|\bI\s+(?:mostly\s+|usually\s+|only\s+)?read\s+(?:them|these|your|it\s+on)\b|\bI(?:'m|\s+am)\s+(?:not\s+(?:great|good)\s+with|hopeless\s+with)\s+(?:long|technical|big)\b|\bdyslexi`)

// enLineStyles are the asks read over a whole message, beside enStyles.
var enLineStyles = []struct {
	re   *regexp.Regexp
	text string
}{
	{regexp.MustCompile(`(?i)\b(?:keep\s+it|be|write|speak|talk)\s+(?:plain(?:ly)?|simple)\b|\b(?:plain|simple)\s+(?:english|language|words|sentences)\b`), "in plain words"},
	{regexp.MustCompile(`(?i)\bshort\s+(?:sentences|answers|replies|and\s+simple)\b|\bkeep\s+it\s+(?:short|brief)\b`), "in short sentences"},
	{regexp.MustCompile(`(?i)\b(?:none\s+of|no|without|not)\s+(?:those\s+|any\s+|the\s+)?(?:bullet(?:ed)?\s+)?(?:lists|bullets|bullet\s+points|dots)\b`), "without lists"},
	{regexp.MustCompile(`(?i)\b(?:big|large|bigger)\s+(?:text|letters|font)\b`), "in large text"},
}

// enLineStyle reads how the person wants answers from a whole message.
func enLineStyle(line string) (found, bool) {
	if hasHan(line) || strings.Contains(line, "?") || !enStyleReason.MatchString(line) && !enStyleGeneral.MatchString(line) {
		return found{}, false
	}
	var got []string
	for _, s := range enLineStyles {
		if s.re.MatchString(line) {
			got = append(got, s.text)
		}
	}
	if len(got) == 0 {
		return found{}, false
	}
	return styleFound("Wants answers "+strings.Join(got, ", "), got, "answers", "replies"), true
}

// hasAnswerStyle reports whether fs already hold an answer style.
func hasAnswerStyle(fs []found) bool {
	for _, f := range fs {
		if f.subject == answerSubject && strings.HasPrefix(f.text, "Wants") && !strings.HasSuffix(f.text, "spelling") {
			return true
		}
	}
	return false
}
