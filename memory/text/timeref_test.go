package text

import (
	"testing"
	"time"
)

func TestParseDateRef(t *testing.T) {
	tests := []struct {
		in               string
		year, month, day int
		when             bool
	}{
		{"When did Melanie go camping in June?", 0, 6, 0, true},
		{"What did she do in May 2023?", 2023, 5, 0, false},
		{"May I ask what you like?", 0, 0, 0, false},
		{"Where did they march?", 0, 0, 0, false},
		{"她2023年6月去了哪里？", 2023, 6, 0, false},
		{"十二月发生了什么", 0, 12, 0, false},
		{"你什么时候去的北京", 0, 0, 0, true},
		{"How long ago was her birthday?", 0, 0, 0, true},
		{"What exciting news did Maria share on 16 June, 2023?", 2023, 6, 16, false},
		{"What painting did she show on October 13, 2023?", 2023, 10, 13, false},
		{"What did I tell you on the 3rd of May?", 0, 5, 3, false},
		{"Which 2 books did I buy in June?", 0, 6, 0, false},
		{"Is June 2023 the month?", 2023, 6, 0, false},
		{"我6月16日跟你说了什么？", 0, 6, 16, false},
		{"2023年十月三十一号那天呢", 2023, 10, 31, false},
		{"那个生日是08月13日的人", 0, 8, 13, false},
	}
	for _, tt := range tests {
		w := Words(tt.in)
		d := ParseDateRef(w, tt.in)
		if d.Year != tt.year || d.Month != tt.month || d.Day != tt.day {
			t.Errorf("ParseDateRef(%q) = %d-%d-%d, want %d-%d-%d", tt.in, d.Year, d.Month, d.Day, tt.year, tt.month, tt.day)
		}
		if got := IsWhenQuestion(w, tt.in); got != tt.when {
			t.Errorf("IsWhenQuestion(%q) = %v, want %v", tt.in, got, tt.when)
		}
	}
}

func TestDateRefOnDay(t *testing.T) {
	at := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	tests := []struct {
		d    DateRef
		t    string
		want bool
	}{
		{DateRef{2023, 6, 16}, "2023-06-16T20:00:00Z", true},
		{DateRef{2023, 6, 16}, "2023-06-17T09:00:00Z", true},
		{DateRef{2023, 6, 16}, "2023-06-18T09:00:00Z", false},
		{DateRef{2023, 6, 16}, "2022-06-16T09:00:00Z", false},
		{DateRef{0, 6, 16}, "2022-06-16T09:00:00Z", true},
		{DateRef{2023, 6, 0}, "2023-06-16T09:00:00Z", false},
		{DateRef{}, "2023-06-16T09:00:00Z", false},
	}
	for _, tt := range tests {
		if got := tt.d.OnDay(at(tt.t)); got != tt.want {
			t.Errorf("%+v.OnDay(%s) = %v, want %v", tt.d, tt.t, got, tt.want)
		}
	}
}

func TestHasTimeExpressionChineseClock(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{
		{"门诊改成九点开始", true},
		{"每天7点半送孩子", true},
		{"十二点以后不吃东西", true},
		{"两点要去接人", true},
		{"想吃点甜的", false},
		{"有点累", false},
		{"这一点很重要", false},
		{"快一点走吧", false},
		{"下午一点钟开会", true},
		{"晚上十一点睡", true},
		{"八月二十三号回老家", true},
		{"下个月3号去培训", true},
		{"两个月没回家了", false},
	} {
		if got := HasTimeExpression(tc.in); got != tc.want {
			t.Errorf("HasTimeExpression(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
