package recall

// stem reduces an English word (lower-case ASCII letters) to its Porter
// stem, so that "painting", "painted" and "paints" meet in one index term.
// Words of two letters or fewer, and words holding anything but a–z, are
// returned unchanged.
func stem(w string) string {
	if len(w) <= 2 || len(w) > maxWordBytes {
		return w
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return w
		}
	}
	var buf [maxWordBytes + 8]byte
	p := porter{b: buf[:copy(buf[:], w)], k: len(w) - 1}
	p.step1ab()
	if p.k > 0 {
		p.step1c()
		p.step2()
		p.step3()
		p.step4()
		p.step5()
	}
	if string(p.b[:p.k+1]) == w {
		return w
	}
	return string(p.b[:p.k+1])
}

// porter holds the word being stemmed: b[0:k+1] is the current word and j
// marks the end of the stem found by the last successful ends call.
type porter struct {
	b    []byte
	k, j int
}

// cons reports whether b[i] is a consonant.
func (p *porter) cons(i int) bool {
	switch p.b[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		if i == 0 {
			return true
		}
		return !p.cons(i - 1)
	}
	return true
}

// m counts the vowel-consonant sequences in b[0:j+1].
func (p *porter) m() int {
	n, i := 0, 0
	for {
		if i > p.j {
			return n
		}
		if !p.cons(i) {
			break
		}
		i++
	}
	i++
	for {
		for {
			if i > p.j {
				return n
			}
			if p.cons(i) {
				break
			}
			i++
		}
		i++
		n++
		for {
			if i > p.j {
				return n
			}
			if !p.cons(i) {
				break
			}
			i++
		}
		i++
	}
}

// vowelInStem reports whether b[0:j+1] holds a vowel.
func (p *porter) vowelInStem() bool {
	for i := 0; i <= p.j; i++ {
		if !p.cons(i) {
			return true
		}
	}
	return false
}

// doubleC reports whether b[j-1:j+1] is a double consonant.
func (p *porter) doubleC(j int) bool {
	if j < 1 || p.b[j] != p.b[j-1] {
		return false
	}
	return p.cons(j)
}

// cvc reports whether b[i-2:i+1] is consonant-vowel-consonant with the last
// not w, x or y (as in "hop", not "snow").
func (p *porter) cvc(i int) bool {
	if i < 2 || !p.cons(i) || p.cons(i-1) || !p.cons(i-2) {
		return false
	}
	switch p.b[i] {
	case 'w', 'x', 'y':
		return false
	}
	return true
}

// ends reports whether the word ends with s, and then sets j before it.
func (p *porter) ends(s string) bool {
	l := len(s)
	if l > p.k+1 {
		return false
	}
	if string(p.b[p.k-l+1:p.k+1]) != s {
		return false
	}
	p.j = p.k - l
	return true
}

// setTo replaces b[j+1:k+1] with s. The buffer has room for the few
// bytes a replacement can add.
func (p *porter) setTo(s string) {
	p.b = p.b[:p.j+1+len(s)]
	copy(p.b[p.j+1:], s)
	p.k = p.j + len(s)
}

// r replaces the suffix with s when the stem has a measure above zero.
func (p *porter) r(s string) {
	if p.m() > 0 {
		p.setTo(s)
	}
}

// step1ab removes plurals and -ed or -ing.
func (p *porter) step1ab() {
	if p.b[p.k] == 's' {
		switch {
		case p.ends("sses"):
			p.k -= 2
		case p.ends("ies"):
			p.setTo("i")
		case p.b[p.k-1] != 's':
			p.k--
		}
	}
	if p.ends("eed") {
		if p.m() > 0 {
			p.k--
		}
		return
	}
	if (p.ends("ed") || p.ends("ing")) && p.vowelInStem() {
		p.k = p.j
		switch {
		case p.ends("at"):
			p.setTo("ate")
		case p.ends("bl"):
			p.setTo("ble")
		case p.ends("iz"):
			p.setTo("ize")
		case p.doubleC(p.k):
			p.k--
			if c := p.b[p.k]; c == 'l' || c == 's' || c == 'z' {
				p.k++
			}
		default:
			if p.m() == 1 && p.cvc(p.k) {
				p.setTo("e")
			}
		}
	}
}

// step1c turns a terminal y into i when the stem holds a vowel.
func (p *porter) step1c() {
	if p.ends("y") && p.vowelInStem() {
		p.b[p.k] = 'i'
	}
}

// rule replaces suffix from with to (when the measure allows) if the
// word ends with from, reporting whether it did end so.
func (p *porter) rule(from, to string) bool {
	if !p.ends(from) {
		return false
	}
	p.r(to)
	return true
}

// step2 maps double suffixes to single ones ("-ization" → "-ize").
func (p *porter) step2() {
	if p.k < 1 {
		return
	}
	switch p.b[p.k-1] {
	case 'a':
		_ = p.rule("ational", "ate") || p.rule("tional", "tion")
	case 'c':
		_ = p.rule("enci", "ence") || p.rule("anci", "ance")
	case 'e':
		p.rule("izer", "ize")
	case 'l':
		_ = p.rule("bli", "ble") || p.rule("alli", "al") || p.rule("entli", "ent") ||
			p.rule("eli", "e") || p.rule("ousli", "ous")
	case 'o':
		_ = p.rule("ization", "ize") || p.rule("ation", "ate") || p.rule("ator", "ate")
	case 's':
		_ = p.rule("alism", "al") || p.rule("iveness", "ive") || p.rule("fulness", "ful") ||
			p.rule("ousness", "ous")
	case 't':
		_ = p.rule("aliti", "al") || p.rule("iviti", "ive") || p.rule("biliti", "ble")
	case 'g':
		p.rule("logi", "log")
	}
}

// step3 handles -ic-, -full, -ness and the like.
func (p *porter) step3() {
	switch p.b[p.k] {
	case 'e':
		_ = p.rule("icate", "ic") || p.rule("ative", "") || p.rule("alize", "al")
	case 'i':
		p.rule("iciti", "ic")
	case 'l':
		_ = p.rule("ical", "ic") || p.rule("ful", "")
	case 's':
		p.rule("ness", "")
	}
}

// step4 removes -ant, -ence and the like in words long enough.
func (p *porter) step4() {
	if p.k < 1 {
		return
	}
	var found bool
	switch p.b[p.k-1] {
	case 'a':
		found = p.ends("al")
	case 'c':
		found = p.ends("ance") || p.ends("ence")
	case 'e':
		found = p.ends("er")
	case 'i':
		found = p.ends("ic")
	case 'l':
		found = p.ends("able") || p.ends("ible")
	case 'n':
		found = p.ends("ant") || p.ends("ement") || p.ends("ment") || p.ends("ent")
	case 'o':
		found = (p.ends("ion") && p.j >= 0 && (p.b[p.j] == 's' || p.b[p.j] == 't')) || p.ends("ou")
	case 's':
		found = p.ends("ism")
	case 't':
		found = p.ends("ate") || p.ends("iti")
	case 'u':
		found = p.ends("ous")
	case 'v':
		found = p.ends("ive")
	case 'z':
		found = p.ends("ize")
	}
	if found && p.m() > 1 {
		p.k = p.j
	}
}

// step5 removes a final -e and reduces -ll when the measure exceeds one.
func (p *porter) step5() {
	p.j = p.k
	if p.b[p.k] == 'e' {
		a := p.m()
		if a > 1 || (a == 1 && !p.cvc(p.k-1)) {
			p.k--
		}
	}
	if p.b[p.k] == 'l' && p.doubleC(p.k) && p.m() > 1 {
		p.k--
	}
}
