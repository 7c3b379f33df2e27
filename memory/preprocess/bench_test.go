package preprocess

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// benchTemplates mimic a mixed Chinese/English group chat: short replies,
// ordinary statements, some personal data, noise and an occasional paste.
var benchTemplates = []string{
	"嗯",
	"哈哈哈哈",
	"ok",
	"好的，明天见",
	"我最近在学 Rust，感觉所有权的概念有点难理解，不过编译器的报错信息很友好。",
	"I've been using TypeScript at work for about three years now and I really prefer it over plain JavaScript.",
	"下周三我要去上海出差，大概待三天，有什么好吃的推荐吗？",
	"My email is user%d@example.com if you want to send the slides.",
	"电话 138%08d，有事打我",
	"Can you remind me that the dentist appointment is on Friday at 3pm?",
	"密码是abc%d，别告诉别人",
	"> we should migrate to Postgres\nI agree, but only after the release.",
	"Alice joined the group",
	"2024-01-01 12:00:00 INFO server started on :8080\n2024-01-01 12:00:01 WARN slow query took 1200ms",
	"我不吃香菜，也不太能吃辣，但是很喜欢川菜的味道。",
	"Check out https://example.com/articles/%d for the full write-up on caching strategies.",
	"The deploy failed again, here's the key: sk-proj-%dabcDEF456ghi789JKL012mno",
	"周末打算带孩子去动物园，如果天气好的话顺便去公园野餐。我们家老大今年六岁，老二刚满三岁，都特别喜欢小动物。上次去的时候老大一直在看长颈鹿，说以后想当兽医。",
	"👍",
	"thx!",
}

func benchMessages(n int) []Item {
	t0 := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	items := make([]Item, n)
	for i := range items {
		tpl := benchTemplates[(i*7)%len(benchTemplates)]
		text := tpl
		if strings.Contains(tpl, "%") {
			text = fmt.Sprintf(tpl, i)
		}
		items[i] = Item{
			ID:     fmt.Sprintf("m%d", i),
			Author: fmt.Sprintf("u%d", (i/3)%5),
			Text:   text,
			Time:   t0.Add(time.Duration(i*20) * time.Second),
		}
	}
	return items
}

// BenchmarkPreprocess10k measures capture-time cleaning plus merging and
// segmenting of 10,000 chat messages; one op is the whole batch.
func BenchmarkPreprocess10k(b *testing.B) {
	items := benchMessages(10000)
	b.ReportAllocs()
	for b.Loop() {
		kept := make([]Item, 0, len(items))
		for _, it := range items {
			cleaned, noise, _ := Clean(it.Text)
			if noise {
				continue
			}
			it.Text = cleaned
			kept = append(kept, it)
		}
		merged := Merge(kept, DefaultMergeWindow, DefaultMergeMaxLen)
		ws := Segment(merged, DefaultMinChars, DefaultMaxChars, DefaultOverlap)
		if len(ws) == 0 {
			b.Fatal("no windows")
		}
	}
}

// BenchmarkRedact1MB measures redaction of one pasted megabyte full of
// personal data.
func BenchmarkRedact1MB(b *testing.B) {
	var sb strings.Builder
	for sb.Len() < 1<<20 {
		sb.WriteString("今天和 bob@example.com 聊了一下，他的电话是 13800138000。Some prose in English follows here, with no secrets at all. ")
	}
	in := sb.String()
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		Redact(in)
	}
}

func BenchmarkIsNoise(b *testing.B) {
	items := benchMessages(len(benchTemplates) * 7)
	for b.Loop() {
		for _, it := range items {
			IsNoise(it.Text)
		}
	}
}

func BenchmarkMarkQuotes(b *testing.B) {
	items := benchMessages(len(benchTemplates) * 7)
	for b.Loop() {
		for _, it := range items {
			MarkQuotes(it.Text)
		}
	}
}
