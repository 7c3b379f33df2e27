package service_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/text"
)

// keep stores an active memory of owner with a subject, learnt at.
func (e *env) keep(owner, txt, subj string, typ memory.Type, at time.Time) memory.Memory {
	e.t.Helper()
	m := memory.Memory{
		Owner: owner, Text: txt, Type: typ, Lifecycle: memory.LifecycleFact, Subject: subj,
		Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive, CreatedAt: at, UpdatedAt: at,
	}
	if err := e.svc.Insert(e.ctx, &m); err != nil {
		e.t.Fatalf("insert memory: %v", err)
	}
	return m
}

func texts(ms []memory.Memory) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Text
	}
	return out
}

func TestProfileCoreFactsNewestFirstWithoutListing(t *testing.T) {
	e := newEnv(t)
	kim := e.person("kim")
	other := e.person("lou")
	day := func(d int) time.Time { return t0.AddDate(0, 0, d) }
	e.keep(kim.ID, "Works at Acme", "employer", memory.TypeFact, day(0))
	e.keep(kim.ID, "Works at Globex", "company", memory.TypeFact, day(3)) // alias of employer, newer
	e.keep(kim.ID, "Is vegetarian", "diet", memory.TypeFact, day(1))
	e.keep(kim.ID, "Is allergic to peanuts", "allergy:peanuts", memory.TypeFact, day(1))
	e.keep(kim.ID, "Wife is called Ana", "family:wife", memory.TypeFact, day(1))
	e.keep(kim.ID, "Son is called Ben", "family:son", memory.TypeFact, day(2))
	e.keep(kim.ID, "Lives in Porto", "residence", memory.TypeFact, day(1))
	e.keep(kim.ID, "Prefers short answers", "answers", memory.TypePreference, day(1))
	e.keep(kim.ID, "Likes hiking", "hiking", memory.TypePreference, day(1))
	e.keep(kim.ID, "Answers emails on Mondays", "answers", memory.TypeTask, day(2))
	e.keep(other.ID, "Is vegan", "diet", memory.TypeFact, day(1))
	for i := range 20 {
		e.keep(kim.ID, "Read a novel", "novel", memory.TypeContext, day(i))
	}
	if err := e.svc.Index().Warm(e.ctx, kim.ID); err != nil {
		t.Fatal(err)
	}
	lists := e.fault.Calls("ListMemories")
	got, err := e.svc.Profile(e.ctx, kim.ID, service.ProfileTokens)
	if err != nil {
		t.Fatal(err)
	}
	if n := e.fault.Calls("ListMemories") - lists; n != 0 {
		t.Errorf("%d list queries to read a profile, want 0", n)
	}
	want := []string{"Is allergic to peanuts", "Is vegetarian", "Son is called Ben", "Wife is called Ana", "Works at Globex", "Lives in Porto", "Prefers short answers"}
	if strings.Join(texts(got), "|") != strings.Join(want, "|") {
		t.Errorf("profile = %q, want %q", texts(got), want)
	}
}

func TestProfileRespectsItsTokenCap(t *testing.T) {
	e := newEnv(t)
	kim := e.person("kim")
	long := strings.Repeat("Has a long and winding medical story to tell ", 6)
	e.keep(kim.ID, "Is allergic to shellfish", "allergy:shellfish", memory.TypeFact, t0)
	e.keep(kim.ID, long, "health:back", memory.TypeFact, t0)
	for _, rel := range []string{"wife", "son", "daughter", "mother", "father", "sister", "brother", "grandmother"} {
		e.keep(kim.ID, "Their "+rel+" loves long walks along the river every single weekend", "family:"+rel, memory.TypeFact, t0)
	}
	for _, budget := range []int{service.ProfileTokens, 400, 30} {
		got, err := e.svc.Profile(e.ctx, kim.ID, budget)
		if err != nil {
			t.Fatal(err)
		}
		limit := min(budget, service.ProfileTokens)
		n := 0
		for _, m := range got {
			n += text.EstimateTokens(m.Text)
		}
		if n > limit || len(got) == 0 {
			t.Errorf("budget %d: profile of %d memories takes %d tokens, want 1..%d", budget, len(got), n, limit)
		}
		if !slices.Contains(texts(got), "Is allergic to shellfish") {
			t.Errorf("budget %d: profile %q lacks the allergy", budget, texts(got))
		}
	}
}

func TestProfileDropsForgottenAndSupersededFacts(t *testing.T) {
	e := newEnv(t)
	kim := e.person("kim")
	old := e.keep(kim.ID, "Lives in Porto", "residence", memory.TypeFact, t0)
	gone := e.keep(kim.ID, "Is vegetarian", "diet", memory.TypeFact, t0)
	if _, err := e.svc.Profile(e.ctx, kim.ID, 100); err != nil {
		t.Fatal(err)
	}
	moved := memory.Memory{Owner: kim.ID, Text: "Lives in Lisbon", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
		Subject: "residence", Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive, CreatedAt: t0, UpdatedAt: t0}
	if _, err := e.svc.Supersede(e.ctx, kim.ID, old.ID, &moved, "moved"); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Forget(e.ctx, kim.ID, gone.ID); err != nil {
		t.Fatal(err)
	}
	got, err := e.svc.Profile(e.ctx, kim.ID, 100)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(texts(got), "|") != "Lives in Lisbon" {
		t.Errorf("profile = %q, want only the new city", texts(got))
	}
}

// TestProfileCarriesWhatIndirectQuestionsNeed checks the free subjects
// people and models write for core facts: medicines and senses with
// health, not drinking with diet, a relative named in the subject,
// where and when they work, how they want text written.
func TestProfileCarriesWhatIndirectQuestionsNeed(t *testing.T) {
	tests := []struct {
		text, subject string
		typ           memory.Type
		in            bool
	}{
		{"Takes metformin twice a day", "medication", memory.TypeFact, true},
		{"Is colour-blind", "eyesight", memory.TypeFact, true},
		{"正在吃降压药", "用药", memory.TypeFact, true},
		{"Does not drink alcohol", "alcohol", memory.TypeFact, true},
		{"Sister Maria is a nurse", "sister Maria", memory.TypeFact, true},
		{"大女儿在学钢琴", "大女儿学的乐器", memory.TypeFact, true},
		{"老伴退休了", "老伴", memory.TypeFact, true},
		{"Is a plumber", "job", memory.TypeFact, true},
		{"在医院当护士", "工作", memory.TypeFact, true},
		{"Is based at the Leeds depot", "work base", memory.TypeFact, true},
		{"Works nights Monday to Thursday", "work schedule", memory.TypeFact, true},
		{"Walks dogs at weekends for extra money", "part-time job", memory.TypeFact, true},
		{"周末在奶茶店兼职", "兼职", memory.TypeFact, true},
		{"Streams on Twitch weekday mornings", "stream schedule", memory.TypeFact, true},
		{"早上六点出摊，中午收摊", "出摊时间", memory.TypeFact, true},
		{"Wants British spelling", "spelling", memory.TypePreference, true},
		{"写东西别用表情", "文案风格", memory.TypePreference, true},
		{"Wants temperatures in Celsius", "units", memory.TypePreference, true},
		{"Wants emails kept formal", "email tone", memory.TypePreference, true},
		{"写文案喜欢口语化一点", "写文案", memory.TypePreference, true},
		{"Wants bullet points in messages", "message formatting", memory.TypePreference, true},
		{"Has no car, cycles everywhere", "transport", memory.TypeFact, true},
		{"Drives an old Fiat Panda", "car", memory.TypeFact, true},
		{"上下班坐地铁", "通勤方式", memory.TypeFact, true},
		// Pets are no core fact: a question about one names it or its care.
		{"Has a tabby cat called Miso", "cat Miso", memory.TypeFact, false},
		{"Has asthma, worse in cold air", "asthma", memory.TypeFact, true},
		{"腰不好，不能久坐", "腰", memory.TypeFact, true},
		{"i get kidney stones now and then", "kidney stones", memory.TypeFact, true},
		{"Has tendinitis in the left wrist", "tendinitis", memory.TypeFact, true},
		{"Has Crohn's disease", "crohn's disease", memory.TypeFact, true},
		{"有慢性胃炎，吃不了辣", "胃炎", memory.TypeFact, true},
		{"春天花粉症犯得厉害", "花粉症", memory.TypeFact, true},
		{"Is training for a 10k", "10k training", memory.TypeFact, false},
		// A student's studies are who they are as a job is; a tight
		// budget and a fluid limit bound every suggestion.
		{"Is in the second year of a history degree at Bristol", "degree", memory.TypeFact, true},
		{"Studies at Leeds Beckett", "school", memory.TypeFact, true},
		{"在浙大读研，学的是土木", "读研", memory.TypeFact, true},
		{"高三理科班", "年级", memory.TypeFact, true},
		{"Money is tight until the student loan comes in", "budget", memory.TypeFact, true},
		{"最近手头紧，每月预算两千", "预算", memory.TypeFact, true},
		{"Has to keep to a litre and a half of fluids a day", "fluid limit", memory.TypeFact, true},
		{"Goes by Sasha", "nickname", memory.TypeFact, true},
		{"住在滨江的一个老小区", "小区", memory.TypeFact, true},
		{"Likes hiking", "hiking", memory.TypePreference, false},
		{"Leo's hobby is chess", "Leo's hobby", memory.TypeFact, false},
		{"Spelled the street name wrong", "spelling", memory.TypeContext, false},
	}
	for _, tt := range tests {
		t.Run(tt.subject, func(t *testing.T) {
			e := newEnv(t)
			kim := e.person("kim")
			e.keep(kim.ID, tt.text, tt.subject, tt.typ, t0)
			got, err := e.svc.Profile(e.ctx, kim.ID, service.ProfileTokens)
			if err != nil {
				t.Fatal(err)
			}
			if in := slices.Contains(texts(got), tt.text); in != tt.in {
				t.Errorf("%q under %q in the profile: %v, want %v", tt.text, tt.subject, in, tt.in)
			}
		})
	}
}

// A person with many relatives still has their job, city and answer
// style in the profile: each part's newest memory comes before a part's
// second.
func TestProfileKeepsEveryPartWithManyRelatives(t *testing.T) {
	e := newEnv(t)
	kim := e.person("kim")
	for i, r := range []string{"wife", "son", "daughter", "mother", "father", "brother", "sister", "niece", "nephew", "grandson"} {
		e.keep(kim.ID, "Her "+r+" is a keen amateur astronomer who lives two streets away from her", "family:"+r, memory.TypeFact, t0.AddDate(0, 0, i))
	}
	e.keep(kim.ID, "Is allergic to penicillin", "allergy:penicillin", memory.TypeFact, t0)
	e.keep(kim.ID, "Drives a delivery van part-time", "job", memory.TypeFact, t0)
	e.keep(kim.ID, "Lives in Galway", "residence", memory.TypeFact, t0)
	e.keep(kim.ID, "Prefers short answers", "answers", memory.TypePreference, t0)
	got, err := e.svc.Profile(e.ctx, kim.ID, service.ProfileTokens)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Is allergic to penicillin", "Drives a delivery van part-time", "Lives in Galway", "Prefers short answers"} {
		if !slices.Contains(texts(got), want) {
			t.Errorf("profile %q lacks %q", texts(got), want)
		}
	}
	n := 0
	for _, m := range got {
		n += text.EstimateTokens(m.Text)
	}
	if n > service.ProfileTokens || !strings.Contains(strings.Join(texts(got), "|"), "astronomer") {
		t.Errorf("profile %q: %d tokens, want some relatives within %d", texts(got), n, service.ProfileTokens)
	}
}
