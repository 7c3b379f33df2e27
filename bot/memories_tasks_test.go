package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/memory"
)

// "/memories done <id>" marks a task done: it leaves the default list
// and is shown by "/memories done" and "status:done"; its history says
// so; a fact or another person's task cannot be marked; Chinese works.
func TestMemoriesDoneMarksATask(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	ann := person(t, b, "telegram", "ann")
	bob := person(t, b, "telegram", "bob")
	task := remember(t, b, ann, "task0000aaaa0001", "renew the passport", func(m *memory.Memory) {
		m.Type, m.Lifecycle = memory.TypeTask, memory.LifecycleTemporary
	})
	remember(t, b, ann, "fact0000aaaa0002", "lives in Lyon", func(m *memory.Memory) { m.Type = memory.TypeFact })
	bobs := remember(t, b, bob, "plum0000bbbb0003", "call the plumber", func(m *memory.Memory) {
		m.Type, m.Lifecycle = memory.TypeTask, memory.LifecycleTemporary
	})
	dm := bottest.DM("telegram", "ann", "")

	if r := say(t, b, dm, "/memories done "+bobs.ID[:8]); !strings.Contains(r.Text, "No memory") {
		t.Errorf("another person's task: %q", r.Text)
	}
	if r := say(t, b, dm, "/memories done fact0000"); !strings.Contains(r.Text, "Only tasks") {
		t.Errorf("a fact: %q", r.Text)
	}
	r := say(t, b, dm, "/memories done task0000")
	if !strings.Contains(r.Text, "Done: renew the passport") || !r.Private {
		t.Fatalf("mark done: %+v", r)
	}
	got, err := b.Store.Memory(context.Background(), ann, task.ID)
	if err != nil || got.Status != memory.StatusDone {
		t.Fatalf("stored task: %s (%v), want done", got.Status, err)
	}
	if r := say(t, b, dm, "/memories done task0000"); !strings.Contains(r.Text, "already done") {
		t.Errorf("marked twice: %q", r.Text)
	}
	if r := say(t, b, dm, "/memories"); strings.Contains(r.Text, "passport") || !strings.Contains(r.Text, "Lyon") {
		t.Errorf("default list: %q", r.Text)
	}
	for _, cmd := range []string{"/memories done", "/memories task status:done", "/memories task done", "/memories 状态:已完成"} {
		if r := say(t, b, dm, cmd); !strings.Contains(r.Text, "passport") || strings.Contains(r.Text, "Lyon") {
			t.Errorf("%s: %q", cmd, r.Text)
		}
	}
	if r := say(t, b, dm, "/memories history task0000"); !strings.Contains(r.Text, "marked done") || !strings.Contains(r.Text, "[done]") {
		t.Errorf("history: %q", r.Text)
	}
	zh := bottest.DM("telegram", "bob", "")
	zh.Author.LanguageCode = "zh"
	if r := say(t, b, zh, "/memories done plum0000"); !strings.Contains(r.Text, "已完成：call the plumber") {
		t.Errorf("zh: %q", r.Text)
	}
}
