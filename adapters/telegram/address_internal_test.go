package telegram

import (
	"context"
	"log/slog"
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
	ctx := context.Background()
	bt := newButtonTokens(2, nil, slog.New(slog.DiscardHandler))
	if d := bt.data(ctx, "/memories list 2", 501); d != "501/memories list 2" {
		t.Errorf("short command became %q", d)
	}
	long := "/memories forget " + strings.Repeat("x", 60)
	d1 := bt.data(ctx, long, 501)
	if len(d1) > maxCallbackData || !strings.HasPrefix(d1, tokenPrefix) {
		t.Fatalf("token %q", d1)
	}
	if got, ok := bt.resolve(ctx, d1); !ok || got.command != long || got.owner != 501 {
		t.Errorf("resolve(%q) = %+v, %v", d1, got, ok)
	}
	// A command that fits alone but not with its owner's id goes through
	// the token map too.
	edge := "/" + strings.Repeat("y", maxCallbackData-1)
	if d := bt.data(ctx, edge, 123456789); !strings.HasPrefix(d, tokenPrefix) {
		t.Errorf("command at the limit became %q", d)
	}
	bt.data(ctx, long+"3", 7) // evicts d1
	if _, ok := bt.resolve(ctx, d1); ok {
		t.Error("oldest token not evicted")
	}

	tests := []struct {
		data    string
		ok      bool
		command string
		owner   int64
	}{
		{"501/memories list 2", true, "/memories list 2", 501},
		{"/memories list 2", false, "", 0}, // from before buttons carried owners
		{"~forged", false, "", 0},
		{"-5/help", false, "", 0},
		{"+5/help", false, "", 0},
		{"5x/help", false, "", 0},
		{"99999999999999999999/help", false, "", 0},
		{"501/\xff", false, "", 0},
		{"", false, "", 0},
		{"501", false, "", 0},
	}
	for _, tt := range tests {
		got, ok := bt.resolve(ctx, tt.data)
		if ok != tt.ok || got.command != tt.command || got.owner != tt.owner {
			t.Errorf("resolve(%q) = %+v, %v; want %q of %d, %v", tt.data, got, ok, tt.command, tt.owner, tt.ok)
		}
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
