package extract_test

import (
	"strings"
	"testing"

	"github.com/membot/membot/memory"
)

// Offline, each class of change phrasing supersedes what the earlier
// wording of the same fact stored, in both languages: a role named with
// its workplace and a new employer, "I've left …, I'm now …", promotions
// without an article, "we live in", quitting a named job, a relationship
// ending or moving on, daily habits and what ends them, the way to work,
// a tool switch with a reason after the comma, and subjectless Chinese
// self-descriptions.
func TestOfflineCorrectionClasses(t *testing.T) {
	tests := []struct {
		name     string
		first    string
		then     string
		old, new string
	}{
		{"role at a workplace, new employer", "I work as a nurse at St Mary's", "I left St Mary's and joined Northgate Clinic",
			"Works as a nurse at St Mary's", "Works at Northgate Clinic"},
		{"identity at a workplace, perfect tense", "I'm a cashier at Lidl", "I've left Lidl, I'm now a buyer at a small bakery",
			"Is a cashier at Lidl", "Works as a buyer at a small bakery"},
		{"promotion without article", "I'm a junior developer at Umbrella", "I got promoted, I'm now team lead for the payments group",
			"Is a junior developer at Umbrella", "Works as a team lead for the payments group"},
		{"we live in", "we live in Leeds, close to the station", "we moved to York last weekend",
			"Lives in Leeds", "Lives in York"},
		{"quitting a named job", "I also work evenings at a bar on Mill Lane", "I quit the bar job, it was too late at night",
			"Works at a bar on Mill Lane", "Quit the bar job"},
		{"dating, then engaged", "I've been seeing Priyanka since spring", "Priyanka and I got engaged!",
			"Has been dating Priyanka", "Is engaged"},
		{"habit ended", "I can't start the day without a double espresso", "I've given up coffee, my doctor insisted",
			"Can't start the day without double espresso", "Has given up coffee"},
		{"tool with a reason", "I use Firefox for work", "I switched to Brave, it feels lighter",
			"Uses Firefox for work", "Switched to Brave"},
		{"在一家公司做", "我在广州一家银行做柜员", "我跳槽了，现在在一家保险公司做理赔",
			"在广州一家银行做柜员", "在一家保险公司做理赔工作"},
		{"和某人分手", "我女朋友小雨在成都上班", "我和小雨分手了",
			"女朋友小雨在成都上班", "和小雨分手了，单身"},
		{"每天的习惯，戒了几个月", "我每天晚上都要喝一瓶啤酒", "我已经戒酒两个月了，睡得好多了",
			"每天晚上都要喝一瓶啤酒", "已戒酒"},
		{"通勤改成", "我平时坐公交上班", "现在改成骑自行车上班了",
			"坐公交上班", "骑自行车上班"},
		{"没有主语的喜好", "平时喜欢喝点白酒", "我现在不再喝酒了，医生不让",
			"喜欢喝点白酒", "不再喝酒"},
		{"说错了，其实是另一种过敏", "我对芒果过敏，吃了嘴会肿", "上次说错了，其实是菠萝过敏，芒果没事",
			"对芒果过敏", "对菠萝过敏"},
		{"不在某地住了，新房子在别处", "我住西湖区，离公司近", "我不在西湖区住了，滨江那套交房了",
			"住在西湖区", "住在滨江"},
		{"某事黄了，改成别的", "我儿子在学围棋，每周去两次", "围棋那事黄了，儿子非要学游泳",
			"儿子在学围棋，每周去两次", "儿子非要学游泳"},
		{"英文地名的计划取消了", "圣诞打算和男朋友去 Paris", "Paris 取消了，圣诞改成去 London",
			"2026年12月25日打算和男朋友去 Paris", "圣诞改成去 London"},
		{"不是旧日子，是新日子", "我每周三晚上去社区合唱团练歌", "说错了，合唱团不是周三，是周四",
			"每周三晚上去社区合唱团练歌", "每周四晚上去社区合唱团练歌"},
		{"后来改成另一份工作", "我在成都当导游", "导游我不干了，后来改成在一家酒店当前台",
			"在成都当导游", "在一家酒店当前台"},
		{"跳槽后只说了新公司", "我在京东做运营", "我跳槽去了字节，还是做运营",
			"在京东做运营", "在字节工作"},
		{"改行", "我是小学老师", "我现在不当老师了，改行做保险",
			"是小学老师", "做保险"},
		{"话题在前的戒掉", "我每天喝两杯咖啡", "咖啡戒了，现在只喝白开水",
			"每天喝两杯咖啡", "已戒咖啡"},
		{"宠物送人了", "我养了一只猫叫咪咪", "咪咪上个月送人了",
			"养了一只猫，叫咪咪", "咪咪送人了"},
		{"不干了，没有主语", "我在成都当导游", "导游不干了，现在在景区卖票",
			"在成都当导游", "在景区卖票"},
		{"没有主语的改行", "我是做设计的", "后来改成做产品经理了",
			"做设计", "做产品经理"},
		{"谈恋爱了", "我单身", "我最近谈恋爱了",
			"单身", "在恋爱中"},
		{"改去另一家单位", "我在杭州一家医院当护士", "现在改去上海的一家诊所了",
			"在杭州一家医院当护士", "改去上海的一家诊所"},
		{"没有主语的搬家", "我住在南山区", "如今搬到宝安了",
			"住在南山区", "住在宝安"},
		{"话题在前的不喝了", "我喜欢喝可乐", "可乐不喝了，改喝无糖茶",
			"喜欢喝可乐", "改喝无糖茶"},
		{"不学了，改学别的", "我在学吉他", "吉他不学了，改学钢琴",
			"正在学习吉他", "改学钢琴"},
		{"有对象了", "我是单身", "我有女朋友了",
			"单身", "在恋爱中"},
		{"改用另一个工具", "我用Excel记账", "现在改用随手记记账了",
			"用Excel记账", "用随手记记账"},
		{"不跑了，换一份工", "我开网约车", "网约车不跑了，现在在工地开挖掘机",
			"开网约车", "在工地开挖掘机"},
		{"宠物走丢了", "我家狗叫旺财", "旺财去年走丢了",
			"家里的狗叫旺财", "旺财走丢了"},
		{"如今跟家人住在别处", "我住城南", "城南那套卖了，如今跟我爸住在城北",
			"住在城南", "跟爸爸住在城北"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkChange(t, tt.first, tt.then, tt.old, tt.new) })
	}
}

// checkChange states first, then the change, offline, and checks that the
// memory of the old wording was superseded and the new one is active.
func checkChange(t *testing.T, first, then, old, new string) {
	t.Helper()
	e := newEnv(t, envConfig{offline: true})
	ann, _ := e.stateThenChange(first, then)
	all := e.memories(ann.ID)
	if m := statusOf(t, all, old); m.Status != memory.StatusSuperseded {
		t.Errorf("%q: status %s, want superseded", old, m.Status)
	}
	if m := statusOf(t, all, new); m.Status != memory.StatusActive {
		t.Errorf("%q: status %s, want active", new, m.Status)
	}
}

// The new phrasings lend nothing to the author that is not theirs and
// read no state out of passing remarks.
func TestOfflineChangeClassesStayPrecise(t *testing.T) {
	for _, s := range []string{
		"I'm now at home", "I'm now really tired", "we live in hope", "I use it for everything",
		"I'm with Acme on this one", "我们家猫叫团子，是只英短", "我老公每天都要喝一杯咖啡", "朋友平时坐地铁上班",
	} {
		e := newEnv(t, envConfig{offline: true})
		ann := e.person("Ann")
		e.conv("console:dm")
		e.say("console:dm", ann, 0, s)
		if _, err := e.run("console:dm"); err != nil {
			t.Fatalf("run: %v", err)
		}
		for _, m := range e.memories(ann.ID) {
			switch m.Subject {
			case "employer", "occupation", "identity", "residence", "通勤":
				t.Errorf("%q gave the author %q (subject %s)", s, m.Text, m.Subject)
			}
			if len(m.Text) > 0 && (m.Text == "每天都要喝一杯咖啡" || m.Text == "Uses it for everything") {
				t.Errorf("%q gave the author %q", s, m.Text)
			}
		}
	}
}

// A switch said with what it leaves ("I don't drink X anymore, I switched
// to Y") ends the habit of X, in one sentence as in two.
func TestOfflineSwitchEndsTheHabitItLeaves(t *testing.T) {
	e := newEnv(t, envConfig{offline: true})
	ann, _ := e.stateThenChange("I drink way too much cola, like three cans a day", "I don't drink cola anymore, I switched to sparkling water")
	all := e.memories(ann.ID)
	if m := statusOf(t, all, "Drinks cola, three cans a day"); m.Status != memory.StatusSuperseded {
		t.Errorf("old habit: status %s, want superseded", m.Status)
	}
	if m := statusOf(t, all, "Switched to sparkling water; no longer drinks cola"); m.Status != memory.StatusActive {
		t.Errorf("new habit: status %s, want active", m.Status)
	}
}

// A routine named by its days is no dated plan that a later word could
// not end; "instead" puts a new thing in the place of the one thing kept
// on a topic of many; a role held at a named workplace is a job whatever
// else the introduction says; a plan's day said to have been wrong moves
// it.
func TestOfflineReplacementsRoutinesAndWrongDays(t *testing.T) {
	tests := []struct{ name, first, then, old, new string }{
		{"routine on named days, given up", "To keep my knees moving I go to water aerobics at the YMCA on Tuesday and Thursday mornings.",
			"I have given up on the water aerobics, the chlorine was bad for my skin.",
			"To keep their knees moving they go to water aerobics at the YMCA on Tuesday and Thursday mornings.", "Has given up the water aerobics"},
		{"instead, the one way of keeping fit", "I walk with the Roslyn walking group every Tuesday and Thursday morning.",
			"I have joined the Caversham bowling club instead, Saturday afternoons.",
			"They walk with the Roslyn walking group every Tuesday and Thursday morning.", "They have joined the Caversham bowling club instead, Saturday afternoons."},
		{"改成, the one way of keeping fit", "我每周一三五去健身房练力量", "现在改成周末沿着河边跑步，一次十公里",
			"每周一三五去健身房练力量", "现在改成周末沿着河边跑步，一次十公里"},
		{"a role at a workplace in an introduction, new employer", "hey, i'm Dana, cashier at Tesco, six years there now lol",
			"big news, i'm joining Aldi as a shift lead next month", "They are Dana, cashier at Tesco, six years there now", "Works at Aldi"},
		{"an engineer at a firm, new employer", "ok so i'm Marek, engineer at Siemens, mostly on the rail side",
			"got news. i'm leaving, joining Alstom in march", "They are Marek, engineer at Siemens, mostly on the rail side", "Works at Alstom"},
		{"唉，宠物死了", "我养了只画眉 叫小灵通", "唉 小灵通前两天死了 养了六年", "养了只画眉，叫小灵通", "小灵通死了"},
		{"a pet lost, by its name", "we have a beagle called Pepper, she's fourteen", "We lost Pepper two weeks ago. She was fourteen.",
			"Has a beagle called Pepper", "Pepper died"},
		{"based in, then based out of", "tomas. embedded fw engineer at Hexwell, based in Rotterdam.", "I'm based out of Leeds these days",
			"Lives in Rotterdam", "Lives in Leeds"},
		{"a doctor's word in the author's change", "我每天下午要去茶馆打两圈麻将 雷打不动", "茶馆我不去了 医生说久坐打牌不好 现在下午改去府河边上走路 走一个钟头",
			"每天下午要去茶馆打两圈麻将", "茶馆用户不去了，医生说久坐打牌不好，现在下午改去府河边上走路，走一个钟头"},
		{"a plan's day was wrong", "We fly to Germany for Christmas on 18 December, Calgary to Frankfurt with Condor.",
			"I wrote 18 December, but that was wrong: the flight is on 20 December.",
			"We fly to Germany for Christmas on 18 December, Calgary to Frankfurt with Condor.", "They wrote 18 December, but that was wrong: the flight is on 20 December."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkChange(t, tt.first, tt.then, tt.old, tt.new) })
	}
}

// A greeting before an introduction ("你好嘛") does not make it a
// question to the bot; a feeling said "to death" ("紧张死了") names no
// pet that died, an allergy test (过敏原) no allergy, and 在学校 no
// subject studied.
func TestOfflineGreetingsAndFeelings(t *testing.T) {
	e := newEnv(t, envConfig{offline: true})
	ann := e.person("Ann")
	e.conv("console:dm")
	for i, s := range []string{"你好嘛 我是老张 今年六十八了 在成都开了一辈子火车 屋头住在金牛区", "明天考试 紧张死了", "累死了 今天加班到十点",
		"跟你说 团团去查了过敏原 医生说鸡蛋其实没事", "我在学校门口的奶茶店兼职 一周三个晚上"} {
		e.say("console:dm", ann, i, s)
	}
	if _, err := e.run("console:dm"); err != nil {
		t.Fatalf("run: %v", err)
	}
	home := false
	var texts []string
	for _, m := range e.memories(ann.ID) {
		texts = append(texts, m.Text)
		home = home || strings.Contains(m.Text, "金牛区")
		if strings.HasPrefix(m.Subject, "pet:") || strings.HasPrefix(m.Subject, "allergy:") || strings.HasPrefix(m.Text, "正在学习") {
			t.Errorf("a feeling, an allergy test or a place read as a fact: %q (subject %s)", m.Text, m.Subject)
		}
	}
	if !home {
		t.Errorf("the introduction after 你好嘛 was not kept: %q", texts)
	}
}

// A pet named after it is told of is the author's pet; a relative lost,
// or a firm based somewhere, is neither a pet nor a home.
func TestOfflinePetsNamedAndNotPets(t *testing.T) {
	e := newEnv(t, envConfig{offline: true})
	ann := e.person("Ann")
	e.conv("console:dm")
	for i, s := range []string{"A rescue beagle mix from the humane society, we named her Juniper, about a year old.",
		"We lost Grandpa in March.", "We use Hexwell, a startup based in Rotterdam, for our boards."} {
		e.say("console:dm", ann, i, s)
	}
	if _, err := e.run("console:dm"); err != nil {
		t.Fatalf("run: %v", err)
	}
	var texts []string
	juniper := false
	for _, m := range e.memories(ann.ID) {
		texts = append(texts, m.Text)
		juniper = juniper || m.Subject == "pet:juniper" && m.Text == "Has a beagle called Juniper"
		if m.Subject == "pet:grandpa" || m.Subject == "residence" {
			t.Errorf("%q kept under %s", m.Text, m.Subject)
		}
	}
	if !juniper {
		t.Errorf("no pet Juniper among %q", texts)
	}
}
