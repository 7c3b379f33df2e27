package eval

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/text"
)

// conversationRanking is what ranking messages adds to the corpus
// ranking: captured turns have speakers and neighbours, memories do not,
// so these features live with the message unit rather than in recall.
type conversationRanking struct {
	// SpeakerBoost raises the score of turns by a speaker the query names
	// by that fraction; the name itself then counts only at
	// NameTermWeight, since a turn rarely names its own speaker.
	SpeakerBoost   float64
	NameTermWeight float64
	// NeighbourWeight adds that share of the scores of the adjacent turns
	// of the same conversation to a turn's score: an answer is often split
	// between a question and its reply, and a topic spans a few turns.
	// It applies only where two or more people speak (see
	// newMessageSearcher).
	NeighbourWeight float64
	// NeighbourSpan is how many turns on each side lend score, each
	// further one at half the weight of the nearer; 0 means 1.
	NeighbourSpan int
	// NeighbourGap stops that help across a pause longer than it (another
	// session); 0 lets it cross any pause.
	NeighbourGap time.Duration
}

// defaultConversationRanking is the message ranking measured.
func defaultConversationRanking() conversationRanking {
	return conversationRanking{SpeakerBoost: 0.4, NameTermWeight: 0.2, NeighbourWeight: 0.4, NeighbourSpan: 2, NeighbourGap: 3 * time.Hour}
}

// turn is what the message ranking knows of one indexed message.
type turn struct {
	speaker string
	time    time.Time
	// prev and next are the ids of the adjacent turns of its
	// conversation, empty at the ends.
	prev, next string
}

// messageSearcher retrieves a case's messages: the corpus ranks them as
// recall ranks memories, then the conversation features apply.
type messageSearcher struct {
	corpus *recall.Corpus
	conv   conversationRanking
	turns  map[string]turn
	// speakers are the distinct speakers, with the parts of their names a
	// query may mention.
	speakers map[string][]string
}

// messageDoc turns a captured message into a retrievable document,
// identified by its platform id.
func messageDoc(m memory.Message) recall.Doc {
	return recall.Doc{ID: messageID(m), Text: m.Text, Time: m.Time}
}

// messageID is a message's platform id, or its place in the conversation.
func messageID(m memory.Message) string {
	if m.PlatformID != "" {
		return m.PlatformID
	}
	return m.ConversationID + "#" + strconv.FormatInt(m.Seq, 10)
}

// newMessageSearcher indexes a case's messages, through the store when
// one is given (captured, then read back as production reads them). The
// conversation features apply when conversational is true.
func newMessageSearcher(ctx context.Context, c *Case, store memory.Store, opts recall.Options, conversational bool) (*messageSearcher, error) {
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
	s := &messageSearcher{corpus: recall.NewCorpus(opts), turns: make(map[string]turn, len(msgs))}
	if conversational {
		s.conv = defaultConversationRanking()
		s.speakers = make(map[string][]string)
	}
	for _, m := range msgs {
		if err := s.corpus.Add(messageDoc(m)); err != nil {
			return nil, fmt.Errorf("index message %q: %w", m.PlatformID, err)
		}
	}
	s.link(msgs)
	if len(s.speakers) < 2 {
		// With one speaker the turns are a stream of notes, not questions
		// and replies: the adjacent turn is as often about something
		// else, so it lends no score.
		s.conv.NeighbourWeight = 0
	}
	return s, nil
}

// link records each message's speaker and neighbours, in conversation and
// Seq order.
func (s *messageSearcher) link(msgs []memory.Message) {
	sorted := slices.Clone(msgs)
	slices.SortStableFunc(sorted, func(a, b memory.Message) int {
		return cmp.Or(cmp.Compare(a.ConversationID, b.ConversationID), cmp.Compare(a.Seq, b.Seq))
	})
	for i, m := range sorted {
		speaker := m.AuthorName
		if speaker == "" {
			speaker = m.PersonID
		}
		t := turn{speaker: speaker, time: m.Time}
		if i > 0 && sorted[i-1].ConversationID == m.ConversationID {
			t.prev = messageID(sorted[i-1])
		}
		if i+1 < len(sorted) && sorted[i+1].ConversationID == m.ConversationID {
			t.next = messageID(sorted[i+1])
		}
		s.turns[messageID(m)] = t
		if s.speakers != nil && speaker != "" {
			if _, ok := s.speakers[speaker]; !ok {
				s.speakers[speaker] = nameParts(speaker)
			}
		}
	}
}

// nameParts are the words of a speaker's name a query may use for them.
func nameParts(speaker string) []string {
	var parts []string
	for _, p := range text.Words(speaker) {
		if len([]rune(p)) >= 2 && !text.IsStopword(p) {
			parts = append(parts, p)
		}
	}
	return parts
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
	named, names := s.namedSpeakers(q.Text)
	rq := recall.Query{Text: q.Text, Context: q.Context, Limit: k}
	if s.conv.NeighbourWeight > 0 || len(names) > 0 {
		// A turn outside the corpus's top k may still be lifted into it.
		rq.Limit = max(k, s.corpus.Len())
	}
	hits := s.corpus.Search(rq)
	scores := make(map[string]float64, len(hits))
	order := make([]string, len(hits))
	for i, h := range hits {
		order[i] = h.ID
		scores[h.ID] = h.Lexical
	}
	if len(names) > 0 {
		// BM25 adds up over terms and the date boosts multiply the sum,
		// so weighing the name terms at NameTermWeight is mixing the
		// scores with and without them.
		w := s.conv.NameTermWeight
		for id := range scores {
			scores[id] *= w
		}
		sq := rq
		sq.Text = withoutNames(q.Text, names)
		sq.Context = make([]string, len(q.Context))
		for i, c := range q.Context {
			sq.Context[i] = withoutNames(c, names)
		}
		for _, h := range s.corpus.Search(sq) {
			scores[h.ID] += (1 - w) * h.Lexical
		}
	}
	for id, v := range scores {
		if named[s.turns[id].speaker] {
			scores[id] = v * (1 + s.conv.SpeakerBoost)
		}
	}
	final := s.smooth(order, scores)
	ids := make([]string, 0, len(final))
	for id, v := range final {
		if v > 0 {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b string) int {
		return cmp.Or(cmp.Compare(final[b], final[a]), cmp.Compare(a, b))
	})
	if len(ids) > k {
		ids = ids[:k]
	}
	covers := make([][]string, len(ids))
	for i, id := range ids {
		covers[i] = []string{id}
	}
	return covers, nil
}

// namedSpeakers returns the speakers whose name the query names, and the
// name parts it used.
func (s *messageSearcher) namedSpeakers(query string) (map[string]bool, map[string]bool) {
	if s.conv.SpeakerBoost <= 0 || len(s.speakers) == 0 {
		return nil, nil
	}
	words := text.Words(query)
	var named, names map[string]bool
	for sp, parts := range s.speakers {
		for _, p := range parts {
			if slices.Contains(words, p) {
				if named == nil {
					named, names = make(map[string]bool), make(map[string]bool)
				}
				named[sp] = true
				for _, p := range parts {
					names[p] = true
				}
				break
			}
		}
	}
	return named, names
}

// withoutNames drops the whitespace-separated fields of s that hold only
// the given name parts ("Caroline's", "Mel,"), keeping everything else as
// written so that dates and question words are still read.
func withoutNames(s string, names map[string]bool) string {
	fields := strings.Fields(s)
	kept := fields[:0]
	for _, f := range fields {
		ws := text.Words(f)
		only := len(ws) > 0
		for _, w := range ws {
			if !names[w] {
				only = false
				break
			}
		}
		if !only {
			kept = append(kept, f)
		}
	}
	return strings.Join(kept, " ")
}

// smooth returns the scores with a share of each turn's score added to
// its neighbours in the conversation. order lists the scored turns, so
// that the float sums do not depend on map order.
func (s *messageSearcher) smooth(order []string, scores map[string]float64) map[string]float64 {
	nw := s.conv.NeighbourWeight
	if nw <= 0 {
		return scores
	}
	final := make(map[string]float64, 3*len(scores))
	for id, v := range scores {
		final[id] += v
	}
	span := max(1, s.conv.NeighbourSpan)
	for _, id := range order {
		v := scores[id]
		for _, forward := range [2]bool{true, false} {
			w, cur := v*nw, id
			for range span {
				t := s.turns[cur]
				nb := t.prev
				if forward {
					nb = t.next
				}
				if nb == "" || s.gap(t, s.turns[nb]) {
					break
				}
				final[nb] += w
				w /= 2
				cur = nb
			}
		}
	}
	return final
}

// gap reports whether a pause longer than NeighbourGap separates two
// turns.
func (s *messageSearcher) gap(a, b turn) bool {
	g := s.conv.NeighbourGap
	if g <= 0 || a.time.IsZero() || b.time.IsZero() {
		return false
	}
	d := b.time.Sub(a.time)
	return d > g || d < -g
}
