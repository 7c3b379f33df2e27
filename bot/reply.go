package bot

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/text"
	"github.com/membot/membot/prompts"
)

// replier answers a conversational message: recall → prompt → stream →
// capture the reply → count the memories' use.
type replier struct {
	*base
	msgs    MessageLog
	model   llm.Client // nil: offline
	recall  Recaller   // nil: no memories
	uses    *useCounts // written in batches (usecounts.go)
	usage   *UsageLog  // nil: model use not recorded
	prompts *prompts.Set
	why     *injections
	meter   *meter
	work    *workers
	opts    Options
}

// memoryToucher records that memories went into a reply.
type memoryToucher interface {
	Touch(ctx context.Context, owner string, ids []string, t time.Time) error
}

// A message shorter than followUpRunes, within followUpWindow of the
// person's previous ones, is recalled together with them.
const (
	followUpRunes  = 40
	followUpWindow = 10 * time.Minute
)

// chat answers a conversational message, streaming it to r. answered
// says the reply is the model's answer (worth keeping when it cannot be
// delivered), not an apology or a notice.
func (p *replier) chat(ctx context.Context, t turn, r Responder) (reply Reply, answered bool) {
	if err := r.Typing(ctx); err != nil {
		p.log.Debug("typing indicator", "err", err)
	}
	lang := p.language(t)
	recent := &recentLog{msgs: p.msgs, conv: t.conv.ID}
	if p.model != nil {
		recent.limit = p.historyLimit()
	}
	recalled := p.recallFor(ctx, t, recent)
	system, err := p.systemPrompt(t, lang, recalled)
	if err != nil {
		p.log.Error("system prompt", "err", err)
		return Reply{Text: p.say(lang, msgInternalError)}, false
	}
	if p.model == nil {
		p.why.record(ctx, t, recalled)
		return Reply{Text: p.offlineReply(lang, recalled, isGroup(t.msg))}, false
	}
	history, err := p.history(ctx, t, recent)
	if err != nil {
		p.log.Warn("load history; answering without it", "conversation", t.conv.ID, "err", err)
	}
	req := llm.Request{
		Purpose:     llm.PurposeReply,
		Messages:    append([]llm.Message{{Role: llm.RoleSystem, Content: system}}, history...),
		Temperature: *p.opts.Temperature,
	}
	if !p.meter.tokensLeftShared(ctx, t.person.ID, p.now(), p.opts.Limits.DailyTokens, p.opts.Limits.perMinute(t.msg.Platform)) {
		return Reply{Text: p.say(lang, msgTokenBudget), Private: true}, false
	}
	// A platform that refuses a streamed edit costs the stream, not the
	// answer: streaming stops, the model finishes, and the final text is
	// delivered (and retried) by the engine.
	var acc strings.Builder
	streaming := true
	answer, usage, err := p.model.Stream(ctx, req, func(delta string) error {
		acc.WriteString(delta)
		if !streaming {
			return nil
		}
		if serr := r.Stream(ctx, acc.String()); serr != nil {
			streaming = false
			p.log.Warn("streaming the reply failed; delivering it when complete", "conversation", t.conv.ID, "err", serr)
		}
		return nil
	})
	cost := spent(req, answer, usage)
	p.meter.addTokensShared(ctx, t.person.ID, p.now(), p.opts.Limits.DailyTokens, cost)
	p.usage.RecordCall(t.person.ID, llm.PurposeReply, cost, p.now())
	if err != nil {
		p.log.Warn("model reply failed", "conversation", t.conv.ID, "err", err)
		return Reply{Text: p.modelApology(lang, err)}, false
	}
	if strings.TrimSpace(answer) == "" {
		answer = p.say(lang, msgEmptyAnswer)
	}
	p.afterReply(ctx, t, answer, recalled)
	return Reply{Text: answer}, true
}

// recallFor fetches the memories to inject: in a private reply the
// person's profile first, then what recall finds for the message, within
// one token budget and each memory once. A recall failure degrades to
// answering without recalled memories.
func (p *replier) recallFor(ctx context.Context, t turn, recent *recentLog) []Recalled {
	if p.recall == nil {
		return nil
	}
	// A short follow-up ("and for dinner?") needs the turns just before it;
	// a message that stands alone is recalled on its own words, so earlier
	// topics do not drag their memories into this reply.
	var context []string
	if utf8.RuneCountInString(t.text) < followUpRunes {
		if last, err := recent.last(ctx, 4); err == nil {
			for _, m := range last {
				if m.PlatformID != t.msg.ID && m.PersonID == t.person.ID && t.msg.Time.Sub(m.Time) < followUpWindow {
					context = append(context, m.Text)
				}
			}
		}
	}
	q := RecallQuery{Text: t.text, Context: context, Limit: p.opts.MaxInjected, TokenBudget: p.opts.TokenBudget}
	profile, got, err := p.recallWithProfile(ctx, t, q)
	if err != nil {
		p.log.Warn("recall failed; answering without recalled memories", "person", t.person.ID, "err", err)
		return profile
	}
	budget := p.opts.TokenBudget - budgetUsed(profile)
	owners := []string{t.person.ID}
	if t.guild.Notes && t.msg.GuildID != "" {
		notesOwner := GuildOwner(t.msg.Platform, t.msg.GuildID)
		owners = append(owners, notesOwner)
		// Notes share the block's budget rather than doubling it.
		q.Limit, q.TokenBudget = 2, budget/3
		if spent := budgetUsed(got); spent < budget {
			q.TokenBudget = max(q.TokenBudget, budget-spent)
		}
		notes, err := p.recall.Recall(ctx, notesOwner, q)
		if err != nil {
			p.log.Warn("recall server notes", "guild", t.msg.GuildID, "err", err)
		}
		got = append(got, notes...)
		sort.SliceStable(got, func(i, j int) bool { return got[i].Score > got[j].Score })
	}
	// Scoping is enforced here, whatever the recall layer returns: only the
	// asking person's memories (and the server's notes) can reach a prompt.
	out := got[:0]
	for _, r := range got {
		if slices.Contains(owners, r.Memory.Owner) {
			out = append(out, r)
		}
	}
	return withProfile(profile, out, p.opts.MaxInjected)
}

// budgetUsed estimates the tokens recalled memories take in a prompt, as
// recall counts them against its budget.
func budgetUsed(rs []Recalled) int {
	n := 0
	for _, r := range rs {
		n += text.EstimateTokens(r.Memory.Text)
	}
	return n
}

// spent is the tokens a call used: the server's count, or an estimate
// when it sent none (never zero, so every call counts).
func spent(req llm.Request, answer string, u llm.Usage) int64 {
	if n := u.PromptTokens + u.CompletionTokens; n > 0 {
		return n
	}
	n := text.EstimateTokens(answer)
	for _, m := range req.Messages {
		n += text.EstimateTokens(m.Content)
	}
	return int64(max(n, 1))
}

func (p *replier) systemPrompt(t turn, lang string, recalled []Recalled) (string, error) {
	d := prompts.SystemData{
		BotName:    p.opts.BotName,
		Platform:   t.msg.Platform,
		GroupChat:  isGroup(t.msg),
		PersonName: authorName(t.msg.Author),
		Today:      p.now().Format("2006-01-02 (Monday)"),
		Persona:    p.opts.Persona,
	}
	for _, r := range recalled {
		line := prompts.MemoryLine{
			Label: prompts.TypeLabel(string(r.Memory.Type), lang),
			Date:  shownDate(r.Memory),
			Text:  r.Memory.Text,
		}
		if r.Memory.Owner == t.person.ID {
			d.Memories = append(d.Memories, line)
		} else {
			d.Notes = append(d.Notes, line)
		}
	}
	return p.prompts.System(lang, d)
}

// shownDate is the date a memory is shown with: the day of the event it
// tells of when it has one ("2026-03-14"), else the month it was learnt
// ("2026-03").
func shownDate(m memory.Memory) string {
	if !m.EventTime.IsZero() {
		return m.EventTime.Format("2006-01-02")
	}
	return m.CreatedAt.Format("2006-01")
}

// history turns recent captured messages into model messages, as the
// conversation stood when this message arrived: later messages are left
// out, and each reply follows the message it answered. In a group, user
// turns carry the author's name.
func (p *replier) history(ctx context.Context, t turn, recent *recentLog) ([]llm.Message, error) {
	current := llm.Message{Role: llm.RoleUser, Content: t.text}
	group := isGroup(t.msg)
	if group {
		current.Content = authorName(t.msg.Author) + ": " + t.text
	}
	msgs, err := recent.last(ctx, p.historyLimit())
	if err != nil {
		return []llm.Message{current}, err
	}
	seqOf := make(map[string]int64, len(msgs))
	for _, m := range msgs {
		if m.Role == memory.RoleUser {
			seqOf[m.PlatformID] = m.Seq
		}
	}
	type placed struct {
		at  float64
		msg llm.Message
	}
	var past []placed
	for _, m := range msgs {
		switch {
		case m.Role == memory.RoleAssistant:
			anchor, ok := seqOf[m.ReplyTo]
			if !ok || (t.seq > 0 && anchor >= t.seq) {
				continue
			}
			past = append(past, placed{float64(anchor) + 0.5, llm.Message{Role: llm.RoleAssistant, Content: m.Text}})
		case t.seq > 0 && m.Seq >= t.seq, m.PlatformID == t.msg.ID:
			continue
		default:
			content := m.Text
			if group {
				content = m.AuthorName + ": " + content
			}
			past = append(past, placed{float64(m.Seq), llm.Message{Role: llm.RoleUser, Content: content}})
		}
	}
	sort.SliceStable(past, func(i, j int) bool { return past[i].at < past[j].at })
	if n := p.opts.HistoryMessages; len(past) > n {
		past = past[len(past)-n:]
	}
	out := make([]llm.Message, 0, len(past)+1)
	for _, pl := range past {
		out = append(out, pl.msg)
	}
	return append(out, current), nil
}

// historyLimit is how many recent messages a reply's history is chosen
// from: extra, since replies and later messages are filtered out.
func (p *replier) historyLimit() int { return 3*p.opts.HistoryMessages + 10 }

// recentLog reads a conversation's recent messages once for a reply: the
// turns recall takes as context and the prompt's history come from the
// same read.
type recentLog struct {
	msgs MessageLog
	conv string
	// limit is the most any caller will ask for, read at the first call.
	limit int
	read  bool
	got   []memory.Message
	err   error
}

// last returns the last n messages (or fewer), oldest first.
func (r *recentLog) last(ctx context.Context, n int) ([]memory.Message, error) {
	if !r.read {
		r.read = true
		r.got, r.err = r.msgs.RecentMessages(ctx, r.conv, max(n, r.limit))
	}
	if len(r.got) > n {
		return r.got[len(r.got)-n:], r.err
	}
	return r.got, r.err
}

// afterReply captures the bot's answer (with the queue entry marked done,
// when the message has one: see replySlot), remembers what was injected and
// counts the memories' use (written in batches, see useCounts).
func (p *replier) afterReply(ctx context.Context, t turn, answer string, recalled []Recalled) {
	now := p.now()
	if t.captured {
		// The model may have written PII (echoed or invented): the log
		// keeps only the redacted text.
		stored, _ := clean(answer)
		m := memory.Message{
			ConversationID: t.conv.ID,
			PlatformID:     memory.ReplyPlatformID(t.msg.ID),
			Role:           memory.RoleAssistant,
			AuthorName:     p.opts.BotName,
			Text:           stored,
			ReplyTo:        t.msg.ID,
			Time:           now.UTC(),
		}
		if t.reply != nil {
			t.reply.msg = &m
		} else if err := p.msgs.AppendMessage(ctx, &m); err != nil {
			p.log.Warn("capture reply", "conversation", t.conv.ID, "err", err)
		}
	}
	p.why.record(ctx, t, recalled)
	// The profile goes into every private reply: only what recall chose
	// counts as used.
	recalled = onlyRecalled(recalled)
	if len(recalled) == 0 {
		return
	}
	// The person's memories and the server's notes have different owners.
	byOwner := map[string][]string{}
	for _, r := range recalled {
		byOwner[r.Memory.Owner] = append(byOwner[r.Memory.Owner], r.Memory.ID)
	}
	for owner, ids := range byOwner {
		p.uses.add(owner, ids, now)
	}
}

// offlineReply says no model is configured and shows the memories a reply
// would have used, except in a group, where it only points to the private
// "/memories why".
func (p *replier) offlineReply(lang string, recalled []Recalled, group bool) string {
	var b strings.Builder
	b.WriteString(p.say(lang, msgOffline))
	if len(recalled) == 0 {
		b.WriteString("\n" + p.say(lang, msgOfflineNoMemories))
		return b.String()
	}
	if group {
		b.WriteString("\n" + fmt.Sprintf(p.say(lang, msgOfflineGroup), len(recalled)))
		return b.String()
	}
	b.WriteString("\n" + p.say(lang, msgOfflineMemories))
	for _, r := range recalled {
		fmt.Fprintf(&b, "\n- [%s · %s] %s", prompts.TypeLabel(string(r.Memory.Type), lang), shownDate(r.Memory), r.Memory.Text)
	}
	return b.String()
}
