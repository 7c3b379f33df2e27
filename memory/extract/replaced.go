package extract

import (
	"strings"

	"github.com/membot/membot/memory"
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
