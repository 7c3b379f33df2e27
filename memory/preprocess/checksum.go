package preprocess

// luhnValid reports whether the digit string passes the Luhn check used by
// payment card numbers. Non-digits make it fail.
func luhnValid(digits string) bool {
	if len(digits) == 0 {
		return false
	}
	sum := 0
	double := false
	for i := len(digits) - 1; i >= 0; i-- {
		c := digits[i]
		if c < '0' || c > '9' {
			return false
		}
		d := int(c - '0')
		if double {
			d *= 2
			if d > 9 {
				d -= 9
			}
		}
		sum += d
		double = !double
	}
	return sum%10 == 0
}

// idWeights are the ISO 7064 MOD 11-2 weights of GB 11643 (Chinese resident
// identity numbers).
var idWeights = [17]int{7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2}

// idCheckChars maps the weighted sum modulo 11 to the check character.
const idCheckChars = "10X98765432"

// idProvinces are the two-digit region prefixes in use.
var idProvinces = map[string]bool{
	"11": true, "12": true, "13": true, "14": true, "15": true,
	"21": true, "22": true, "23": true,
	"31": true, "32": true, "33": true, "34": true, "35": true, "36": true, "37": true,
	"41": true, "42": true, "43": true, "44": true, "45": true, "46": true,
	"50": true, "51": true, "52": true, "53": true, "54": true,
	"61": true, "62": true, "63": true, "64": true, "65": true,
	"71": true, "81": true, "82": true, "83": true, "91": true,
}

// chineseIDValid reports whether id (18 characters, digits and a final digit
// or X) is a plausible Chinese resident identity number: known region
// prefix, a real birth date between 1900 and 2099, and a correct check
// character.
func chineseIDValid(id string) bool {
	if len(id) != 18 {
		return false
	}
	sum := 0
	for i := 0; i < 17; i++ {
		c := id[i]
		if c < '0' || c > '9' {
			return false
		}
		sum += int(c-'0') * idWeights[i]
	}
	check := id[17]
	if check == 'x' {
		check = 'X'
	}
	if idCheckChars[sum%11] != check {
		return false
	}
	if !idProvinces[id[:2]] {
		return false
	}
	year := atoi(id[6:10])
	month := atoi(id[10:12])
	day := atoi(id[12:14])
	return year >= 1900 && year <= 2099 && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month)
}

// atoi parses a short string of ASCII digits (callers have checked them).
func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

// daysIn returns the number of days in a month of the Gregorian calendar.
func daysIn(year, month int) int {
	switch month {
	case 2:
		if year%4 == 0 && (year%100 != 0 || year%400 == 0) {
			return 29
		}
		return 28
	case 4, 6, 9, 11:
		return 30
	}
	return 31
}
