package extract

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/text"
)

// reconcileData is what the reconcile templates see.
type reconcileData struct {
	Items []reconcileItem
}

// reconcileItem is one candidate with the memories it resembles.
type reconcileItem struct {
	Label, Text, Type, Subject string
	Time                       time.Time
	Existing                   []existingItem
}

// existingItem is one existing memory as the model sees it.
type existingItem struct {
	Label, Text, Type, Subject string
	Time                       time.Time
}

// rawDecision is one item of the reconcile_memories schema.
type rawDecision struct {
	Candidate string  `json:"candidate"`
	Action    string  `json:"action"`
	TargetID  *string `json:"target_id"`
	Text      *string `json:"text"`
	Reason    string  `json:"reason"`
}

// rawDecisions is the whole reconcile_memories answer.
type rawDecisions struct {
	Decisions *[]rawDecision `json:"decisions"`
}

// modelDecide asks the model for the decisions of ask. Existing memories
// are shown under short labels (E1, E2, …) so that a target can only be
// one of them. Candidates the answer leaves out are asked about once more,
// then decided by undecided.
func (r *Reconciler) modelDecide(ctx context.Context, ask []*work) (int, error) {
	return r.modelDecideOnce(ctx, ask, false)
}

// modelDecideOnce asks for the decisions of ask; retried tells whether
// this is the second question for candidates the first answer left out.
func (r *Reconciler) modelDecideOnce(ctx context.Context, ask []*work, retried bool) (int, error) {
	labels := make(map[string]*memory.Memory)
	byID := make(map[string]string)
	cands := make(map[string]*work)
	var data reconcileData
	lang := "en"
	for i, w := range ask {
		item := reconcileItem{Label: fmt.Sprintf("C%d", i+1), Text: w.cand.Text, Type: string(w.cand.Type),
			Subject: w.cand.Subject, Time: w.cand.Source.Time}
		cands[item.Label] = w
		if hasHan(w.cand.Text) {
			lang = "zh"
		}
		for j := range w.near {
			m := &w.near[j]
			label, ok := byID[m.ID]
			if !ok {
				label = fmt.Sprintf("E%d", len(byID)+1)
				byID[m.ID] = label
				labels[label] = m
			}
			item.Existing = append(item.Existing, existingItem{Label: label, Text: m.Text, Type: string(m.Type),
				Subject: m.Subject, Time: m.CreatedAt})
		}
		data.Items = append(data.Items, item)
	}
	msgs, err := r.prompts.render(lang, data)
	if err != nil {
		return 0, err
	}
	req := llm.Request{Purpose: llm.PurposeReconcile, Messages: msgs, Temperature: reconcileTemperature, MaxTokens: reconcileMaxTokens}
	var decided map[*work]decision
	calls, err := structuredCall(ctx, r.client, req, r.prompts.schema, r.log, func(raw []byte) error {
		var err error
		decided, err = decodeDecisions(raw, cands, labels)
		return err
	}, recordFor(r.usage, r.now, ask[0].cand.Owner, llm.PurposeReconcile))
	if err != nil {
		return calls, err
	}
	var missing []*work
	for _, w := range ask {
		d, ok := decided[w]
		if !ok {
			missing = append(missing, w)
			continue
		}
		w.dec = d
	}
	if len(missing) == 0 {
		return calls, nil
	}
	if !retried {
		r.log.Warn("reconcile answer has no decision for some candidates; asking again", "missing", len(missing))
		more, err := r.modelDecideOnce(ctx, missing, true)
		return calls + more, err
	}
	for _, w := range missing {
		w.dec = undecided(w, r.tok)
		r.log.Warn("reconcile answer has no decision for a candidate; using the rules", "action", w.dec.action, "text", text.Truncate(w.cand.Text, 60))
	}
	return calls, nil
}

// undecided is the decision on a candidate the model left out twice: the
// rules' decision, or — when they would add it beside the similar memories
// the model was shown — a conflict left for review, never a silent ADD.
func undecided(w *work, tok text.Tokenizer) decision {
	d := ruleDecision(w.cand, w.near, tok)
	if d.action != ActionAdd || len(w.near) == 0 {
		return d
	}
	return decision{action: ActionConflict, target: &w.near[0], reason: "no decision from the model"}
}

// decodeDecisions parses a reconcile_memories answer. Entries naming an
// unknown candidate are ignored, a second decision for one candidate is
// ignored, and an unknown target becomes an ADD (guard logs it).
func decodeDecisions(raw []byte, cands map[string]*work, labels map[string]*memory.Memory) (map[*work]decision, error) {
	if len(raw) > maxAnswerBytes {
		return nil, fmt.Errorf("%w: answer is %d bytes", ErrMalformed, len(raw))
	}
	var ans rawDecisions
	if err := json.Unmarshal(raw, &ans); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	if ans.Decisions == nil {
		return nil, fmt.Errorf("%w: no decisions array", ErrMalformed)
	}
	out := make(map[*work]decision)
	for _, rd := range *ans.Decisions {
		w, ok := cands[strings.TrimSpace(rd.Candidate)]
		if !ok {
			continue
		}
		if _, dup := out[w]; dup {
			continue
		}
		d := decision{action: Action(strings.ToUpper(strings.TrimSpace(rd.Action))), reason: text.Truncate(cleanText(rd.Reason), 200)}
		if rd.TargetID != nil {
			if m, ok := labels[strings.TrimSpace(*rd.TargetID)]; ok {
				d.target = m
			}
		}
		if rd.Text != nil {
			d.text = cleanText(*rd.Text)
		}
		out[w] = d
	}
	return out, nil
}
