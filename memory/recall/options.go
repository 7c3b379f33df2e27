package recall

import "time"

// Options tune how a Corpus indexes and ranks documents. DefaultOptions
// gives the ranking recall uses; PlainOptions a textbook BM25 to compare it
// with. A zero field means "off" for the ranking features, so a caller can
// start from either and switch single features.
type Options struct {
	// Tokenizer analyses both documents and queries.
	Tokenizer Tokenizer
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
	// SpeakerBoost raises the score of documents by a speaker the query
	// names by that fraction; the name itself then counts only at
	// SpeakerTermWeight, since a turn rarely names its own speaker.
	SpeakerBoost      float64
	SpeakerTermWeight float64
	// NeighbourWeight adds that share of the scores of the adjacent turns
	// of the same conversation to a turn's score: an answer is often split
	// between a question and its reply, and a topic spans a few turns.
	NeighbourWeight float64
	// NeighbourSpan is how many turns on each side lend score, each
	// further one at half the weight of the nearer; 0 means 1.
	NeighbourSpan int
	// NeighbourGap stops that help across a pause longer than it (another
	// session); 0 lets it cross any pause.
	NeighbourGap time.Duration
	// DateBoost raises documents dated in a month or year the query names;
	// TemporalBoost raises documents holding a time expression when the
	// query asks "when".
	DateBoost     float64
	TemporalBoost float64
	// FeedbackDocs, FeedbackTerms and FeedbackWeight control pseudo-relevance
	// feedback: the top documents of a first pass lend their most telling
	// terms to a second pass. FeedbackDocs 0 disables it.
	FeedbackDocs   int
	FeedbackTerms  int
	FeedbackWeight float64

	// VectorWeight is the share of vector similarity in the fused
	// relevance when both query and documents carry vectors.
	VectorWeight float64
	// VectorFloor and VectorCeil map cosine similarity onto 0–1 relevance:
	// at or below the floor counts as unrelated, at or above the ceiling as
	// fully relevant. Embedding models differ; these suit common ones.
	VectorFloor, VectorCeil float64
}

// DefaultOptions returns the ranking recall uses.
func DefaultOptions() Options {
	return Options{
		Tokenizer:         NewTokenizer(),
		K1:                1.2,
		B:                 0.75,
		KeywordWeight:     1.5,
		ContextWeight:     0.5,
		ContextDecay:      0.8,
		SpeakerBoost:      0.4,
		SpeakerTermWeight: 0.2,
		NeighbourWeight:   0.4,
		NeighbourSpan:     2,
		NeighbourGap:      3 * time.Hour,
		DateBoost:         0.5,
		TemporalBoost:     0.15,
		FeedbackDocs:      0,
		FeedbackTerms:     10,
		FeedbackWeight:    0.3,
		VectorWeight:      0.6,
		VectorFloor:       0.15,
		VectorCeil:        0.6,
	}
}

// PlainOptions returns a textbook BM25 over lower-cased words: no
// stemming, stopwords, context, speakers, dates, neighbours or feedback.
func PlainOptions() Options {
	return Options{
		Tokenizer:         PlainTokenizer(),
		K1:                1.2,
		B:                 0.75,
		KeywordWeight:     1,
		SpeakerTermWeight: 1,
		VectorWeight:      0.6,
		VectorFloor:       0.15,
		VectorCeil:        0.6,
	}
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
	if o.VectorWeight < 0 || o.VectorWeight > 1 {
		o.VectorWeight = 0.6
	}
	return o
}
