package extract

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// ruleInput wraps one message from the owner as a rule-extractor input.
func ruleInput(text string, at time.Time) Input {
	return Input{
		ConversationID: "console:1", Platform: "console", Owner: "p1", OwnerName: "Ann",
		MinConfidence: DefaultMinConfidence, MaxMemories: DefaultMaxMemories,
		Window: []Line{{ID: "m1", MessageIDs: []string{"msg-1"}, PersonID: "p1", Author: "Ann",
			Role: memory.RoleUser, Text: text, Time: at, Source: true}},
	}
}

func TestRuleExtractor(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC) // a Saturday
	type want struct {
		text      string
		typ       memory.Type
		lifecycle memory.Lifecycle
		subject   string
		event     string // YYYY-MM-DD, when the memory has an event time
	}
	tests := []struct {
		in   string
		want []want
	}{
		{"我喜欢极简设计风格", []want{{"喜欢极简设计风格", memory.TypePreference, memory.LifecycleLongTerm, "设计风格", ""}}},
		{"我非常喜欢猫", []want{{"喜欢猫", memory.TypePreference, memory.LifecycleLongTerm, "猫", ""}}},
		{"我更喜欢复古风格", []want{{"更喜欢复古风格", memory.TypePreference, memory.LifecycleLongTerm, "风格", ""}}},
		{"我不喜欢香菜", []want{{"不喜欢香菜", memory.TypePreference, memory.LifecycleLongTerm, "香菜", ""}}},
		{"我讨厌下雨天", []want{{"讨厌下雨天", memory.TypePreference, memory.LifecycleLongTerm, "下雨天", ""}}},
		{"我叫李雷", []want{{"名字叫李雷", memory.TypeFact, memory.LifecycleFact, "name", ""}}},
		{"我在腾讯工作", []want{{"在腾讯工作", memory.TypeFact, memory.LifecycleFact, "employer", ""}}},
		{"我住在上海", []want{{"住在上海", memory.TypeFact, memory.LifecycleFact, "residence", ""}}},
		{"我是一名设计师", []want{{"是设计师", memory.TypeFact, memory.LifecycleFact, "identity", ""}}},
		{"我会说日语", []want{{"会说日语", memory.TypeSkill, memory.LifecycleLongTerm, "日语", ""}}},
		{"我明天要去北京出差", []want{{"2026年3月15日要去北京出差", memory.TypeEvent, memory.LifecycleTemporary, "去北京出差", "2026-03-15"}}},
		{"我下周五要交报告", []want{{"2026年3月20日要交报告", memory.TypeEvent, memory.LifecycleTemporary, "交报告", "2026-03-20"}}},
		{"记住我对花生过敏", []want{{"对花生过敏", memory.TypeFact, memory.LifecycleFact, "allergy:花生", ""}}},
		{"I love hiking and I hate running", []want{
			{"Loves hiking", memory.TypePreference, memory.LifecycleLongTerm, "hiking", ""},
			{"Dislikes running", memory.TypePreference, memory.LifecycleLongTerm, "running", ""},
		}},
		{"I prefer TypeScript over JavaScript.", []want{{"Prefers TypeScript over JavaScript", memory.TypePreference, memory.LifecycleLongTerm, "typescript", ""}}},
		{"I'm a software engineer", []want{{"Is a software engineer", memory.TypeFact, memory.LifecycleFact, "identity", ""}}},
		{"I work at Google", []want{{"Works at Google", memory.TypeFact, memory.LifecycleFact, "employer", ""}}},
		{"I live in Berlin", []want{{"Lives in Berlin", memory.TypeFact, memory.LifecycleFact, "residence", ""}}},
		{"My name is Joan Lee", []want{{"Name is Joan Lee", memory.TypeFact, memory.LifecycleFact, "name", ""}}},
		// The name the platform shows is known: no memory says it again.
		{"My name is Ann", nil},
		{"I'm going to Tokyo tomorrow", []want{{"Going to Tokyo on March 15, 2026", memory.TypeEvent, memory.LifecycleTemporary, "tokyo", "2026-03-15"}}},
		{"I'm good at chess", []want{{"Is good at chess", memory.TypeSkill, memory.LifecycleLongTerm, "chess", ""}}},
		// A birthday is a lasting fact that keeps its date, under its own key.
		{"Remember that my wife's birthday is May 3", []want{{"Wife's birthday is May 3", memory.TypeFact, memory.LifecycleFact, "birthday:wife", "2026-05-03"}}},
		{"我现在不喜欢极简了，更喜欢复古风格", []want{{"更喜欢复古风格；不喜欢极简", memory.TypePreference, memory.LifecycleLongTerm, "风格", ""}}},
		// Negatives: one-off requests, fillers, questions, pronouns, quotes.
		{"translate this", nil},
		{"帮我翻译这段话", nil},
		{"ok", nil},
		{"好的", nil},
		{"Do you like pizza?", nil},
		{"What do I like", nil},
		{"我喜欢什么？", nil},
		{"I like it", nil},
		{"I'd like a coffee", nil},
		{"我爱你", nil},
		{"> I love cats", nil},
		{"He said \"I love cats\"", nil},
		{"我想吃火锅", nil},
		{"我是说你搞错了", nil},
		{"明天要下雨", nil},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := RuleExtractor{}.Extract(context.Background(), ruleInput(tt.in, at))
			if err != nil {
				t.Fatalf("Extract: %v", err)
			}
			if len(got.Memories) != len(tt.want) {
				var texts []string
				for _, m := range got.Memories {
					texts = append(texts, m.Text)
				}
				t.Fatalf("got %d memories %q, want %d", len(got.Memories), texts, len(tt.want))
			}
			for i, w := range tt.want {
				m := got.Memories[i]
				if m.Text != w.text || m.Type != w.typ || m.Lifecycle != w.lifecycle || m.Subject != w.subject {
					t.Errorf("memory %d = {%q %s %s %q}, want {%q %s %s %q}", i, m.Text, m.Type, m.Lifecycle, m.Subject, w.text, w.typ, w.lifecycle, w.subject)
				}
				if ev := formatDay(m.EventTime); ev != w.event {
					t.Errorf("memory %d event time = %q, want %q", i, ev, w.event)
				}
				if m.Owner != "p1" || m.Status != memory.StatusActive || len(m.Source.MessageIDs) != 1 || m.Source.MessageIDs[0] != "msg-1" {
					t.Errorf("memory %d owner/status/source = %q %q %v", i, m.Owner, m.Status, m.Source.MessageIDs)
				}
				if m.Confidence < DefaultMinConfidence || m.Importance <= 0 || len(m.Keywords) == 0 {
					t.Errorf("memory %d confidence %v importance %v keywords %v", i, m.Confidence, m.Importance, m.Keywords)
				}
				if err := m.Validate(); err != nil {
					t.Errorf("memory %d invalid: %v", i, err)
				}
			}
		})
	}
}

func TestRuleKeywordsAreBilingual(t *testing.T) {
	got, err := RuleExtractor{}.Extract(context.Background(), ruleInput("我喜欢极简设计风格", time.Now()))
	if err != nil || len(got.Memories) != 1 {
		t.Fatalf("Extract = %v, %v", got, err)
	}
	kw := strings.Join(got.Memories[0].Keywords, ",")
	for _, want := range []string{"风格", "style", "minimalist", "design"} {
		if !strings.Contains(kw, want) {
			t.Errorf("keywords %q lack %q", kw, want)
		}
	}
}

func formatDay(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format("2006-01-02")
}

// A long line the rules read a fact in keeps the rest of what it says: a
// voice message without stops, a sentence beside the one a rule read. A
// short line, or one whose change the rules read, is kept once.
func TestRulesKeepWhatALongLineSaysBesideItsFacts(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		in       string
		want     [][]string // terms each memory holds, in order
		subjects []string   // each memory's subject; "" is not checked
	}{
		{"my name is arthur i am seventy nine and i live on my own in a flat in whitby since my wife jean died we ran a fish shop on the front for thirty years",
			[][]string{{"arthur"}, {"whitby", "fish shop"}}, []string{"name", ""}},
		// The statement says the fact and more: one memory, on the fact's subject.
		{"I'm a nurse at the Royal Infirmary. most weeks I do three long days and then I'm off to my allotment on the fourth",
			[][]string{{"nurse", "allotment"}}, []string{"employer"}},
		{"update: I left Initech, started at Hooli last week, much better commute", [][]string{{"hooli"}}, []string{"employer"}},
		{"我搬到深圳了", [][]string{{"深圳"}}, []string{"residence"}},
	}
	for _, tt := range tests {
		ms := extractAll(t, tt.in, at)
		if len(ms) != len(tt.want) {
			t.Errorf("%q: kept %d memories %v, want %d", tt.in, len(ms), ms, len(tt.want))
			continue
		}
		for i, terms := range tt.want {
			for _, w := range terms {
				if !strings.Contains(strings.ToLower(ms[i].Text), w) {
					t.Errorf("%q: memory %q does not hold %q", tt.in, ms[i].Text, w)
				}
			}
			if tt.subjects[i] != "" && ms[i].Subject != tt.subjects[i] {
				t.Errorf("%q: memory %q on subject %q, want %q", tt.in, ms[i].Text, ms[i].Subject, tt.subjects[i])
			}
		}
	}
}

// A plan moved by someone else, said without "I", is kept as the plan's
// new date and marked as a change.
func TestRulesReadPlansMovedByOthers(t *testing.T) {
	at := time.Date(2025, 5, 8, 10, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"the surgery rang and moved my scan to the 20th", []lifeWant{{"Scan moved to the 20th", "", true}}},
		{"my driving test got moved to next friday", []lifeWant{{"Driving test moved to next friday (May 16, 2025)", "", true}}},
		{"the wedding has been pushed back to 3 october, venue flooded", []lifeWant{{"Wedding moved to 3 october", "", true}}},
		// Someone else's plan is not the writer's.
		{"his operation has been moved to the 3rd", nil},
		{"the airline moved my sister's flight to the 20th", nil},
	})
}

// Self-descriptions typed as fragments: a trade, a diet, a condition.
func TestRulesReadFragments(t *testing.T) {
	at := time.Date(2025, 5, 8, 10, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"night porter btw, at the travelodge", []lifeWant{{"Works as a night porter, at the travelodge", "occupation", false}}},
		{"also vegan. since uni", []lifeWant{{"Is vegan", "diet", false}}},
		{"coeliac, so no bread for me", []lifeWant{{"Is coeliac", "health:coeliac", false}}},
		{"hes a plumber, works for his dad", nil},
	})
}

// A trade, diet or condition word that opens a sentence without being a
// fragment about the writer is no fact of theirs.
func TestFragmentRulesLeaveOtherSentencesAlone(t *testing.T) {
	at := time.Date(2025, 5, 8, 10, 0, 0, 0, time.UTC)
	for _, s := range []string{
		"retired teacher, live in york",
		"vegan options at the new place are great",
		"diabetic socks arrived today",
		"my nurse was lovely today",
	} {
		for _, f := range lifeFacts(s, at) {
			t.Errorf("%q: the rules kept %q (%s)", s, f.text, f.subject)
		}
	}
}
