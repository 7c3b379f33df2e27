package extract

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/text"
)

// Defaults of the extraction stage.
const (
	// DefaultMaxMemories caps the candidates kept from one window: a
	// window of 500-800 characters of someone's own words rarely holds more
	// than a handful of lasting facts, and fewer, merged memories recall
	// better than many fragments.
	DefaultMaxMemories = 5
	// DefaultMinConfidence drops candidates below it.
	DefaultMinConfidence = 0.6
	// DefaultAggressiveMinConfidence is the threshold of a manual pass.
	DefaultAggressiveMinConfidence = 0.4
	// extractTemperature keeps extraction close to deterministic.
	extractTemperature = 0.1
	// extractMaxTokens bounds one answer (a handful of memories fits
	// comfortably, with room for a model that says more than asked).
	extractMaxTokens = 3000
)

// Extractor turns one Input into candidate memories.
type Extractor interface {
	// Extract returns validated candidates owned by in.Owner. A model
	// failure is returned as is (check llm.Retryable); an answer that stays
	// malformed after one retry is ErrMalformed.
	Extract(ctx context.Context, in Input) (Extraction, error)
}

// ModelExtractor extracts with one structured-output model call per input.
type ModelExtractor struct {
	client  llm.Client
	prompts *prompts
	log     *slog.Logger
	usage   UsageRecorder // nil: calls not recorded per person
	now     func() time.Time
}

var _ Extractor = (*ModelExtractor)(nil)

// NewModelExtractor returns an extractor calling client. A nil logger
// discards.
func NewModelExtractor(client llm.Client, log *slog.Logger) (*ModelExtractor, error) {
	if client == nil {
		return nil, errors.New("new model extractor: no model client")
	}
	p, err := loadPrompts("extract", ExtractSchemaName, "Durable memories about the author of a chat window.")
	if err != nil {
		return nil, fmt.Errorf("new model extractor: %w", err)
	}
	return &ModelExtractor{client: client, prompts: p, log: orDiscard(log), now: time.Now}, nil
}

// extractData is what the extract templates see.
type extractData struct {
	OwnerName   string
	Now         time.Time
	Earlier     []Line
	Window      []Line
	Subjects    []Subject
	MaxMemories int
	Aggressive  bool
}

// Extract asks the model once; a malformed answer is retried once with the
// validation error, then given up as ErrMalformed.
func (e *ModelExtractor) Extract(ctx context.Context, in Input) (Extraction, error) {
	if len(in.sources()) == 0 {
		return Extraction{}, nil
	}
	if in.MaxMemories <= 0 {
		in.MaxMemories = DefaultMaxMemories
	}
	name := in.OwnerName
	if name == "" {
		name = "user"
	}
	msgs, err := e.prompts.render(in.Language, extractData{
		OwnerName: name, Now: in.now(), Earlier: in.Earlier, Window: in.Window, Subjects: promptSubjects(in.Subjects),
		MaxMemories: in.MaxMemories, Aggressive: in.Aggressive,
	})
	if err != nil {
		return Extraction{}, fmt.Errorf("extract memories: %w", err)
	}
	req := llm.Request{
		Purpose:     llm.PurposeExtraction,
		Messages:    msgs,
		Temperature: extractTemperature,
		MaxTokens:   extractMaxTokens,
	}
	log := e.log.With("conversation", in.ConversationID, "owner", in.Owner)
	var out Extraction
	calls, err := structuredCall(ctx, e.client, req, e.prompts.schema, log, func(raw []byte) error {
		var err error
		out, err = decodeExtraction(raw, in, log)
		return err
	}, recordFor(e.usage, e.now, in.Owner, llm.PurposeExtraction))
	out.Calls = calls
	if err != nil {
		return Extraction{Calls: calls}, fmt.Errorf("extract memories: %w", err)
	}
	return out, nil
}

// structuredCall runs a structured-output call and hands the answer to
// decode, which keeps what it needs. A malformed answer (the client's ErrBadResponse or a decode error)
// is retried once, telling the model what was wrong; a second malformed
// answer is ErrMalformed. Other model failures are returned at once.
func structuredCall(ctx context.Context, c llm.Client, req llm.Request, schema llm.Schema, log *slog.Logger, decode func([]byte) error, record func(llm.Request, []byte, llm.Usage)) (int, error) {
	calls := 0
	for attempt := 1; ; attempt++ {
		raw, usage, err := c.JSON(ctx, req, schema)
		calls++
		if record != nil {
			record(req, raw, usage)
		}
		if err == nil {
			err = decode(raw)
		}
		if err == nil {
			return calls, nil
		}
		malformed := errors.Is(err, llm.ErrBadResponse) || errors.Is(err, ErrMalformed)
		if !malformed {
			return calls, err
		}
		log.Warn("model answer does not follow the schema", "schema", schema.Name, "attempt", attempt, "err", err)
		log.Debug("rejected model answer", "schema", schema.Name, "answer", compactJSON(raw))
		if attempt == 2 {
			if errors.Is(err, ErrMalformed) {
				return calls, err
			}
			return calls, fmt.Errorf("%w: %w", ErrMalformed, err)
		}
		retry := req
		retry.Messages = append(append([]llm.Message(nil), req.Messages...), llm.Message{
			Role:    llm.RoleUser,
			Content: fmt.Sprintf("Your previous answer was rejected (%s). Answer again with JSON that follows the %s schema exactly.", text.Truncate(err.Error(), 200), schema.Name),
		})
		req = retry
	}
}

// orDiscard returns log, or a logger that drops everything.
func orDiscard(log *slog.Logger) *slog.Logger {
	if log != nil {
		return log
	}
	return slog.New(slog.DiscardHandler)
}
