package telegram

import (
	"regexp"
	"strings"
)

// Telegram's HTML parse mode is the safest target for the Markdown models
// write: only <, > and & need escaping, whereas MarkdownV2 reserves 18
// characters. The renderer below emits only tags Telegram accepts, always
// balanced; anything it does not recognise is shown literally.

var (
	headingRe = regexp.MustCompile(`^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$`)
	bulletRe  = regexp.MustCompile(`^(\s*)[-*+]\s+(.*)$`)
	ruleRe    = regexp.MustCompile(`^ {0,3}([-*_])(\s*([-*_])){2,}\s*$`)
	quoteRe   = regexp.MustCompile(`^ {0,3}>\s?(.*)$`)
	langRe    = regexp.MustCompile(`^[A-Za-z0-9_+#.\-]{1,32}$`)
)

// maxInlineDepth bounds nesting of emphasis, so hostile input cannot
// recurse deeply.
const maxInlineDepth = 6

// markdownToHTML renders Markdown as Telegram HTML: fenced code blocks,
// inline code, bold, italic, strikethrough, links, headings (bold),
// bullets and block quotes.
func markdownToHTML(md string) string {
	var out []string
	var quote []string
	flushQuote := func() {
		if len(quote) > 0 {
			out = append(out, "<blockquote>"+strings.Join(quote, "\n")+"</blockquote>")
			quote = nil
		}
	}
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if lang, ok := fenceOpener(line); ok {
			flushQuote()
			var code []string
			i++
			for ; i < len(lines); i++ {
				if isFenceCloser(lines[i]) {
					break
				}
				code = append(code, lines[i])
			}
			out = append(out, codeBlock(lang, strings.Join(code, "\n")))
			continue
		}
		if m := quoteRe.FindStringSubmatch(line); m != nil {
			quote = append(quote, inline(m[1], 0))
			continue
		}
		flushQuote()
		switch {
		case ruleRe.MatchString(line):
			out = append(out, "──────────")
		case headingRe.MatchString(line):
			m := headingRe.FindStringSubmatch(line)
			out = append(out, "<b>"+inline(m[1], 1)+"</b>")
		case bulletRe.MatchString(line):
			m := bulletRe.FindStringSubmatch(line)
			out = append(out, m[1]+"• "+inline(m[2], 0))
		default:
			out = append(out, inline(line, 0))
		}
	}
	flushQuote()
	return strings.Join(out, "\n")
}

// fenceOpener reports a line opening a fenced code block, and its
// language.
func fenceOpener(line string) (string, bool) {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || !strings.HasPrefix(t, "```") {
		return "", false
	}
	info := strings.TrimSpace(strings.TrimLeft(t, "`"))
	if strings.Contains(info, "`") {
		return "", false
	}
	if f := strings.Fields(info); len(f) > 0 && langRe.MatchString(f[0]) {
		return f[0], true
	}
	return "", true
}

func isFenceCloser(line string) bool {
	t := strings.TrimSpace(line)
	return len(t) >= 3 && strings.Trim(t, "`") == ""
}

func codeBlock(lang, code string) string {
	if lang != "" {
		return `<pre><code class="language-` + escapeHTML(lang) + `">` + escapeHTML(code) + "</code></pre>"
	}
	return "<pre>" + escapeHTML(code) + "</pre>"
}

// inline renders the spans of one line.
func inline(s string, depth int) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '`':
			n := runLen(s, i, '`')
			if j := findRun(s, i+n, '`', n); j >= 0 {
				code := s[i+n : j]
				if t := strings.TrimSpace(code); t != "" {
					b.WriteString("<code>" + escapeHTML(code) + "</code>")
					i = j + n
					continue
				}
			}
			b.WriteString(s[i : i+n])
			i += n
			continue
		case (c == '*' || c == '_' || c == '~') && depth < maxInlineDepth:
			if html, next, ok := emphasis(s, i, depth); ok {
				b.WriteString(html)
				i = next
				continue
			}
		case c == '@' && isMention(s, i):
			b.WriteString(mentionBreak)
			i++
			continue
		case c == '[' && depth < maxInlineDepth:
			if html, next, ok := link(s, i, depth); ok {
				b.WriteString(html)
				i = next
				continue
			}
		}
		b.WriteString(escapeHTML(s[i : i+1]))
		i++
	}
	return b.String()
}

// emphasis renders **bold**, __bold__, ~~strike~~, *italic* or _italic_
// starting at s[i], if it is closed on the same line.
func emphasis(s string, i, depth int) (string, int, bool) {
	c := s[i]
	double := i+1 < len(s) && s[i+1] == c
	if c == '~' && !double {
		return "", 0, false
	}
	if !leftBoundary(s, i) {
		return "", 0, false
	}
	width, tag := 1, "i"
	if double {
		width, tag = 2, "b"
		if c == '~' {
			tag = "s"
		}
	}
	start := i + width
	if start >= len(s) || s[start] == ' ' || s[start] == c {
		return "", 0, false
	}
	delim := s[i:start]
	for j := start + 1; j+width <= len(s); j++ {
		if s[j:j+width] != delim || s[j-1] == ' ' {
			continue
		}
		if width == 1 && j+1 < len(s) && s[j+1] == c {
			continue
		}
		if !rightBoundary(s, j+width) {
			continue
		}
		inner := inline(s[start:j], depth+1)
		return "<" + tag + ">" + inner + "</" + tag + ">", j + width, true
	}
	return "", 0, false
}

// leftBoundary: a delimiter opens only when not glued to a word before it
// (so snake_case and 2*3*4 stay as they are).
func leftBoundary(s string, i int) bool {
	return i == 0 || !isWordByte(s[i-1])
}

func rightBoundary(s string, j int) bool {
	return j >= len(s) || !isWordByte(s[j])
}

// isWordByte reports ASCII word characters. Other scripts do not count:
// Chinese has no spaces, so "这是**重要**的" must still be bold.
func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// link renders [text](url) for web and mailto URLs. A tg:// link is
// rendered as its text alone: tg://user?id=N mentions (and may notify)
// any user, and a model must not be able to ping people.
func link(s string, i, depth int) (string, int, bool) {
	close := strings.IndexByte(s[i+1:], ']')
	if close < 0 {
		return "", 0, false
	}
	close += i + 1
	if close+1 >= len(s) || s[close+1] != '(' {
		return "", 0, false
	}
	end := strings.IndexByte(s[close+2:], ')')
	if end < 0 {
		return "", 0, false
	}
	end += close + 2
	text, href := s[i+1:close], strings.TrimSpace(s[close+2:end])
	if text != "" && isTelegramURL(href) {
		return inline(text, depth+1), end + 1, true
	}
	if text == "" || !safeURL(href) {
		return "", 0, false
	}
	return `<a href="` + escapeAttr(href) + `">` + inline(text, depth+1) + "</a>", end + 1, true
}

func safeURL(u string) bool {
	if strings.ContainsAny(u, " \t\"<>") {
		return false
	}
	l := strings.ToLower(u)
	for _, p := range []string{"https://", "http://", "mailto:"} {
		if strings.HasPrefix(l, p) && len(l) > len(p) {
			return true
		}
	}
	return false
}

// mentionBreak replaces the @ of a mention: a word joiner after it keeps
// the text as it reads but stops Telegram from making it a mention, which
// would notify that user. As with tg:// links, a model reply must not be
// able to ping people; inside code Telegram makes no mentions, so code is
// left alone.
const mentionBreak = "@\u2060"

// isMention reports whether the @ at s[i] starts a mention: not glued to
// a word before it (an email address) and followed by a username
// character.
func isMention(s string, i int) bool {
	return leftBoundary(s, i) && i+1 < len(s) && isWordByte(s[i+1])
}

// breakMentions neutralises every mention of plain text (the fallback when
// Telegram refuses the HTML).
func breakMentions(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '@' && isMention(s, i) {
			b.WriteString(mentionBreak)
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// keepMention undoes mentionBreak for the bot's own username: mentioning
// a bot notifies nobody.
func keepMention(s, username string) string {
	if username == "" || !strings.Contains(s, mentionBreak) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, mentionBreak)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		name := s[i+len(mentionBreak):]
		own := len(name) >= len(username) && strings.EqualFold(name[:len(username)], username) &&
			rightBoundary(name, len(username))
		b.WriteString(s[:i])
		if own {
			b.WriteString("@")
		} else {
			b.WriteString(mentionBreak)
		}
		s = name
	}
}

// isTelegramURL reports a tg: link (user mentions, joins, resolves).
func isTelegramURL(u string) bool {
	return strings.HasPrefix(strings.ToLower(u), "tg:")
}

func runLen(s string, i int, c byte) int {
	n := 0
	for i+n < len(s) && s[i+n] == c {
		n++
	}
	return n
}

// findRun finds a run of exactly n c's at or after from.
func findRun(s string, from int, c byte, n int) int {
	for j := from; j < len(s); {
		if s[j] != c {
			j++
			continue
		}
		k := runLen(s, j, c)
		if k == n {
			return j
		}
		j += k
	}
	return -1
}

var (
	htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	attrEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")
)

func escapeHTML(s string) string { return htmlEscaper.Replace(s) }

func escapeAttr(s string) string { return attrEscaper.Replace(s) }
