package extract

import (
	"regexp"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// ReplacesPrefix starts the tag of a change candidate that names the value
// it replaces ("replaces:头孢" on "对阿莫西林过敏"): reconciliation then ends
// the active memory holding that value even when it sits under another
// subject key, as a corrected allergy or a dropped hobby does.
const ReplacesPrefix = "replaces:"

// replacedValue is the value a change candidate says it replaces,
// lower-cased, or "".
func replacedValue(c memory.Memory) string {
	for _, t := range c.Tags {
		if v, ok := strings.CutPrefix(t, ReplacesPrefix); ok && len([]rune(v)) >= 2 {
			return strings.ToLower(v)
		}
	}
	return ""
}

// otherJobKey is, for a change of job, the job key it did not use.
// Chinese says a job as place and role at once ("在一家餐厅当服务员",
// "在京东做运营"), and the rules key it by employer or occupation as the
// place reads, so a change under one ends the job stored under the other.
// English keys a role by occupation even when it names the place ("I work
// as an accountant at Gulf Freight"): a new employer ends that, but a new
// role ("now head cook") keeps the employer.
func otherJobKey(c memory.Memory) string {
	if !changeMarked(c) {
		return ""
	}
	switch subject.Of(c.Subject) {
	case subject.Employer:
		return subject.Occupation
	case subject.Occupation:
		if hasHan(c.Text) {
			return subject.Employer
		}
	}
	return ""
}

// namedWorkplace finds, in an English job, the place it is held at: a
// name after at, in, for or with ("accountant at Gulf Freight", "a
// company of transports, Gulf Freight").
var namedWorkplace = regexp.MustCompile(`\b(?:at|in|for|with|company|firm|business)\b[^.;]{0,40}?\b[A-Z][\w&'-]+`)

// endsOtherJob reports whether c, a change of job, ends m, the job stored
// under the other job key: in English only a role said with the place it
// was held at, kept as the occupation or as who the author is.
func endsOtherJob(c, m memory.Memory) bool {
	k := otherJobKey(c)
	if k == "" {
		return false
	}
	if hasHan(c.Text) {
		return subject.Of(m.Subject) == k
	}
	// "I'm a software tester at Ledgerly" is kept as who the author is.
	key := subject.Of(m.Subject)
	return (key == k || key == subject.Identity && k == subject.Occupation) && namedWorkplace.MatchString(m.Text)
}
