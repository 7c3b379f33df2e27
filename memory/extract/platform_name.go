package extract

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
)

// namePrefixes open the text of a memory that only says a name.
var namePrefixes = []string{"name is ", "is ", "名字叫", "名字是", "叫", "是"}

// platformName reports whether m only says the owner's name as the
// platform shows it ("Name is Earl Whitaker" from Earl Whitaker, "是雅婷"
// from 林雅婷): the reply prompt names the person already, so such a
// memory adds nothing and crowds out what does. A name other than the
// shown one ("call me Reg" from Reginald Ashworth) is kept.
func platformName(m memory.Memory, shown string) bool {
	key := subject.Of(m.Subject)
	if key != subject.Name && key != subject.Identity {
		return false
	}
	v := strings.ToLower(strings.TrimSpace(m.Text))
	for _, p := range namePrefixes {
		if rest, ok := strings.CutPrefix(v, p); ok {
			v = rest
			break
		}
	}
	v = strings.TrimRight(v, "啦呀哦喔啊～~!！。. ")
	if utf8.RuneCountInString(v) < 2 || len(strings.Fields(v)) > 3 {
		return false
	}
	vw, vh := nameParts(v)
	ow, oh := nameParts(strings.ToLower(shown))
	switch {
	case len(vw) > 0:
		// Latin names by whole words: "Reg" is no word of "Reginald".
		for _, w := range vw {
			if !slices.Contains(ow, w) {
				return false
			}
		}
		return vh == "" || strings.Contains(oh, vh)
	case vh != "" && oh != "":
		return strings.Contains(oh, vh) || strings.Contains(vh, oh)
	}
	return false
}

// nameParts splits a name into its Latin words and its Chinese characters.
func nameParts(s string) (words []string, han string) {
	var b strings.Builder
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		latin := strings.Map(func(r rune) rune {
			if unicode.Is(unicode.Han, r) {
				b.WriteRune(r)
				return -1
			}
			return r
		}, w)
		if latin != "" {
			words = append(words, latin)
		}
	}
	return words, b.String()
}
