package eval

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"text/tabwriter"

	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/llm"
)

// ExtractionReport is what extracting the bench cost and produced, so that
// recall over extracted memories can be weighed against its price.
type ExtractionReport struct {
	// Model names the model ("" when not given).
	Model string `json:"model,omitempty"`
	// Messages counts the bench messages captured; Memories the active
	// extracted memories recall searched.
	Messages int `json:"messages"`
	Memories int `json:"memories"`
	// MemoriesPer100 is Memories per 100 messages.
	MemoriesPer100 float64 `json:"memories_per_100_messages"`
	// What the pipeline did, summed over the cases (see extract.Result).
	Windows    int `json:"windows"`
	Candidates int `json:"candidates"`
	Added      int `json:"added"`
	Updated    int `json:"updated"`
	Superseded int `json:"superseded"`
	Conflicts  int `json:"conflicts"`
	Duplicates int `json:"duplicates"`
	Noops      int `json:"noops"`
	Rejected   int `json:"rejected"`
	// Cost is the model calls and tokens per purpose while extracting
	// (tokens are zero when no meter was given).
	Cost map[llm.Purpose]llm.Counts `json:"cost"`
	// Calls and Tokens total Cost; the per-100 figures divide them by the
	// messages.
	Calls        int64   `json:"calls"`
	Tokens       int64   `json:"tokens"`
	CallsPer100  float64 `json:"calls_per_100_messages"`
	TokensPer100 float64 `json:"tokens_per_100_messages"`
}

// addResult sums two pipeline results.
func addResult(a, b extract.Result) extract.Result {
	a.Messages += b.Messages
	a.Windows += b.Windows
	a.Candidates += b.Candidates
	a.Added += b.Added
	a.Updated += b.Updated
	a.Superseded += b.Superseded
	a.Conflicts += b.Conflicts
	a.Duplicates += b.Duplicates
	a.Noops += b.Noops
	a.Rejected += b.Rejected
	a.ExtractCalls += b.ExtractCalls
	a.ReconcileCalls += b.ReconcileCalls
	a.EmbedCalls += b.EmbedCalls
	a.ModelCalls += b.ModelCalls
	return a
}

// setResult copies the pipeline's counts and the memory yield.
func (r *ExtractionReport) setResult(res extract.Result) {
	r.Windows, r.Candidates = res.Windows, res.Candidates
	r.Added, r.Updated, r.Superseded = res.Added, res.Updated, res.Superseded
	r.Conflicts, r.Duplicates, r.Noops, r.Rejected = res.Conflicts, res.Duplicates, res.Noops, res.Rejected
	r.MemoriesPer100 = round(per100(float64(r.Memories), r.Messages), 2)
}

// setCost records the cost per purpose and its totals.
func (r *ExtractionReport) setCost(cost map[llm.Purpose]llm.Counts) {
	r.Cost = cost
	r.Calls, r.Tokens = 0, 0
	for _, c := range cost {
		r.Calls += c.Calls
		r.Tokens += c.PromptTokens + c.CompletionTokens
	}
	r.CallsPer100 = round(per100(float64(r.Calls), r.Messages), 2)
	r.TokensPer100 = round(per100(float64(r.Tokens), r.Messages), 1)
}

// per100 is x per 100 of n, 0 when n is 0.
func per100(x float64, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * x / float64(n)
}

// diffCounts is what a meter counted between two snapshots; purposes
// without calls are left out.
func diffCounts(after, before map[llm.Purpose]llm.Counts) map[llm.Purpose]llm.Counts {
	out := make(map[llm.Purpose]llm.Counts)
	for p, a := range after {
		b := before[p]
		d := llm.Counts{
			Calls:            a.Calls - b.Calls,
			Failures:         a.Failures - b.Failures,
			PromptTokens:     a.PromptTokens - b.PromptTokens,
			CompletionTokens: a.CompletionTokens - b.CompletionTokens,
		}
		if d.Calls > 0 {
			out[p] = d
		}
	}
	return out
}

// resultCounts is the cost as the pipeline counted it, without tokens.
func resultCounts(res extract.Result) map[llm.Purpose]llm.Counts {
	out := make(map[llm.Purpose]llm.Counts)
	for p, n := range map[llm.Purpose]int{
		llm.PurposeExtraction: res.ExtractCalls,
		llm.PurposeReconcile:  res.ReconcileCalls,
		llm.PurposeEmbedding:  res.EmbedCalls,
	} {
		if n > 0 {
			out[p] = llm.Counts{Calls: int64(n)}
		}
	}
	return out
}

// writeText appends the extraction figures to a text report.
func (r *ExtractionReport) writeText(b *bytes.Buffer) error {
	model := r.Model
	if model == "" {
		model = "offline rules"
	}
	fmt.Fprintf(b, "extraction (%s): %d messages → %d memories, %.2f per 100 messages\n",
		model, r.Messages, r.Memories, r.MemoriesPer100)
	fmt.Fprintf(b, "  windows %d · candidates %d · added %d · updated %d · superseded %d · conflicts %d · duplicates %d · noops %d · rejected %d\n",
		r.Windows, r.Candidates, r.Added, r.Updated, r.Superseded, r.Conflicts, r.Duplicates, r.Noops, r.Rejected)
	if len(r.Cost) > 0 {
		tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "  purpose\tcalls\tfailures\tprompt tokens\tcompletion tokens\t")
		for _, p := range slices.Sorted(maps.Keys(r.Cost)) {
			c := r.Cost[p]
			fmt.Fprintf(tw, "  %s\t%d\t%d\t%d\t%d\t\n", p, c.Calls, c.Failures, c.PromptTokens, c.CompletionTokens)
		}
		if err := tw.Flush(); err != nil {
			return fmt.Errorf("format extraction cost: %w", err)
		}
	}
	fmt.Fprintf(b, "  total %d calls, %d tokens; per 100 messages %.2f calls, %.1f tokens\n",
		r.Calls, r.Tokens, r.CallsPer100, r.TokensPer100)
	return nil
}
