package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory/text"
)

// zhPlanLead is a Chinese clause that opens on a plan verb after a short
// lead; zhDatedPlan checks that the lead is a date.
var zhPlanLead = regexp.MustCompile(`^(.{1,10}?)(要|打算|准备|计划|得)(.+)`)

// zhNotOwnPlan is what follows a plan verb in a clause that is no plan of
// the author's: the weather, a holiday or an outage ("明天要下雨").
var zhNotOwnPlan = regexp.MustCompile(`^(?:下雨|下雪|降温|升温|刮风|变天|放假|停电|停水|涨价)`)

// zhDatedPlan reports whether a clause without a subject is a plan of the
// author's: a date, at most a time word, then a plan verb and what they
// will do ("月底要去西安出差", "下旬要考注册会计师").
func zhDatedPlan(clause string, ref time.Time) bool {
	m := zhPlanLead.FindStringSubmatch(clause)
	if m == nil || zhNotOwnPlan.MatchString(m[3]) {
		return false
	}
	when, ok := text.ResolveDate(m[1], ref)
	return ok && zhTimeWords.MatchString(strings.Replace(m[1], when.Phrase, "", 1))
}
