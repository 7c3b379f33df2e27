package bot_test

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/sqlite"
)

// The scripted fake model and the helpers of the pipeline tests.

// Schema names of the two structured calls the pipeline makes.
const (
	extractSchema   = "extract_memories"
	reconcileSchema = "reconcile_memories"
)

var (
	// sourceLineRE finds the owner's citable lines of an extraction prompt:
	// `[m12] <time> | "alice" (author) | "text"`.
	sourceLineRE = regexp.MustCompile(`(?m)^\[(m\d+)\] (.*)$`)
	// authorRE finds whom an extraction prompt is about.
	authorRE = regexp.MustCompile(`(?m)^(?:Author|作者)[:：]\s*("(?:[^"\\]|\\.)*")`)
	// candidateRE and existingRE find the labelled memories of a
	// reconcile prompt.
	candidateRE = regexp.MustCompile(`^(C\d+)[:：]\s*("(?:[^"\\]|\\.)*")`)
	existingRE  = regexp.MustCompile(`^\s+(E\d+)[:：]\s*("(?:[^"\\]|\\.)*")`)
)

// fact is a memory the scripted extractor reports when Key appears in one
// of the owner's own lines; it cites every such line.
type fact struct {
	Key, Text, Subject string
	Type               memory.Type      // fact when empty
	Lifecycle          memory.Lifecycle // fact when empty
	// Event is the event_time, "" for none.
	Event    string
	Keywords []string
}

// answer is the fact as one item of an extract_memories answer.
func (f fact) answer(ids []string) map[string]any {
	typ, life := f.Type, f.Lifecycle
	if typ == "" {
		typ = memory.TypeFact
	}
	if life == "" {
		life = memory.LifecycleFact
	}
	kw := f.Keywords
	if kw == nil {
		kw = []string{f.Key}
	}
	var event any
	if f.Event != "" {
		event = f.Event
	}
	return map[string]any{
		"text": f.Text, "type": typ, "lifecycle": life, "subject": f.Subject,
		"tags": []string{f.Subject}, "keywords": kw, "importance": 0.8, "confidence": 0.95,
		"event_time": event, "expires_at": nil, "source_ids": ids,
	}
}

// promptLine is one labelled line of a prompt.
type promptLine struct{ id, text string }

// extractPrompt is what a scripted extractor reads from a request.
type extractPrompt struct {
	author  string
	sources []promptLine
	all     string
}

func firstUser(req *fakeopenai.ChatRequest) string {
	for _, m := range req.Messages {
		if m.Role == "user" {
			return m.Content
		}
	}
	return ""
}

func unquote(s string) string {
	var out string
	if json.Unmarshal([]byte(s), &out) != nil {
		return ""
	}
	return out
}

func parseExtractPrompt(req *fakeopenai.ChatRequest) extractPrompt {
	user := firstUser(req)
	p := extractPrompt{all: user}
	if m := authorRE.FindStringSubmatch(user); m != nil {
		p.author = unquote(m[1])
	}
	for _, m := range sourceLineRE.FindAllStringSubmatch(user, -1) {
		i := strings.LastIndex(m[2], ` | "`)
		if i < 0 {
			continue
		}
		p.sources = append(p.sources, promptLine{id: m[1], text: unquote(m[2][i+3:])})
	}
	return p
}

// memoriesAnswer is an extract_memories answer holding items.
func memoriesAnswer(items []map[string]any) fakeopenai.Response {
	if items == nil {
		items = []map[string]any{}
	}
	raw, _ := json.Marshal(map[string]any{"memories": items})
	return fakeopenai.Text(string(raw))
}

// extractFacts scripts the extractor: each fact whose key appears in the
// owner's own lines is reported, citing those lines.
func extractFacts(facts ...fact) fakeopenai.ChatHandler {
	return func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		p := parseExtractPrompt(req)
		var out []map[string]any
		for _, f := range facts {
			var ids []string
			for _, s := range p.sources {
				if strings.Contains(s.text, f.Key) {
					ids = append(ids, s.id)
				}
			}
			if len(ids) > 0 {
				out = append(out, f.answer(ids))
			}
		}
		return memoriesAnswer(out)
	}
}

// reconcileCase is one candidate of a reconcile prompt with the existing
// memories shown beside it.
type reconcileCase struct {
	label, text string
	existing    []promptLine
}

// reconcileWith scripts reconciliation: decide returns the action and the
// target label ("" for none) of each candidate.
func reconcileWith(decide func(reconcileCase) (action, target string)) fakeopenai.ChatHandler {
	return func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		var cases []reconcileCase
		for _, line := range strings.Split(firstUser(req), "\n") {
			if m := candidateRE.FindStringSubmatch(line); m != nil {
				cases = append(cases, reconcileCase{label: m[1], text: unquote(m[2])})
			} else if m := existingRE.FindStringSubmatch(line); m != nil && len(cases) > 0 {
				last := &cases[len(cases)-1]
				last.existing = append(last.existing, promptLine{id: m[1], text: unquote(m[2])})
			}
		}
		ds := []map[string]any{}
		for _, c := range cases {
			action, target := decide(c)
			var tgt any
			if target != "" {
				tgt = target
			}
			ds = append(ds, map[string]any{"candidate": c.label, "action": action, "target_id": tgt, "text": nil, "reason": "scripted"})
		}
		raw, _ := json.Marshal(map[string]any{"decisions": ds})
		return fakeopenai.Text(string(raw))
	}
}

// tell sends text as a new message built on base and returns the message
// and the single reply it got.
func tell(t *testing.T, b *bottest.Bot, base bot.Message, text string) (bot.Message, bot.Reply) {
	t.Helper()
	msg := base
	msg.Text, msg.Time = text, time.Now()
	msg.ID = base.ID + "-" + rand.Text()[:10]
	reps := b.Send(t, msg).Replies()
	if len(reps) != 1 {
		t.Fatalf("%q: %d replies, want 1", text, len(reps))
	}
	return msg, reps[0]
}

// extractConv runs extraction of a conversation now, as the stability
// window would.
func extractConv(t *testing.T, b *bottest.Bot, conv string) extract.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := b.Extraction.ExtractNow(ctx, conv, false)
	if err != nil {
		t.Fatalf("extract %s: %v", conv, err)
	}
	return res
}

// storedMemories lists every memory of owner, whatever its status.
func storedMemories(t *testing.T, b *bottest.Bot, owner string) []memory.Memory {
	t.Helper()
	ms, err := b.Store.ListMemories(context.Background(), memory.MemoryQuery{Owner: owner})
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// withText returns the one memory whose text contains s.
func withText(t *testing.T, ms []memory.Memory, s string) memory.Memory {
	t.Helper()
	var found []memory.Memory
	for _, m := range ms {
		if strings.Contains(m.Text, s) {
			found = append(found, m)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d memories mention %q, want 1: %+v", len(found), s, ms)
	}
	return found[0]
}

// memoriesOnDisk lists owner's memories in the data directory of a stopped
// bot, without starting anything that could extract on its own.
func memoriesOnDisk(t *testing.T, dir, owner string) []memory.Memory {
	t.Helper()
	ctx := context.Background()
	s, err := sqlite.Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ms, err := s.ListMemories(ctx, memory.MemoryQuery{Owner: owner})
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

// replyRequests are the model calls that produced chat replies.
func replyRequests(b *bottest.Bot) []fakeopenai.ChatRequest {
	var out []fakeopenai.ChatRequest
	for _, r := range b.Model.ChatRequests() {
		if r.SchemaName == "" && r.Stream {
			out = append(out, r)
		}
	}
	return out
}

// replyTo returns the reply request whose last user message contains text.
func replyTo(t *testing.T, b *bottest.Bot, text string) fakeopenai.ChatRequest {
	t.Helper()
	reqs := replyRequests(b)
	for i := len(reqs) - 1; i >= 0; i-- {
		if strings.Contains(reqs[i].LastUser(), text) {
			return reqs[i]
		}
	}
	t.Fatalf("no reply request for %q", text)
	return fakeopenai.ChatRequest{}
}

// requestText is everything a request showed the model.
func requestText(r fakeopenai.ChatRequest) string {
	var b strings.Builder
	for _, m := range r.Messages {
		b.WriteString(m.Content + "\n")
	}
	return b.String()
}
