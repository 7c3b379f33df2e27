package preprocess

import (
	"strings"
	"testing"
)

func TestIsNoise(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want Reason
	}{
		// Empty, punctuation, emoji.
		{"empty", "", ReasonEmpty},
		{"blank", " \n\t ", ReasonEmpty},
		{"dots", "...", ReasonPunctuation},
		{"question marks zh", "？？？", ReasonPunctuation},
		{"smiley", ":)", ReasonPunctuation},
		{"thumbs up", "👍", ReasonEmoji},
		{"emoji run", "😂😂😂 🎉", ReasonEmoji},
		{"skin tone zwj", "👍🏽 👨‍👩‍👧", ReasonEmoji},

		// Fillers.
		{"嗯", "嗯", ReasonFiller},
		{"嗯嗯嗯", "嗯嗯嗯", ReasonFiller},
		{"哈哈", "哈哈", ReasonFiller},
		{"哈哈哈哈", "哈哈哈哈", ReasonFiller},
		{"好的", "好的", ReasonFiller},
		{"好的谢谢", "好的，谢谢！", ReasonFiller},
		{"收到", "收到~", ReasonFiller},
		{"666", "666", ReasonFiller},
		{"ok", "ok", ReasonFiller},
		{"OK!", "OK!", ReasonFiller},
		{"okkk", "okkk", ReasonFiller},
		{"lol", "lol", ReasonFiller},
		{"lmaooo", "LMAOOO", ReasonFiller},
		{"hahaha", "hahaha", ReasonFiller},
		{"thx", "thx", ReasonFiller},
		{"thank you", "Thank you!", ReasonFiller},
		{"ok thx", "ok thx 👍", ReasonFiller},
		{"plus one", "+1", ReasonFiller},

		// System notices.
		{"joined en", "Alice joined the group", ReasonSystemNotice},
		{"left en", "Bob has left the channel.", ReasonSystemNotice},
		{"pinned en", "Carol pinned a message to this channel.", ReasonSystemNotice},
		{"added en", "Dave added Erin to the group", ReasonSystemNotice},
		{"deleted en", "This message was deleted", ReasonSystemNotice},
		{"recalled zh", "消息已撤回", ReasonSystemNotice},
		{"recall someone zh", "张三撤回了一条消息", ReasonSystemNotice},
		{"joined zh", "李四加入了群聊", ReasonSystemNotice},
		{"invite zh", "王五邀请赵六加入了群聊", ReasonSystemNotice},
		{"pat zh", "小明拍了拍小红", ReasonSystemNotice},
		{"media zh", "[图片]", ReasonSystemNotice},
		{"media en", "[sticker]", ReasonSystemNotice},

		// Auto-replies.
		{"auto reply zh", "[自动回复] 您好，我现在有事不在，一会再和您联系。", ReasonAutoReply},
		{"auto reply zh brackets", "【自动回复】正在开会", ReasonAutoReply},
		{"automated message", "This is an automated message. Please do not reply.", ReasonAutoReply},
		{"out of office", "I'm out of office until Monday with limited access to email.", ReasonAutoReply},
		{"auto reply zh template", "您好，我现在不在，稍后回复您", ReasonAutoReply},

		// Stack traces and logs.
		{"java trace", "java.lang.NullPointerException: boom\n\tat com.example.Foo.bar(Foo.java:42)\n\tat com.example.Main.main(Main.java:7)", ReasonStackTrace},
		{"python trace", "Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\n    main()\n  File \"app.py\", line 2, in main\n    1/0\nZeroDivisionError: division by zero", ReasonStackTrace},
		{"go panic", "panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\nmain.main()\n\t/tmp/x/main.go:8 +0x1d\nexit status 2", ReasonStackTrace},
		{"js trace", "TypeError: Cannot read properties of undefined (reading 'x')\n    at foo (/app/index.js:10:5)\n    at Object.<anonymous> (/app/index.js:20:1)", ReasonStackTrace},
		{"single panic", "panic: assignment to entry in nil map", ReasonStackTrace},
		{"log lines", "2024-01-01 12:00:00 INFO server started\n2024-01-01 12:00:01 WARN cache miss\n2024-01-01 12:00:02 ERROR db timeout", ReasonLog},
		{"single log line", "2024-01-01 12:00:00 INFO server started on :8080", ReasonLog},
		{"logfmt", "time=2024-01-01T12:00:00Z level=info msg=\"started\"\ntime=2024-01-01T12:00:01Z level=error msg=\"failed\"", ReasonLog},

		// Memory block echoed back.
		{"memory block", MemoryBlockStart + "\n- [偏好 · 2026-03] 偏好使用 TypeScript 编程\n" + MemoryBlockEnd, ReasonMemoryBlock},
		{"memory lines zh", "- [偏好 · 2026-03] 偏好使用 TypeScript 编程\n- [事实 · 2026-02] 住在杭州", ReasonMemoryBlock},
		{"memory lines en", "- [preference · 2026-03] Prefers TypeScript", ReasonMemoryBlock},

		// Not noise.
		{"real zh", "我下周要去北京出差", ReasonNone},
		{"real en", "I prefer dark roast coffee", ReasonNone},
		{"short answer no", "no", ReasonNone},
		{"short answer 不是", "不是", ReasonNone},
		{"short place", "北京", ReasonNone},
		{"ok plus content", "ok, I'll use Go for the backend", ReasonNone},
		{"哈哈 plus content", "哈哈，我也喜欢猫", ReasonNone},
		{"joined in prose", "I joined the gym last week and love it", ReasonNone},
		{"out of office plan", "I'm out of office next week, remind me to pack", ReasonNone},
		{"error question", "I keep getting a timeout error when I deploy, any idea?", ReasonNone},
		{"at in prose", "meet me at the station at 5", ReasonNone},
		{"dated chat line", "2024-01-01 12:00 我们去吃饭吧", ReasonNone},
		{"memory line quoted with comment", "- [偏好 · 2026-03] 偏好使用 TypeScript 编程\n这个不对，我现在主要用 Go 了", ReasonNone},
		{"redacted phone", "[phone]", ReasonNone},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			noise, reason := IsNoise(tc.in)
			if noise != (tc.want != ReasonNone) || reason != tc.want {
				t.Errorf("IsNoise(%q) = %v, %q; want %q", tc.in, noise, reason, tc.want)
			}
		})
	}
}

func TestIsNoiseHugeInput(t *testing.T) {
	big := strings.Repeat("at foo.bar(Baz.java:1)\n", 50000)
	if noise, reason := IsNoise(big); !noise || reason != ReasonStackTrace {
		t.Errorf("IsNoise(huge trace) = %v, %q", noise, reason)
	}
	prose := strings.Repeat("我喜欢喝咖啡。", 100000)
	if noise, _ := IsNoise(prose); noise {
		t.Error("IsNoise(huge prose) = true")
	}
}

func TestStripMemoryBlock(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"untouched", "hello [world]", "hello [world]"},
		{"block in middle", "before\n" + MemoryBlockStart + "\n- [fact · 2026-01] Lives in Paris\n" + MemoryBlockEnd + "\nafter", "before\n\nafter"},
		{"unterminated", "question?\n" + MemoryBlockStart + "\n- [fact · 2026-01] x", "question?"},
		{"stray end", "abc " + MemoryBlockEnd + " def", "abc \n def"},
		{"echo line", "你记得吗\n- [偏好 · 2026-03] 偏好使用 TypeScript 编程\n我改主意了", "你记得吗\n我改主意了"},
		{"bracket not memory", "- [ ] todo item", "- [ ] todo item"},
		{"nested markers", "x</memory-" + MemoryBlockEnd + "context>y", "x</memory-\ncontext>y"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := StripMemoryBlock(tc.in)
			if got != tc.want {
				t.Errorf("StripMemoryBlock(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if again := StripMemoryBlock(got); again != got {
				t.Errorf("not idempotent: %q -> %q", got, again)
			}
		})
	}
}
