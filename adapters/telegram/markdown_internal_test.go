package telegram

import (
	"strings"
	"testing"

	"github.com/membot/membot/internal/faketelegram"
)

func TestMarkdownToHTML(t *testing.T) {
	tests := []struct {
		name, md, html string
	}{
		{"plain", "hello", "hello"},
		{"escapes", "a < b && c > d", "a &lt; b &amp;&amp; c &gt; d"},
		{"bold", "**bold** and __also__", "<b>bold</b> and <b>also</b>"},
		{"italic", "*it* and _it_", "<i>it</i> and <i>it</i>"},
		{"snake case stays", "use snake_case_names and 2*3*4", "use snake_case_names and 2*3*4"},
		{"unclosed stays", "**not closed", "**not closed"},
		{"spaced stars stay", "a * b * c", "a * b * c"},
		{"strike", "~~gone~~", "<s>gone</s>"},
		{"nested", "**bold _and italic_**", "<b>bold <i>and italic</i></b>"},
		{"inline code", "run `a<b && c`", "run <code>a&lt;b &amp;&amp; c</code>"},
		{"code keeps stars", "`**x**`", "<code>**x**</code>"},
		{"link", "[docs](https://example.com/a?b=1&c=2)", `<a href="https://example.com/a?b=1&amp;c=2">docs</a>`},
		{"unsafe link", "[x](javascript:alert(1))", "[x](javascript:alert(1))"},
		{"tg user link shows only its text", "ask [Bob](tg://user?id=42) now", "ask Bob now"},
		{"tg link in capitals", "[**Bob**]( TG://resolve?domain=x )", "<b>Bob</b>"},
		{"mailto link", "[mail](mailto:a@b.c)", `<a href="mailto:a@b.c">mail</a>`},
		{"heading", "## Plan", "<b>Plan</b>"},
		{"bullets", "- one\n* two\n  + three", "• one\n• two\n  • three"},
		{"quote", "> said\n> twice\nafter", "<blockquote>said\ntwice</blockquote>\nafter"},
		{"rule", "---", "──────────"},
		{"fence", "```go\nif a < b {\n}\n```\ndone", "<pre><code class=\"language-go\">if a &lt; b {\n}</code></pre>\ndone"},
		{"fence without language", "```\nx\n```", "<pre>x</pre>"},
		{"unclosed fence", "```\nx **y**", "<pre>x **y**</pre>"},
		{"chinese", "**重要**：记住", "<b>重要</b>：记住"},
		{"mention cannot ping", "thanks @bob_smith and @Ann", "thanks @\u2060bob_smith and @\u2060Ann"},
		{"mention in bold cannot ping", "**@bob_smith**", "<b>@\u2060bob_smith</b>"},
		{"mention in a link text cannot ping", "[@bob_smith](https://example.com)", `<a href="https://example.com">@` + "\u2060" + `bob_smith</a>`},
		{"email kept", "write to bob@example.com", "write to bob@example.com"},
		{"mention in code kept", "`@bob_smith`", "<code>@bob_smith</code>"},
		{"lone at kept", "meet @ 5pm", "meet @ 5pm"},
		{"entities escaped", "&lt;b&gt; is <b>", "&amp;lt;b&amp;gt; is &lt;b&gt;"},
		{"telegram tags escaped", "<tg-spoiler>x</tg-spoiler> <a href=\"tg://user?id=1\">y</a>", "&lt;tg-spoiler&gt;x&lt;/tg-spoiler&gt; &lt;a href=\"tg://user?id=1\"&gt;y&lt;/a&gt;"},
		{"quote in a link", `[x](https://e.com/"onclick=)`, `[x](https://e.com/"onclick=)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := markdownToHTML(tt.md)
			if got != tt.html {
				t.Errorf("markdownToHTML(%q)\n got %q\nwant %q", tt.md, got, tt.html)
			}
			if _, err := faketelegram.VisibleHTML(got); err != nil {
				t.Errorf("Telegram would refuse %q: %v", got, err)
			}
		})
	}
}

func TestMarkdownToHTMLIsAlwaysWellFormed(t *testing.T) {
	inputs := []string{
		"", "*", "**", "***", "****", "_*_*", "**a *b** c*", "[", "[]()", "[a](", "`", "``", "``` ",
		"<script>", "&amp;", "a\x00b", "\xff\xfe", "~~~~", "__**__**", "> ", "#", "######## x",
		strings.Repeat("**a ", 500), strings.Repeat("[a](https://x) ", 200), strings.Repeat("*", 5000),
		"```\n" + strings.Repeat("<>&", 100),
	}
	for _, in := range inputs {
		html := markdownToHTML(in)
		if _, err := faketelegram.VisibleHTML(html); err != nil {
			t.Errorf("markdownToHTML(%.40q) = %.80q: %v", in, html, err)
		}
	}
}

func FuzzMarkdownToHTML(f *testing.F) {
	for _, s := range []string{"**a**", "_b_ `c`", "[d](https://e)", "```go\nx\n```", "> q"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, md string) {
		html := markdownToHTML(strings.ToValidUTF8(md, ""))
		if _, err := faketelegram.VisibleHTML(html); err != nil {
			t.Errorf("markdownToHTML(%q) = %q: %v", md, html, err)
		}
	})
}

func TestBreakMentions(t *testing.T) {
	for in, want := range map[string]string{
		"hi @bob_smith, mail a@b.example": "hi @\u2060bob_smith, mail a@b.example",
		"(@ann) @":                        "(@\u2060ann) @",
		"`@code`":                         "`@\u2060code`",
	} {
		if got := breakMentions(in); got != want {
			t.Errorf("breakMentions(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestKeepOwnMention(t *testing.T) {
	for in, want := range map[string]string{
		"@\u2060MemBot, @\u2060membot_bot and @\u2060bob": "@MemBot, @\u2060membot_bot and @\u2060bob",
		"hey @\u2060membot": "hey @membot",
		"no mention":        "no mention",
	} {
		if got := keepMention(in, "membot"); got != want {
			t.Errorf("keepMention(%q) = %q, want %q", in, got, want)
		}
	}
}
