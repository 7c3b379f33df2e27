package service

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
)

// sourcePage and sourceScan bound the reading of a conversation for a
// memory's source messages: messages are read a page at a time from the
// oldest kept, and no more than sourceScan of them.
const (
	sourcePage = 500
	sourceScan = 20_000
)

// SourceMessages returns the captured messages m and its history were
// taken from, as stored (redacted at capture), oldest first: those of the
// memory's owner only, so that a group conversation shows nobody else's
// words. Messages already erased or past retention are simply missing.
// Each conversation is read from its oldest kept message, at most
// sourceScan messages of it.
func (s *Service) SourceMessages(ctx context.Context, m memory.Memory) ([]memory.Message, error) {
	want := map[string]map[string]bool{}
	add := func(conv string, ids []string) {
		if conv == "" || len(ids) == 0 {
			return
		}
		if want[conv] == nil {
			want[conv] = map[string]bool{}
		}
		for _, id := range ids {
			want[conv][id] = true
		}
	}
	add(m.Source.ConversationID, m.Source.MessageIDs)
	for _, v := range m.History {
		add(v.ConversationID, v.MessageIDs)
	}
	var out []memory.Message
	for conv, ids := range want {
		found, err := s.findMessages(ctx, conv, ids, m.Owner)
		if err != nil {
			return nil, wrap("read the source messages of", m.ID, err)
		}
		out = append(out, found...)
	}
	sortMessages(out)
	return out, nil
}

// findMessages reads conversation conv for the messages of author whose
// platform ids are in ids.
func (s *Service) findMessages(ctx context.Context, conv string, ids map[string]bool, author string) ([]memory.Message, error) {
	var out []memory.Message
	left := len(ids)
	var after int64
	for scanned := 0; left > 0 && scanned < sourceScan; {
		page, err := s.store.Messages(ctx, conv, after, sourcePage)
		if err != nil {
			return nil, fmt.Errorf("read conversation %s: %w", conv, err)
		}
		for _, msg := range page {
			if ids[msg.PlatformID] {
				left--
				if msg.PersonID == author {
					out = append(out, msg)
				}
			}
		}
		if len(page) < sourcePage {
			break
		}
		scanned += len(page)
		after = page[len(page)-1].Seq
	}
	return out, nil
}

// sortMessages orders messages by time, then conversation and sequence.
func sortMessages(ms []memory.Message) {
	slices.SortFunc(ms, func(a, b memory.Message) int {
		if c := a.Time.Compare(b.Time); c != 0 {
			return c
		}
		if c := strings.Compare(a.ConversationID, b.ConversationID); c != 0 {
			return c
		}
		return cmp.Compare(a.Seq, b.Seq)
	})
}
