package preprocess

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Expressions for national formats: phone numbers written the way each
// country writes them, identity numbers beyond China's, bank accounts and
// e-mail addresses spelled out to dodge address harvesters.
var (
	// A national number with a trunk prefix 0 and spaces, dashes, dots or
	// slashes between groups: 0161 496 0000, (030) 1234 5678, 06.12.34.56.78,
	// 030/1234567, 090-1234-5678.
	reNationalPhone = regexp.MustCompile(`(?:\(0\d{1,4}\)[ \-./]?|0\d{1,4}[ \-./])\d{2,8}(?:[ \-./]\d{2,8}){0,4}`)
	// Russian numbers with the 8 trunk prefix: 8 (495) 123-45-67.
	reRUPhone = regexp.MustCompile(`8[ \-]?\(?\d{3}\)?[ \-]?\d{3}[ \-]\d{2}[ \-]\d{2}`)
	// Words announcing a phone number in languages other than English and
	// Chinese (RE2's \b only knows ASCII, so there is none here).
	rePhoneAfterWordIntl = regexp.MustCompile(`(?i)(?:telefon|téléphone|tél\.?|teléfono|móvil|celular|handy|телефон|тел\.|мобильн\S*|携帯|電話番号)[^\d\n]{0,16}?(\+?\d[\d \-.()]{5,18}\d)`)

	// US Social Security number, dashed; undashed only after a word that
	// announces it.
	reSSN          = regexp.MustCompile(`\b\d{3}-\d{2}-\d{4}\b`)
	reSSNAfterWord = regexp.MustCompile(`(?i)(?:\bssn|social security(?: number| no\.?| #)?|社会安全号码?|社會安全號碼?)[^\d\n]{0,16}?(\d{3} ?\d{2} ?\d{4})\b`)
	// UK National Insurance number: two prefix letters, six digits, a
	// suffix A-D; lowercase only after a word that announces it.
	reUKNI          = regexp.MustCompile(`\b[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b`)
	reUKNIAfterWord = regexp.MustCompile(`(?i)(?:national insurance(?: number| no\.?)?|\bni (?:number|no\.?)|\bnino)[^A-Za-z0-9\n]{0,6}(?:(?:is|was)\b[^A-Za-z0-9\n]{0,6})?\b([a-z]{2} ?\d{2} ?\d{2} ?\d{2} ?[a-d])\b`)
	// IBAN: country, check digits, up to 30 letters and digits, optionally
	// in groups of four. Its length is fixed per country and checked in
	// code, with the checksum.
	reIBAN = regexp.MustCompile(`(?i)\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?`)

	// An address with "at" and "dot" spelled out: bob [at] mail [dot] org,
	// bob at mail dot org, zhang#qq.com, zhang艾特qq点com.
	reObfuscatedEmail = regexp.MustCompile(`(?i)[\p{Latin}\p{Greek}\p{Cyrillic}\p{M}0-9._%+\-]+(?:(?:\s+dot\s+|\s*[\[({<]\s*dot\s*[\])}>]\s*)[\p{Latin}\p{Greek}\p{Cyrillic}\p{M}0-9._%+\-]+)*(\s*[\[({<]\s*(?:at|@)\s*[\])}>]\s*|\s+at\s+|\s*艾特\s*|#)[\p{Latin}\p{Greek}\p{Cyrillic}\p{M}0-9\-]+(?:(?:\s*[\[({<]\s*(?:dot|\.)\s*[\])}>]\s*|\s+dot\s+|\.|点)[\p{Latin}\p{Greek}\p{Cyrillic}\p{M}0-9\-]+)+`)
)

var (
	phoneWordsIntl = []string{"telefon", "téléphone", "tél", "teléfono", "móvil", "celular", "handy", "елефон", "тел.", "мобильн", "携帯", "電話番号"}
	ssnWords       = []string{"ssn", "social security", "社会安全号", "社會安全號"}
	ukNIWords      = []string{"national insurance", "ni number", "ni no", "nino"}
	// Plain " at " needs a spelled-out dot, so it needs no hint of its own.
	obfuscatedHints = []string{"[at]", "(at)", "{at}", "<at>", "[@]", "(@)", "[ at ]", "( at )", " dot ", "[dot]", "(dot)", "{dot}", "<dot>", "#", "艾特"}
)

// checkNationalPhone accepts a national number of 9-15 digits that stands
// alone and uses one kind of separator throughout, which keeps dates and
// times written with mixed separators ("01.02.2024 10") out.
func checkNationalPhone(text string, start, end int) (int, int, bool) {
	v := text[start:end]
	if n := countDigits(v); n < 9 || n > 15 || strings.HasPrefix(strings.TrimLeft(v, "("), "000") {
		return 0, 0, false
	}
	if i := strings.IndexByte(v, ')'); i >= 0 {
		v = v[i+1:]
		if v != "" && !isDigit(rune(v[0])) {
			v = v[1:] // the separator after the area code
		}
	}
	var sep byte
	pairs, groups := 0, 0
	for _, g := range strings.FieldsFunc(v, func(r rune) bool { return !isDigit(r) }) {
		groups++
		if len(g) == 2 {
			pairs++
		}
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; !isDigit(rune(c)) {
			if sep != 0 && c != sep {
				return 0, 0, false
			}
			sep = c
		}
	}
	// Numbers written in pairs are French (0X XX XX XX XX); more or fewer
	// pairs are lottery draws, scores or dates.
	if pairs == groups && groups != 5 {
		return 0, 0, false
	}
	if introducedAs(text, start, notCardWords) {
		return 0, 0, false // an order or serial number
	}
	return start, end, standaloneNumber(text, start, end)
}

// checkSSN accepts a US Social Security number the Social Security
// Administration could issue: area not 000, 666 or 9xx, group not 00,
// serial not 0000.
func checkSSN(text string, start, end int) (int, int, bool) {
	d := make([]byte, 0, 9)
	for i := start; i < end; i++ {
		if isDigit(rune(text[i])) {
			d = append(d, text[i])
		}
	}
	if len(d) != 9 {
		return 0, 0, false
	}
	area, group, serial := string(d[:3]), string(d[3:5]), string(d[5:])
	if area == "000" || area == "666" || area[0] == '9' || group == "00" || serial == "0000" {
		return 0, 0, false
	}
	return start, end, standaloneNumber(text, start, end)
}

// checkUKNI rejects the prefixes never allocated to National Insurance
// numbers.
func checkUKNI(text string, start, end int) (int, int, bool) {
	p := strings.ToUpper(text[start : start+2])
	if !strings.ContainsAny(p[:1], "ABCEGHJKLMNOPRSTWXYZ") || !strings.ContainsAny(p[1:], "ABCEGHJKLMNPRSTWXYZ") {
		return 0, 0, false
	}
	switch p {
	case "BG", "GB", "KN", "NK", "NT", "TN", "ZZ":
		return 0, 0, false
	}
	return start, end, true
}

// checkIBAN narrows a match to the length its country prescribes and
// accepts it when the ISO 7064 mod-97 checksum holds.
func checkIBAN(text string, start, end int) (int, int, bool) {
	want := ibanLengths[strings.ToUpper(text[start:start+2])]
	if want == 0 {
		return 0, 0, false
	}
	compact := make([]byte, 0, want)
	stop := start
	for i := start; i < end && len(compact) < want; i++ {
		if c := text[i]; c != ' ' {
			compact = append(compact, c)
			stop = i + 1
		}
	}
	if len(compact) < want || isASCIIWord(runeAt(text, stop)) || !ibanValid(string(compact)) {
		return 0, 0, false
	}
	return start, stop, true
}

// ibanValid reports whether the compact IBAN passes the mod-97 check.
func ibanValid(s string) bool {
	rem := 0
	for i := 0; i < len(s); i++ {
		c := s[(i+4)%len(s)] // the first four characters move to the end
		switch {
		case '0' <= c && c <= '9':
			rem = (rem*10 + int(c-'0')) % 97
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z':
			v := int(c|0x20-'a') + 10
			rem = (rem*100 + v) % 97
		default:
			return false
		}
	}
	return rem == 1
}

// ibanLengths is the IBAN length of each country using IBANs (SWIFT IBAN
// registry).
var ibanLengths = map[string]int{
	"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BR": 29,
	"BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20, "EG": 29,
	"ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18, "GR": 27, "GT": 28,
	"HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27, "JO": 30, "KW": 30, "KZ": 20,
	"LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24, "ME": 22, "MK": 19,
	"MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29,
	"RO": 24, "RS": 22, "SA": 24, "SC": 31, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "ST": 25, "SV": 28,
	"TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20,
}

// scanObfuscatedEmails finds spelled-out addresses that really are ones:
// something is spelled out (plain addresses are the e-mail expression's),
// a plain " at " comes with a spelled-out dot (or "look at example.com"
// would match), "#" only before a mail domain, and the last label is a
// top-level domain of letters.
func scanObfuscatedEmails(text string) []candidate {
	var out []candidate
	for _, m := range reObfuscatedEmail.FindAllStringSubmatchIndex(text, -1) {
		at := strings.ToLower(strings.TrimSpace(text[m[2]:m[3]]))
		domain := text[m[3]:m[1]]
		last := domain
		if i := strings.LastIndexAny(domain, ". ])}>点"); i >= 0 {
			_, size := utf8.DecodeRuneInString(domain[i:])
			last = domain[i+size:]
		}
		if len(last) < 2 || strings.ContainsFunc(last, func(r rune) bool { return isDigit(r) || r == '-' }) {
			continue
		}
		lowerDomain := strings.ToLower(domain)
		spelledDot := strings.Contains(lowerDomain, "dot") || strings.Contains(domain, "点") || strings.ContainsAny(domain, "[({<")
		if at == "at" && (m[2]-m[0] < 2 || !spelledDot || !commonTLD[strings.ToLower(last)]) || at == "#" && !spelledDot && !mailDomain(lowerDomain) {
			continue
		}
		out = append(out, candidate{kind: KindEmail, start: m[0], end: m[1], propagate: true})
	}
	return out
}

// commonTLD lists the top-level domains a spelled-out address with a plain
// " at " must end in, so "at noon dot dot dot" stays prose.
var commonTLD = map[string]bool{
	"com": true, "net": true, "org": true, "edu": true, "gov": true, "io": true, "co": true, "me": true, "info": true,
	"uk": true, "de": true, "fr": true, "es": true, "it": true, "nl": true, "ch": true, "at": true, "se": true, "no": true,
	"pl": true, "ru": true, "cn": true, "jp": true, "kr": true, "tw": true, "hk": true, "in": true, "au": true, "ca": true,
	"us": true, "br": true, "eu": true, "dev": true, "app": true,
}

// mailDomain reports whether domain is one of the large mail providers,
// whose addresses are often written with "#" for "@".
func mailDomain(domain string) bool {
	for _, d := range []string{"qq.com", "163.com", "126.com", "sina.com", "sohu.com", "foxmail.com", "gmail.com", "outlook.com", "hotmail.com", "yahoo.com", "icloud.com", "aliyun.com", "yeah.net", "139.com"} {
		if domain == d {
			return true
		}
	}
	return false
}
