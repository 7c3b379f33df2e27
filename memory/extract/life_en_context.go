package extract

import (
	"regexp"
	"strings"

	"github.com/membot/membot/memory/subject"
)

// Words elsewhere in a sentence or line that say what kind of fact the
// English rules found: a home rather than a stay, a move, a working life
// that ended in retirement.

// enHomeSaid, enAwaySaid and enMovedSaid tell "we're in <place>" as a
// home (for years, now, since a move) from a stay ("this week", "for
// work", "visiting").
var (
	enHomeSaid  = regexp.MustCompile(`(?i)\bnow\b|\bbeen\s+(?:there|here)\b|\b(?:just\s+)?(?:up|down|round|across|over)\s+the\s+(?:hill|road|street|lane|way|corner|river|valley)\s+(?:from|behind|above|near|by)\b|\b(?:for|nearly|almost)\s+(?:\w+\s+){0,2}years\b|\bsince\s+(?:\d{4}|we\s+(?:moved|got\s+married))\b|\bgot\s+the\s+keys\b|\bmoved\b`)
	enAwaySaid  = regexp.MustCompile(`(?i)\b(?:this|next)\s+(?:week|weekend|month)\b|\bfor\s+(?:the\s+)?(?:week|weekend|work|a\s+(?:conference|wedding|few\s+days|couple\s+of\s+days))\b|\bvisiting\b|\bon\s+holiday\b|\b(?:until|till)\b|\btonight\b|\btoday\b|\bstaying\b|\bhotel\b|\btraffic\b|\bqueue\b`)
	enMovedSaid = regexp.MustCompile(`(?i)\bnow\b|\bmoved\b|\bgot\s+the\s+keys\b`)
)

// enMovingSaid is a move said around a new home ("moving house", "move in
// last week").
var enMovingSaid = regexp.MustCompile(`(?i)\bmov(?:e|ed|ing)\b|\bnew\s+(?:place|flat|house|home)\b|\bgot\s+the\s+keys\b`)

// enRetiredSaid and enYearsFor tell a past job as one's working life:
// retired, or held for years; enRetired says which.
var (
	enRetired     = regexp.MustCompile(`(?i)\bretired\b`)
	enRetiredSaid = regexp.MustCompile(`(?i)\bretired\b|\bfor\s+(?:\w+[- ]?){1,2}\s+years\b|\b\d+\s+years\b`)
	enYearsFor    = regexp.MustCompile(`(?i)\bfor\s+(?:\w+[- ]?){1,2}\s*years\b`)
)

// enRetiredLine makes a past job of fs a retired one when another
// sentence of the line says so ("I was a teacher for thirty-four years.
// Retired now, of course.").
func enRetiredLine(fs []found, line string) {
	if !enRetired.MatchString(line) {
		return
	}
	for i := range fs {
		if rest, ok := strings.CutPrefix(fs[i].text, "Was a "); ok && subject.Key(fs[i].subject) == subject.Occupation {
			fs[i].text = "Retired " + rest
		} else if rest, ok := strings.CutPrefix(fs[i].text, "Was an "); ok && subject.Key(fs[i].subject) == subject.Occupation {
			fs[i].text = "Retired " + rest
		}
	}
}

// enStayWhen is a stay said of the times one goes somewhere ("when I'm in
// London I stay in Camden"), not of home.
var enStayWhen = regexp.MustCompile(`(?i)\b(?:when|whenever|if|every\s+time)\b`)
