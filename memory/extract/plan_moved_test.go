package extract_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/membot/membot/memory"
)

// Offline, a plan put off ends the plan it names, even by one word of it,
// as "it" or without 我, with other dates than it, and not a memory that
// only mentions the plan's place; the plan's own words carry the new day.
// A dose changed ends the old dose, a shop moved the shop's place (not the
// home), a new employer joined the old one, "we're in <place> now" the
// old home. A chat particle shared with a memory ties nothing to it.
func TestOfflinePlanMovedEndsThePlan(t *testing.T) {
	tests := []struct {
		name        string
		first, then string
		active      []string // terms the plan's active memory holds
		gone        string   // a term no active memory may hold
		kept        string   // a term of a memory that must stay active
	}{
		{"a word of the plan", "our club tourney is saturday april 4th, the whole squad is going",
			"the tourney got moved cos of the floods, its saturday april 18th now",
			[]string{"tourney", "april 18th"}, "april 4th", ""},
		{"a weekday and a day alone", "the 12 week scan is booked, tues 7th april at the hospital",
			"the hospital rang, they have to move the 12 wk scan to thurs 9th instead of the 7th",
			[]string{"12 week scan is booked", "thurs 9th"}, "tues", ""},
		{"the trip, not the allergy naming its place", "我跟老婆要去槟城玩，4月28号去，三天两夜，坐巴士去||我对花生过敏，去到槟城沙爹都不能吃",
			"plan change。槟城不去28号了，改5月11号，因为我女儿要考试",
			[]string{"槟城", "5月11号", "三天两夜"}, "4月28号", "花生过敏"},
		{"its date in the next sentence", "my driving test is april 14. the examiner is supposedly strict",
			"ugh. the test got bumped, examiner off sick. its april 21 now",
			[]string{"test", "april 21"}, "april 14", ""},
		{"days spelled out, pushed back", "i got my dot physical comin up april fourteenth, gotta get my blood pressure down by then",
			"the clinic called, they pushed my dot physical back a week to april twenty first",
			[]string{"physical", "april twenty first", "April 21, 2026"}, "april 14", ""},
		{"a clipped note of an appointment", "dentist booked tue 14 apr 08:30, cracked molar",
			"dentist moved to tue 21 apr, same time. they called.",
			[]string{"dentist", "21 apr"}, "14 apr", ""},
		{"an exam pushed, its date after a reason", "the sat is march 28, need 1300+ for the scholarship",
			"sat got pushed bc they messed up the booking, now its april 25",
			[]string{"sat", "april 25"}, "march 28", ""},
		{"an exam changed, now is on another day", "I have the IELTS exam on 16 May, I need 7.0",
			"Also the IELTS changed, the centre cancelled the day 16, now is in 30 of May.",
			[]string{"ielts", "may 30"}, "16 may", ""},
		{"a ticket moved to a day said alone", "下个月十八号我跟老太婆坐高铁去北京看孙女 要待两个礼拜",
			"去北京的票改了 儿子说十八号那几天他要出差 我们改成二十五号走 还是坐高铁",
			[]string{"北京", "二十五号"}, "下个月十八号", ""},
		{"a birthday's party moved, the birthday kept", "团团生日5月10号 满一岁 那天想在家给他办个抓周 请几个亲戚",
			"抓周改到9号周六了 10号老公要值班",
			[]string{"抓周", "9号"}, "", "生日是5月10号"},
		{"a plan that is on, the author in it", "theres a lan tourney at the rec center march 20 me and the squad signed up",
			"oh and the lan got pushed to march 27 the rec center double booked",
			[]string{"lan tourney", "march 27"}, "march 20", ""},
		{"a move ends every memory of the old home", "Maureen, my wife, is the crossword fiend in this house||I was a signalman on the railways for 38 years; we live in Dunedin, have done all our lives",
			"We've gone and sold the house on Highgate; we're in a two-bedroom unit out at Mosgiel, closer to Maureen's sister",
			[]string{"mosgiel"}, "dunedin", ""},
		{"moved as it", "our grandson Tom is getting married on the 20th of June in Leeds",
			"A change of plans for the wedding, I'm afraid. The venue flooded, so they have moved it to the 27th of June instead.",
			[]string{"married", "june 27, 2026"}, "june 20", ""},
		{"instead, with the new day", "We're taking the kids to Six Flags on Saturday the 21st",
			"We're going Saturday the 28th instead, they already changed the tickets",
			[]string{"six flags", "28th"}, "21st", ""},
		{"a plan that is now on another day", "My dentist appointment is on 2 April",
			"The dentist appointment is now 9 April", []string{"dentist", "9 april"}, "2 april", ""},
		{"put off by whoever sent word", "my driving test is on 14 April, so nervous",
			"ugh they just emailed, the test got moved to 21 April", []string{"driving test", "21 april"}, "14 april", ""},
		{"put off under a key of its own", "我准备考个摩托车驾照 D照 科目一定的三月二十八号",
			"哦豁 驾校刚打电话说那天考场满了 科目一改成四月四号了", []string{"摩托车驾照", "四月四号"}, "三月二十八号", ""},
		{"moved with new details of its own", "Our book club dinner is on 12 May at Luigi's",
			"The book club dinner got moved to 19 May, now at the Harbour Hotel in Whitby", []string{"harbour hotel", "19 may"}, "12 may", ""},
		{"another day, now", "My eye test is on 2 April at Specsavers",
			"the optician rang, the eye test is the 9th of April now", []string{"eye test", "april"}, "2 april", ""},
		{"instead with no plan ends none", "I have a dentist appointment on 2 April",
			"I drink tea instead of coffee on Mondays", []string{"dentist", "april 2"}, "", "dentist appointment"},
		{"a plan moved without 我", "我儿子小明要结婚了，定的明年五月十八",
			"亲家那边说不中，小明哩婚事改到六月一号了，好记",
			[]string{"婚事", "六月一号"}, "五月十八", ""},
		{"the shop moved, not the home", "我的店在金水路 挨着一个写字楼",
			"跟你说个事 店挪了 房东涨租 搬到农业路了 离我家也近",
			[]string{"店", "农业路"}, "金水路", ""},
		{"a dose raised", "我有甲减，每天早上空腹吃优甲乐50微克",
			"优甲乐加量了，现在每天75微克",
			[]string{"优甲乐", "75"}, "50微克", ""},
		{"a dose raised, in English", "I take metformin 500mg twice a day with meals",
			"the GP increased my metformin to 1000mg twice a day",
			[]string{"metformin", "1000mg"}, "500mg", ""},
		{"a medicine replaced under its key", "医生给我开了降血脂的药，叫阿托伐他汀，每天晚上吃一粒。",
			"药换成了瑞舒伐他汀，晚上一粒",
			[]string{"瑞舒伐他汀"}, "阿托伐他汀", ""},
		{"a new employer joined", "I'm an auditor at KPMG in the city",
			"jumping ship, joining Monzo next month",
			[]string{"monzo"}, "kpmg", ""},
		{"a home said as where one is", "we're in Pwll, just outside town, been there twenty years",
			"got the keys friday, we're in Kidwelly now",
			[]string{"kidwelly"}, "pwll", ""},
		{"a home said as where one stays", "I stay in Tema with my cousins, bedspace only",
			"we got a small flat in Kumasi now, no more sharing",
			[]string{"kumasi"}, "tema", ""},
		{"a stay away is no home", "I live in Leeds, near the university",
			"when I go to London I stay in Camden with my aunt",
			[]string{"leeds"}, "Lives in Camden", "leeds"},
		{"a brand of cigarette given up", "一天抽一盒红塔山 烟瘾大",
			"我戒烟了，听大夫的一根没抽",
			[]string{"戒烟"}, "红塔山", ""},
		{"a particle is no topic", "医生讲我糖尿病，不可以喝太甜，现在我都喝kopi kosong lor",
			"现在嘴巴痒就想吃糖… 哦不对，不能吃糖 haha 吃饼干 lor",
			nil, "", "糖尿病"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, envConfig{offline: true, atT0: true})
			ann := e.person("Ann")
			e.conv("console:dm")
			for i, line := range strings.Split(tt.first, "||") {
				e.say("console:dm", ann, i, line)
			}
			if _, err := e.run("console:dm"); err != nil {
				t.Fatalf("first run: %v", err)
			}
			e.say("console:dm", ann, 10, tt.then)
			if _, err := e.run("console:dm"); err != nil {
				t.Fatalf("second run: %v", err)
			}
			var active []string
			for _, m := range e.memories(ann.ID) {
				if m.Status == memory.StatusActive {
					active = append(active, m.Text)
				}
			}
			if tt.active != nil && !anyHoldsAll(active, tt.active) {
				t.Errorf("no active memory holds %q: %q", tt.active, active)
			}
			if tt.gone != "" && anyHoldsAll(active, []string{tt.gone}) {
				t.Errorf("an active memory still holds %q: %q", tt.gone, active)
			}
			if tt.kept != "" && !anyHoldsAll(active, []string{tt.kept}) {
				t.Errorf("the memory holding %q was ended: %q", tt.kept, active)
			}
		})
	}
}

// anyHoldsAll reports whether one of texts holds every term.
func anyHoldsAll(texts, terms []string) bool {
	for _, s := range texts {
		all := true
		for _, term := range terms {
			all = all && strings.Contains(strings.ToLower(s), strings.ToLower(term))
		}
		if all {
			return true
		}
	}
	return false
}

// A day said alone ("we're going Saturday the 28th instead") moves the
// plan it speaks of, and the plan written with the new day is still a
// plan, dated by it: recall lifts it as one, and it expires after it.
func TestPlanMovedByADaySaidAloneStaysAPlan(t *testing.T) {
	e := newEnv(t, envConfig{offline: true, atT0: true})
	ann, _ := e.stateThenChange("We're taking the kids to Six Flags on Saturday the 21st",
		"We're going Saturday the 28th instead, they already changed the tickets")
	for _, m := range e.memories(ann.ID) {
		if m.Status != memory.StatusActive {
			continue
		}
		if m.Type != memory.TypeEvent || m.Lifecycle != memory.LifecycleTemporary || m.EventTime.Day() != 28 || m.ExpiresAt.IsZero() {
			t.Errorf("%q: %s, %s, on %v, expires %v; want a temporary event on the 28th", m.Text, m.Type, m.Lifecycle, m.EventTime, m.ExpiresAt)
		}
		if slices.Contains(m.Tags, string(memory.TypeFact)) {
			t.Errorf("%q tagged %v", m.Text, m.Tags)
		}
	}
}

// A plan put off in the same sitting as it was told ends it as a later
// change would: the plan is stored, then superseded, its first day kept
// in the history.
func TestPlanPutOffInTheSameSitting(t *testing.T) {
	e := newEnv(t, envConfig{offline: true, atT0: true})
	ann := e.person("Ann")
	e.conv("console:dm")
	e.say("console:dm", ann, 0, "我准备考个摩托车驾照 D照 科目一定的三月二十八号")
	e.say("console:dm", ann, 1, "哦豁 驾校刚打电话说那天考场满了 科目一改成四月四号了")
	if _, err := e.run("console:dm"); err != nil {
		t.Fatal(err)
	}
	var active, ended []string
	for _, m := range e.memories(ann.ID) {
		switch m.Status {
		case memory.StatusActive:
			active = append(active, m.Text)
		case memory.StatusSuperseded:
			ended = append(ended, m.Text)
		}
	}
	if !anyHoldsAll(active, []string{"摩托车驾照", "四月四号"}) || anyHoldsAll(active, []string{"三月二十八号"}) {
		t.Errorf("active %q, want the test on 四月四号 only", active)
	}
	if !anyHoldsAll(ended, []string{"三月二十八号"}) {
		t.Errorf("superseded %q, want the test on 三月二十八号", ended)
	}
}
