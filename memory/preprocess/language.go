package preprocess

import "unicode"

// DetectLanguage returns "zh" when Chinese characters dominate text, "en"
// when Latin-script words do, and "" when neither does (other scripts,
// Japanese, or no words at all). It picks the prompt language, so a mixed
// message such as "用TypeScript写代码" counts as Chinese: one Han character
// weighs as much as one Latin word.
func DetectLanguage(text string) string {
	var han, kana, latinWords, otherWords int
	inLatin, inOther := false, false
	for _, r := range text {
		latin, other := false, false
		switch {
		case unicode.Is(unicode.Han, r):
			han++
		case unicode.In(r, unicode.Hiragana, unicode.Katakana):
			kana++
		case r < 0x80 && isASCIILetter(r), unicode.Is(unicode.Latin, r):
			latin = true
		case unicode.IsLetter(r):
			other = true
		}
		if latin && !inLatin {
			latinWords++
		}
		if other && !inOther {
			otherWords++
		}
		inLatin, inOther = latin, other
	}
	// Japanese mixes kana with Han characters; Chinese hardly uses kana.
	if kana > 0 && 4*kana >= han {
		otherWords += kana + han
		han = 0
	}
	switch {
	case han > 0 && han >= latinWords && han >= otherWords:
		return "zh"
	case latinWords > 0 && latinWords > han && latinWords >= otherWords:
		return "en"
	}
	return ""
}
