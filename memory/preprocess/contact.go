package preprocess

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Expressions for contact data and identity numbers. Boundaries that RE2
// cannot express (no look-around) are checked in code.
var (
	// Internationalised addresses (zoë@bücher.example) are included; Han
	// characters are not, since Chinese text runs into an address without
	// a space.
	reEmail = regexp.MustCompile(`[\p{Latin}\p{Greek}\p{Cyrillic}\p{M}0-9._%+\-]+@[\p{Latin}\p{Greek}\p{Cyrillic}\p{M}0-9\-]+(?:\.[\p{Latin}\p{Greek}\p{Cyrillic}\p{M}0-9\-]+)*\.[\p{Latin}\p{Greek}\p{Cyrillic}]{2,}`)
	// Chinese resident ID: 6-digit region, 8-digit birth date, 3-digit
	// sequence, check digit or X; optionally spaced 6-8-4.
	reChineseID = regexp.MustCompile(`\d{6} ?\d{8} ?\d{3}[\dXx]`)
	// Chinese mobile: 1[3-9] and nine digits, optionally +86/0086/86 and
	// grouped 3-4-4 with spaces, dashes or dots.
	reCNMobile = regexp.MustCompile(`(?:(?:\+|00) ?86[ \-]?|\(\+?86\) ?|86[ \-]?)?1[3-9]\d(?:[ \-.]?\d{4}){2}`)
	// Chinese landline: area code with a leading 0, a dash, 7-8 digits.
	reCNLandline = regexp.MustCompile(`\(?0\d{2,3}\)?-\d{7,8}`)
	// North American: (555) 123-4567, 555-123-4567, 555.123.4567,
	// 1-555-123-4567. Separators are required, so bare numbers never match.
	reUSPhone = regexp.MustCompile(`(?:\+?1[ \-.])?(?:\(\d{3}\) ?|\d{3}[ \-.])\d{3}[ \-.]\d{4}`)
	// International with a leading +: country code and 2-6 groups.
	reIntlPhone = regexp.MustCompile(`\+\d{1,3}(?:[ \-.]?(?:\(\d{1,4}\)|\d{1,5})){2,6}`)
	// A number right after a word that announces a phone number.
	rePhoneAfterWordEN = regexp.MustCompile(`(?i)\b(?:phone|tel|telephone|mobile|cell|cellphone|call me|text me|reach me|whatsapp|my number|contact me)\b[^\d\n]{0,16}?(\+?\d[\d \-.]{5,18}\d)`)
	rePhoneAfterWordZH = regexp.MustCompile(`(?:电话|電話|手机|手機|联系方式|聯繫方式|联系我|聯繫我|微信|致电)[^\d\n]{0,8}?(\+?\d[\d \-]{5,18}\d)`)
	// Runs of digits separated by single spaces, dashes or dots: card
	// candidates.
	reDigitRun = regexp.MustCompile(`\d+(?:[ \-.]\d+)*`)
	// A date at the start of a value: 2024-05-06, 2024/5/6, 2024.05.06.
	reLeadingDate = regexp.MustCompile(`^(?:19|20)\d{2}[ \-./]\d{1,2}(?:[ \-./]|$)`)
)

var (
	phoneWordsEN = []string{"phone", "tel", "mobile", "cell", "call me", "text me", "reach me", "whatsapp", "my number", "contact me"}
	phoneWordsZH = []string{"电话", "電話", "手机", "手機", "联系", "聯繫", "微信", "致电"}
)

// checkEmail rejects the "user:password@host" part of a URL, which the
// URL password detector handles.
func checkEmail(text string, start, end int) (int, int, bool) {
	if runeBefore(text, start) != ':' {
		return start, end, true
	}
	from := max(0, start-256)
	token := text[from:start]
	if i := strings.LastIndexAny(token, " \t\n"); i >= 0 {
		token = token[i+1:]
	}
	return start, end, !strings.Contains(token, "://")
}

// checkChineseID accepts a standalone, checksum-valid identity number.
func checkChineseID(text string, start, end int) (int, int, bool) {
	if isASCIIWord(runeBefore(text, start)) || isASCIIWord(runeAt(text, end)) {
		return 0, 0, false
	}
	return start, end, chineseIDValid(strings.ReplaceAll(text[start:end], " ", ""))
}

// checkPhone returns a check accepting a match with minDigits..maxDigits
// digits that stands alone: not glued to letters or digits and not part of a
// longer run of numbers (a date, a version, an IP address, a decimal).
func checkPhone(minDigits, maxDigits int) func(string, int, int) (int, int, bool) {
	return func(text string, start, end int) (int, int, bool) {
		n := countDigits(text[start:end])
		if n < minDigits || n > maxDigits {
			return 0, 0, false
		}
		return start, end, standaloneNumber(text, start, end)
	}
}

// checkPhoneAfterWord accepts a number announced by a phone keyword unless it
// is really a date or is glued to more text.
func checkPhoneAfterWord(text string, start, end int) (int, int, bool) {
	v := text[start:end]
	n := countDigits(v)
	if n < 7 || n > 15 || reLeadingDate.MatchString(v) || introducedAs(text, start, notCardWords) {
		return 0, 0, false
	}
	return start, end, standaloneNumber(text, start, end)
}

// standaloneNumber reports whether the number at [start, end) is not glued to
// letters or digits and does not continue, through a separator, into more
// digits (which would make it part of a date, version, address or larger
// number).
func standaloneNumber(text string, start, end int) bool {
	before, after := runeBefore(text, start), runeAt(text, end)
	if isASCIIWord(before) || isASCIIWord(after) {
		return false
	}
	// A space next to more digits separates two numbers, unless the number
	// itself is grouped with spaces.
	spaced := strings.ContainsRune(text[start:end], ' ')
	if start >= 2 && joins(before, spaced) && isDigit(runeBefore(text, start-1)) {
		return false
	}
	if end+1 < len(text) && joins(after, spaced) && isDigit(runeAt(text, end+1)) {
		return false
	}
	return true
}

// joins reports whether r between two digits makes them one number.
func joins(r rune, spaced bool) bool {
	return r == '.' || r == '-' || r == '/' || r == ':' || (r == ' ' && spaced)
}

func countDigits(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if '0' <= s[i] && s[i] <= '9' {
			n++
		}
	}
	return n
}

// scanCards finds payment card numbers: 13-19 digits whose issuer prefix
// and length match a card scheme, written contiguously or in groups of 3-7
// separated by spaces, dashes or dots, passing the Luhn check, and not
// introduced as a device serial, IMEI or order number.
// A card may sit inside a longer run of numbers; the longest valid stretch
// of whole groups wins.
func scanCards(text string) []candidate {
	var out []candidate
	for _, m := range reDigitRun.FindAllStringIndex(text, -1) {
		if isASCIILetter(runeBefore(text, m[0])) || runeBefore(text, m[0]) == '_' ||
			isASCIILetter(runeAt(text, m[1])) || runeAt(text, m[1]) == '_' {
			continue
		}
		if isDigit(runeAt(text, m[1]+1)) && runeAt(text, m[1]) == '.' {
			continue // a decimal number
		}
		for _, c := range cardsInRun(text, m[0], m[1]) {
			if !notCardContext(text, c.start) {
				out = append(out, c)
			}
		}
	}
	return out
}

// cardsInRun looks for card numbers among the digit groups of one run.
func cardsInRun(text string, start, end int) []candidate {
	var groups []interval
	for i := start; i < end; {
		j := i
		for j < end && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		groups = append(groups, interval{i, j})
		i = j + 1 // skip the single separator
	}
	var out []candidate
	var digits []byte
	for i := 0; i < len(groups); {
		if !cardIssuerDigit(text[groups[i].start]) || (groups[i].start > 0 && text[groups[i].start-1] == '+') {
			i++
			continue
		}
		first := groups[i].end - groups[i].start
		if first >= 13 {
			// Written without separators.
			if v := text[groups[i].start:groups[i].end]; first <= 19 && cardScheme(v) && luhnValid(v) {
				out = append(out, candidate{kind: KindCard, start: groups[i].start, end: groups[i].end})
			}
			i++
			continue
		}
		best := -1
		digits = digits[:0]
		for j := i; j < len(groups); j++ {
			g := groups[j]
			// Grouped numbers use groups of 3-7 digits.
			if n := g.end - g.start; n < 3 || n > 7 {
				break
			}
			digits = append(digits, text[g.start:g.end]...)
			if len(digits) > 19 {
				break
			}
			if len(digits) >= 13 && cardScheme(string(digits)) && luhnValid(string(digits)) {
				best = j
			}
		}
		if best < 0 {
			i++
			continue
		}
		out = append(out, candidate{kind: KindCard, start: groups[i].start, end: groups[best].end})
		i = best + 1
	}
	return out
}

// cardIssuerDigit reports whether a card number may start with c: 2-6 (Visa,
// Mastercard, Amex, Discover, JCB, UnionPay 62) and 9 (Chinese domestic
// cards). Excluding 0, 1, 7 and 8 keeps millisecond timestamps, phone
// numbers and most IMEIs out.
func cardIssuerDigit(c byte) bool {
	return ('2' <= c && c <= '6') || c == '9'
}

// cardScheme reports whether the digits have a length some card scheme
// issues with their prefix. Only American Express issues 15 digits (34,
// 37), which keeps Luhn-valid 15-digit IMEIs from passing for cards.
func cardScheme(d string) bool {
	n := len(d)
	p2 := atoi(d[:2])
	switch {
	case d[0] == '4': // Visa
		return n == 13 || n == 16 || n == 19
	case p2 == 34 || p2 == 37: // American Express
		return n == 15
	case p2 >= 51 && p2 <= 55, p2 >= 22 && p2 <= 27 && atoi(d[:4]) >= 2221 && atoi(d[:4]) <= 2720: // Mastercard
		return n == 16
	case p2 == 36 || p2 == 38 || p2 == 39 || p2 == 30: // Diners Club
		return n >= 14 && n <= 19 && n != 15
	case p2 == 50 || p2 >= 56 && p2 <= 69: // Maestro, Discover, UnionPay, RuPay
		return n >= 16 && n <= 19
	case p2 == 35: // JCB
		return n >= 16 && n <= 19
	case d[0] == '9': // Chinese domestic debit cards
		return n >= 16 && n <= 19
	}
	return false
}

// notCardWords introduce numbers that pass the Luhn check without being
// cards: device serials, IMEIs, order and tracking numbers.
var notCardWords = []string{"imei", "meid", "serial", "s/n", "sn:", "sn ", "tracking", "order", "invoice", "parcel",
	"barcode", "ean", "sku", "isbn", "序列号", "串号", "订单", "运单", "快递", "单号", "物流", "发票", "条码", "条形码"}

// notCardContext reports whether the few words before a card-like number
// say it is something else, unless they also call it a card.
func notCardContext(text string, start int) bool {
	return introducedAs(text, start, notCardWords) && !introducedAs(text, start, cardWords)
}

var cardWords = []string{"card", "visa", "mastercard", "amex", "卡"}

// introducedAs reports whether one of words (lowercase) occurs in the 32
// bytes before start.
func introducedAs(text string, start int, words []string) bool {
	from := max(0, start-32)
	for from > 0 && from < start && !utf8.RuneStart(text[from]) {
		from++
	}
	before := strings.ToLower(text[from:start])
	for _, w := range words {
		if strings.Contains(before, w) {
			return true
		}
	}
	return false
}
