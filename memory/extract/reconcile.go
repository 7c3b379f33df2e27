package extract

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// Action is what reconciliation does with one candidate. There is no
// delete: nothing the model answers can remove a memory.
type Action string

// The reconcile actions of DESIGN §5.
const (
	ActionAdd       Action = "ADD"
	ActionUpdate    Action = "UPDATE"
	ActionSupersede Action = "SUPERSEDE"
	ActionNoop      Action = "NOOP"
	ActionConflict  Action = "CONFLICT"
)

// Thresholds of reconciliation.
const (
	// defaultNeighbours is how many similar memories are fetched per
	// candidate.
	defaultNeighbours = 5
	// relatedOverlap is the content-term overlap above which an existing
	// memory may concern the same thing as a candidate.
	relatedOverlap = 0.5
	// relatedCosine is the vector similarity with the same meaning.
	relatedCosine = 0.7
	// reconcileTemperature keeps decisions close to deterministic.
	reconcileTemperature = 0.0
	reconcileMaxTokens   = 2000
)

// Outcome is what one reconciliation did.
type Outcome struct {
	// Stored are the memories inserted or changed, as stored.
	Stored []memory.Memory
	// Removed are ids that left the active set (superseded).
	Removed []string
	// Counts of what happened to the candidates.
	Added, Updated, Superseded, Conflicts, Duplicates, Noops int
	// Calls counts reconcile model calls; EmbedCalls embedding calls.
	Calls, EmbedCalls int
}

// ReconcilerOptions configure a Reconciler.
type ReconcilerOptions struct {
	// Memories finds similar memories and stores decisions; required.
	Memories Memories
	// Client decides ambiguous cases and embeds texts; nil reconciles
	// with rules only.
	Client llm.Client
	Logger *slog.Logger
	// Now is the clock for history entries; nil uses time.Now.
	Now func() time.Time
	// Usage, when set, counts each reconcile call for the owner of its
	// candidates.
	Usage UsageRecorder
}

// Reconciler merges candidates into an owner's memories.
type Reconciler struct {
	mem     Memories
	client  llm.Client
	prompts *prompts
	log     *slog.Logger
	now     func() time.Time
	usage   UsageRecorder
	tok     text.Tokenizer
	owners  keyedLock
}

// NewReconciler returns a Reconciler.
func NewReconciler(opts ReconcilerOptions) (*Reconciler, error) {
	if opts.Memories == nil {
		return nil, errors.New("new reconciler: no memories")
	}
	r := &Reconciler{mem: opts.Memories, client: opts.Client,
		log: orDiscard(opts.Logger), now: opts.Now, usage: opts.Usage, tok: text.NewTokenizer()}
	if r.now == nil {
		r.now = time.Now
	}
	if r.client != nil {
		p, err := loadPrompts("reconcile", ReconcileSchemaName, "One decision per candidate memory.")
		if err != nil {
			return nil, fmt.Errorf("new reconciler: %w", err)
		}
		r.prompts = p
	}
	return r, nil
}

// work is one candidate on its way through reconciliation.
type work struct {
	cand memory.Memory
	near []memory.Memory
	dec  decision
	// jobs name the town a move leaves (see movedJobs).
	jobs []memory.Memory
	// restated is the memory set aside for review that the candidate says
	// again (see setAsideValue): a superseding candidate retires it too.
	restated *memory.Memory
}

// decision is the verdict on one candidate.
type decision struct {
	action Action
	target *memory.Memory
	// text is the merged text of an UPDATE.
	text   string
	reason string
	// also are further memories a SUPERSEDE ends (rules only).
	also []*memory.Memory
}

// Reconcile decides what each candidate (all owned by owner) means for the
// owner's memories and applies it. Normalised duplicates are dropped and
// unrelated candidates added without a model call; the rest are decided by
// one model call (or the rules when there is no model, or the model's
// answer stays malformed). A model failure aborts before anything is
// written, so the caller can retry the whole batch.
func (r *Reconciler) Reconcile(ctx context.Context, owner string, cands []memory.Memory) (Outcome, error) {
	return r.reconcile(ctx, owner, cands, nil)
}

// reconcile is Reconcile with a check run just before anything is written
// (after every model call): when it fails, nothing is written and its
// error is returned. Extraction checks its lease there.
func (r *Reconciler) reconcile(ctx context.Context, owner string, cands []memory.Memory, beforeWrite func(context.Context) error) (Outcome, error) {
	var out Outcome
	if len(cands) == 0 {
		return out, nil
	}
	unlock, err := r.owners.lock(ctx, owner)
	if err != nil {
		return out, fmt.Errorf("reconcile memories of %s: %w", owner, err)
	}
	defer unlock()

	vecs := r.embed(ctx, textsOf(cands), &out)
	var batch, ask []*work
	for i, c := range cands {
		if c.Owner != owner {
			r.log.Warn("dropped candidate of another owner", "owner", owner, "candidate_owner", c.Owner)
			continue
		}
		if vecs != nil {
			c.Embedding = &memory.Embedding{Model: r.client.EmbeddingModel(), Vector: vecs[i]}
		}
		if duplicateIn(c, batch) {
			out.Duplicates++
			continue
		}
		near, err := r.mem.Similar(ctx, owner, c.Text, c.Subject, vectorOf(c), defaultNeighbours)
		if err != nil {
			return out, fmt.Errorf("reconcile memories of %s: %w", owner, err)
		}
		if kinds := givenUpKinds[givenUpObject(c)]; len(kinds) > 0 && changeMarked(c) {
			// Giving something up ends memories of its kinds that share no
			// word with it ("已戒烟" and "每天抽一盒红塔山").
			more, err := r.mem.Similar(ctx, owner, strings.Join(kinds, " "), "", nil, defaultNeighbours)
			if err != nil {
				return out, fmt.Errorf("reconcile memories of %s: %w", owner, err)
			}
			near = append(near, more...)
		}
		if foods := dietFoodsOf(c); len(foods) > 0 {
			// A diet ends memories that share no word with it ("Does not
			// eat meat" and "Loves steak"): look for them by the foods.
			more, err := r.mem.Similar(ctx, owner, strings.Join(foods, " "), "", nil, defaultNeighbours)
			if err != nil {
				return out, fmt.Errorf("reconcile memories of %s: %w", owner, err)
			}
			near = append(near, more...)
		}
		if q := topicQuery[topicOfMemory(c)]; q != "" && changeMarked(c) {
			// A move ends where the author lived, said in other words
			// ("home is a flat in Leith" before "signed a lease in
			// Portobello"): look for it by the words of its topic.
			more, err := r.mem.Similar(ctx, owner, q, "", nil, defaultNeighbours)
			if err != nil {
				return out, fmt.Errorf("reconcile memories of %s: %w", owner, err)
			}
			near = append(near, more...)
		}
		if v, k := replacedValue(c), otherJobKey(c); v != "" || k != "" {
			// A correction may replace a memory under another key
			// ("其实是阿莫西林过敏" ends "对头孢过敏", a new employer the old
			// occupation): look for it by the value or that key.
			more, err := r.mem.Similar(ctx, owner, v, k, nil, defaultNeighbours)
			if err != nil {
				return out, fmt.Errorf("reconcile memories of %s: %w", owner, err)
			}
			near = append(near, more...)
			if k == subject.Occupation && !hasHan(c.Text) {
				// "I'm a tester at Ledgerly" is kept as who one is.
				if more, err = r.mem.Similar(ctx, owner, v, subject.Identity, nil, defaultNeighbours); err != nil {
					return out, fmt.Errorf("reconcile memories of %s: %w", owner, err)
				}
				near = append(near, more...)
			}
		}
		near = r.related(c, owner, near)
		var restated *memory.Memory
		if dup := duplicateOf(c, near); dup != nil {
			if restated = setAsideValue(c, *dup, near); restated == nil {
				out.Duplicates++
				continue
			}
		}
		jobs, err := r.movedJobs(ctx, owner, c, near)
		if err != nil {
			return out, fmt.Errorf("reconcile memories of %s: %w", owner, err)
		}
		w := &work{cand: c, near: near, dec: decision{action: ActionAdd}, jobs: jobs, restated: restated}
		batch = append(batch, w)
		if len(near) > 0 {
			ask = append(ask, w)
		}
	}
	if len(ask) > 0 {
		calls, err := r.decide(ctx, ask)
		out.Calls += calls
		if err != nil {
			return out, fmt.Errorf("reconcile memories of %s: %w", owner, err)
		}
	}
	for _, w := range batch {
		guard(w, r.log)
		if w.restated != nil && w.dec.action == ActionSupersede && w.dec.target.ID != w.restated.ID {
			w.dec.also = append(w.dec.also, w.restated)
		}
	}
	r.chainInBatch(owner, batch)
	if err := r.apply(ctx, owner, batch, &out, beforeWrite); err != nil {
		return out, fmt.Errorf("reconcile memories of %s: %w", owner, err)
	}
	return out, nil
}

// decide fills in the decisions of candidates that resemble existing
// memories: by one model call, or by the rules.
func (r *Reconciler) decide(ctx context.Context, ask []*work) (int, error) {
	if r.client == nil {
		for _, w := range ask {
			w.dec = ruleDecision(w.cand, w.near, r.tok)
		}
		return 0, nil
	}
	calls, err := r.modelDecide(ctx, ask)
	if errors.Is(err, ErrMalformed) {
		r.log.Warn("reconcile answer stayed malformed; using the rules", "err", err)
		for _, w := range ask {
			w.dec = ruleDecision(w.cand, w.near, r.tok)
		}
		return calls, nil
	}
	return calls, err
}

// related keeps the neighbours that may concern the same thing as c: same
// owner, active or pending, and a shared subject, enough shared content
// words or a close vector.
func (r *Reconciler) related(c memory.Memory, owner string, near []memory.Memory) []memory.Memory {
	ct := contentTerms(r.tok, c.Text)
	var out []memory.Memory
	seen := make(map[string]bool)
	for _, m := range near {
		if m.Owner != owner || seen[m.ID] || m.ID == "" {
			continue
		}
		if m.Status != memory.StatusActive && m.Status != memory.StatusPendingReview {
			continue
		}
		seen[m.ID] = true
		if Normalize(m.Text) == Normalize(c.Text) ||
			sameSubject(c.Subject, m.Subject) ||
			overlap(ct, contentTerms(r.tok, m.Text)) >= relatedOverlap ||
			(m.Embedding != nil && cosine(vectorOf(c), m.Embedding.Vector) >= relatedCosine) ||
			(changeMarked(c) && (endedBy(c, m) || continuesTopic(c, m, ct, r.tok))) {
			out = append(out, m)
		}
	}
	return out
}

// guard enforces what no decision may do: touch a memory that was not
// shown, or merge different numbers.
func guard(w *work, log *slog.Logger) {
	d := &w.dec
	switch d.action {
	case ActionAdd:
		return
	case ActionUpdate, ActionSupersede, ActionNoop, ActionConflict:
	default:
		log.Warn("unknown reconcile action; adding instead", "action", d.action)
		*d = decision{action: ActionAdd, reason: "unknown action"}
		return
	}
	if d.target == nil || !shown(d.target.ID, w.near) {
		log.Warn("reconcile decision names no memory that was shown; adding instead", "action", d.action)
		*d = decision{action: ActionAdd, reason: "invalid target"}
		return
	}
	if !numbersDiffer(w.cand.Text, d.target.Text) {
		return
	}
	switch {
	case d.action == ActionUpdate || d.action == ActionNoop:
		*d = decision{action: ActionAdd, reason: "different numbers are different memories"}
	case d.action == ActionSupersede && !sameSubject(w.cand.Subject, d.target.Subject) && !sameTopic(topicOfMemory(w.cand), *d.target) &&
		!planMovedTo(w.cand, *d.target) && !doseChanged(w.cand, *d.target):
		*d = decision{action: ActionAdd, reason: "different numbers on another subject"}
	}
}

// shown reports whether id is one of the neighbours.
func shown(id string, near []memory.Memory) bool {
	for _, m := range near {
		if m.ID == id {
			return true
		}
	}
	return false
}

// embed returns one vector per text, or nil when there is no embedding
// model or the call failed (memories are then stored without vectors and
// back-filled later).
func (r *Reconciler) embed(ctx context.Context, texts []string, out *Outcome) [][]float32 {
	if r.client == nil || r.client.EmbeddingModel() == "" || len(texts) == 0 {
		return nil
	}
	out.EmbedCalls++
	vecs, err := r.client.Embed(ctx, texts)
	if err != nil || len(vecs) != len(texts) {
		r.log.Warn("embedding failed; storing without vectors", "texts", len(texts), "err", err)
		return nil
	}
	return vecs
}

// vectorOf is a memory's vector, nil when it has none.
func vectorOf(m memory.Memory) []float32 {
	if m.Embedding == nil {
		return nil
	}
	return m.Embedding.Vector
}

// textsOf lists the texts of ms.
func textsOf(ms []memory.Memory) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Text
	}
	return out
}
