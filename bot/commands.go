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

// sub is the subcommand c carries: "/memories edit abc new text" →
// name "edit", args ["abc", "new", "text"], rest "abc new text". It is
// the zero command when c has no arguments.
func (c command) sub() command {
	if len(c.args) == 0 {
		return command{}
	}
	return command{name: strings.ToLower(c.args[0]), args: c.args[1:], rest: afterWords(c.rest, 1)}
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

// handler runs one command (or subcommand) for the turn's person,
// answering in lang.
type handler interface {
	run(ctx context.Context, t turn, c command, lang string) Reply
}

// commands is the table of slash commands, built once by New.
type commands struct {
	*base
	byName map[string]handler
}

var msgUnknownCommand = phrase{"Unknown command:", "未知命令："}

// dispatch runs a command message.
func (cs commands) dispatch(ctx context.Context, t turn) Reply {
	c := parseCommand(t.msg.Text)
	lang := cs.language(t)
	h, ok := cs.byName[c.name]
	if !ok {
		return Reply{Text: cs.say(lang, msgUnknownCommand) + " /" + c.name + "\n\n" + helpText(lang)}
	}
	return h.run(ctx, t, c, lang)
}

// helpCmd is "/help" (and "/start").
type helpCmd struct{}

func (helpCmd) run(_ context.Context, _ turn, _ command, lang string) Reply {
	return Reply{Text: helpText(lang)}
}

// newCommands builds the command table; each handler gets the
// collaborators it uses and nothing else.
func newCommands(b *base, d Deps, why *injections, o Options, remind *reminders) commands {
	list := listCmd{base: b, memories: d.Memories}
	search := searchCmd{base: b, recall: d.Recall}
	forget := forgetCmd{base: b, memories: d.Memories, why: why,
		all: forgetAllCmd{base: b, memories: d.Memories, why: why, settings: d.Settings}}
	memories := memoriesCmd{
		base:    b,
		list:    list,
		catchUp: catchUp{extract: d.Extractor, log: b.log},
		subs: map[string]subcommand{
			"list":    {list, true},
			"ls":      {list, true},
			"search":  {search, true},
			"find":    {search, true},
			"forget":  {forget, true},
			"delete":  {forget, false},
			"rm":      {forget, false},
			"edit":    {editCmd{base: b, memories: d.Memories, why: why}, true},
			"history": {historyCmd{base: b, memories: d.Memories}, true},
			"done":    {doneCmd{base: b, memories: d.Memories, list: list}, true},
			"remind":  {remindCmd{base: b, settings: d.Settings, remind: remind}, false},
			"why":     {whyCmd{base: b, why: why}, false},
			"export":  {exportCmd{base: b, memories: d.Memories}, true},
			"extract": {extractCmd{base: b, extract: d.Extractor, memories: d.Memories}, false},
			"off":     {memorySwitchCmd{base: b, people: d.People, off: true}, false},
			"on":      {memorySwitchCmd{base: b, people: d.People, off: false}, false},
			"panel":   {panelCmd{base: b, settings: d.Settings, counters: d.Counters, url: strings.TrimRight(o.PanelURL, "/"), local: newLocalCounts()}, false},
			"help":    {textCmd{base: b, text: msgMemoriesHelp}, false},
		},
	}
	membot := membotCmd{base: b, config: configCmd{
		base:   b,
		guilds: guilds{settings: d.Settings},
		notes:  notesCmd{base: b, memories: d.Memories, why: why},
	}}
	return commands{base: b, byName: map[string]handler{
		"help":     helpCmd{},
		"start":    helpCmd{},
		"memories": memories,
		"memory":   memories,
		"summary":  summaryCmd{base: b, msgs: d.Messages, recall: d.Recall, model: d.Model, usage: d.Usage, botName: o.BotName},
		"link":     linkCmd{base: b, people: d.People, settings: d.Settings, memories: d.Memories, why: why},
		"membot":   membot,
	}}
}
