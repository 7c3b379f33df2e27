package preprocess

import (
	"math"
	"regexp"
	"strings"
	"unicode/utf8"
)

// detector finds one family of sensitive values.
type detector struct {
	kind Kind
	// needDigit skips the detector on text without any ASCII digit.
	needDigit bool
	// minDigits skips the detector on text with fewer ASCII digits in all
	// than the shortest value it accepts holds (its check rejects shorter
	// ones anyway); 0 means no such bound.
	minDigits int
	// hints are lowercase substrings of which at least one must occur for
	// the detector to run; empty means always run. They keep the regular
	// expressions off the vast majority of messages.
	hints []string
	re    *regexp.Regexp
	// group is the submatch holding the sensitive value; 0 is the whole
	// match.
	group int
	// check validates a match and may narrow it; nil accepts every match.
	check func(text string, start, end int) (int, int, bool)
	// propagate reports whether other occurrences of the accepted value
	// should be redacted as well.
	propagate func(value string) bool
	// scan replaces re for detectors that are not a single expression.
	scan func(text string) []candidate
	// needCode skips the detector on text without two ASCII letters
	// followed by two digits (optionally after a space), the start of
	// every IBAN and National Insurance number.
	needCode bool
}

func (d *detector) applies(sc *scanText) bool {
	if d.needDigit && !sc.hasDigit || d.minDigits > sc.digits {
		return false
	}
	if d.needCode && !sc.hasCode() {
		return false
	}
	if len(d.hints) == 0 {
		return true
	}
	lower := sc.lowered()
	for _, h := range d.hints {
		if strings.Contains(lower, h) {
			return true
		}
	}
	return false
}

func (d *detector) find(sc *scanText) []candidate {
	text := sc.text
	if d.scan != nil {
		return d.scan(text)
	}
	var out []candidate
	for _, m := range d.re.FindAllStringSubmatchIndex(text, -1) {
		start, end := m[2*d.group], m[2*d.group+1]
		if start < 0 || start >= end {
			continue
		}
		ok := true
		if d.check != nil {
			start, end, ok = d.check(text, start, end)
		}
		if !ok || start >= end {
			continue
		}
		c := candidate{kind: d.kind, start: start, end: end}
		if d.propagate != nil {
			c.propagate = d.propagate(text[start:end])
		}
		out = append(out, c)
	}
	return out
}

// detectors lists every detector Redact runs. It is built once and never
// modified.
var detectors = []*detector{
	// Contact data and identity numbers.
	{kind: KindEmail, hints: []string{"@"}, re: reEmail, check: checkEmail, propagate: always},
	{kind: KindEmail, hints: obfuscatedHints, scan: scanObfuscatedEmails},
	{kind: KindIDNumber, needDigit: true, re: reChineseID, check: checkChineseID, minDigits: 17},
	{kind: KindIDNumber, needDigit: true, hints: []string{"-"}, re: reSSN, check: checkSSN, minDigits: 9},
	{kind: KindIDNumber, needDigit: true, hints: ssnWords, re: reSSNAfterWord, group: 1, check: checkSSN, minDigits: 9},
	{kind: KindIDNumber, needDigit: true, needCode: true, re: reUKNI, check: checkUKNI, minDigits: 6},
	{kind: KindIDNumber, needDigit: true, hints: ukNIWords, re: reUKNIAfterWord, group: 1, check: checkUKNI, minDigits: 6},
	{kind: KindIBAN, needDigit: true, needCode: true, re: reIBAN, check: checkIBAN},
	{kind: KindCard, needDigit: true, scan: scanCards, minDigits: 13},
	{kind: KindPhone, needDigit: true, re: reCNMobile, check: checkPhone(11, 15), minDigits: 11},
	{kind: KindPhone, needDigit: true, re: reCNLandline, check: checkPhone(10, 12), minDigits: 10},
	{kind: KindPhone, needDigit: true, re: reUSPhone, check: checkPhone(10, 11), minDigits: 10},
	{kind: KindPhone, needDigit: true, hints: []string{"+"}, re: reIntlPhone, check: checkPhone(8, 15), minDigits: 8},
	{kind: KindPhone, needDigit: true, re: reNationalPhone, check: checkNationalPhone, minDigits: 9},
	{kind: KindPhone, needDigit: true, re: reRUPhone, check: checkPhone(11, 11), minDigits: 11},
	{kind: KindPhone, needDigit: true, hints: phoneWordsIntl, re: rePhoneAfterWordIntl, group: 1, check: checkPhoneAfterWord, minDigits: 7},
	{kind: KindPhone, needDigit: true, hints: phoneWordsEN, re: rePhoneAfterWordEN, group: 1, check: checkPhoneAfterWord, minDigits: 7},
	{kind: KindPhone, needDigit: true, hints: phoneWordsZH, re: rePhoneAfterWordZH, group: 1, check: checkPhoneAfterWord, minDigits: 7},

	// Credentials with a recognisable shape.
	{kind: KindSecret, hints: []string{"sk-"}, re: reOpenAIKey, check: checkRandomToken, propagate: always},
	{kind: KindSecret, hints: []string{"k_live_", "k_test_"}, re: reStripeKey, propagate: always},
	{kind: KindSecret, hints: []string{"gh", "github_pat_"}, re: reGitHubToken, propagate: always},
	{kind: KindSecret, hints: []string{"xox", "xapp-"}, re: reSlackToken, propagate: always},
	{kind: KindSecret, hints: cloudKeyHints, scan: scanCloudKeys},
	{kind: KindSecret, hints: []string{"aiza"}, re: reGoogleKey, propagate: always},
	{kind: KindSecret, hints: shapedTokenHints, re: reShapedToken, propagate: always},
	{kind: KindSecret, hints: []string{"eyj"}, re: reJWT, propagate: always},
	{kind: KindSecret, hints: []string{"private key"}, re: rePrivateKey},
	{kind: KindSecret, hints: []string{"bearer"}, re: reBearer, group: 1, check: checkRandomToken, propagate: always},
	{kind: KindSecret, hints: secretWords, re: reSecretAfterWord, group: 1, check: checkRandomToken, propagate: always},

	// Stated passwords.
	{kind: KindPassword, hints: []string{"://"}, re: reURLPassword, group: 1, propagate: passwordLike},
	{kind: KindPassword, hints: passwordWordsEN, re: rePasswordEN, group: 1, check: checkStatedPassword, propagate: passwordLike},
	{kind: KindPassword, needDigit: true, hints: []string{"pin"}, re: rePIN, group: 1, check: checkDigitsEnd},
	{kind: KindPassword, hints: passwordWordsZH, re: rePasswordZH, group: 1, check: trimValue, propagate: passwordLike},
	{kind: KindPassword, hints: passwordBareHints, re: rePasswordBare, group: 1, check: checkBarePassword, propagate: passwordLike},
	{kind: KindPassword, hints: passwordIntlHints, re: rePasswordIntl, group: 1, check: checkStatedPassword, propagate: passwordLike},
}

func always(string) bool { return true }

// passwordLike reports whether a stated password is distinctive enough to
// redact wherever else it appears: long enough and not a plain word.
func passwordLike(v string) bool {
	if utf8.RuneCountInString(v) < 6 {
		return false
	}
	for _, r := range v {
		if !isASCIILetter(r) {
			return true
		}
	}
	return utf8.RuneCountInString(v) >= 12
}

// checkRandomToken accepts a value that looks machine-generated: long, mixing
// letters and digits, and with enough variety of characters.
func checkRandomToken(text string, start, end int) (int, int, bool) {
	v := text[start:end]
	if len(v) < 16 {
		return 0, 0, false
	}
	var letters, digits int
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case '0' <= c && c <= '9':
			digits++
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
			letters++
		}
	}
	if letters == 0 || digits == 0 {
		return 0, 0, false
	}
	return start, end, entropy(v) >= 3.0
}

// entropy is the Shannon entropy of s in bits per byte.
func entropy(s string) float64 {
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			p := float64(c) / n
			h -= p * math.Log2(p)
		}
	}
	return h
}

// valueTrim lists characters that end a sentence rather than a stated value.
const valueTrim = ".,;:!?)]}>\"'`”’」』）。，；：！？、"

// trimValue strips trailing sentence punctuation from a stated value.
func trimValue(text string, start, end int) (int, int, bool) {
	v := strings.TrimRight(text[start:end], valueTrim)
	if v == "" {
		// The whole value is punctuation: keep it as stated.
		return start, end, true
	}
	return start, start + len(v), true
}

// checkDigitsEnd accepts a run of digits not glued to more digits or
// letters.
func checkDigitsEnd(text string, start, end int) (int, int, bool) {
	return start, end, !isASCIIWord(runeAt(text, end))
}
