package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/membot/membot/internal/lease"
	"github.com/membot/membot/memory"
)

// Defaults of reminders.
const (
	// DefaultReminderLead is how long before a timed task or event its
	// reminder goes out.
	DefaultReminderLead = time.Hour
	// DefaultReminderInterval is how often a reminder pass runs.
	DefaultReminderInterval = time.Minute
	// ReminderMorning is the hour (on the clock's location) at which a
	// task or event of a whole day is reminded, on that day.
	ReminderMorning = 8
	// ReminderLease names the lease a reminder pass runs under, so that
	// one replica at a time sends reminders.
	ReminderLease = "reminders"
	// reminderLeaseTime is how long a pass holds its lease without
	// renewing it (more than lease.SkewMargin).
	reminderLeaseTime = 2 * time.Minute
	// reminderBatch bounds the memories one pass looks at.
	reminderBatch = 500
	// destinationRefresh is how long the engine trusts that the store
	// still names the conversation it last recorded for a person.
	destinationRefresh = time.Hour
	// destinationsMax bounds that record in the process.
	destinationsMax = 10000
)

// ReminderOptions tune reminders: a person who asked for them
// ("/memories remind on") is told privately, in the conversation where
// they last wrote to the bot privately, of each task and event of theirs
// falling due, Lead before it (a whole-day one: the morning of the day).
type ReminderOptions struct {
	// Off turns reminders off.
	Off bool
	// Lead is how long before a timed task or event the reminder goes out
	// (default DefaultReminderLead).
	Lead time.Duration
	// Interval is how often a pass runs (default
	// DefaultReminderInterval).
	Interval time.Duration
}

// DueLister lists the memories of every owner falling due (see
// memory.Store.DueMemories). The store implements it.
type DueLister interface {
	DueMemories(ctx context.Context, q memory.DueQuery) ([]memory.Memory, error)
}

// Setting keys of reminders: whether a person asked for them, where they
// are reached, and (a counter) which reminder went out.
func remindOnKey(personID string) string { return "remind:on:" + personID }

func remindToKey(personID string) string { return "remind:to:" + personID }

func remindSentKey(m memory.Memory) string {
	return "remind:sent:" + m.ID + ":" + strconv.FormatInt(m.Due().UnixMilli(), 10)
}

// destination is where a person's reminders go: the message they last
// sent privately, stripped to what an adapter's ResponderFor needs.
type destination struct {
	Message Message `json:"message"`
}

// reminders records where people talk privately and sends their
// reminders from a pass run by one replica at a time.
type reminders struct {
	*base
	opts     ReminderOptions
	due      DueLister
	leases   lease.Store
	counters Counters
	settings Settings
	people   People
	holder   string

	mu   sync.Mutex
	seen map[string]seenDestination // by person
}

// seenDestination is the conversation last recorded for a person, and
// when.
type seenDestination struct {
	conv string
	at   time.Time
}

// enabled reports whether reminders can run: asked for, and with the
// store parts they need.
func (r *reminders) enabled() bool {
	return r != nil && !r.opts.Off && r.due != nil && r.leases != nil && r.counters != nil
}

// note records t's conversation as where t's person is reached, when t
// is a private message and the engine has not recorded it lately: a store
// write when a person moves to another private conversation, or once an
// hour, not one per message.
func (r *reminders) note(ctx context.Context, t turn) {
	if !r.enabled() || !t.msg.IsDM || t.person.ID == "" {
		return
	}
	conv, now := t.msg.ConversationID(), r.now()
	r.mu.Lock()
	s, ok := r.seen[t.person.ID]
	r.mu.Unlock()
	if ok && s.conv == conv && now.Sub(s.at) < destinationRefresh {
		return
	}
	msg := Message{Platform: t.msg.Platform, ChatID: t.msg.ChatID, ThreadID: t.msg.ThreadID, IsDM: true,
		Author: Author{ID: t.msg.Author.ID, Username: t.msg.Author.Username, LanguageCode: t.msg.Author.LanguageCode}}
	raw, err := json.Marshal(destination{Message: msg})
	if err == nil {
		err = r.settings.PutSetting(ctx, remindToKey(t.person.ID), string(raw), time.Time{})
	}
	if err != nil {
		r.log.Warn("record where reminders go", "person", t.person.ID, "err", err)
		return
	}
	r.mu.Lock()
	if len(r.seen) >= destinationsMax {
		clear(r.seen)
	}
	r.seen[t.person.ID] = seenDestination{conv: conv, at: now}
	r.mu.Unlock()
}

// window is when the reminder of something due at due goes out: from
// Lead before it until it, or for a whole day (due at midnight) from
// ReminderMorning on that day until its end.
func (r *reminders) window(due time.Time) (from, until time.Time) {
	d := due.In(r.now().Location())
	if d.Hour() == 0 && d.Minute() == 0 && d.Second() == 0 && d.Nanosecond() == 0 {
		return d.Add(ReminderMorning * time.Hour), d.AddDate(0, 0, 1)
	}
	return due.Add(-r.opts.Lead), due
}

// pass sends the reminders due now, under the reminder lease (a pass
// another replica runs is skipped), and returns how many went out. Each
// is claimed in a store counter keyed by the memory and its due time, so
// that it goes out once whichever replica runs the pass; one that cannot
// be delivered is given back for the next pass.
func (r *reminders) pass(ctx context.Context, out sender) (int, error) {
	now := r.now()
	l, err := lease.Acquire(ctx, r.leases, ReminderLease, r.holder, reminderLeaseTime, now)
	if errors.Is(err, lease.ErrHeld) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("reminder pass: %w", err)
	}
	defer func() {
		if err := l.Release(context.WithoutCancel(ctx)); err != nil {
			r.log.Warn("release reminder lease", "err", err)
		}
	}()
	due, err := r.candidates(ctx, now)
	if err != nil {
		return 0, fmt.Errorf("reminder pass: %w", err)
	}
	asked := make(map[string]*destination) // by owner; nil: no reminders
	sent := 0
	for _, m := range due {
		from, until := r.window(m.Due())
		if memory.IsGuildOwner(m.Owner) || now.Before(from) || !now.Before(until) {
			continue
		}
		to, ok := asked[m.Owner]
		if !ok {
			to = r.destination(ctx, m.Owner)
			asked[m.Owner] = to
		}
		if to == nil || !out.reachable(to.Message.Platform) {
			continue
		}
		if err := l.Keep(ctx, r.now()); err != nil {
			return sent, fmt.Errorf("reminder pass: %w", err)
		}
		ok, err := r.remind(ctx, m, *to, until, out)
		if err != nil {
			r.log.Warn("reminder not sent; tried again at the next pass", "memory", m.ID, "owner", m.Owner, "err", err)
			continue
		}
		if ok {
			sent++
		}
	}
	return sent, nil
}

// sender delivers reminders: the engine, through the adapters'
// ResponderFor.
type sender interface {
	// reachable reports whether platform can be sent to now.
	reachable(platform string) bool
	// send delivers text privately to the conversation of to.
	send(ctx context.Context, to Message, text string) error
}

// candidates are the memories whose reminder may be due at now: timed
// ones falling due within Lead, and whole-day ones of today (due at its
// midnight), asked apart so that neither crowds the other out of a batch.
func (r *reminders) candidates(ctx context.Context, now time.Time) ([]memory.Memory, error) {
	types := []memory.Type{memory.TypeTask, memory.TypeEvent}
	timed, err := r.due.DueMemories(ctx, memory.DueQuery{Types: types, From: now, To: now.Add(r.opts.Lead + time.Millisecond), Limit: reminderBatch})
	if err != nil {
		return nil, err
	}
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	if now.Before(midnight.Add(ReminderMorning * time.Hour)) {
		return timed, nil
	}
	day, err := r.due.DueMemories(ctx, memory.DueQuery{Types: types, From: midnight, To: midnight.Add(time.Millisecond), Limit: reminderBatch})
	if err != nil {
		return nil, err
	}
	for _, m := range day {
		if !slices.ContainsFunc(timed, func(t memory.Memory) bool { return t.ID == m.ID }) {
			timed = append(timed, m)
		}
	}
	return timed, nil
}

// destination is where owner's reminders go; nil when owner has not asked
// for them or has never written privately.
func (r *reminders) destination(ctx context.Context, owner string) *destination {
	on, err := r.settings.Setting(ctx, remindOnKey(owner))
	if err != nil {
		if !errors.Is(err, memory.ErrNotFound) {
			r.log.Warn("read reminder choice", "person", owner, "err", err)
		}
		return nil
	}
	if on != "on" {
		return nil
	}
	raw, err := r.settings.Setting(ctx, remindToKey(owner))
	if err != nil {
		if errors.Is(err, memory.ErrNotFound) {
			r.log.Info("reminders asked for, but no private conversation known", "person", owner)
		} else {
			r.log.Warn("read where reminders go", "person", owner, "err", err)
		}
		return nil
	}
	var d destination
	if err := json.Unmarshal([]byte(raw), &d); err != nil || d.Message.Platform == "" {
		r.log.Warn("where reminders go is unreadable", "person", owner, "err", err)
		return nil
	}
	return &d
}

// remind claims m's reminder and sends it; false when it was sent before.
func (r *reminders) remind(ctx context.Context, m memory.Memory, to destination, until time.Time, out sender) (bool, error) {
	now := r.now()
	key := remindSentKey(m)
	n, err := r.counters.AddCount(ctx, key, 1, now, until.Add(24*time.Hour))
	if err != nil {
		return false, fmt.Errorf("claim reminder: %w", err)
	}
	if n != 1 {
		return false, nil
	}
	person, err := r.people.Person(ctx, m.Owner)
	if err != nil && !errors.Is(err, memory.ErrNotFound) {
		r.log.Warn("read person for a reminder's language", "person", m.Owner, "err", err)
	}
	text := r.text(m, r.language(turn{msg: to.Message, person: person}))
	if err := out.send(ctx, to.Message, text); err != nil {
		if _, uerr := r.counters.AddCount(context.WithoutCancel(ctx), key, -1, now, until.Add(24*time.Hour)); uerr != nil {
			err = errors.Join(err, fmt.Errorf("give the reminder back: %w", uerr))
		}
		return false, err
	}
	r.log.Info("reminder sent", "memory", m.ID, "owner", m.Owner, "platform", to.Message.Platform, "due", m.Due())
	return true, nil
}

var (
	msgRemindTimed  = phrase{"Reminder: %s (%s)", "提醒：%s（%s）"}
	msgRemindDay    = phrase{"Reminder for today: %s", "今日提醒：%s"}
	msgRemindDoneAs = phrase{"\nDone? /memories done %s", "\n完成了？发送 /memories done %s"}
)

// text is m's reminder in lang.
func (r *reminders) text(m memory.Memory, lang string) string {
	due := m.Due().In(r.now().Location())
	var s string
	if from, _ := r.window(m.Due()); from.Equal(due.Add(ReminderMorning * time.Hour)) {
		s = fmt.Sprintf(r.say(lang, msgRemindDay), m.Text)
	} else {
		when := due.Format("Mon 2 Jan 15:04")
		if lang == "zh" {
			when = due.Format("1月2日 15:04")
		}
		s = fmt.Sprintf(r.say(lang, msgRemindTimed), m.Text, when)
	}
	if m.Type == memory.TypeTask {
		s += fmt.Sprintf(r.say(lang, msgRemindDoneAs), shortID(m.ID))
	}
	return s
}

// newReminders builds the reminders of an engine.
func newReminders(b *base, d Deps, o Options) *reminders {
	if o.Reminders.Lead <= 0 {
		o.Reminders.Lead = DefaultReminderLead
	}
	if o.Reminders.Interval <= 0 {
		o.Reminders.Interval = DefaultReminderInterval
	}
	return &reminders{base: b, opts: o.Reminders, due: d.Due, leases: d.Leases, counters: d.Counters,
		settings: d.Settings, people: d.People, holder: lease.NewHolder(), seen: make(map[string]seenDestination)}
}
