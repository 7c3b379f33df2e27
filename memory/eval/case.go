package eval

import (
	"context"
	"fmt"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
)

// searcher answers one query with the ids each ranked item covers.
type searcher interface {
	search(ctx context.Context, q Query, k int) ([][]string, error)
}

// runCase indexes one case (its extracted memories when ext is not nil),
// asks its queries and scores them.
func runCase(ctx context.Context, c *Case, ext *extracted, unit string, ks []int, opts Options, baseline bool) ([]outcome, []time.Duration, error) {
	var store memory.Store
	if opts.Stores != nil && !baseline && ext == nil {
		s, release, err := opts.Stores.NewStore(ctx, c.ID)
		if err != nil {
			return nil, nil, fmt.Errorf("open store: %w", err)
		}
		defer func() { _ = release() }()
		store = s
	}
	var (
		s   searcher
		err error
	)
	switch {
	case ext != nil:
		s, err = newExtractedSearcher(ctx, ext, opts, baseline)
	case unit == UnitMessages:
		s, err = newMessageSearcher(ctx, c, store, ranking(opts, baseline, recall.DefaultOptions()))
	default:
		s, err = newMemorySearcher(ctx, c, store, opts, baseline)
	}
	if err != nil {
		return nil, nil, err
	}
	k := ks[len(ks)-1]
	outs := make([]outcome, 0, len(c.Queries))
	lats := make([]time.Duration, 0, len(c.Queries))
	for _, q := range c.Queries {
		start := time.Now()
		covers, err := s.search(ctx, q, k)
		lats = append(lats, time.Since(start))
		if err != nil {
			return nil, nil, fmt.Errorf("query %q: %w", q.ID, err)
		}
		o := scoreQuery(covers, q.Evidence, ks)
		o.category = q.Category
		outs = append(outs, o)
	}
	return outs, lats, nil
}

// ranking picks the corpus options of a method.
func ranking(opts Options, baseline bool, def recall.Options) recall.Options {
	switch {
	case baseline:
		return recall.PlainOptions()
	case opts.Ranking != nil:
		return *opts.Ranking
	}
	return def
}

// messageSearcher retrieves a case's messages with a corpus.
type messageSearcher struct {
	corpus *recall.Corpus
}

// newMessageSearcher indexes a case's messages, through the store when
// one is given (captured, then read back as production reads them).
func newMessageSearcher(ctx context.Context, c *Case, store memory.Store, opts recall.Options) (*messageSearcher, error) {
	msgs := make([]memory.Message, 0, len(c.Messages))
	conv := "bench:" + c.ID
	for i, m := range c.Messages {
		msgs = append(msgs, memory.Message{
			ConversationID: conv, Seq: int64(i + 1), PlatformID: m.ID,
			AuthorName: m.Speaker, Role: memory.RoleUser, Text: m.Text, Time: m.Time,
		})
	}
	if store != nil {
		stored, err := roundTripMessages(ctx, store, conv, msgs)
		if err != nil {
			return nil, err
		}
		msgs = stored
	}
	corpus := recall.NewCorpus(opts)
	for _, m := range msgs {
		if err := corpus.Add(recall.MessageDoc(m)); err != nil {
			return nil, fmt.Errorf("index message %q: %w", m.PlatformID, err)
		}
	}
	return &messageSearcher{corpus: corpus}, nil
}

// roundTripMessages captures msgs in store and reads them back.
func roundTripMessages(ctx context.Context, store memory.Store, conv string, msgs []memory.Message) ([]memory.Message, error) {
	if _, err := store.EnsureConversation(ctx, memory.Conversation{ID: conv, Platform: "bench"}); err != nil {
		return nil, fmt.Errorf("create conversation: %w", err)
	}
	for i := range msgs {
		m := msgs[i]
		m.Seq = 0
		if err := store.AppendMessage(ctx, &m); err != nil {
			return nil, fmt.Errorf("capture message %q: %w", m.PlatformID, err)
		}
	}
	var out []memory.Message
	after := int64(0)
	for {
		page, err := store.Messages(ctx, conv, after, 500)
		if err != nil {
			return nil, fmt.Errorf("read messages back: %w", err)
		}
		out = append(out, page...)
		if len(page) < 500 {
			break
		}
		after = page[len(page)-1].Seq
	}
	if len(out) != len(msgs) {
		return nil, fmt.Errorf("store returned %d of %d captured messages", len(out), len(msgs))
	}
	return out, nil
}

// search returns the top k messages, each covering its own id.
func (s *messageSearcher) search(_ context.Context, q Query, k int) ([][]string, error) {
	hits := s.corpus.Search(recall.Query{Text: q.Text, Context: q.Context, Limit: k})
	covers := make([][]string, len(hits))
	for i, h := range hits {
		covers[i] = []string{h.ID}
	}
	return covers, nil
}
