package extract_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory/extract"
	"github.com/membot/membot/memory/llm"
)

// scriptLines is a day of chat with an assistant, in both languages:
// statements worth remembering, repeats and changes of mind, one-off
// requests, questions and fillers.
var scriptLines = []string{
	"I'm a backend developer and I mostly write Go",
	"can you explain how context cancellation works?",
	"ok thanks",
	"I prefer tabs over spaces, always have",
	"translate this into French: the meeting is moved to Monday",
	"我住在上海，在一家游戏公司工作",
	"帮我写一段周报的开头",
	"I'm flying to Tokyo next Friday for a conference",
	"what's the weather like in Tokyo in March?",
	"我喜欢极简设计风格",
	"哈哈",
	"I have a cat named Miso",
	"how do I write a table-driven test?",
	"I mostly write Go, and some TypeScript for the frontend",
	"我现在不喜欢极简了，更喜欢复古风格",
	"remember that my sister's birthday is May 3",
	"fix the typo in this sentence: teh cat",
	"I've been learning Japanese for a year",
	"好的",
	"I don't drink coffee anymore, only green tea",
	"我下周五要交季度报告",
	"can you summarise this article for me?",
	"I prefer tabs over spaces",
	"我对花生过敏",
	"lol",
}

// statement matches a script line that says something about its author.
var statement = regexp.MustCompile(`(?i)\bI\b|\bI'm\b|\bI've\b|\bmy\b|我`)

// costReport is the model use of one scripted conversation.
type costReport struct {
	userMessages int
	counts       map[llm.Purpose]llm.Counts
	result       extract.Result
}

// shortReply is a reply of a sentence or two.
func shortReply(i int) string {
	return fmt.Sprintf("Here is a helpful answer number %d, with a few sentences of explanation so that the reply is about as long as a real one would be.", i)
}

// longReply is a reply of about 650 characters, the length assistants
// usually answer with.
func longReply(i int) string {
	return fmt.Sprintf("Here is a detailed answer number %d. ", i) + strings.Repeat("It walks through the question step by step, gives an example and a caveat, and ends with a suggestion. ", 6)
}

// runScript replays 100 user messages (each followed by a bot reply) and
// extracts after every burst of 10, the way the stability window groups
// them. The fake model returns up to three memories per call, one per
// statement, worded as the statement itself.
func runScript(tb testing.TB, reply func(int) string) costReport {
	tb.Helper()
	e := newEnv(tb, envConfig{embedding: true})
	e.srv.OnSchema(extract.ExtractSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		var ms []map[string]any
		for _, m := range sourceLine.FindAllStringSubmatch(firstUser(req), -1) {
			text := m[0][strings.LastIndex(m[0], `| "`)+3 : len(m[0])-1]
			if !statement.MatchString(text) || strings.HasSuffix(text, "?") || len(ms) == 3 {
				continue
			}
			ms = append(ms, mem(text, "fact", "fact", strings.Fields(text)[0], m[1]))
		}
		return memoriesAnswer(ms...)
	})
	e.srv.OnSchema(extract.ReconcileSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		var ds []map[string]any
		for _, c := range regexp.MustCompile(`(?m)^(C\d+)[:：]`).FindAllStringSubmatch(req.LastUser(), -1) {
			ds = append(ds, decision(c[1], "NOOP", "E1", nil))
		}
		return decisionsAnswer(ds...)
	})
	ann := e.person("Ann")
	e.conv("console:dm")
	var total extract.Result
	for i := range 100 {
		e.say("console:dm", ann, 4*i, scriptLines[i%len(scriptLines)])
		e.reply("console:dm", 4*i+2, reply(i))
		if i%10 == 9 {
			res, err := e.run("console:dm")
			if err != nil {
				tb.Fatalf("run after message %d: %v", i+1, err)
			}
			total = addResults(total, res)
		}
	}
	return costReport{userMessages: 100, counts: e.meter.Snapshot(), result: total}
}

func addResults(a, b extract.Result) extract.Result {
	a.Messages += b.Messages
	a.Windows += b.Windows
	a.Added += b.Added
	a.Updated += b.Updated
	a.Superseded += b.Superseded
	a.Duplicates += b.Duplicates
	a.Noops += b.Noops
	a.Rejected += b.Rejected
	a.ExtractCalls += b.ExtractCalls
	a.ReconcileCalls += b.ReconcileCalls
	a.EmbedCalls += b.EmbedCalls
	a.ModelCalls += b.ModelCalls
	return a
}

// TestCostPer100UserMessages prints the model calls and tokens one
// hundred user messages cost (tokens as the fake server estimates them,
// one per four characters), for BENCHMARKS.md, and bounds them.
func TestCostPer100UserMessages(t *testing.T) {
	rep := runScript(t, shortReply)
	for _, p := range []llm.Purpose{llm.PurposeExtraction, llm.PurposeReconcile, llm.PurposeEmbedding} {
		c := rep.counts[p]
		t.Logf("per %d user messages: %-10s calls=%d prompt_tokens=%d completion_tokens=%d", rep.userMessages, p, c.Calls, c.PromptTokens, c.CompletionTokens)
	}
	t.Logf("memories: added=%d updated=%d superseded=%d duplicates=%d noops=%d rejected=%d",
		rep.result.Added, rep.result.Updated, rep.result.Superseded, rep.result.Duplicates, rep.result.Noops, rep.result.Rejected)
	ex, rc := rep.counts[llm.PurposeExtraction], rep.counts[llm.PurposeReconcile]
	if ex.Calls == 0 || ex.Calls > 30 {
		t.Errorf("%d extraction calls per 100 user messages, want 1..30", ex.Calls)
	}
	if rc.Calls > ex.Calls {
		t.Errorf("%d reconcile calls exceed %d extraction calls", rc.Calls, ex.Calls)
	}
	if rep.result.Duplicates == 0 {
		t.Errorf("the repeated statements produced no duplicates: %+v", rep.result)
	}
	if int64(rep.result.ExtractCalls) != ex.Calls || int64(rep.result.ReconcileCalls) != rc.Calls {
		t.Errorf("result counts %+v disagree with the meter %+v / %+v", rep.result, ex, rc)
	}
}

// BenchmarkExtractionCost reports model calls and tokens per 100 user
// messages as custom metrics.
func BenchmarkExtractionCost(b *testing.B) {
	var rep costReport
	for b.Loop() {
		rep = runScript(b, shortReply)
	}
	ex, rc := rep.counts[llm.PurposeExtraction], rep.counts[llm.PurposeReconcile]
	b.ReportMetric(float64(ex.Calls), "extract-calls/100msg")
	b.ReportMetric(float64(rc.Calls), "reconcile-calls/100msg")
	b.ReportMetric(float64(ex.PromptTokens+ex.CompletionTokens+rc.PromptTokens+rc.CompletionTokens), "tokens/100msg")
}

// TestCostWithLongReplies checks that windows are sized on what the person
// says: replies of realistic length (~650 characters) go along as clipped
// context and cost at most half as many calls again as short ones.
func TestCostWithLongReplies(t *testing.T) {
	if n := len(longReply(99)); n < 600 || n > 700 {
		t.Fatalf("long reply is %d characters, want about 650", n)
	}
	short, long := runScript(t, shortReply), runScript(t, longReply)
	for _, c := range []struct {
		name string
		rep  costReport
	}{{"short replies", short}, {"long replies", long}} {
		for _, p := range []llm.Purpose{llm.PurposeExtraction, llm.PurposeReconcile} {
			n := c.rep.counts[p]
			t.Logf("%s, per %d user messages: %-10s calls=%d prompt_tokens=%d completion_tokens=%d", c.name, c.rep.userMessages, p, n.Calls, n.PromptTokens, n.CompletionTokens)
		}
	}
	s, l := short.counts[llm.PurposeExtraction], long.counts[llm.PurposeExtraction]
	if s.Calls == 0 || 2*l.Calls > 3*s.Calls {
		t.Errorf("%d extraction calls with long replies, %d with short ones: want at most 1.5×", l.Calls, s.Calls)
	}
	if long.result.Added < short.result.Added {
		t.Errorf("long replies stored fewer memories (%d) than short ones (%d)", long.result.Added, short.result.Added)
	}
}
