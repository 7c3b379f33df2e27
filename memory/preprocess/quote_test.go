package preprocess

import "testing"

func TestMarkQuotes(t *testing.T) {
	cases := []struct {
		name      string
		in        string
		want      string
		allQuoted bool
	}{
		{"plain", "I love cats", "I love cats", false},
		{"quote lines", "> I hate Mondays\n> really\nme too", "«quote: I hate Mondays\nreally»\nme too", false},
		{"only quote", "> 我喜欢猫", "«quote: 我喜欢猫»", true},
		{"code fence", "look:\n```go\nfmt.Println(1)\n```\nwhy?", "look:\n«code: fmt.Println(1)»\nwhy?", false},
		{"unclosed fence", "```\nrm -rf /", "«code: rm -rf /»", true},
		{"inline fence", "```x := 1```", "«code: x := 1»", true},
		{"forwarded en", "---------- Forwarded message ----------\nFrom: a\nI quit my job", "---------- Forwarded message ----------\n«forwarded: From: a\nI quit my job»", true},
		{"fwd colon", "Fwd: the launch moved to May", "Fwd: «forwarded: the launch moved to May»", true},
		{"转发", "转发：我下周结婚", "转发：«forwarded: 我下周结婚»", true},
		{"引用", "引用张三的话：他不吃辣\n我也是", "引用张三的话：«forwarded: 他不吃辣\n我也是»", true},
		{"he said", "my boss said: you need to work harder. I disagree", "my boss said: «forwarded: you need to work harder. I disagree»", false},
		{"他说", "他说：我不喜欢香菜", "他说：«forwarded: 我不喜欢香菜»", false},
		{"I said stays", "I said: I love sushi", "I said: I love sushi", false},
		{"我说 stays", "我说：我喜欢寿司", "我说：我喜欢寿司", false},
		{"简单来说 stays", "简单来说：我更喜欢远程办公", "简单来说：我更喜欢远程办公", false},
		{"that said stays", "That said: I still prefer Vim", "That said: I still prefer Vim", false},
		{"请问 stays", "请问：怎么配置代理？", "请问：怎么配置代理？", false},
		{"long quoted string", `she wrote "the meeting is cancelled for the whole week" yesterday`, `she wrote «quoted: the meeting is cancelled for the whole week» yesterday`, false},
		{"short quoted string stays", `the word "ok" is fine`, `the word "ok" is fine`, false},
		{"cjk quotes", "他说了「我这辈子都不会再吃榴莲了真的太难闻了」", "他说了«quoted: 我这辈子都不会再吃榴莲了真的太难闻了»", false},
		{"url", "see https://example.com/a?b=1.", "see «link: https://example.com/a?b=1».", false},
		{"only url", "https://example.com", "«link: https://example.com»", true},
		{"marker chars escaped", "> a » b", "«quote: a › b»", true},
		{"already marked", "«link: https://example.com» nice", "«link: https://example.com» nice", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := MarkQuotes(tc.in)
			if got.Text != tc.want || got.AllQuoted != tc.allQuoted {
				t.Errorf("MarkQuotes(%q)\n got %q all=%v\nwant %q all=%v", tc.in, got.Text, got.AllQuoted, tc.want, tc.allQuoted)
			}
			if (len(got.Spans) == 0) != (tc.in == tc.want) {
				t.Errorf("spans %v for %q", got.Spans, tc.in)
			}
			for _, s := range got.Spans {
				if s.Start < 0 || s.End > len(tc.in) || s.Start >= s.End {
					t.Errorf("span %v out of range", s)
				}
			}
			if again := MarkQuotes(got.Text); again.Text != got.Text {
				t.Errorf("marking twice changed %q to %q", got.Text, again.Text)
			}
		})
	}
}
