package extract

import (
	"regexp"

	"github.com/membot/membot/memory/preprocess"
)

// redact removes personal data and secrets from text that is about to be
// stored. Captured messages are redacted already; this guards against a
// model reproducing something that slipped through, or assembling it.
func redact(s string) string {
	out, _ := preprocess.Redact(s)
	return out
}

// quoteMark matches one «kind: content» marker of preprocess.MarkQuotes.
var quoteMark = regexp.MustCompile(`«(?:quote|code|forwarded|quoted|link): [^«»]*»`)

// removeQuoteMarks drops borrowed content (quotes, forwards, pasted code,
// links) from text, leaving only the author's own words.
func removeQuoteMarks(s string) string {
	return quoteMark.ReplaceAllString(preprocess.MarkQuotes(s).Text, " ")
}
