package eval

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"text/tabwriter"
)

// PersonaReport is the outcome of a persona run: per persona, per language
// and pooled.
type PersonaReport struct {
	Data string `json:"data"`
	// Model is the chat model the bot ran with, "" offline, "perfect
	// extractor" when the gold memories were stored directly.
	Model      string                    `json:"model"`
	Pooled     PersonaFigures            `json:"pooled"`
	ByLanguage map[string]PersonaFigures `json:"by_language"`
	Personas   []PersonaResult           `json:"personas"`
}

// PersonaFigures are the tallies of a group of personas and the rates
// they give (0–1, rounded to three places; 0 when nothing was counted).
type PersonaFigures struct {
	Personas int `json:"personas"`
	Counts
	// Precision is Correct/Stored; Recall GoldFound/Gold; CorrectionsApplied
	// Corrected/Corrections; FollowUpsAnswered Answered/FollowUps.
	Precision          float64 `json:"precision"`
	Recall             float64 `json:"recall"`
	CorrectionsApplied float64 `json:"corrections_applied"`
	FollowUpsAnswered  float64 `json:"followups_answered"`
	// CallsPerMessage and TokensPerMessage are model calls and tokens per
	// user message of the sessions (every purpose, follow-up replies
	// included).
	CallsPerMessage  float64 `json:"calls_per_message"`
	TokensPerMessage float64 `json:"tokens_per_message"`
}

// total fills the pooled and per-language figures from the personas.
func (r *PersonaReport) total() {
	r.ByLanguage = map[string]PersonaFigures{}
	var pooled Counts
	byLang := map[string]*Counts{}
	n := map[string]int{}
	for _, p := range r.Personas {
		pooled.add(p.Counts)
		if byLang[p.Language] == nil {
			byLang[p.Language] = &Counts{}
		}
		byLang[p.Language].add(p.Counts)
		n[p.Language]++
	}
	r.Pooled = figures(pooled, len(r.Personas))
	for lang, c := range byLang {
		r.ByLanguage[lang] = figures(*c, n[lang])
	}
}

func figures(c Counts, personas int) PersonaFigures {
	return PersonaFigures{
		Personas: personas, Counts: c,
		Precision:          rate(float64(c.Correct), float64(c.Stored)),
		Recall:             rate(float64(c.GoldFound), float64(c.Gold)),
		CorrectionsApplied: rate(float64(c.Corrected), float64(c.Corrections)),
		FollowUpsAnswered:  rate(float64(c.Answered), float64(c.FollowUps)),
		CallsPerMessage:    rate(float64(c.ModelCalls), float64(c.UserMessages)),
		TokensPerMessage:   rate(float64(c.Tokens), float64(c.UserMessages)),
	}
}

// rate is a/b rounded to three places, 0 when b is.
func rate(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return math.Round(a/b*1000) / 1000
}

// WriteJSON writes the report as one indented JSON object.
func (r *PersonaReport) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r); err != nil {
		return fmt.Errorf("write persona report: %w", err)
	}
	return nil
}

// WriteText writes the figures per language and pooled as a table, then
// what each persona missed.
func (r *PersonaReport) WriteText(w io.Writer) error {
	model := r.Model
	if model == "" {
		model = "offline rules"
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "personas %s (%s)\n", r.Data, model)
	fmt.Fprintln(tw, "\tpersonas\tprecision\trecall\tcorrections\twrong owner\tduplicates\tfollow-ups\tcalls/msg\ttokens/msg\t")
	row := func(name string, f PersonaFigures) {
		fmt.Fprintf(tw, "%s\t%d\t%.3f (%d/%d)\t%.3f (%d/%d)\t%.3f (%d/%d)\t%d\t%d\t%.3f (%d/%d)\t%.2f\t%.0f\t\n",
			name, f.Personas, f.Precision, f.Correct, f.Stored, f.Recall, f.GoldFound, f.Gold,
			f.CorrectionsApplied, f.Corrected, f.Corrections, f.WrongOwner, f.Duplicates,
			f.FollowUpsAnswered, f.Answered, f.FollowUps, f.CallsPerMessage, f.TokensPerMessage)
	}
	langs := make([]string, 0, len(r.ByLanguage))
	for l := range r.ByLanguage {
		langs = append(langs, l)
	}
	slices.Sort(langs)
	for _, l := range langs {
		row(l, r.ByLanguage[l])
	}
	row("pooled", r.Pooled)
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("write persona report: %w", err)
	}
	for _, p := range r.Personas {
		if len(p.Missed)+len(p.Wrong)+len(p.NotCorrected)+len(p.Unanswered) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s: %d/%d gold, %d/%d follow-ups\n", p.ID, p.GoldFound, p.Gold, p.Answered, p.FollowUps)
		for _, l := range []struct {
			label string
			items []string
		}{{"missed gold", p.Missed}, {"not corrected", p.NotCorrected}, {"wrong owner", p.Wrong}, {"unanswered", p.Unanswered}} {
			for _, it := range l.items {
				fmt.Fprintf(w, "  %s: %s\n", l.label, it)
			}
		}
	}
	return nil
}
