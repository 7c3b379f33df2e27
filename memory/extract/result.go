package extract

// Result reports what one extraction run did, for logs, /memories extract
// and the per-100-messages cost figures.
type Result struct {
	ConversationID string `json:"conversation_id"`
	// Messages counts the new messages the run covered.
	Messages int `json:"messages"`
	// Windows counts the windows sent to the extractor (per author).
	Windows int `json:"windows"`
	// Candidates counts validated candidates reaching reconciliation.
	Candidates int `json:"candidates"`
	Added      int `json:"added"`
	Updated    int `json:"updated"`
	Superseded int `json:"superseded"`
	Conflicts  int `json:"conflicts"`
	// Duplicates were dropped without a model call.
	Duplicates int `json:"duplicates"`
	Noops      int `json:"noops"`
	// Rejected candidates failed validation, the confidence threshold or
	// the cap.
	Rejected int `json:"rejected"`
	// ExtractCalls, ReconcileCalls and EmbedCalls count model calls;
	// ModelCalls is their chat part (extract + reconcile).
	ExtractCalls   int `json:"extract_calls"`
	ReconcileCalls int `json:"reconcile_calls"`
	EmbedCalls     int `json:"embed_calls"`
	ModelCalls     int `json:"model_calls"`
	// Watermark is the conversation's watermark after the run.
	Watermark int64 `json:"watermark"`
}

// addOutcome folds one reconciliation into the result.
func (r *Result) addOutcome(o Outcome) {
	r.Added += o.Added
	r.Updated += o.Updated
	r.Superseded += o.Superseded
	r.Conflicts += o.Conflicts
	r.Duplicates += o.Duplicates
	r.Noops += o.Noops
	r.ReconcileCalls += o.Calls
	r.EmbedCalls += o.EmbedCalls
	r.ModelCalls += o.Calls
}

// addExtraction folds one extraction into the result.
func (r *Result) addExtraction(e Extraction) {
	r.Windows++
	r.ExtractCalls += e.Calls
	r.ModelCalls += e.Calls
	r.Rejected += e.Rejected
	r.Candidates += len(e.Memories)
}
