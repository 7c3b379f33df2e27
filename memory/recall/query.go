package recall

import (
	"maps"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/membot/membot/memory/text"
)

// maxQueryTerms bounds the distinct terms of one query so hostile input
// cannot make a search scan the whole index many times over.
const maxQueryTerms = 512

// Query is one recall request.
type Query struct {
	// Text is the message being answered (or the question asked).
	Text string
	// Context holds recent turns before Text, oldest first; they count
	// less than Text. A last turn equal to Text is ignored.
	Context []string
	// Vector is Text's embedding, if any; without it recall is lexical.
	Vector []float32
	// Limit caps the results; 0 means the caller's default.
	Limit int
	// MinScore drops results whose relevance (0–1) is below it; 0 means
	// the caller's default.
	MinScore float64
	// TokenBudget caps the approximate tokens of the returned memories'
	// text; 0 means the caller's default. Corpus searches ignore it.
	TokenBudget int
	// Literal matches the words of Text alone, without topic expansion:
	// a person searching their memories for a word wants that word.
	Literal bool
	// Carried lists memories the reply carries whatever is asked (the
	// person's profile): a match among them is no reason to keep the
	// threshold's fallback (Config.SoleMatchShare) from the best of the
	// others, nor is it one to keep. They are searched as any other.
	Carried []string
}

// analysedQuery is a query turned into weighted terms and signals.
type analysedQuery struct {
	// terms are the distinct query terms and their weights, context
	// included; own are the terms of the text alone, the yardstick of
	// relevance.
	terms map[string]float64
	own   map[string]float64
	// expanded are the terms the topics of the text raise (Expansion),
	// none of them in terms.
	expanded []string
	// words are the raw lower-case words of the text, for dates.
	words []string
	// when is true when the text asks for a time.
	when bool
	// date is a month or year the text names.
	date text.DateRef
}

// analyse turns q into weighted terms with o's tokenizer, expanded by x.
func (o Options) analyse(q Query, x *expander) analysedQuery {
	aq := analysedQuery{terms: make(map[string]float64)}
	add := func(text string, w float64) {
		if w <= 0 {
			return
		}
		for _, t := range o.Tokenizer.Tokens(text) {
			if _, ok := aq.terms[t]; !ok && len(aq.terms) >= maxQueryTerms {
				continue
			}
			aq.terms[t] += w
		}
	}
	add(q.Text, 1)
	simp := text.Simplified(q.Text)
	if std := text.StandardChinese(simp); std != simp {
		// A question in Cantonese ("个仔几时落机") also asks in the words
		// memories are kept in ("儿子什么时候下飞机").
		for _, t := range o.Tokenizer.Tokens(std) {
			if _, ok := aq.terms[t]; !ok && len(aq.terms) < maxQueryTerms {
				aq.terms[t] = 1
			}
		}
	}
	if o.NameWeight > 1 {
		named := make(map[string]bool)
		for _, n := range names(q.Text) {
			for _, t := range o.Tokenizer.Tokens(n) {
				if _, ok := aq.terms[t]; ok && !named[t] {
					named[t] = true
					aq.terms[t] *= o.NameWeight
				}
			}
		}
	}
	aq.own = maps.Clone(aq.terms)
	if x != nil && o.SynonymWeight > 0 {
		o.addSynonyms(aq)
	}
	ctx := q.Context
	if n := len(ctx); n > 0 && strings.TrimSpace(ctx[n-1]) == strings.TrimSpace(q.Text) {
		ctx = ctx[:n-1]
	}
	w := o.ContextWeight
	for i := len(ctx) - 1; i >= 0 && w > 0.01; i-- {
		add(ctx[i], w)
		w *= o.ContextDecay
	}
	if o.ExpansionWeight > 0 {
		for _, t := range x.expand(aq.own) {
			if _, ok := aq.terms[t]; !ok {
				aq.expanded = append(aq.expanded, t)
			}
		}
	}
	aq.words = text.Words(q.Text)
	aq.when = text.IsWhenQuestion(aq.words, q.Text)
	aq.date = text.ParseDateRef(aq.words, q.Text)
	return aq
}

// addSynonyms adds to aq's terms the words listed as meaning the same as
// its own (text.Tokenizer.Synonyms), each at Options.SynonymWeight of
// the word it stands for. They are not part of own, so a memory found
// through one counts as a partial match.
func (o Options) addSynonyms(aq analysedQuery) {
	for _, t := range slices.Sorted(maps.Keys(aq.own)) {
		for _, s := range o.Tokenizer.Synonyms(t) {
			if _, ok := aq.own[s]; ok {
				continue
			}
			if w := o.SynonymWeight * aq.own[t]; w > aq.terms[s] {
				aq.terms[s] = w
			}
		}
	}
}

// names returns the words of s written with a capital that do not open
// a sentence: mostly the people, places and things a question is about
// ("What did Anna bake for Leo?" → Anna, Leo).
func names(s string) []string {
	var out []string
	opens := true
	for _, f := range strings.Fields(s) {
		w := strings.TrimFunc(f, func(r rune) bool { return !unicode.IsLetter(r) })
		if r, _ := utf8.DecodeRuneInString(w); !opens && unicode.IsUpper(r) && w != "I" && !strings.HasPrefix(w, "I'") && !strings.HasPrefix(w, "I’") {
			out = append(out, w)
		}
		last, _ := utf8.DecodeLastRuneInString(f)
		opens = strings.ContainsRune(".?!:;\"“", last)
	}
	return out
}
