package extract_test

import (
	"strings"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/extract"
)

// statusOf returns the status of owner's memory with text, failing when
// there is none.
func statusOf(t *testing.T, ms []memory.Memory, text string) memory.Memory {
	t.Helper()
	for _, m := range ms {
		if m.Text == text {
			return m
		}
	}
	var texts []string
	for _, m := range ms {
		texts = append(texts, m.Text+" ("+string(m.Status)+")")
	}
	t.Fatalf("no memory %q among %q", text, texts)
	return memory.Memory{}
}

// Offline, a correction said in the other words of a change supersedes
// the old value and keeps it in the history; the new one is active.
func TestOfflineCorrectionsSupersede(t *testing.T) {
	tests := []struct {
		name       string
		first      string
		then       string
		old, new   []string
		stillThere []string
	}{
		{"new employer", "I work at Acme", "update: I left Acme, started at Globex last week",
			[]string{"Works at Acme"}, []string{"Works at Globex"}, nil},
		{"leaving an employer", "I work at Initech", "I quit Initech",
			[]string{"Works at Initech"}, []string{"No longer works at Initech"}, nil},
		{"move", "I live in Paris", "I moved to Lyon", []string{"Lives in Paris"}, []string{"Lives in Lyon"}, nil},
		{"diet ends a food preference", "I love steak and I love hiking", "I don't eat meat anymore",
			[]string{"Loves steak"}, []string{"Does not eat meat"}, []string{"Loves hiking"}},
		{"tool switch", "I prefer Vim", "I switched to VS Code", []string{"Prefers Vim"}, []string{"Switched to VS Code"}, nil},
		{"quitting a habit", "I love coffee", "I quit coffee", []string{"Loves coffee"}, []string{"Quit coffee"}, nil},
		{"换工作", "我在腾讯工作", "我换工作了，现在在京东", []string{"在腾讯工作"}, []string{"在京东工作"}, nil},
		{"跳槽", "我在百度上班", "我跳槽到了字节", []string{"在百度上班"}, []string{"在字节工作"}, nil},
		{"戒烟", "我很爱抽烟", "我已经戒烟了", []string{"爱抽烟"}, []string{"已戒烟"}, nil},
		{"no longer drinks", "I love beer", "I don't drink beer anymore", []string{"Loves beer"}, []string{"No longer drinks beer"}, nil},
		{"搬家", "我住在北京", "我搬到深圳了", []string{"住在北京"}, []string{"住在深圳"}, nil},
		{"戒咖啡", "我很喜欢喝咖啡", "我已经戒咖啡了", []string{"喜欢喝咖啡"}, []string{"已戒咖啡"}, nil},
		{"不再吃肉", "我喜欢吃牛排，我喜欢爬山", "我不再吃肉了", []string{"喜欢吃牛排"}, []string{"不吃肉"}, []string{"喜欢爬山"}},
		{"改用", "我喜欢用Vim", "我现在改用VS Code了", []string{"喜欢用Vim"}, []string{"改用VS Code"}, nil},
		// A change said in passing of a memory kept without a subject.
		{"dose said in passing", "I take two puffs of the brown Clenil inhaler every morning", "clenil dose doubled now, four puffs",
			[]string{"They take two puffs of the brown Clenil inhaler every morning"}, []string{"Clenil dose doubled now, four puffs"}, nil},
		{"加量", "我每天早上空腹吃一片降压药，五毫克", "降压药加量了，现在十毫克",
			[]string{"每天早上空腹吃一片降压药，五毫克"}, []string{"降压药加量了，现在十毫克"}, nil},
		// Changes told the way they happen, of memories read by topic.
		{"sold the house", "home is bristol when im not working away", "we sold the house. got a static caravan outside hull",
			[]string{"Home is bristol when they are not working away"}, []string{"They got a static caravan outside hull"}, nil},
		{"walk moved to the evening", "every morning i go for my walk along the canal", "too dark for morning walks now, walking in the evening round the park instead",
			[]string{"Every morning they go for their walk along the canal"}, []string{"Too dark for morning walks now, walking in the evening round the park instead"}, nil},
		{"gave up a diet", "been doing paleo since march", "gave up on that paleo nonsense", []string{"Is doing paleo"}, []string{"Gave up paleo"}, nil},
		{"notice handed in", "drive buses for first in leeds", "put in my two weeks, starting monday driving trams for metrolink",
			[]string{"Drive buses for first in leeds"}, []string{"Put in their two weeks, starting monday driving trams for metrolink"}, nil},
		{"a move after an introduction of several topics", "so im kat, 29, i do nights at the sorting office, home is a flat in leith",
			"update, we're in the new place: signed a lease in portobello and moved in at the weekend",
			[]string{"They are kat, 29, they do nights at the sorting office, home is a flat in leith"},
			[]string{"Update, we're in the new place: signed a lease in portobello and moved in at the weekend"}, nil},
		// Traditional characters, kept as written.
		{"戒咖啡 in traditional characters", "我很喜歡喝咖啡", "我已經戒咖啡了", []string{"喜歡喝咖啡"}, []string{"已戒咖啡"}, nil},
		{"換工作", "我在鴻海上班", "我換工作了，現在在台積電", []string{"在鴻海上班"}, []string{"在台積電工作"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envConfig{offline: true})
			ann, res := e.stateThenChange(tt.first, tt.then)
			all := e.memories(ann.ID)
			for _, text := range tt.old {
				m := statusOf(t, all, text)
				if m.Status != memory.StatusSuperseded || m.SupersededBy == "" || len(m.History) == 0 {
					t.Errorf("%q: status %s, superseded by %q, %d versions; want superseded with history", text, m.Status, m.SupersededBy, len(m.History))
				}
			}
			for _, text := range tt.new {
				if m := statusOf(t, all, text); m.Status != memory.StatusActive {
					t.Errorf("%q: status %s, want active", text, m.Status)
				}
			}
			for _, text := range tt.stillThere {
				if m := statusOf(t, all, text); m.Status != memory.StatusActive {
					t.Errorf("unrelated %q: status %s, want active", text, m.Status)
				}
			}
			if res.Superseded != len(tt.old) {
				t.Errorf("result %+v, want %d superseded", res, len(tt.old))
			}
		})
	}
}

// A reconcile answer that leaves a candidate out is asked again once; a
// second omission takes the rules' decision, or a conflict for review —
// never a silent ADD.
func TestReconcileOmissionNeverSilentlyAdds(t *testing.T) {
	tests := []struct {
		name      string
		existing  string
		subject   string
		candidate string
		// second is the answer to the repeated question (nil: omits again).
		second map[string]any
		calls  int
		check  func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result)
	}{
		{"answered on the second question", "Works at Acme", "employer", "Works at Globex",
			decision("C1", "SUPERSEDE", "E1", nil), 2,
			func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result) {
				if res.Superseded != 1 || statusOf(t, all, old.Text).Status != memory.StatusSuperseded {
					t.Errorf("result %+v; want the old memory superseded", res)
				}
			}},
		{"omitted twice: the rules supersede a single-valued subject", "住在北京", "居住地", "住在深圳",
			nil, 2,
			func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result) {
				if res.Superseded != 1 || res.Added != 0 || statusOf(t, all, old.Text).Status != memory.StatusSuperseded {
					t.Errorf("result %+v; want the rules' supersede", res)
				}
			}},
		{"omitted twice: a conflict when the rules would add", "Loves hiking in the Alps", "hiking", "Hiking club meets on Sundays",
			nil, 2,
			func(t *testing.T, old memory.Memory, all []memory.Memory, res extract.Result) {
				c := statusOf(t, all, "Hiking club meets on Sundays")
				if res.Conflicts != 1 || res.Added != 0 || c.Status != memory.StatusPendingReview {
					t.Errorf("result %+v, candidate %s; want a conflict pending review", res, c.Status)
				}
				if statusOf(t, all, old.Text).Status != memory.StatusActive {
					t.Error("the existing memory changed")
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envConfig{})
			ann := e.person("Ann")
			e.conv("console:dm")
			old := e.insert(ann.ID, tt.existing, tt.subject)
			e.say("console:dm", ann, 0, "about "+tt.candidate)
			e.srv.OnSchema(extract.ExtractSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
				return memoriesAnswer(mem(tt.candidate, "fact", "fact", tt.subject, sourceIDs(req)...))
			})
			asked := 0
			e.srv.OnSchema(extract.ReconcileSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
				asked++
				if !strings.Contains(req.LastUser(), tt.existing) {
					t.Errorf("question %d does not show %q", asked, tt.existing)
				}
				if asked == 2 && tt.second != nil {
					return decisionsAnswer(tt.second)
				}
				return decisionsAnswer(decision("C9", "NOOP", "E1", nil)) // about no candidate shown
			})
			res, err := e.run("console:dm")
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if res.ReconcileCalls != tt.calls || asked != tt.calls {
				t.Errorf("reconcile calls %d (server saw %d), want %d", res.ReconcileCalls, asked, tt.calls)
			}
			tt.check(t, old, e.memories(ann.ID), res)
		})
	}
}

// Model subjects are mapped to the vocabulary's keys, so that a drifting
// subject ("company" then "工作单位") still finds the memory it corrects.
func TestModelSubjectsAreNormalised(t *testing.T) {
	e := newEnv(t, envConfig{})
	ann := e.person("Ann")
	e.conv("console:dm")
	old := e.insert(ann.ID, "Works at Acme", "employer")
	e.say("console:dm", ann, 0, "我现在在Globex上班")
	e.srv.OnSchema(extract.ExtractSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		return memoriesAnswer(mem("在Globex上班", "fact", "fact", "工作单位", sourceIDs(req)...))
	})
	var shown string
	e.srv.OnSchema(extract.ReconcileSchemaName, func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		shown = req.LastUser()
		return decisionsAnswer(decision("C1", "SUPERSEDE", "E1", nil))
	})
	res, err := e.run("console:dm")
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	if !strings.Contains(shown, old.Text) || res.Superseded != 1 {
		t.Fatalf("shown %q, result %+v; want the old employer shown and superseded", shown, res)
	}
	if m := statusOf(t, e.memories(ann.ID), "在Globex上班"); m.Subject != "employer" {
		t.Errorf("subject %q, want employer", m.Subject)
	}
}
