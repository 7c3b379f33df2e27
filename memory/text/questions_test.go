package text

import (
	"slices"
	"testing"
)

func TestSubQuestions(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"我的猫叫什么名字？", nil},
		{"我的猫叫什么名字？另外，我下周去哪儿出差？", []string{"我的猫叫什么名字", "我下周去哪儿出差"}},
		{"我的车是什么牌子另外我住在哪个小区", []string{"我的车是什么牌子", "我住在哪个小区"}},
		{"Where does Ana work? And when did she move to Lyon?", []string{"Where does Ana work", "And when did she move to Lyon"}},
		{"Dr. Li said 3.5 mg. Is that a lot?", nil},
		{"ok? what time is the dentist on Friday?", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := SubQuestions(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("SubQuestions(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMainQuestion(t *testing.T) {
	for _, tc := range []struct{ in, aside, question string }{
		{"Long day at work, the train was late again. Anyway, what did I say I'd cook tonight?",
			"Long day at work, the train was late again.", "Anyway, what did I say I'd cook tonight?"},
		{"The park was packed and the coffee cold. Wait, sorry, where does my brother work?",
			"The park was packed and the coffee cold. Wait,", "sorry, where does my brother work?"},
		{"今天下雨了，路上堵得要命。言归正传，我女儿的生日是哪天？", "今天下雨了，路上堵得要命。", "言归正传，我女儿的生日是哪天？"},
		{"刚吃完饭有点困。不对，我本来想问的是，那个活动在哪儿", "刚吃完饭有点困。不对，", "我本来想问的是，那个活动在哪儿"},
		{"天气真好。等等，我用的手机是什么？另外，出门散步了一圈。对了，那个活动在哪儿？",
			"天气真好。 出门散步了一圈。", "等等，我用的手机是什么？另外对了，那个活动在哪儿？"},
		// No turn: the whole message is the question.
		{"Actually, what time is my flight?", "", "Actually, what time is my flight?"},
		{"The waiter was rude. What should I order next time?", "", "The waiter was rude. What should I order next time?"},
		{"I actually liked it, what do you think?", "", "I actually liked it, what do you think?"},
		// A turn to a statement asks nothing.
		{"Went running. Anyway, I'm off to bed.", "", "Went running. Anyway, I'm off to bed."},
		{"我其实不太喜欢咖啡。", "", "我其实不太喜欢咖啡。"},
	} {
		aside, q := MainQuestion(tc.in)
		if aside != tc.aside || q != tc.question {
			t.Errorf("MainQuestion(%q) = %q, %q; want %q, %q", tc.in, aside, q, tc.aside, tc.question)
		}
	}
}
