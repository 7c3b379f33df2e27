package extract

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/membot/membot/internal/lease"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
	"github.com/membot/membot/memory/text"
)

// maxMessageRunes bounds how much of one message is read for extraction: a
// 100 KB paste must not become a hundred model calls.
const maxMessageRunes = 4000

// run is the state of one Pipeline.Run.
type run struct {
	p    *Pipeline
	conv memory.Conversation
	opts RunOptions
	res  *Result
	// lease is the run's hold on its conversation; nil without leases.
	lease *lease.Lease
	// off caches which authors have memory turned off.
	off map[string]bool
	// subjects caches each owner's subjects for the model (see
	// ownerSubjects).
	subjects map[string][]Subject
}

// prepared is one captured message ready for windowing.
type prepared struct {
	msg  memory.Message
	text string
	// quoted is true when the message holds only borrowed content.
	quoted bool
}

// page extracts one page of messages. For a rescan (a manual pass over
// already-extracted messages) the watermark is left alone.
func (r *run) page(ctx context.Context, msgs []memory.Message, rescan bool) error {
	if len(msgs) == 0 {
		return nil
	}
	history, err := r.earlier(ctx, msgs[0].Seq)
	if err != nil {
		return err
	}
	byKey := make(map[string]prepared, len(msgs))
	items := make([]preprocess.Item, 0, len(msgs))
	for _, m := range msgs {
		pm, ok, err := r.prepare(ctx, m)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		key := strconv.FormatInt(m.Seq, 10)
		byKey[key] = pm
		items = append(items, preprocess.Item{ID: key, Author: authorKey(m), Text: pm.text, Time: m.Time})
	}
	r.res.Messages += len(msgs)
	merged := r.p.lines(items)
	// Windows are sized on what people said: the assistant's replies go
	// along clipped, as context, and do not count, so long replies do not
	// multiply the calls.
	windows := preprocess.SegmentCounted(merged, preprocess.DefaultMinChars, preprocess.DefaultMaxChars, preprocess.DefaultOverlap,
		func(m preprocess.Merged) bool { return m.Author != botAuthor })
	for _, w := range windows {
		lines := windowLines(w, byKey)
		err := r.window(ctx, history, lines)
		switch {
		case err == nil:
		case errors.Is(err, ErrMalformed) && r.opts.SkipMalformed:
			r.p.log.Error("skipping a window whose model answer stays malformed", "conversation", r.conv.ID, "err", err)
		default:
			if !rescan {
				if aerr := r.p.advance(ctx, &r.conv, firstNewSeq(w)-1); aerr != nil {
					r.p.log.Warn("could not record partial progress", "conversation", r.conv.ID, "err", aerr)
				}
			}
			return err
		}
		history = append(history, contextOnly(lines[min(w.Overlap, len(lines)):])...)
		if r.lease != nil && !rescan {
			// A replica taking over from this one, should it hang, starts
			// after what it stored.
			if err := r.p.advance(ctx, &r.conv, lastNewSeq(w)); err != nil {
				return err
			}
		}
	}
	if rescan {
		return nil
	}
	return r.p.advance(ctx, &r.conv, msgs[len(msgs)-1].Seq)
}

// window runs one extraction per author with new messages in the window,
// and reconciles and stores each author's candidates.
func (r *run) window(ctx context.Context, history, lines []Line) error {
	var owners []string
	for _, l := range lines {
		if l.Source && !slices.Contains(owners, l.PersonID) {
			owners = append(owners, l.PersonID)
		}
	}
	for _, owner := range owners {
		if err := r.keep(ctx); err != nil {
			return err
		}
		in := r.input(owner, history, lines)
		in.Subjects = r.correctedSubjects(ctx, owner, in.Window, r.ownerSubjects(ctx, owner))
		ext, err := r.p.extractor.Extract(ctx, in)
		if _, rules := r.p.extractor.(RuleExtractor); rules && err == nil {
			n := len(ext.Memories)
			ext.Memories = dropExpired(ext.Memories, r.p.opts.Clock.Now())
			ext.Rejected += n - len(ext.Memories)
		}
		r.res.addExtraction(ext)
		if err != nil {
			return err
		}
		if len(ext.Memories) == 0 {
			continue
		}
		out, err := r.p.reconciler.reconcile(ctx, owner, ext.Memories, r.keep)
		r.res.addOutcome(out)
		if err != nil {
			return err
		}
		r.noteSubjects(owner, ext.Memories)
	}
	return nil
}

// input builds the extraction input of one owner: their new lines are
// sources (with ids), everything else is context.
func (r *run) input(owner string, history, lines []Line) Input {
	in := Input{
		ConversationID: r.conv.ID,
		Platform:       r.conv.Platform,
		Owner:          owner,
		Language:       r.conv.Language,
		Earlier:        lastLines(history, r.p.opts.ContextMessages, contextChars),
		MinConfidence:  r.p.opts.MinConfidence,
		MaxMemories:    r.p.opts.MaxMemories,
		Aggressive:     r.opts.Aggressive,
	}
	if r.opts.Aggressive {
		in.MinConfidence = r.p.opts.AggressiveMinConfidence
	}
	var own strings.Builder
	for _, l := range lines {
		l.Source = l.Source && l.PersonID == owner
		if l.Source {
			in.OwnerName = l.Author
			own.WriteString(l.Text)
			own.WriteByte('\n')
		} else {
			l.ID = ""
			if l.Role == memory.RoleUser && l.PersonID != owner && l.Author != "" && !slices.Contains(in.Others, l.Author) {
				in.Others = append(in.Others, l.Author)
			}
		}
		in.Window = append(in.Window, l)
	}
	// People who spoke before this window (already extracted) are still
	// "someone else": what the owner says about them is not the owner's.
	for _, l := range in.Earlier {
		if l.Role == memory.RoleUser && l.PersonID != owner && l.Author != "" && !slices.Contains(in.Others, l.Author) {
			in.Others = append(in.Others, l.Author)
		}
	}
	if in.Language == "" {
		in.Language = preprocess.DetectLanguage(own.String())
	}
	if in.Language != "zh" {
		in.Language = "en"
	}
	return in
}

// prepare filters and cleans one message: people with memory off and
// noise are left out; the bot's own memory block is stripped; borrowed
// content is marked.
func (r *run) prepare(ctx context.Context, m memory.Message) (prepared, bool, error) {
	if m.Role == memory.RoleUser && m.PersonID != "" {
		off, err := r.memoryOff(ctx, m.PersonID)
		if err != nil {
			return prepared{}, false, err
		}
		if off {
			return prepared{}, false, nil
		}
	}
	body := text.Truncate(strings.ToValidUTF8(preprocess.StripMemoryBlock(m.Text), "\uFFFD"), maxMessageRunes)
	if m.Role != memory.RoleUser {
		// Only the start of a reply is read: it alone is checked for
		// noise (a long answer costs no more than a short one).
		body = clip(body, replyRunes)
	}
	if noise, _ := preprocess.IsNoise(body); noise {
		return prepared{}, false, nil
	}
	if m.Role != memory.RoleUser {
		return prepared{msg: m, text: body, quoted: true}, true, nil
	}
	marked := preprocess.MarkQuotes(body)
	return prepared{msg: m, text: marked.Text, quoted: marked.AllQuoted}, true, nil
}

// memoryOff reports whether a person turned memory off.
func (r *run) memoryOff(ctx context.Context, personID string) (bool, error) {
	if off, ok := r.off[personID]; ok {
		return off, nil
	}
	p, err := r.p.store.Person(ctx, personID)
	switch {
	case errors.Is(err, memory.ErrNotFound):
		r.off[personID] = false
	case err != nil:
		return false, fmt.Errorf("load person %s: %w", personID, err)
	default:
		r.off[personID] = p.MemoryOff
	}
	return r.off[personID], nil
}

// earlier loads the context before seq: already-extracted messages.
func (r *run) earlier(ctx context.Context, seq int64) ([]Line, error) {
	n := int64(r.p.opts.ContextMessages)
	msgs, err := r.p.store.Messages(ctx, r.conv.ID, max(0, seq-1-n), int(n))
	if err != nil {
		return nil, fmt.Errorf("load context of %s: %w", r.conv.ID, err)
	}
	var out []Line
	for _, m := range msgs {
		if m.Seq >= seq {
			break
		}
		pm, ok, err := r.prepare(ctx, m)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, Line{MessageIDs: []string{messageID(m)}, PersonID: m.PersonID, Author: authorName(m),
				Role: m.Role, Text: text.Truncate(pm.text, contextLineRunes), Time: m.Time})
		}
	}
	return out, nil
}

// windowLines turns a window's parts into lines; parts repeated from the
// previous window (its overlap) and borrowed or bot content are context.
func windowLines(w preprocess.Window, byKey map[string]prepared) []Line {
	lines := make([]Line, 0, len(w.Parts))
	for i, part := range w.Parts {
		if len(part.IDs) == 0 {
			continue
		}
		first, ok := byKey[part.IDs[0]]
		if !ok {
			continue
		}
		l := Line{ID: "m" + part.IDs[0], PersonID: first.msg.PersonID, Author: authorName(first.msg),
			Role: first.msg.Role, Text: part.Text, Time: first.msg.Time}
		allQuoted := true
		for _, key := range part.IDs {
			pm := byKey[key]
			l.MessageIDs = append(l.MessageIDs, messageID(pm.msg))
			allQuoted = allQuoted && pm.quoted
		}
		l.Source = i >= w.Overlap && l.Role == memory.RoleUser && l.PersonID != "" && !allQuoted && strings.TrimSpace(l.Text) != ""
		lines = append(lines, l)
	}
	return lines
}

// lines turns messages into the units an extractor reads. A model reads
// one author's quick consecutive messages merged into one line, the way
// people split a thought; the rules read each message on its own, so that a
// memory cites exactly the message it came from (provenance, and what
// "/memories forget" erases).
func (p *Pipeline) lines(items []preprocess.Item) []preprocess.Merged {
	if _, rules := p.extractor.(RuleExtractor); !rules {
		return preprocess.Merge(items, preprocess.DefaultMergeWindow, preprocess.DefaultMergeMaxLen)
	}
	out := make([]preprocess.Merged, len(items))
	for i, it := range items {
		out[i] = preprocess.Merged{IDs: []string{it.ID}, Author: it.Author, Text: it.Text, Time: it.Time, End: it.Time}
	}
	return out
}

// firstNewSeq is the sequence of the first message a window brought in
// (not repeated from the previous window).
func firstNewSeq(w preprocess.Window) int64 {
	for _, part := range w.Parts[min(w.Overlap, len(w.Parts)):] {
		for _, key := range part.IDs {
			if seq, err := strconv.ParseInt(key, 10, 64); err == nil {
				return seq
			}
		}
	}
	return 0
}

// contextOnly strips source marks, for lines carried to later windows.
func contextOnly(lines []Line) []Line {
	out := make([]Line, len(lines))
	for i, l := range lines {
		l.ID, l.Source = "", false
		l.Text = text.Truncate(l.Text, contextLineRunes)
		out[i] = l
	}
	return out
}

// clip shortens s to at most n runes, at a word boundary when one is
// near, marking the cut with "…".
func clip(s string, n int) string {
	if len([]rune(s)) <= n {
		return s
	}
	r := []rune(text.Truncate(s, n-1))
	for i := len(r) - 1; i > 0 && i > len(r)-clipSlack; i-- {
		if unicode.IsSpace(r[i]) {
			r = r[:i]
			break
		}
	}
	return strings.TrimRightFunc(string(r), unicode.IsSpace) + "…"
}

// lastLines keeps the newest lines within n lines and chars runes.
func lastLines(lines []Line, n, chars int) []Line {
	start, used := len(lines), 0
	for start > 0 && len(lines)-start < n {
		c := len([]rune(lines[start-1].Text))
		if used+c > chars && start < len(lines) {
			break
		}
		used += c
		start--
	}
	return lines[start:]
}

// botAuthor is the merge key of the assistant's messages.
const botAuthor = "bot"

// authorKey groups messages by author for merging.
func authorKey(m memory.Message) string {
	if m.Role != memory.RoleUser {
		return botAuthor
	}
	return "person:" + m.PersonID
}

// authorName is how a message's author appears to the model.
func authorName(m memory.Message) string {
	switch {
	case m.Role != memory.RoleUser:
		return "assistant"
	case m.AuthorName != "":
		return m.AuthorName
	case m.PersonID != "":
		return m.PersonID
	}
	return "user"
}

// messageID is the provenance id of a message: its platform id, or its
// sequence when the platform gave none.
func messageID(m memory.Message) string {
	if m.PlatformID != "" {
		return m.PlatformID
	}
	return "seq:" + strconv.FormatInt(m.Seq, 10)
}
