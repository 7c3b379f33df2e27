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
		{"he said", "my boss said: you need to work harder. I disagree", "my boss said: «forwarded: you need to work harder.» I disagree", false},
		{"他说", "他说：我不喜欢香菜", "他说：«forwarded: 我不喜欢香菜»", false},
		{"I said stays", "I said: I love sushi", "I said: I love sushi", false},
		{"我说 stays", "我说：我喜欢寿司", "我说：我喜欢寿司", false},
		{"简单来说 stays", "简单来说：我更喜欢远程办公", "简单来说：我更喜欢远程办公", false},
		{"跟你说 stays", "跟你说，我下个月退休", "跟你说，我下个月退休", false},
		{"告诉你 stays", "告诉你：我考上研了", "告诉你：我考上研了", false},
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

// TestMarkQuotesKeepsOwnWords covers borrowed content with the author's
// own words around it, in both languages: single-quoted pastes, "X said:
// '…'", forwarded messages with a closing line, 「」 and “” quotes. The
// borrowed part is marked; what the author adds stays outside.
func TestMarkQuotesKeepsOwnWords(t *testing.T) {
	cases := []struct {
		name      string
		in        string
		want      string
		allQuoted bool
	}{
		{"single-quoted paste", "my friend sent me this: 'I never eat breakfast before a long run' haha. I love running though",
			"my friend sent me this: «quoted: I never eat breakfast before a long run» haha. I love running though", false},
		{"single-quoted with apostrophes", "'I don't think we'll ship before March' is what they keep saying",
			"«quoted: I don't think we'll ship before March» is what they keep saying", false},
		{"curly single quotes", "he keeps saying ‘the office moves to Leeds next spring’ and I don’t buy it",
			"he keeps saying «quoted: the office moves to Leeds next spring» and I don’t buy it", false},
		{"only a single-quoted paste", "'the deadline for every team is now the end of March'",
			"«quoted: the deadline for every team is now the end of March»", true},
		{"apostrophes are not quotes", "I don't like 'em, and I'm Ann's friend, it's fine",
			"I don't like 'em, and I'm Ann's friend, it's fine", false},
		{"short single quote stays", "we call it 'the shed'", "we call it 'the shed'", false},
		{"said: 'quote' then own words", "Tom said: 'I hate cilantro in everything' but I love it",
			"Tom said: «quoted: I hate cilantro in everything» but I love it", false},
		{"said “quote” without colon", "He told me “I quit smoking last year” and I'm proud",
			"He told me «quoted: I quit smoking last year» and I'm proud", false},
		{"said: then own sentence", "my sister said: you should move to Spain. I think I'll stay in Oslo",
			"my sister said: «forwarded: you should move to Spain.» I think I'll stay in Oslo", false},
		{"I said stays with quote", "I said: 'I am vegetarian now'", "I said: 'I am vegetarian now'", false},
		{"forwarded with closing line", "--- Forwarded message ---\nFrom: Bob\nI moved to Berlin last year\n--- End of forwarded message ---\nI still live in Paris",
			"--- Forwarded message ---\n«forwarded: From: Bob\nI moved to Berlin last year»\n--- End of forwarded message ---\nI still live in Paris", false},
		{"forwarded with closing line only", "--- Forwarded message ---\nThe launch is on May 3\n--- End of forwarded message ---",
			"--- Forwarded message ---\n«forwarded: The launch is on May 3»\n--- End of forwarded message ---", true},
		{"own words before a forward", "FYI, I'm going\n--- Forwarded message ---\nThe launch is on May 3",
			"FYI, I'm going\n--- Forwarded message ---\n«forwarded: The launch is on May 3»", false},
		{"fwd then own paragraph", "Fwd: the team dinner is on Friday at 7\n\nI can't come, I'm in Rome that week",
			"Fwd: «forwarded: the team dinner is on Friday at 7»\n\nI can't come, I'm in Rome that week", false},
		{"他说「」", "他说「我不吃辣」，我倒是很能吃辣", "他说«quoted: 我不吃辣»，我倒是很能吃辣", false},
		{"她跟我说：“”", "她跟我说：“我下个月要去日本”，我还在北京", "她跟我说：«quoted: 我下个月要去日本»，我还在北京", false},
		{"妈妈说：“”。我觉得", "妈妈说：“你要多穿衣服”。我觉得不冷", "妈妈说：«quoted: 你要多穿衣服»。我觉得不冷", false},
		{"他说：然后我觉得", "同事说：周五要加班。我觉得不用去", "同事说：«forwarded: 周五要加班。»我觉得不用去", false},
		{"long 「」 inside own sentence", "我最近总想起「人生就像一盒巧克力你永远不知道下一颗是什么味道」这句话，我也在学着接受变化",
			"我最近总想起«quoted: 人生就像一盒巧克力你永远不知道下一颗是什么味道»这句话，我也在学着接受变化", false},
		{"long “” inside own sentence", "我把“每天早上六点起床跑步五公里坚持一年”写进了计划",
			"我把«quoted: 每天早上六点起床跑步五公里坚持一年»写进了计划", false},
		{"转发 with closing line", "---转发的消息---\n我下周结婚\n---转发的消息结束---\n我要去参加婚礼",
			"---转发的消息---\n«forwarded: 我下周结婚»\n---转发的消息结束---\n我要去参加婚礼", false},
		{"我说 stays with quote", "我说：“我以后不喝酒了”", "我说：“我以后不喝酒了”", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := MarkQuotes(tc.in)
			if got.Text != tc.want || got.AllQuoted != tc.allQuoted {
				t.Errorf("MarkQuotes(%q)\n got %q all=%v\nwant %q all=%v", tc.in, got.Text, got.AllQuoted, tc.want, tc.allQuoted)
			}
			if again := MarkQuotes(got.Text); again.Text != got.Text {
				t.Errorf("marking twice changed %q to %q", got.Text, again.Text)
			}
		})
	}
}
