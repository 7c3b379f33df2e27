package extract

import (
	"regexp"
	"strings"
)

// explicitEN matches an English request to remember something:
// "remember that…", "please remember…", "don't forget…", "keep in mind…",
// "note that…", "from now on…". "Do you remember…?" is a question, not a
// request, and does not match.
var explicitEN = regexp.MustCompile(`(?i)(?:^|[.!;,:\n]\s*|\bplease\s+|\bcan you\s+|\bcould you\s+)(?:remember|don'?t forget|do not forget|never forget|keep in mind|make a note|note that|from now on|going forward)\b`)

// explicitZH matches a Chinese request to remember something: 记住, 记一下,
// 别忘了, 不要忘记, and 以后 / 今后 / 从现在开始 introducing a standing
// instruction (but not 以后再说, "later").
var explicitZH = regexp.MustCompile(`记住|记一下|记下来|帮我记|别忘了|不要忘[了记]|请记得|^记得|今后|从今以后|从现在开始|以后(?:[^再]|$)`)

// IsExplicit reports whether text asks the bot to remember something, which
// makes extraction run at once instead of after the stability window.
func IsExplicit(text string) bool {
	t := strings.TrimSpace(text)
	if t == "" {
		return false
	}
	return explicitEN.MatchString(t) || explicitZH.MatchString(t)
}
