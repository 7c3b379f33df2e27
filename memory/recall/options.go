package recall

import "github.com/membot/membot/memory/text"

// Options tune how a Corpus indexes and ranks documents. MemoryOptions
// gives the ranking recall uses. A zero field means "off" for the ranking
// features, so a caller can start from it and switch single features.
type Options struct {
	// Tokenizer analyses both documents and queries.
	Tokenizer text.Tokenizer
	// K1 and B are the BM25 term-saturation and length-normalisation
	// parameters.
	K1, B float64
	// KeywordWeight is how much a keyword counts against one word of the
	// text (keywords are short and deliberate, so usually more).
	KeywordWeight float64

	// ContextWeight is the weight of the query's context turns relative to
	// its text; ContextDecay multiplies it again for each older turn.
	ContextWeight float64
	ContextDecay  float64
	// DateBoost raises documents dated in a month or year the query names;
	// TemporalBoost raises documents holding a time expression when the
	// query asks "when".
	DateBoost     float64
	TemporalBoost float64
	// DayBoost raises again documents dated within a day of the full date
	// a query names ("what did I say on 16 June 2023?").
	DayBoost float64

	// Expansions widen a query about an everyday topic (eating out,
	// drinks, medicine, family, trips) to the words memories on it use;
	// ExpansionWeight is the most relevance (0–1) a memory can get through
	// them, reached by one holding a rare expansion word at typical length.
	// A query's own words can bring up to 1.
	Expansions      []Expansion
	ExpansionWeight float64
	// SynonymWeight is how much a word listed as meaning the same as one
	// of the query's own words (text.Tokenizer.Synonyms) counts against
	// it: "grandma" also finds "grandmother". 0 turns it off.
	SynonymWeight float64
	// NameWeight is how many times a word the query writes with a capital
	// inside a sentence (a person, a place, a title) counts against its
	// other words: a question about Anna is first about Anna's memories,
	// not about any memory sharing its commonest word. 1 or less turns it
	// off.
	NameWeight float64
	// PlanWeight is the relevance (0–1) an upcoming plan gets from a
	// question on a topic about plans (Expansion.Plans) when its words
	// bring less: "what should I pack?" is answered by the trip, however
	// it was put. A question naming the days ahead ("this weekend",
	// "下周", "on the 5th") lifts the memories dated in them (a plan's
	// event, a birthday or anniversary named by its day) to it too.
	// 0 turns both off.
	PlanWeight float64

	// NounCharWeight is how many times a question's Chinese character
	// that is an everyday noun alone (text.IsNounChar: 狗, 腰, 车) counts
	// when a memory's relevance is held against the threshold; otherwise
	// it weighs no more than any one of the question's dozen characters.
	// Ranking is not changed. 0 or 1 leaves it as it is.
	NounCharWeight float64

	// AsideAsContext ranks a message that wanders before it asks
	// (text.MainQuestion) by its question, the aside counting as the turn
	// before it (ContextWeight).
	AsideAsContext bool

	// SubQuestionWeight is, for a message asking several things
	// (text.SubQuestions), the share of a document's score that comes from
	// the part it answers best, each part scored alone; the rest is the
	// message scored whole. 0 scores the message whole only.
	SubQuestionWeight float64

	// FeedbackDocs, FeedbackTerms and FeedbackWeight are the second hop
	// (pseudo-relevance feedback): the FeedbackTerms strongest terms of
	// the FeedbackDocs best documents of the first pass are searched for
	// again, and what they match adds FeedbackWeight of the query's own
	// weight at most. Only terms held by two documents or more and by at
	// most FeedbackMaxShare of them count, so an owner with fewer than
	// 2/FeedbackMaxShare documents gets no second hop. Recall applies it
	// to lexical searches only (none with a query vector). 0 in any turns
	// it off.
	FeedbackDocs, FeedbackTerms      int
	FeedbackWeight, FeedbackMaxShare float64

	// VectorWeight is the share of vector similarity in the fused
	// relevance when both query and documents carry vectors.
	VectorWeight float64
	// VectorFloorSD and VectorSpanSD calibrate the mapping of cosine
	// similarity onto 0–1 relevance from each query's own cosines with the
	// owner's documents (see calibrate): a cosine VectorFloorSD standard
	// deviations above their mean counts as unrelated, one VectorSpanSD
	// further as fully relevant. Embedding models differ too much for
	// fixed cosines, and questions sit further from their answers than
	// memories from each other. VectorSpanSD 0 uses the fixed mapping.
	VectorFloorSD, VectorSpanSD float64
	// VectorFloor and VectorCeil are the fixed mapping: at or below the
	// floor unrelated, at or above the ceiling fully relevant. With the
	// calibration on they are its prior, weighing as much as
	// VectorPriorDocs documents, so that an owner with a handful of
	// memories is not judged by the spread of a handful of cosines; an
	// owner with fewer is judged by the fixed mapping alone.
	VectorFloor, VectorCeil float64
	VectorPriorDocs         float64
}

// MemoryOptions returns the ranking used over memories: BM25 over the
// shared analysis with keywords above the text, context turns, months and
// "when" questions, fused with vector similarity.
func MemoryOptions() Options {
	return Options{
		Tokenizer:     text.NewTokenizer(),
		K1:            1.2,
		B:             0.75,
		KeywordWeight: 1.5,
		ContextWeight: 0.5,
		ContextDecay:  0.8,
		DateBoost:     0.5,
		// A "when" question: LoCoMo memories recall@5 / @10 0.581 / 0.634
		// at 0.15 → 0.583 / 0.638 from 0.3 to 0.6 alike (BENCHMARKS.md
		// section 10); the other sets are unchanged.
		TemporalBoost: 0.4,
		// A full date in the question: LoCoMo memories recall@10 0.617 →
		// 0.627 from 4 up to 16 alike (BENCHMARKS.md section 10); the
		// other sets name no full dates.
		DayBoost:        4,
		Expansions:      DefaultExpansions(),
		ExpansionWeight: 0.3,
		// Measured on the development sets (BENCHMARKS.md section 10):
		// LoCoMo memories recall@5 / @10 +0.009 / +0.007 with names at 2
		// and synonyms at 0.3, MADial-Bench and MemDaily not lowered;
		// synonyms at 0.5 or more lowered LoCoMo.
		SynonymWeight: 0.3,
		NameWeight:    2,
		// Above MinRelevance, below what a memory sharing a rare word of
		// the question gets, so plans join the answer rather than lead it.
		PlanWeight:     0.2,
		NounCharWeight: 5,
		// Measured on the development sets (BENCHMARKS.md section 7):
		// 0.3–0.7 all lift MemDaily without lowering the others; 1 (the
		// best part alone) lowered MADial-Bench English recall@5.
		SubQuestionWeight: 0.7,
		// MemDaily messages recall@5 / @10 0.497 / 0.615 → 0.501 / 0.618
		// (BENCHMARKS.md section 10), the other sets unchanged.
		AsideAsContext: true,
		// Measured on the development sets (BENCHMARKS.md section 10):
		// 5 documents, 20 terms, weight 0.3, terms held by at most 5% of
		// the memories lifted LoCoMo and MADial-Bench @10, MemDaily
		// unchanged; without the share cap, or from 3 documents,
		// MADial-Bench Chinese @10 fell.
		FeedbackDocs:     5,
		FeedbackTerms:    20,
		FeedbackWeight:   0.3,
		FeedbackMaxShare: 0.05,
		VectorWeight:     0.6,
		// Measured with a real sentence encoder on LoCoMo and MADial-Bench
		// English (BENCHMARKS.md section 10): a floor 1.5 standard
		// deviations above the query's mean with a span of 4–5 beat the
		// fixed cosines on LoCoMo without lowering MADial-Bench @10;
		// floors of 1 or 2, rank fusion, and min-max or z-score fusion of
		// both lists did not.
		VectorFloorSD:   1.5,
		VectorSpanSD:    4,
		VectorFloor:     0.15,
		VectorCeil:      0.6,
		VectorPriorDocs: 10,
	}
}

// isZero reports whether o was left unset.
func (o Options) isZero() bool {
	return o.Tokenizer == (text.Tokenizer{}) && o.K1 == 0 && o.B == 0 && o.KeywordWeight == 0 &&
		o.ContextWeight == 0 && o.ContextDecay == 0 && o.DateBoost == 0 && o.TemporalBoost == 0 && o.DayBoost == 0 &&
		len(o.Expansions) == 0 && o.ExpansionWeight == 0 && o.SynonymWeight == 0 && o.NameWeight == 0 && o.PlanWeight == 0 && o.NounCharWeight == 0 && o.SubQuestionWeight == 0 && !o.AsideAsContext && o.FeedbackDocs == 0 && o.FeedbackTerms == 0 && o.FeedbackWeight == 0 && o.FeedbackMaxShare == 0 && o.VectorWeight == 0 &&
		o.VectorFloorSD == 0 && o.VectorSpanSD == 0 && o.VectorFloor == 0 && o.VectorCeil == 0 && o.VectorPriorDocs == 0
}

// withDefaults fills parameters that must not be zero.
func (o Options) withDefaults() Options {
	if o.K1 <= 0 {
		o.K1 = 1.2
	}
	if o.B < 0 || o.B > 1 {
		o.B = 0.75
	}
	if o.KeywordWeight <= 0 {
		o.KeywordWeight = 1
	}
	if o.VectorCeil <= o.VectorFloor {
		o.VectorFloor, o.VectorCeil = 0.15, 0.6
	}
	if o.VectorPriorDocs < 0 {
		o.VectorPriorDocs = 0
	}
	if o.VectorWeight < 0 || o.VectorWeight > 1 {
		o.VectorWeight = 0.6
	}
	return o
}
