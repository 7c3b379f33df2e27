package extract

import (
	"context"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// benchLines are a sitting of everyday messages in both languages, long
// and short, with and without stops.
var benchLines = []string{
	"hi, quick intro: I'm 41, a nurse at the Royal Infirmary, I live in Leith with my partner and our two cats",
	"I'm vegetarian and allergic to penicillin, please remember that",
	"my name is arthur i am seventy nine and i live on my own in a flat in whitby since my wife jean died we ran a fish shop on the front for thirty years",
	"update: I left Initech, started at Hooli last week, much better commute",
	"can you suggest a recipe for tonight?",
	"我在杭州做运营，平时住在滨江，每天骑车上班",
	"我不跑美团了，现在跑饿了么的众包，时间自由点",
	"我報了駕照考試，十月八號考，好緊張喔",
	"同你讲 我唔食牛肉㗎 屋企人信观音 从细就唔食",
	"下周三去成都出差，周五回来",
}

// BenchmarkRuleExtraction is the offline extractor over one window of ten
// of a person's messages.
func BenchmarkRuleExtraction(b *testing.B) {
	at := time.Date(2025, 9, 8, 10, 0, 0, 0, time.UTC)
	in := Input{ConversationID: "console:1", Platform: "console", Owner: "p1", OwnerName: "Ann",
		MinConfidence: DefaultMinConfidence, MaxMemories: DefaultMaxMemories}
	for i, l := range benchLines {
		in.Window = append(in.Window, Line{ID: "m", MessageIDs: []string{"msg"}, PersonID: "p1", Author: "Ann",
			Role: memory.RoleUser, Text: l, Time: at.Add(time.Duration(i) * time.Minute), Source: true})
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (RuleExtractor{}).Extract(context.Background(), in); err != nil {
			b.Fatal(err)
		}
	}
}
