package recall

import (
	"log/slog"
	"time"

	"github.com/membot/membot/memory"
)

// Config tunes memory recall: how memories are matched (Options), how a
// match is weighed against what is known about the memory (the weights),
// and what is returned (threshold, duplicates, limit, budget).
//
// A memory's score is relevance × prior, where relevance (0–1) is how well
// it matches the message and prior (0–1) is
//
//	(w_base + w_imp·importance + w_rec·recency + w_type·type + w_conf·confidence + w_use·usage) / Σw
//
// so that a memory never outranks a more relevant one by bookkeeping alone
// unless the weights say so.
type Config struct {
	// Options rank the candidates; see MemoryOptions.
	Options Options

	WeightBase       float64
	WeightImportance float64
	WeightRecency    float64
	WeightType       float64
	WeightConfidence float64
	WeightUsage      float64
	// TypeWeights score each memory type 0–1; missing types count 0.5.
	TypeWeights map[memory.Type]float64
	// FactHalfLife is how long a fact takes to lose half its recency;
	// TemporaryHalfLife the same for temporary memories, counted from the
	// event when it has passed. Long-term memories never decay.
	FactHalfLife      time.Duration
	TemporaryHalfLife time.Duration
	// UsageScale is the use count at which usage reaches 63% of its
	// maximum.
	UsageScale float64

	// MinRelevance drops memories matching the message less than this
	// (0–1): no memory is better than an irrelevant one.
	MinRelevance float64
	// SoleMatchShare and SoleMatchLead keep one memory the threshold
	// would drop when no memory reaches it and the query has no context
	// turns (which could lend the match its words): the best match, if its
	// relevance is at least SoleMatchShare of MinRelevance and
	// SoleMatchLead times that of the next best (or no other memory
	// matches at all). A question of a dozen Chinese characters that
	// shares one word with one memory ("明天几点起床" and the shop's
	// opening hours) then gets that memory, while a word many memories
	// share still brings none. SoleMatchShare 0 turns it off.
	SoleMatchShare, SoleMatchLead float64
	// DuplicateSimilarity drops a result whose words (Jaccard) or vector
	// (cosine) are at least this similar to a better one.
	DuplicateSimilarity float64
	// Limit and TokenBudget cap what is returned.
	Limit       int
	TokenBudget int
	// Candidates is how many lexical and vector matches are scored.
	Candidates int

	// MaxOwners bounds the owners whose index is cached (least recently
	// used go first); 0 disables the bound.
	MaxOwners int

	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Logger receives load failures and evictions; nil discards.
	Logger *slog.Logger
}

// DefaultConfig returns the weights and limits membot ships with.
func DefaultConfig() Config {
	return Config{
		Options:          MemoryOptions(),
		WeightBase:       1.0,
		WeightImportance: 1.0,
		WeightRecency:    0.8,
		WeightType:       0.4,
		WeightConfidence: 0.6,
		WeightUsage:      0.2,
		TypeWeights: map[memory.Type]float64{
			memory.TypePreference: 1.0,
			memory.TypeFact:       0.9,
			memory.TypeSkill:      0.8,
			memory.TypeObjective:  0.8,
			memory.TypeDecision:   0.8,
			memory.TypeTask:       0.7,
			memory.TypeEvent:      0.6,
			memory.TypeContext:    0.5,
		},
		FactHalfLife:        365 * 24 * time.Hour,
		TemporaryHalfLife:   7 * 24 * time.Hour,
		UsageScale:          5,
		MinRelevance:        0.12,
		SoleMatchShare:      0.4,
		SoleMatchLead:       1.5,
		DuplicateSimilarity: 0.8,
		Limit:               5,
		TokenBudget:         300,
		Candidates:          50,
		MaxOwners:           10000,
	}
}

// now reads the configured clock.
func (c *Config) now() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// logger returns the configured logger or one that discards.
func (c *Config) logger() *slog.Logger {
	if c.Logger != nil {
		return c.Logger
	}
	return slog.New(slog.DiscardHandler)
}
