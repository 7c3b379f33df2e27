package extract

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// enNewHome is a move told by the home moved into rather than the town:
// "we moved into a flat in Leith", "I've moved house to a cottage in
// Rye", "I've bought a two-bedroom unit in Dee Why … and I moved in on
// Saturday". A home bought counts only when the sentence says it is lived
// in: a flat bought to let or a holiday cottage is no move. It is read
// before enMoved, so the residence is the town, not "a flat in Leith".
var enNewHome = lifeRule{
	regexp.MustCompile(`(?i)\b(?:I|we)(?:'ve|\s+have)?\s+(?:just\s+|recently\s+|finally\s+|now\s+)?(moved\s+(?:house\s+)?(?:in)?to|bought|purchased|got)\s+(?:a|an|our|my|the)\s+((?:new\s+)?(?:[\p{L}\d'-]+\s+){0,3}?(?:house|flat|unit|apartment|place|home|condo|bungalow|cottage|townhouse|villa|terrace|semi))\s+(?:in|at|on)\s+(?-i:` + enName + `)`),
	func(m []string, sentence string, _ time.Time) (found, bool) {
		if !strings.HasPrefix(strings.ToLower(m[1]), "moved") && !enLivesThere.MatchString(sentence) {
			return found{}, false
		}
		place := trimObject(m[3])
		return changed(enFact("Lives in "+place+", in "+article(strings.ToLower(m[2])), subject.Residence, place))
	},
}

// enLivesThere says a home bought is lived in.
var enLivesThere = regexp.MustCompile(`(?i)\b(?:moved|moving|move)\s+in\b|\bliv(?:e|ing)\s+there\b|\bsold\s+(?:the|our|my)\s+(?:old\s+)?(?:house|flat|place|home)\b`)

// enTurnsOn is a birthday told by the age to come: "I turn sixty-eight on
// the 3rd of August", "I'm turning 40 on Friday". It is a lasting fact
// with its recurring date, like "my birthday is …", and keeps the age of
// the year it was said for.
var enTurnsOn = lifeRule{
	regexp.MustCompile(`(?i)\bI(?:'ll|\s+will|'m|\s+am)?\s+(?:be\s+)?turn(?:ing)?\s+(\d{1,3}|(?:(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:-(?:one|two|three|four|five|six|seven|eight|nine))?|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|(?:a\s+)?hundred))\s+on\s+(.+)`),
	func(m []string, sentence string, ref time.Time) (found, bool) {
		span, dated := text.ResolveDate(m[2], ref)
		if !dated {
			return found{}, false
		}
		f, ok := enDate([]string{m[0], "", span.Phrase, "", ""}, sentence, ref)
		if !ok {
			return found{}, false
		}
		f.text += "; turns " + strings.ToLower(m[1]) + " in " + strconv.Itoa(f.event.Start.Year())
		return f, true
	},
}
