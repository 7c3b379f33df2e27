package extract

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/subject"
	"github.com/membot/membot/memory/text"
)

// TestSelfStatementsKeepWhatPeopleSayAboutThemselves covers the last
// resort of the offline rules with phrasings of its own: statements about
// the author are kept in their words, everything else is not.
func TestSelfStatementsKeepWhatPeopleSayAboutThemselves(t *testing.T) {
	ref := time.Date(2025, 5, 5, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		name, msg string
		want      []string // terms the kept memory holds; nil: nothing kept
		typ       memory.Type
	}{
		{"lowercase first person", "i coach under-9s football on saturday mornings", []string{"coach", "football"}, memory.TypeFact},
		{"liking", "honestly i love a good thriller audiobook on long drives", []string{"thriller", "audiobook"}, memory.TypePreference},
		{"dropped subject", "been learning the cello since january", []string{"cello"}, memory.TypeFact},
		{"dated plan", "also sitting my driving theory test on 20 may", []string{"theory", "test"}, memory.TypeEvent},
		{"continued sentence", "I'm on a low-salt diet. Doctor's orders after the stent", []string{"low-salt", "stent"}, memory.TypeFact},
		{"zh with 我", "我在苏州做外贸，跑了快十年了", []string{"苏州", "外贸"}, memory.TypeFact},
		{"zh without subject", "每晚十点前得睡，第二天五点起来揉面", []string{"五点", "揉面"}, memory.TypePreference},
		// About the conversation itself, not the author's life.
		{"a grandchild put the app on the phone", "my grandson put this app on my tablet for me", nil, ""},
		{"the app set up", "my niece installed this app on my phone and says it will remember what i tell it", nil, ""},
		{"can you hear", "hello love its margaret can you hear me", nil, ""},
		{"what someone sent", "the landlord sent me this, what do you make of it", nil, ""},
		{"closing a letter", "I remain, yours sincerely, A. Okafor", nil, ""},
		{"polite one-off request", "I should be most grateful if you would draft a note to the council for me", nil, ""},
		{"polite standing request", "I would be obliged if you would always call me Mrs Patel", []string{"mrs patel"}, memory.TypePreference},
		{"signing off", "let me go and feed the goats before dark", nil, ""},
		{"zh signing off", "晚点再聊，我去接孩子", nil, ""},
		{"zh dialect pronoun", "额腿脚不利索，走远路就疼", []string{"腿脚"}, memory.TypeFact},
		{"zh continued", "我正式开始吃清真了！猪肉啥的都不碰", []string{"清真", "猪肉"}, memory.TypeFact},
		{"dropped subject, where one lives", "live out in the sticks near Brecon, haha", []string{"brecon"}, memory.TypeFact},
		{"trailing laugh", "teach year 4 at a village school lol", []string{"year", "school"}, memory.TypeFact},
		{"zh turning to the listener", "跟你说下，我在菜场门口修自行车，修了十来年", []string{"修自行车"}, memory.TypeFact},
		{"zh from this month", "从下个月起，我转去夜校教书法", []string{"夜校", "书法"}, memory.TypeEvent},
		{"a plan and its day in the next sentence", "We booked an Alaska cruise for our anniversary; we sail out of Seattle on June 14th",
			[]string{"cruise", "june 14th"}, memory.TypeEvent},
		{"a booking and its day in the next sentence", "I booked the caravan in Tenby for half term; we drive down to Tenby with the dogs on 26 May",
			[]string{"caravan", "26 may"}, memory.TypeEvent},
		{"a new post from a day, and what follows it", "I have been asked to head our new office in Leeds with effect from the 1st of June. My deputy will run the Hull office",
			[]string{"leeds", "1st of june"}, memory.TypeFact},
		{"today, told as done, and a shared photo", "I was bored today, so I just took my turtles out for a walk. [shares a photo: two turtles sitting on a log in a pond]",
			[]string{"turtles", "sitting"}, memory.TypeFact},
		{"a day gone by in the next sentence", "I've lived in Cork for years; we moved here on 2 March", []string{"cork", "2 march"}, memory.TypeFact},
		{"zh change first, reported after", "药不吃了，医生说我指标正常，改成每天快走", []string{"快走"}, memory.TypePreference},
		{"zh cannot quit", "我每天两包辣条，戒不掉", []string{"辣条"}, memory.TypePreference},

		{"where one lives, right now", "we're in a one bed flat in Leith right now, cosy is the word", []string{"leith"}, memory.TypeFact},
		{"doing something right now", "I'm watching the rugby right now with my brother", nil, ""},

		{"question without mark", "what time does the pharmacy shut on sundays", nil, ""},
		{"question typed fast", "wat time should i leave for my flight on friday", nil, ""},
		{"question after context", "ugh the garden is parched, how do I keep the lawn alive", nil, ""},
		{"request", "pls write me a cover letter for a barista job", nil, ""},
		{"passing mood", "i'm so tired today, long shift", nil, ""},
		{"pleasantry", "thanks, that helps a lot", nil, ""},
		{"reply to the bot", "ok I'll ask my brother then", nil, ""},
		{"someone else's", "my landlord is selling the building next year", nil, ""},
		{"told by someone", "a customer asked me for a refund and I panicked", nil, ""},
		{"someone else, typed fast", "shes mad about horses, me not so much", nil, ""},
		{"quote introduced", "here's what my gym sent me: 'Classes resume Monday.'", nil, ""},
		{"zh request", "帮我写个请假条，明天要去医院", nil, ""},
		{"zh someone else's job", "我表哥的女朋友在银行上班", nil, ""},
		{"zh addressing the bot", "哎呀，你比我算得还快", nil, ""},
		{"zh reported speech", "医生说多喝水对结石好", nil, ""},
		{"zh notice forwarded", "转个物业的：【通知】周三停水", nil, ""},
		{"zh acknowledgement", "好，我明天去问问", nil, ""},
		{"zh enough, typed with ok", "ok 够用了", nil, ""},
		{"zh understood", "嗯 明白了", nil, ""},
		{"zh thanks in a formal hand", "昨日承蒙指点，受益良多。", nil, ""},
		{"a message passed on", "my sister just msgd: running late, start without me", nil, ""},
		{"zh weather", "今天又降温了，冷死", nil, ""},
		{"zh a pet first", "豆包也带回来了，天天睡我床上", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := selfStatements(tt.msg, ref, nil)
			if tt.want == nil {
				if len(got) > 0 {
					t.Fatalf("%q kept %q, want nothing", tt.msg, got[0].text)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("%q kept %d memories, want 1: %+v", tt.msg, len(got), got)
			}
			low := strings.ToLower(got[0].text)
			for _, w := range tt.want {
				if !strings.Contains(low, strings.ToLower(w)) {
					t.Errorf("%q kept %q, want it to hold %q", tt.msg, got[0].text, w)
				}
			}
			if got[0].typ != tt.typ {
				t.Errorf("%q kept as %s, want %s", tt.msg, got[0].typ, tt.typ)
			}
		})
	}
}

// A message spoken in one breath, commas and "and" for stops, keeps the
// clauses that begin anew (a subject after the comma) as statements of
// their own; a clause that speaks of the one before it stays with it.
func TestSelfStatementsOfARunOnMessage(t *testing.T) {
	ref := time.Date(2025, 10, 2, 2, 0, 0, 0, time.UTC)
	msg := "right so it's gone eleven and the twins are finally down, Orla kicked off about her spelling list for ages and Finn wanted the same bedtime story twice, " +
		"anyway I'm a postie for Royal Mail, out the door at half five most days, and we're in a terraced house in Hexham which is small but fine"
	var got []string
	for _, f := range selfStatements(msg, ref, nil) {
		got = append(got, f.text)
	}
	for _, want := range []string{"postie", "Hexham"} {
		if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, want) }) {
			t.Errorf("statements %q, want one about %q", got, want)
		}
	}
	long := "My wife and I shall be celebrating our fortieth wedding anniversary on the 9th of March after so many good years together, " +
		"and I am minded to take her to the Lake District for a few quiet days at a small hotel near Keswick that we both love very much"
	got = got[:0]
	for _, f := range selfStatements(long, ref, nil) {
		got = append(got, f.text)
	}
	if !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, "Keswick") && strings.Contains(s, "March") }) {
		t.Errorf("statements %q, want the trip kept with its date", got)
	}
}

// TestSelfStatementsMarkChanges checks that a statement worded as a
// change is tagged so, for reconciliation to end what it replaces.
func TestSelfStatementsMarkChanges(t *testing.T) {
	ref := time.Date(2025, 5, 5, 10, 0, 0, 0, time.UTC)
	for _, msg := range []string{
		"i ditched the gym membership, cycling to work instead",
		"we're renting a flat in Leith now",
		"周末的羽毛球停了，改成游泳",
		"晚班没排了，一个多月没上了",
		"finally got the keys to our semi in Prestwich",
		"I must amend what I told you: the recital is in the chapel, not the hall",
		"I had that backwards, it's Tom who hates olives",
		"跟你汇报一下：我不在码头干了，现在在物流园开叉车",
	} {
		got := selfStatements(msg, ref, nil)
		if len(got) != 1 || !got[0].change {
			t.Errorf("%q: got %+v, want one change", msg, got)
		}
	}
}

// TestSelfStatementTopics checks the topic read from a statement's words,
// which lets a later change in other words find it.
func TestSelfStatementTopics(t *testing.T) {
	for _, tt := range []struct{ text, want string }{
		{"I'm on earlies all next month at the depot", "work schedule"},
		{"我们店早上九点开门", "work schedule"},
		{"I've cut down to two cigarettes a day", "smoking"},
		{"I basically run on flat whites and energy drinks", "drink"},
		{"每天早上一杯豆浆", "drink"},
		{"I've gone pescatarian since the summer", "diet"},
		{"I'm training for a 10k in the autumn", "exercise"},
		{"我每周三晚上去打羽毛球", "exercise"},
		{"We're renting a two-bed in Leith", "residence"},
		{"My flatmate and I split the bills", ""},
		{"Got the keys to a two-bed terrace", "residence"},
		{"Got a greyhound, he lives with my mum mostly", ""},
		{"Throwing a party at the house for the twins", ""},
		{"爬楼梯腿遭不住，坐电梯", ""},
		{"这事我记不住，你帮我记", ""},
		{"那个断食我放弃了，加班根本坚持不住", ""},
		{"我住在浦东，离地铁近", "residence"},
		{"I quit the call centre, freelancing now", "occupation"},
		{"现在在一家花店打工", "business"},
		{"I cycle to work most days", "exercise"},
		{"I got rid of the car, it's the bus now", "transport"},
		{"staying at my nan's full time since september", "residence"},
		{"现在搬回我妈家住了", "residence"},
		{"I do yoga after my shift most days", "exercise"},
		{"three weeks on one week off, flying from Brisbane", "work schedule"},
		{"the new swing is much kinder on the body", "work schedule"},
		{"home is a two-bed terrace in Leeds", "residence"},
		{"We've settled into a bungalow near Truro", "residence"},
		{"We are presently residing with our daughter in Pune", "residence"},
		{"I shouted at my dad again today", ""},
		{"we're renting a studio in Hackney", "residence"},
		{"first studio crit is on friday and I have nothing", ""},
		{"my mood swings are much worse now", ""},
		{"I drive for an hour to see my mum", "transport"}, // not a job
		{"大家在群里聊孩子上学的事", "school"},
		{"I drive vans for a courier firm in Hull", "occupation"},
		{"我在番禺跑滴滴，一天跑十个小时", "occupation"},
	} {
		if got := topicOf(tt.text); got != tt.want {
			t.Errorf("topicOf(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

// TestSelfStatementsAboutFamily checks that what people tell of their
// family is kept with the relative named, a sentence going on about them
// by a pronoun joins it, and someone else's doing is not kept.
func TestSelfStatementsAboutFamily(t *testing.T) {
	ref := time.Date(2025, 5, 5, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		msg, subject string
		want         []string // nil: nothing kept
	}{
		{"Husband is Tariq. He's a bus driver on the 38 route.", "family:husband", []string{"husband", "tariq", "bus driver"}},
		{"our son has a peanut allergy, carries an epipen", "family:son", []string{"son", "peanut"}},
		{"我闺女在读初三，成绩还行", "family:daughter", []string{"闺女", "初三"}},
		{"我老公的同事对海鲜过敏", "", nil},
		{"my sister rang last night", "", nil},
	}
	for _, tt := range tests {
		got := selfStatements(tt.msg, ref, nil)
		if tt.want == nil {
			for _, f := range got {
				if f.subject == tt.subject && tt.subject != "" || tt.subject == "" {
					t.Errorf("%q kept %q, want nothing", tt.msg, f.text)
				}
			}
			continue
		}
		if len(got) != 1 {
			t.Errorf("%q kept %d memories, want 1: %+v", tt.msg, len(got), got)
			continue
		}
		low := strings.ToLower(got[0].text)
		for _, w := range tt.want {
			if !strings.Contains(low, w) {
				t.Errorf("%q kept %q, want it to hold %q", tt.msg, got[0].text, w)
			}
		}
		if got[0].subject != tt.subject {
			t.Errorf("%q kept under %q, want %q", tt.msg, got[0].subject, tt.subject)
		}
	}
}

// TestRulesDoNotNameTheAuthorAfterAThing checks that a clause naming
// what the clause before spoke of is not read as the author's name or
// identity.
func TestRulesDoNotNameTheAuthorAfterAThing(t *testing.T) {
	ref := time.Date(2025, 5, 5, 10, 0, 0, 0, time.UTC)
	for _, msg := range []string{"医生给我开了个新药，叫二甲双胍", "我报了个班，叫新东方", "体检不是周三，是周五"} {
		fs, _ := enLineFacts(msg, ref, relative{}, nil)
		for _, f := range fs {
			if k := subject.Key(f.subject); k == subject.Name || k == subject.Identity {
				t.Errorf("%q: read as the author's %s: %q", msg, k, f.text)
			}
		}
	}
}

// TestCorrectionLeadInIsNoPlan checks that announcing a correction is read
// as a change, not as a plan to correct something, and that a colon after
// other words ("my biggest mistake at work:", "10:30") is no such lead-in.
func TestCorrectionLeadInIsNoPlan(t *testing.T) {
	ref := time.Date(2025, 5, 5, 10, 0, 0, 0, time.UTC)
	for _, tt := range []struct{ msg, want string }{
		{"I need to correct what I told you yesterday: my recital is on the 9th of June, not the 6th.", "recital"},
		{"quick correction to something i said last week: im allergic to kiwi, not mango", "kiwi"},
	} {
		fs, _ := enLineFacts(tt.msg, ref, relative{}, nil)
		if len(fs) == 0 {
			fs = selfStatements(tt.msg, ref, nil)
		}
		var kept []string
		for _, f := range fs {
			kept = append(kept, f.text)
			if strings.Contains(strings.ToLower(f.text), "correct") {
				t.Errorf("%q: kept the lead-in as %q", tt.msg, f.text)
			}
		}
		if !slices.ContainsFunc(fs, func(f found) bool { return f.change && strings.Contains(strings.ToLower(f.text), tt.want) }) {
			t.Errorf("%q: kept %q, want a change holding %q", tt.msg, kept, tt.want)
		}
	}
	for _, msg := range []string{"My biggest mistake at work: I trust people too fast", "I made a mistake in the 10:30 meeting, I work at Acme as a tester"} {
		if got := enInformal(msg); strings.HasPrefix(got, "Correction:") {
			t.Errorf("enInformal(%q) = %q, read as a correction", msg, got)
		}
	}
}

// TestSelfStatementsKeepOthersNewsApart checks, with what reviewers found
// wrong, that someone else's news, a general remark or a relative's word
// used otherwise is not kept as the author's or as a relative's fact.
func TestSelfStatementsKeepOthersNewsApart(t *testing.T) {
	ref := time.Date(2025, 5, 5, 10, 0, 0, 0, time.UTC)
	known := []Subject{{Key: "diet", Text: "Is vegan"}, {Key: "residence", Text: "Lives in Leith with a flatmate"},
		{Key: "occupation", Text: "Works as a nurse at the hospital"}}
	for _, msg := range []string{
		"my flatmate is moving to London now", "my boss is vegan now", "Anna quit smoking now",
		"hospital parking is free now", "Tom told me he's moving to Leeds next month",
		"我同事现在去别的医院了", "Kids these days have no attention span", "对象存储的方案定了", "妈呀这个菜好辣",
	} {
		for _, f := range selfStatements(msg, ref, known) {
			if f.change || strings.HasPrefix(f.subject, "family:") || f.subject == "residence" || f.subject == "diet" {
				t.Errorf("%q kept as %q under %q (change %v)", msg, f.text, f.subject, f.change)
			}
		}
	}
	// A sentence with its own "I" is the author's, not more of the
	// relative spoken of before.
	got := selfStatements("Mum has dementia. I visit her every Sunday in the care home.", ref, nil)
	for _, f := range got {
		if f.subject == "family:mother" && strings.Contains(f.text, "visit") {
			t.Errorf("the author's visit joined the mother's memory: %q", f.text)
		}
	}
}

// TestSelfStatementsChangeWhatWasSaid checks that a terse change of
// something the author said before is kept under that memory's subject,
// and that news about a relative or a remark without a change is not.
func TestSelfStatementsChangeWhatWasSaid(t *testing.T) {
	ref := time.Date(2025, 5, 5, 10, 0, 0, 0, time.UTC)
	known := []Subject{
		{Key: "work base", Text: "Is based at the Leyton depot"},
		{Key: "work schedule", Text: "每天早上九点开门"},
		{Key: "family:son", Text: "Son Leo plays football on Saturdays"},
	}
	tests := []struct{ msg, key string }{
		{"transfer sorted. walthamstow depot from next week", "work base"},
		{"开门时间改到十点了，早上人少", "work schedule"},
		{"football season starts now, boots everywhere", ""},
		{"the depot canteen is rubbish", ""},
	}
	for _, tt := range tests {
		got := selfStatements(tt.msg, ref, known)
		switch {
		case tt.key == "" && slices.ContainsFunc(got, func(f found) bool { return f.change }):
			t.Errorf("%q kept as a change: %+v", tt.msg, got)
		case tt.key != "" && (len(got) != 1 || got[0].subject != tt.key || !got[0].change):
			t.Errorf("%q: got %+v, want one change of %q", tt.msg, got, tt.key)
		}
	}
	// Reconciled, the change ends what it changes.
	tok := text.NewTokenizer()
	old := memory.Memory{ID: "m1", Text: "Is based at the Leyton depot", Subject: "work base", Status: memory.StatusActive, Type: memory.TypeFact}
	f := selfStatements("transfer sorted. walthamstow depot from next week", ref, known)[0]
	c := f.toMemory(Input{Owner: "p1"}, Line{Text: "transfer sorted. walthamstow depot from next week", Time: ref})
	if d := ruleDecision(c, []memory.Memory{old}, tok); d.action != ActionSupersede || d.target == nil || d.target.ID != "m1" {
		t.Errorf("decision %+v, want the depot memory superseded", d)
	}
}

// TestSelfStatementsChangeAMemoryWithoutSubject checks a change said in
// passing of something kept without a subject: it takes two shared
// telling words, not one, and reconciled it ends that memory.
func TestSelfStatementsChangeAMemoryWithoutSubject(t *testing.T) {
	ref := time.Date(2025, 5, 5, 10, 0, 0, 0, time.UTC)
	known := []Subject{
		{Text: "每天早上空腹吃一片降压药，五毫克"},
		{Text: "Grows runner beans on the allotment"},
	}
	changed := "降压药加量了，现在十毫克"
	got := selfStatements(changed, ref, known)
	if len(got) != 1 || !got[0].change {
		t.Fatalf("%q: got %+v, want one change", changed, got)
	}
	if got := selfStatements("allotment fees now doubled", ref, known); slices.ContainsFunc(got, func(f found) bool { return f.change }) {
		t.Errorf("one shared word made a change: %+v", got)
	}
	old := memory.Memory{ID: "m1", Text: known[0].Text, Status: memory.StatusActive, Type: memory.TypeFact}
	c := got[0].toMemory(Input{Owner: "p1"}, Line{Text: changed, Time: ref})
	if d := ruleDecision(c, []memory.Memory{old}, text.NewTokenizer()); d.action != ActionSupersede || d.target == nil || d.target.ID != "m1" {
		t.Errorf("decision %+v, want the dose memory superseded", d)
	}
}

// A date said as when a job, a home or working hours begin is not the
// end of a plan: the memory lasts.
func TestStatementsOfAStateThatBeginsLast(t *testing.T) {
	at := time.Date(2025, 9, 8, 10, 0, 0, 0, time.UTC)
	tests := []struct {
		in      string
		lasting bool
	}{
		{"put in my notice, starting monday driving trams for metrolink", true},
		{"from next month i'm working nights at the depot", true},
		{"下个月起我就在杭州那边上班了，公司租的房子", true},
		{"i'm going to the dentist on monday for a filling", false},
	}
	for _, tt := range tests {
		ms := extractAll(t, tt.in, at)
		if len(ms) == 0 {
			t.Errorf("%q: nothing kept", tt.in)
			continue
		}
		m := ms[0]
		if lasting := m.ExpiresAt.IsZero() && m.Lifecycle != memory.LifecycleTemporary; lasting != tt.lasting {
			t.Errorf("%q: %q lifecycle %s, expires %v; want lasting %v", tt.in, m.Text, m.Lifecycle, m.ExpiresAt, tt.lasting)
		}
	}
}
