package recall

import (
	"maps"
	"strings"

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
	aq.own = maps.Clone(aq.terms)
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
