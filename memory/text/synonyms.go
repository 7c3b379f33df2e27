package text

// Synonyms returns the other index terms of the words listed as meaning
// the same as the index term term ("grandma" → "grandmother", "film" →
// "movie", "母亲" → "妈妈"), for a tokenizer that stems; nil otherwise or
// when none are listed. Questions and the memories answering them often
// name one thing with two everyday words; only words that stand for one
// another in ordinary use are listed, not words of a topic.
func (t Tokenizer) Synonyms(term string) []string {
	if !t.Stem || !t.Stopwords {
		return nil
	}
	return synonymTerms[term]
}

// synonymGroups are the words that mean the same in everyday use, one
// group a line. Words of one group must not be stopwords.
var synonymGroups = [][]string{
	{"grandma", "grandmother", "granny", "nana"},
	{"grandpa", "grandfather", "granddad"},
	{"mom", "mother", "mum", "mommy", "mama"},
	{"dad", "father", "daddy", "papa"},
	{"kid", "child"},
	{"movie", "film"},
	{"novel", "book"},
	{"photo", "picture", "photograph", "pic"},
	{"job", "career", "occupation", "profession"},
	{"inspire", "inspiration", "motivate", "motivation"},
	{"buy", "purchase"},
	{"begin", "start"},
	{"gift", "present"},
	{"trip", "journey"},
	{"friend", "buddy", "pal"},
	{"doctor", "physician"},
	{"car", "vehicle"},
	{"妈妈", "母亲"},
	{"爸爸", "父亲"},
	{"老家", "家乡"},
	{"上班", "工作"},
	{"职业", "职位"},
	{"邮箱", "邮件"},
}

// synonymTerms maps each index term of synonymGroups to the others of its
// group; read-only after package initialisation.
var synonymTerms = buildSynonyms(synonymGroups)

// buildSynonyms files every word of groups under its index term with the
// index terms of the rest of its group.
func buildSynonyms(groups [][]string) map[string][]string {
	tok := NewTokenizer()
	m := make(map[string][]string)
	for _, g := range groups {
		terms := make([]string, 0, len(g))
		for _, w := range g {
			ts := tok.Tokens(w)
			if len(ts) == 0 {
				continue
			}
			// A Chinese word's last term is the whole pair.
			terms = append(terms, ts[len(ts)-1])
		}
		for _, a := range terms {
			for _, b := range terms {
				if a != b && !contains(m[a], b) {
					m[a] = append(m[a], b)
				}
			}
		}
	}
	return m
}

// contains reports whether ss holds s.
func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
