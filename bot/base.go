package bot

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/preprocess"
	"github.com/membot/membot/memory/text"
	"github.com/membot/membot/prompts"
)

// base is what the reply path and every command handler share: the
// phrases in the asker's language, the clock, the apology for an internal
// error, and finding a memory by the id a person typed.
type base struct {
	log *slog.Logger
	now func() time.Time
	// fallback is the reply language when nothing else tells (Options.Language).
	fallback string
	memories memoryLister
}

// memoryLister is the one memory read id resolution needs.
type memoryLister interface {
	List(ctx context.Context, q memory.MemoryQuery) ([]memory.Memory, error)
}

// say picks the phrase in lang.
func (*base) say(lang string, p phrase) string {
	if lang == "zh" {
		return p[1]
	}
	return p[0]
}

// language picks the reply language: the message's own, else the one the
// person last wrote in, else their client's, else the conversation's,
// else the default.
func (b *base) language(t turn) string {
	if !t.msg.IsCommand() {
		if l := preprocess.DetectLanguage(t.text); l != "" {
			return l
		}
	}
	if l := t.person.Language; l == "zh" || l == "en" {
		return l
	}
	if code := strings.ToLower(t.msg.Author.LanguageCode); code != "" {
		if strings.HasPrefix(code, "zh") {
			return "zh"
		}
		return "en"
	}
	if l := t.conv.Language; l == "zh" || l == "en" {
		return l
	}
	return b.fallback
}

// internalError logs err and gives the person a short apology.
func (b *base) internalError(lang, what string, err error) Reply {
	b.log.Error(what, "err", err)
	return Reply{Text: b.say(lang, msgInternalError)}
}

// modelApology tells the person why the model did not answer.
func (b *base) modelApology(lang string, err error) string {
	switch {
	case errors.Is(err, llm.ErrRateLimited):
		return b.say(lang, msgRateLimited)
	case errors.Is(err, llm.ErrTimeout):
		return b.say(lang, msgTimeout)
	default:
		return b.say(lang, msgModelDown)
	}
}

// errBadID means the id given is malformed, unknown or someone else's; the
// answer is the same in every case.
var errBadID = errors.New("no such memory")

// errAmbiguous means the prefix matches several memories.
var errAmbiguous = errors.New("ambiguous id")

// resolveMemory finds the caller's memory by id or id prefix. Another
// person's memory is reported exactly as a missing one.
func (b *base) resolveMemory(ctx context.Context, owner, prefix string) (memory.Memory, error) {
	prefix = strings.ToLower(strings.TrimSpace(prefix))
	if len(prefix) < MinIDPrefix || len(prefix) > 64 || strings.IndexFunc(prefix, func(r rune) bool {
		return !(r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r == '-' || r == '_')
	}) >= 0 {
		return memory.Memory{}, errBadID
	}
	list, err := b.memories.List(ctx, memory.MemoryQuery{Owner: owner, IDPrefix: prefix, Limit: 2})
	if err != nil {
		return memory.Memory{}, err
	}
	switch len(list) {
	case 0:
		return memory.Memory{}, errBadID
	case 1:
		return list[0], nil
	}
	for _, m := range list {
		if m.ID == prefix {
			return m, nil
		}
	}
	return memory.Memory{}, errAmbiguous
}

// idProblem turns a resolveMemory error into an answer.
func (b *base) idProblem(lang, id string, err error) Reply {
	shown := id
	if utf8.RuneCountInString(shown) > 20 {
		shown = text.Truncate(shown, 20) + "…"
	}
	switch {
	case errors.Is(err, errBadID):
		return Reply{Text: fmt.Sprintf(b.say(lang, msgNotFound), shown)}
	case errors.Is(err, errAmbiguous):
		return Reply{Text: fmt.Sprintf(b.say(lang, msgAmbiguous), shown)}
	}
	return b.internalError(lang, "find memory", err)
}

// formatMemory is one line of a memory list.
func formatMemory(m memory.Memory, lang string) string {
	status := ""
	if m.Status != memory.StatusActive {
		status = " (" + StatusLabel(m.Status, lang) + ")"
	}
	return fmt.Sprintf("%s [%s · %s] %s%s", shortID(m.ID), prompts.TypeLabel(string(m.Type), lang), m.CreatedAt.Format("2006-01-02"), m.Text, status)
}

func shortID(id string) string {
	if len(id) > ShortIDLen {
		return id[:ShortIDLen]
	}
	return id
}

// isGroup reports whether msg was said where others can read the answer.
func isGroup(m Message) bool { return !m.IsDM && m.GuildID != "" }
