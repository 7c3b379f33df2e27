package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/membot/membot/internal/app"
	"github.com/membot/membot/internal/importer"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/preprocess"
	"github.com/membot/membot/memory/text"
)

// importBatch is how many messages are captured before the conversation
// is extracted: what an interruption can leave captured but not yet
// extracted (the next run extracts it), and what is held in memory.
const importBatch = 500

// importPlatform is the platform of imported conversations.
const importPlatform = "import"

// importRun is one `membot import`.
type importRun struct {
	flags    importFlags
	env      Env
	app      *app.App // nil for a dry run
	person   memory.Person
	model    bool // a model is configured
	now      func() time.Time
	sum      *importSummary
	progress *progress
	format   importer.Format
	// conv is the conversation being read, batch its messages not yet
	// captured.
	conv  string
	title string
	batch []memory.Message
	// lastSeq is the newest sequence known in each conversation: a
	// message captured at or below it was there already.
	lastSeq map[string]int64
	// marks hold, per conversation, the time of the newest message an
	// earlier import extracted (read when the conversation starts);
	// batchMark is the newest time the export gave in the batch.
	marks     map[string]time.Time
	batchMark time.Time
	stored    map[string]time.Time
	lastTime  time.Time
	selfSeen  bool
	dry       dryRun
	// extractor extracts captured batches beside the capture of the
	// next ones; mu guards sum between the two.
	extractor *extractWorker
	mu        sync.Mutex
	// afterFlush, when set, runs after each batch (tests interrupt
	// imports with it).
	afterFlush func()
}

// importSummary is what an import did.
type importSummary struct {
	DryRun bool `json:"dry_run"`
	Files  int  `json:"files"`
	// Messages were read; Own are the person's, Others the other side's.
	Messages int `json:"messages"`
	Own      int `json:"own"`
	Others   int `json:"others"`
	// NoText had nothing to read (media, stickers, calls); Noise were the
	// person's messages too slight to remember ("ok", "thanks").
	NoText int `json:"skipped_no_text"`
	Noise  int `json:"skipped_noise"`
	// Already were captured by an earlier import (or repeated in the
	// export); Future had a time after the import, taken as now.
	Already       int `json:"already_imported"`
	Future        int `json:"future_timestamps"`
	Conversations int `json:"conversations"`
	Windows       int `json:"windows"`
	Added         int `json:"added"`
	Updated       int `json:"updated"`
	Superseded    int `json:"superseded"`
	Conflicts     int `json:"conflicts"`
	ModelCalls    int `json:"model_calls"`
	// Tokens are prompt and completion tokens spent (estimated for a dry
	// run).
	Tokens int64 `json:"tokens"`
	// EmbedCalls are embedding requests.
	EmbedCalls int `json:"embed_calls,omitempty"`
	// Plan is the dry run's view per conversation.
	Plan []planRow `json:"plan,omitempty"`
}

// message takes one message of the export.
func (r *importRun) message(ctx context.Context, m importer.Message) error {
	r.sum.Messages++
	if m.NoText {
		r.sum.NoText++
		return nil
	}
	// A full batch is cut before a message of a later time than its
	// newest, never between two of the same time: the mark of earlier
	// imports (see enter) counts a message at its time as imported.
	if len(r.batch) >= importBatch && !m.Time.Equal(r.batchMark) {
		if err := r.flush(ctx); err != nil {
			return err
		}
	}
	conv := importPlatform + ":" + r.person.ID + ":" + string(r.format) + ":" + m.Conversation
	if conv != r.conv {
		if err := r.flush(ctx); err != nil {
			return err
		}
		r.conv, r.title = conv, m.Title
		r.sum.Conversations++
		if err := r.enter(ctx, conv, m.Time); err != nil {
			return err
		}
	}
	cleaned, noise, _ := preprocess.Clean(m.Text)
	if m.Self {
		r.sum.Own++
		r.selfSeen = true
		if noise {
			r.sum.Noise++
		}
	} else {
		r.sum.Others++
	}
	if mark, ok := r.marks[conv]; ok && !m.Time.IsZero() && !m.Time.After(mark) {
		// Extracted by an earlier import (its message may since have
		// gone with the retention of captured messages).
		r.sum.Already++
		return nil
	}
	t, said := m.Time, true
	switch now := r.now(); {
	case t.IsZero() && r.lastTime.IsZero():
		t, said = now, false
	case t.IsZero():
		t, said = r.lastTime, false
	case t.After(now):
		r.sum.Future++
		t, said = now, false
	}
	r.lastTime = t
	if said && t.After(r.batchMark) {
		r.batchMark = t
	}
	msg := memory.Message{
		ConversationID: conv,
		PlatformID:     "import:" + string(r.format) + ":" + m.Conversation + ":" + m.ID,
		AuthorName:     authorOf(m),
		Role:           memory.RoleUser,
		Text:           text.Truncate(cleaned, maxImportRunes),
		Time:           t.UTC(),
	}
	switch {
	case m.Assistant:
		msg.Role = memory.RoleAssistant
	case m.Self:
		msg.PersonID = r.person.ID
		if r.person.DisplayName != "" {
			msg.AuthorName = r.person.DisplayName
		}
	}
	r.batch = append(r.batch, msg)
	return nil
}

// maxImportRunes bounds one imported message (a pasted book stays a
// message, not a store error).
const maxImportRunes = 64 << 10

// authorOf is how an author is named in the store, redacted as the chat
// redacts display names.
func authorOf(m importer.Message) string {
	name := m.Author
	if name == "" {
		name = m.AuthorID
	}
	cleaned, _, _ := preprocess.Clean(name)
	return text.Truncate(cleaned, 64)
}

// flush captures the batch and extracts the conversation, or, for a dry
// run, adds its windows to the plan.
func (r *importRun) flush(ctx context.Context) error {
	if len(r.batch) == 0 {
		return nil
	}
	batch := r.batch
	r.batch = r.batch[:0]
	if r.app == nil {
		r.dry.add(r, batch)
	} else if err := r.capture(ctx, batch); err != nil {
		return err
	}
	r.mu.Lock()
	snap := *r.sum
	r.mu.Unlock()
	r.progress.messages(&snap)
	if r.afterFlush != nil {
		r.afterFlush()
	}
	return nil
}

// capture stores a batch of one conversation and runs its extraction:
// what is captured stays (the next run extracts what this one did not).
func (r *importRun) capture(ctx context.Context, batch []memory.Message) error {
	conv := batch[0].ConversationID
	if err := r.app.AppendMessages(ctx, batch); err != nil {
		return fmt.Errorf("capture: %w", err)
	}
	already := 0
	for i := range batch {
		m := &batch[i]
		if m.Seq <= r.lastSeq[conv] {
			already++
			continue
		}
		r.lastSeq[conv] = m.Seq
	}
	r.mu.Lock()
	r.sum.Already += already
	r.mu.Unlock()
	mark := r.batchMark
	r.batchMark = time.Time{}
	return r.extractor.queue(ctx, extractJob{conv: conv, mark: mark})
}

// enter opens a conversation of the export: in the store (created on
// first sight), with its newest sequence and the mark of earlier imports.
func (r *importRun) enter(ctx context.Context, conv string, first time.Time) error {
	if r.app == nil {
		return nil
	}
	if r.lastSeq == nil {
		r.lastSeq, r.marks = map[string]int64{}, map[string]time.Time{}
	}
	if _, known := r.lastSeq[conv]; known {
		return nil
	}
	if first.IsZero() {
		first = r.now()
	}
	_, err := r.app.Store.EnsureConversation(ctx, memory.Conversation{ID: conv, Platform: importPlatform, IsDM: true,
		CreatedAt: first, UpdatedAt: first})
	if err != nil {
		return fmt.Errorf("open conversation: %w", err)
	}
	recent, err := r.app.Store.RecentMessages(ctx, conv, 1)
	if err != nil {
		return fmt.Errorf("read conversation: %w", err)
	}
	r.lastSeq[conv] = 0
	if len(recent) > 0 {
		r.lastSeq[conv] = recent[0].Seq
	}
	v, err := r.app.Store.Setting(ctx, markKey(conv))
	switch {
	case errors.Is(err, memory.ErrNotFound):
	case err != nil:
		return fmt.Errorf("read import mark: %w", err)
	default:
		if t, perr := time.Parse(time.RFC3339Nano, v); perr == nil {
			r.marks[conv] = t
		}
	}
	return nil
}

// mark records, once a batch is extracted, the newest time it held.
func (r *importRun) mark(ctx context.Context, conv string, t time.Time) error {
	prev := r.stored[conv]
	if m := r.marks[conv]; m.After(prev) {
		prev = m
	}
	if t.IsZero() || !t.After(prev) {
		return nil
	}
	if err := r.app.Store.PutSetting(ctx, markKey(conv), t.UTC().Format(time.RFC3339Nano), time.Time{}); err != nil {
		return fmt.Errorf("record import mark: %w", err)
	}
	if r.stored == nil {
		r.stored = map[string]time.Time{}
	}
	r.stored[conv] = t
	return nil
}

// markKey is the setting holding a conversation's import mark.
func markKey(conv string) string {
	sum := sha256.Sum256([]byte(conv))
	return "import-mark:" + hex.EncodeToString(sum[:16])
}

// finishCosts reads the tokens the model spent from the app's meter.
func (r *importRun) finishCosts() {
	var tokens int64
	for p, c := range r.app.Meter.Snapshot() {
		if p != llm.PurposeReply {
			tokens += c.PromptTokens + c.CompletionTokens
		}
	}
	r.sum.Tokens = tokens
}
