package extract

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
)

// Defaults of a run.
const (
	// DefaultContextMessages is how many earlier messages go with a window
	// as context.
	DefaultContextMessages = 8
	// DefaultPageSize is how many new messages are loaded at a time.
	DefaultPageSize = 200
	// DefaultRescanMessages is how many recent messages a manual pass
	// re-reads when nothing is pending.
	DefaultRescanMessages = 50
	// contextChars bounds the earlier context of one window, in runes.
	contextChars = 1500
	// contextLineRunes bounds one context line, in runes.
	contextLineRunes = 300
	// replyRunes bounds one assistant reply read as context, in runes:
	// enough to know what was asked and answered.
	replyRunes = 200
	// clipSlack is how far back clip looks for a word boundary.
	clipSlack = 30
)

// Options configure a Pipeline.
type Options struct {
	// Conversations holds the captured messages; Memories the memory
	// service that reconciled candidates are written through. Both are
	// required.
	Conversations Conversations
	Memories      Memories
	// Client is the model; nil runs offline (rule-based extraction and
	// reconciliation).
	Client llm.Client
	// Extractor overrides the extractor chosen from Client.
	Extractor Extractor
	Logger    *slog.Logger
	// Clock stamps history entries; nil is the system clock.
	Clock Clock
	// MinConfidence and AggressiveMinConfidence are the confidence
	// thresholds of normal and manual passes (defaults 0.6 and 0.4).
	MinConfidence           float64
	AggressiveMinConfidence float64
	// MaxMemories caps the candidates a model may give per window
	// (default DefaultMaxMemories, 5), keeping the most important and
	// confident; the rules may keep rulesPerLine for each of the person's
	// lines, when that is more.
	MaxMemories int
	// ContextMessages, PageSize and RescanMessages default to the
	// Default* constants.
	ContextMessages int
	PageSize        int
	RescanMessages  int
	// Leases, when set, make a run of a conversation exclusive across the
	// processes sharing the store (lease "extract:<conversation>", held by
	// Holder, which is then required, for LeaseTime, DefaultLeaseTime when
	// 0). A run that finds the lease held returns ErrElsewhere at once.
	// Nil: runs are exclusive within this process only.
	Leases    Leases
	Holder    string
	LeaseTime time.Duration
	// Usage, when set, counts every extraction and reconcile model call
	// for the person it is made for (the window's author, the
	// candidates' owner), at Clock's time.
	Usage UsageRecorder
}

// RunOptions choose how one run behaves.
type RunOptions struct {
	// Aggressive is the manual pass: a lower confidence threshold, and a
	// re-read of recent messages when nothing is pending.
	Aggressive bool
	// SkipMalformed moves past windows whose answers stay malformed
	// instead of stopping there; the scheduler sets it after repeated
	// failures so that one bad window cannot block a conversation forever.
	SkipMalformed bool
}

// Pipeline runs extraction over conversations: from the watermark to the
// newest message, window by window, storing results before it advances the
// watermark. Runs of one conversation are serialised: within the process
// by a lock, across processes by a lease (Options.Leases).
type Pipeline struct {
	store      Conversations
	extractor  Extractor
	reconciler *Reconciler
	log        *slog.Logger
	opts       Options
	convs      keyedLock
}

// NewPipeline returns a pipeline; with no Client it runs offline.
func NewPipeline(opts Options) (*Pipeline, error) {
	if opts.Conversations == nil || opts.Memories == nil {
		return nil, errors.New("new extraction pipeline: conversations and memories are required")
	}
	if opts.Clock == nil {
		opts.Clock = SystemClock{}
	}
	opts.Logger = orDiscard(opts.Logger)
	if opts.MinConfidence <= 0 {
		opts.MinConfidence = DefaultMinConfidence
	}
	if opts.AggressiveMinConfidence <= 0 {
		opts.AggressiveMinConfidence = DefaultAggressiveMinConfidence
	}
	if opts.MaxMemories <= 0 {
		opts.MaxMemories = DefaultMaxMemories
	}
	if opts.ContextMessages <= 0 {
		opts.ContextMessages = DefaultContextMessages
	}
	if opts.PageSize <= 0 {
		opts.PageSize = DefaultPageSize
	}
	if opts.RescanMessages <= 0 {
		opts.RescanMessages = DefaultRescanMessages
	}
	if opts.LeaseTime <= 0 {
		opts.LeaseTime = DefaultLeaseTime
	}
	if opts.Leases != nil && opts.Holder == "" {
		return nil, errors.New("new extraction pipeline: leases need a holder name")
	}
	p := &Pipeline{store: opts.Conversations, extractor: opts.Extractor, log: opts.Logger, opts: opts}
	if p.extractor == nil {
		if opts.Client != nil {
			e, err := NewModelExtractor(opts.Client, opts.Logger)
			if err != nil {
				return nil, fmt.Errorf("new extraction pipeline: %w", err)
			}
			e.usage, e.now = opts.Usage, opts.Clock.Now
			p.extractor = e
		} else {
			p.extractor = RuleExtractor{}
		}
	}
	r, err := NewReconciler(ReconcilerOptions{Memories: opts.Memories, Client: opts.Client,
		Logger: opts.Logger, Now: opts.Clock.Now, Usage: opts.Usage})
	if err != nil {
		return nil, fmt.Errorf("new extraction pipeline: %w", err)
	}
	p.reconciler = r
	return p, nil
}

// Run extracts the conversation's pending messages. The watermark moves
// only past windows whose memories are stored; on a model failure (see
// llm.Retryable) or an answer that stays malformed (ErrMalformed) it stays
// before the failed window and the error is returned, so a later run
// retries exactly what is missing.
//
// With leases, the run takes the conversation's lease before it reads the
// watermark (ErrElsewhere when another replica has it), renews it before
// every model call and checks it before storing each author's memories of
// a window, and moves the watermark past each stored window. A run held
// up past its lease (a hung model call) finds at that check that the lease
// changed hands (its epoch moved) and stops with ErrElsewhere, storing
// nothing: whoever took over started from the watermark, past every
// window this run stored, and may have extracted the rest already.
func (p *Pipeline) Run(ctx context.Context, convID string, opts RunOptions) (res Result, err error) {
	res.ConversationID = convID
	unlock, err := p.convs.lock(ctx, convID)
	if err != nil {
		return res, fmt.Errorf("extract %s: %w", convID, err)
	}
	defer unlock()
	held, err := p.acquire(ctx, convID)
	if err != nil {
		return res, fmt.Errorf("extract %s: %w", convID, err)
	}
	defer p.release(ctx, held)
	conv, err := p.store.Conversation(ctx, convID)
	if err != nil {
		return res, fmt.Errorf("extract %s: %w", convID, err)
	}
	r := &run{p: p, conv: conv, opts: opts, res: &res, lease: held, off: make(map[string]bool),
		subjects: make(map[string][]Subject)}
	defer func() { res.Watermark = r.conv.Watermark }()
	for {
		msgs, err := p.store.Messages(ctx, convID, r.conv.Watermark, p.opts.PageSize)
		if err != nil {
			return res, fmt.Errorf("extract %s: %w", convID, err)
		}
		if len(msgs) == 0 {
			break
		}
		if err := r.page(ctx, msgs, false); err != nil {
			return res, fmt.Errorf("extract %s: %w", convID, err)
		}
		if len(msgs) < p.opts.PageSize {
			break
		}
	}
	if opts.Aggressive && res.Messages == 0 {
		recent, err := p.store.RecentMessages(ctx, convID, p.opts.RescanMessages)
		if err != nil {
			return res, fmt.Errorf("extract %s: %w", convID, err)
		}
		if err := r.page(ctx, recent, true); err != nil {
			return res, fmt.Errorf("extract %s: %w", convID, err)
		}
	}
	return res, nil
}

// advance moves the watermark to seq (never backwards), re-reading the
// conversation when another writer changed it meanwhile.
func (p *Pipeline) advance(ctx context.Context, conv *memory.Conversation, seq int64) error {
	fresh := false
	err := memory.RetryConflict(ctx, memory.ModifyAttempts, func() error {
		if fresh {
			c, err := p.store.Conversation(ctx, conv.ID)
			if err != nil {
				return err
			}
			*conv = c
		}
		fresh = true
		if seq <= conv.Watermark {
			return nil
		}
		next := *conv
		next.Watermark = seq
		if err := p.store.UpdateConversation(ctx, &next); err != nil {
			return err
		}
		*conv = next
		return nil
	})
	if err != nil {
		return fmt.Errorf("advance watermark of %s to %d: %w", conv.ID, seq, err)
	}
	return nil
}
