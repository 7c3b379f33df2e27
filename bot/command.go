package bot

import (
	"context"
	"strings"
	"unicode"
)

// command is a parsed slash command: "/memories@membot forget abc" →
// name "memories", args ["forget", "abc"], rest "forget abc".
type command struct {
	name string
	args []string
	// rest is everything after the name, spacing kept (for edit text).
	rest string
}

// parseCommand splits a command line. The name is lower-cased and any
// "@botname" suffix dropped.
func parseCommand(text string) command {
	text = strings.TrimSpace(text)
	text = strings.TrimPrefix(text, "/")
	name, rest, _ := strings.Cut(text, " ")
	if i := strings.IndexFunc(name, unicode.IsSpace); i >= 0 {
		name, rest = name[:i], name[i:]+" "+rest
	}
	if at := strings.IndexByte(name, '@'); at >= 0 {
		name = name[:at]
	}
	rest = strings.TrimSpace(rest)
	return command{name: strings.ToLower(name), args: strings.Fields(rest), rest: rest}
}

// afterWords returns s without its first n whitespace-separated words,
// trimmed: the free text of "/memories edit <id> <text>". Any whitespace
// (newlines, tabs) separates words.
func afterWords(s string, n int) string {
	s = strings.TrimSpace(s)
	for ; n > 0 && s != ""; n-- {
		i := strings.IndexFunc(s, unicode.IsSpace)
		if i < 0 {
			return ""
		}
		s = strings.TrimSpace(s[i:])
	}
	return s
}

// handler runs one command for the turn's person.
type handler func(ctx context.Context, t turn, c command, lang string) Reply

// command dispatches a command message.
func (e *Engine) command(ctx context.Context, t turn) Reply {
	c := parseCommand(t.msg.Text)
	lang := e.language(t)
	h, ok := e.handlers()[c.name]
	if !ok {
		return Reply{Text: e.say(lang, msgUnknownCommand) + " /" + c.name + "\n\n" + e.helpText(lang)}
	}
	return h(ctx, t, c, lang)
}

func (e *Engine) handlers() map[string]handler {
	return map[string]handler{
		"help":     e.cmdHelp,
		"start":    e.cmdHelp,
		"memories": e.cmdMemories,
		"memory":   e.cmdMemories,
		"summary":  e.cmdSummary,
		"link":     e.cmdLink,
		"membot":   e.cmdMembot,
	}
}

var msgUnknownCommand = phrase{"Unknown command:", "未知命令："}

func (e *Engine) cmdHelp(_ context.Context, _ turn, _ command, lang string) Reply {
	return Reply{Text: e.helpText(lang)}
}
