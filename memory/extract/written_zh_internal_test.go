package extract

import (
	"testing"
	"time"
)

// zhWritten punctuates what voice input and quick typing leave bare, and
// keeps spaces around Latin words and before units.
func TestZhWritten(t *testing.T) {
	tests := []struct{ in, want string }{
		{"我在杭州上班 平时不喝酒", "我在杭州上班，平时不喝酒"},
		{"甲 乙 丙", "甲，乙，丙"},
		{"在一家 startup 公司做 design", "在一家 startup 公司做 design"},
		{"下个月 20 号去成都", "下个月 20 号去成都"},
		{"血压150 头有点晕", "血压150，头有点晕"},
		{"近况：1、高血压五年了 2、血糖偏高", "近况：。高血压五年了。血糖偏高"},
		{"①搬家了②换了工作", "。搬家了。换了工作"},
		{"木有时间 以经很累了", "没有时间，已经很累了"},
		{"version 1.2 is out", "version 1.2 is out"},
	}
	for _, tt := range tests {
		if got := zhWritten(tt.in); got != tt.want {
			t.Errorf("zhWritten(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// Lines typed without punctuation, as numbered lists or tersely, without
// 我, give the same memories as the punctuated sentence would.
func TestRulesChineseAsTyped(t *testing.T) {
	at := time.Date(2025, 3, 10, 9, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		// A space for a comma.
		{"我在杭州上班 平时不喝酒 只喝茶", []lifeWant{{"在杭州上班", "employer", false}, {"不喝酒", "酒", false}, {"只喝茶", "茶", false}}},
		{"我闺女在读初三 成绩挺好", []lifeWant{{"闺女在读初三，成绩挺好", "family:daughter", false}}},
		{"你好 我叫阿强", []lifeWant{{"名字叫阿强", "name", false}}},
		{"我家狗叫旺财 它三岁了", []lifeWant{{"家里的狗叫旺财", "pet:旺财", false}}},
		// Numbered items.
		{"近况：1、高血压五年了 2、血糖7.8", []lifeWant{{"高血压五年了", "health:高血压", false}, {"血糖7.8", "health:血糖", false}}},
		// Terse lines.
		{"胃炎好几年了", []lifeWant{{"胃炎好几年了", "health:胃炎", false}}},
		{"尿酸520", []lifeWant{{"尿酸520", "health:尿酸", false}}},
		{"我老公尿酸520", []lifeWant{{"老公尿酸520", "family:husband", false}}}, // the husband's, said so
		{"我是学校篮球协会的 每周二晚上训练", []lifeWant{{"参加学校篮球协会，每周二晚上训练", "学校篮球协会", false}}},
		{"加入了市里的合唱团", []lifeWant{{"参加市里的合唱团", "市里的合唱团", false}}},
		{"寒假在做家教", []lifeWant{{"寒假做家教", zhSideJob, false}}},
		{"晚上在奶茶店兼职", []lifeWant{{"晚上在奶茶店兼职", zhSideJob, false}}},
		{"下个月起到总部上班", []lifeWant{{"在总部上班", "employer", true}}},
		{"我同事下个月起到总部上班", nil},
		// A relative's home is kept as theirs.
		{"现在住在女儿家", []lifeWant{{"住在女儿家", "residence", true}}},
	})
}

// In the third person a memory keeps 我们 before a group the author is
// part of as that group, not as the author's family's.
func TestZhThirdPersonKeepsTheGroup(t *testing.T) {
	tests := []struct{ in, want string }{
		{"我们队报名参加了比赛", "用户所在的队报名参加了比赛"},
		{"我们公司在张江", "用户所在的公司在张江"},
		{"我们周末去爬山", "用户一家周末去爬山"},
		{"我的猫叫咪咪", "猫叫咪咪"},
	}
	for _, tt := range tests {
		if got := zhThirdPerson(tt.in); got != tt.want {
			t.Errorf("zhThirdPerson(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
