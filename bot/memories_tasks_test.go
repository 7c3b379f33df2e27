package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/bot/bottest"
	"github.com/membot/membot/config"
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

// An id that starts with digits only is an id, not a page of the done
// list; a number no id starts with is still a page.
func TestMemoriesDoneDigitID(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	ann := person(t, b, "telegram", "ann")
	remember(t, b, ann, "3141592653abcdef", "post the parcel", func(m *memory.Memory) {
		m.Type, m.Lifecycle = memory.TypeTask, memory.LifecycleTemporary
	})
	dm := bottest.DM("telegram", "ann", "")
	if r := say(t, b, dm, "/memories done 31415926"); !strings.Contains(r.Text, "Done: post the parcel") {
		t.Fatalf("digit id: %q", r.Text)
	}
	for _, page := range []string{"2", "27182818"} {
		if r := say(t, b, dm, "/memories done "+page); strings.Contains(r.Text, "No memory") || strings.Contains(r.Text, "Done:") {
			t.Errorf("/memories done %s: %q, want a page of the done list", page, r.Text)
		}
	}
}

// The app wires reminders from bot.reminder_lead: on by default, with
// the lead in the answer; "0s" turns them off for everyone.
func TestMemoriesRemindFollowsConfig(t *testing.T) {
	b := bottest.New(t, bottest.Offline(), bottest.WithConfig(func(c *config.Config) { c.Bot.ReminderLead = config.Duration(30 * time.Minute) }))
	dm := bottest.DM("telegram", "ann", "")
	if r := say(t, b, dm, "/memories remind"); !strings.Contains(r.Text, "Reminders are off") {
		t.Errorf("before: %q", r.Text)
	}
	if r := say(t, b, dm, "/memories remind on"); !strings.Contains(r.Text, "30 minutes") {
		t.Errorf("on: %q", r.Text)
	}
	if r := say(t, b, dm, "/memories remind"); !strings.Contains(r.Text, "Reminders are on") {
		t.Errorf("after: %q", r.Text)
	}
	off := bottest.New(t, bottest.Offline(), bottest.WithConfig(func(c *config.Config) { c.Bot.ReminderLead = 0 }))
	if r := say(t, off, dm, "/memories remind on"); !strings.Contains(r.Text, "turned off on this bot") {
		t.Errorf("lead 0: %q", r.Text)
	}
}

// "/memories forget all" also drops whether the person wanted reminders
// and where they were reached.
func TestForgetAllDropsReminderSettings(t *testing.T) {
	b := bottest.New(t, bottest.Offline())
	ann := person(t, b, "telegram", "ann")
	dm := bottest.DM("telegram", "ann", "")
	say(t, b, dm, "/memories remind on")
	ctx := context.Background()
	for _, key := range []string{"remind:on:" + ann, "remind:to:" + ann} {
		if _, err := b.Store.Setting(ctx, key); err != nil {
			t.Fatalf("%s before: %v", key, err)
		}
	}
	say(t, b, dm, "/memories forget all")
	say(t, b, dm, "/memories forget all confirm")
	for _, key := range []string{"remind:on:" + ann, "remind:to:" + ann} {
		if v, err := b.Store.Setting(ctx, key); !errors.Is(err, memory.ErrNotFound) {
			t.Errorf("%s after forget all: %q, %v", key, v, err)
		}
	}
}
