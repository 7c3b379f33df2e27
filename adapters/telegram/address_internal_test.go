package telegram

import (
	"strings"
	"testing"

	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/internal/faketelegram"
)

func TestStripMention(t *testing.T) {
	tests := []struct{ in, want string }{
		{"@membot hi", "hi"},
		{"@MemBot, hi", "hi"},
		{"@membot：你好", "你好"},
		{"@membot", "@membot"},
		{"@membotx hi", "@membotx hi"},
		{"hi @membot", "hi @membot"},
	}
	for _, tt := range tests {
		if got := stripMention(tt.in, "membot"); got != tt.want {
			t.Errorf("stripMention(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMentionedUsesEntitiesAndText(t *testing.T) {
	a := &Adapter{me: models.User{ID: 7, Username: "membot"}}
	tests := []struct {
		name     string
		text     string
		entities []models.MessageEntity
		want     bool
	}{
		{"entity after emoji", "😀 @membot hi", faketelegram.Entities("😀 @membot hi"), true},
		{"text mention", "Membot hi", []models.MessageEntity{{Type: models.MessageEntityTypeTextMention, Offset: 0, Length: 6, User: &models.User{ID: 7}}}, true},
		{"no entities", "hey @membot", nil, true},
		{"other user", "hey @alice", faketelegram.Entities("hey @alice"), false},
		{"email-like", "mail x@membot.org", nil, false},
		{"bad entity offsets", "hi", []models.MessageEntity{{Type: models.MessageEntityTypeMention, Offset: 5, Length: 9}}, false},
	}
	for _, tt := range tests {
		if got := a.mentioned(tt.text, tt.entities); got != tt.want {
			t.Errorf("%s: mentioned = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestButtonTokens(t *testing.T) {
	bt := newButtonTokens(2)
	if d := bt.data("/memories list 2"); d != "/memories list 2" {
		t.Errorf("short command became %q", d)
	}
	long := "/memories forget " + strings.Repeat("x", 60)
	d1 := bt.data(long)
	if len(d1) > maxCallbackData || strings.HasPrefix(d1, "/") {
		t.Fatalf("token %q", d1)
	}
	if got, ok := bt.resolve(d1); !ok || got != long {
		t.Errorf("resolve(%q) = %q, %v", d1, got, ok)
	}
	bt.data(long + "2")
	bt.data(long + "3") // evicts d1
	if _, ok := bt.resolve(d1); ok {
		t.Error("oldest token not evicted")
	}
	if _, ok := bt.resolve("~forged"); ok {
		t.Error("forged token resolved")
	}
}

func TestFileName(t *testing.T) {
	for in, want := range map[string]string{
		"export.json":        "export.json",
		"../../etc/passwd":   "passwd",
		`C:\x\y.json`:        "y.json",
		"":                   "file",
		"a\x00b\nc.json":     "abc.json",
		"\"quoted\".json":    "quoted.json",
		"..":                 "file",
		"\xffbad\xfe.json":   "bad.json",
		"memories-2026.json": "memories-2026.json",
	} {
		if got := fileName(in); got != want {
			t.Errorf("fileName(%q) = %q, want %q", in, got, want)
		}
	}
}
