package bot

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limits protect the bot from abuse and its operator from runaway costs.
// Zero values mean no limit; empty lists allow everyone.
type Limits struct {
	// MessagesPerMinute caps the addressed messages of each person that are
	// answered. Messages over it are still captured, up to
	// CapturePerMinute, and the person is told once a minute.
	MessagesPerMinute int
	// PlatformMessagesPerMinute overrides MessagesPerMinute for the
	// accounts of a platform (0 there: no limit), e.g. "console" for the
	// terminal, whose only user is the operator.
	PlatformMessagesPerMinute map[string]int
	// CapturePerMinute bounds each person's captured addressed messages a
	// minute, answered or not, once the answer limit is on, so that a
	// flood cannot fill the store; the rest is counted, logged and
	// dropped. Zero takes CaptureFactor times the answer limit.
	CapturePerMinute int
	// DailyTokens caps each person's model tokens per (UTC) day.
	DailyTokens int64
	// AllowUsers, when not empty, lists the only accounts served, as
	// "platform:userid". DenyUsers are never served.
	AllowUsers, DenyUsers []string
	// AllowGuilds / DenyGuilds do the same for servers, "platform:guildid".
	AllowGuilds, DenyGuilds []string
}

// CaptureFactor is how many times the answer limit a person's messages
// are captured a minute when Limits.CapturePerMinute is not set.
const CaptureFactor = 5

// perMinute is the answer limit for platform's accounts.
func (l Limits) perMinute(platform string) int {
	if n, ok := l.PlatformMessagesPerMinute[platform]; ok {
		return n
	}
	return l.MessagesPerMinute
}

// capturePerMinute is the capture bound that goes with an answer limit.
func (l Limits) capturePerMinute(perMinute int) int {
	if l.CapturePerMinute <= 0 {
		return CaptureFactor * perMinute
	}
	return max(l.CapturePerMinute, perMinute)
}

// allowed reports whether the lists let msg's author and server in.
func (l Limits) allowed(msg Message) bool {
	user := msg.Platform + ":" + msg.Author.ID
	if slices.Contains(l.DenyUsers, user) || (len(l.AllowUsers) > 0 && !slices.Contains(l.AllowUsers, user)) {
		return false
	}
	if msg.GuildID == "" {
		return true
	}
	guild := msg.Platform + ":" + msg.GuildID
	return !slices.Contains(l.DenyGuilds, guild) && (len(l.AllowGuilds) == 0 || slices.Contains(l.AllowGuilds, guild))
}

// meter counts each person's recent messages and today's tokens. The
// per-minute limits are token buckets (golang.org/x/time/rate): a person
// may send perMinute messages at once and then one every minute/perMinute.
// Daily budgets are plain counters that reset at midnight UTC.
type meter struct {
	mu       sync.Mutex
	recent   buckets                // person → answered messages
	captured buckets                // person → captured addressed messages
	floods   map[string]floodWindow // person → messages dropped this minute
	dropped  int64                  // messages dropped since the start
	warned   buckets                // account → notices that it is going too fast
	days     map[string]dayUse      // person → today's use
	guilds   map[string]dayUse      // guild:person → today's messages
	spent    map[string]spentSeen   // person → the shared day total last seen
	// shared, when set, counts across replicas (counters.go); the maps
	// above are then the fallback while it fails. log reports its
	// failures.
	shared Counters
	log    *slog.Logger
}

type dayUse struct {
	day   string
	count int64
}

func newMeter() *meter {
	return &meter{recent: buckets{}, captured: buckets{}, floods: map[string]floodWindow{}, warned: buckets{},
		days: map[string]dayUse{}, guilds: map[string]dayUse{}, spent: map[string]spentSeen{}}
}

// maxTracked bounds each map of the meter; past it, entries that carry no
// information any more (a full bucket, a past day) are dropped.
const maxTracked = 10000

// admission is what the limits let a message have.
type admission int

const (
	admitAnswer  admission = iota // captured and answered
	admitCapture                  // captured, not answered
	admitDrop                     // neither: the person floods
)

// admit records an addressed message by person at now and reports what it
// may have: an answer within perMinute, a capture within capturePerMinute
// (both counting every captured message), or nothing.
func (m *meter) admit(person string, now time.Time, perMinute, capturePerMinute int) admission {
	if perMinute <= 0 {
		return admitAnswer
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.captured.allow(person, now, rate.Limit(float64(capturePerMinute)/time.Minute.Seconds()), capturePerMinute) {
		return admitDrop
	}
	if !m.recent.allow(person, now, rate.Limit(float64(perMinute)/time.Minute.Seconds()), perMinute) {
		return admitCapture
	}
	return admitAnswer
}

// floodWindow counts one person's dropped messages in the minute from
// start.
type floodWindow struct {
	start time.Time
	count int
}

// closeFlood ends person's window of dropped messages when its minute is
// over, returning it (zero when there is none or it is still open).
func (m *meter) closeFlood(person string, now time.Time) floodWindow {
	m.mu.Lock()
	defer m.mu.Unlock()
	w, ok := m.floods[person]
	if !ok || now.Sub(w.start) < time.Minute {
		return floodWindow{}
	}
	delete(m.floods, person)
	return w
}

// drop counts a message of person dropped at now and returns the count in
// person's current window, which a first drop opens.
func (m *meter) drop(person string, now time.Time) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.dropped++
	w, ok := m.floods[person]
	if !ok {
		if len(m.floods) >= maxTracked {
			for k, v := range m.floods {
				if now.Sub(v.start) >= time.Minute {
					delete(m.floods, k)
				}
			}
		}
		w = floodWindow{start: now}
	}
	w.count++
	m.floods[person] = w
	return w.count
}

// droppedTotal is how many messages floods have cost since the start.
func (m *meter) droppedTotal() int64 {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.dropped
}

// admit runs an addressed message through the per-minute limits of its
// author's platform. A dropped message is counted and logged: the first
// drops of each person's minute and then each doubling of the count, with
// the total of a minute once it is over.
func (e *Engine) admit(ctx context.Context, msg Message) admission {
	if !msg.Addressed {
		return admitAnswer
	}
	now := e.opts.Now()
	account := msg.Platform + ":" + msg.Author.ID
	perMinute := e.opts.Limits.perMinute(msg.Platform)
	if w := e.meter.closeFlood(account, now); w.count > 0 {
		e.base.log.Warn("flood: messages dropped in a minute", "account", account,
			"dropped", w.count, "window_start", w.start)
	}
	a := e.meter.admitShared(ctx, account, now, perMinute, e.opts.Limits.capturePerMinute(perMinute))
	if a != admitDrop {
		return a
	}
	n := e.meter.drop(account, now)
	if n&(n-1) == 0 { // 1, 2, 4, 8, …
		e.base.log.Warn("flood: message over the capture limit dropped", "account", account,
			"conversation", msg.ConversationID(), "dropped_this_minute", n, "capture_per_minute", e.opts.Limits.capturePerMinute(perMinute))
	}
	return a
}

// FloodDropped counts the messages a flood brought over the capture limit
// since New: neither captured nor answered.
func (e *Engine) FloodDropped() int64 { return e.meter.droppedTotal() }

// warnOnce reports whether key should be told it is over a limit: once a
// minute at most, so a flood gets one answer, not one per message.
func (m *meter) warnOnce(key string, now time.Time) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.warned.allow(key, now, rate.Every(time.Minute), 1)
}

// buckets are token buckets by key. Callers hold the meter's lock.
type buckets map[string]*rate.Limiter

// allow takes one token from key's bucket of the given rate and size at
// now, reporting whether there was one.
func (b buckets) allow(key string, now time.Time, r rate.Limit, size int) bool {
	l, ok := b[key]
	switch {
	case !ok:
		if len(b) >= maxTracked {
			b.prune(now)
		}
		l = rate.NewLimiter(r, size)
		b[key] = l
	case l.Limit() != r || l.Burst() != size:
		l.SetLimitAt(now, r)
		l.SetBurstAt(now, size)
	}
	return l.AllowN(now, 1)
}

// prune drops the buckets that have refilled: a full bucket is the same
// as none.
func (b buckets) prune(now time.Time) {
	for k, l := range b {
		if l.TokensAt(now) >= float64(l.Burst()) {
			delete(b, k)
		}
	}
}

func today(now time.Time) string { return now.UTC().Format("2006-01-02") }

// tokensLeft reports whether person has tokens left today under budget.
func (m *meter) tokensLeft(person string, now time.Time, budget int64) bool {
	if budget <= 0 {
		return true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	u := m.days[person]
	return u.day != today(now) || u.count < budget
}

// addTokens records tokens spent by person.
func (m *meter) addTokens(person string, now time.Time, n int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	add(m.days, person, now, n)
}

// allowGuildMessage counts a member's message in a server against the
// server's daily limit.
func (m *meter) allowGuildMessage(key string, now time.Time, limit int) bool {
	if limit <= 0 {
		return true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	u := m.guilds[key]
	if u.day == today(now) && u.count >= int64(limit) {
		return false
	}
	add(m.guilds, key, now, 1)
	return true
}

func add(in map[string]dayUse, key string, now time.Time, n int64) {
	d := today(now)
	u := in[key]
	if u.day != d {
		if len(in) > maxTracked {
			for k, v := range in {
				if v.day != d {
					delete(in, k)
				}
			}
		}
		u = dayUse{day: d}
	}
	u.count += n
	in[key] = u
}

// overGuildLimit counts a message against the server's daily limit and
// reports whether the person is over it. Commands are exempt: nobody is
// kept from seeing or erasing their memories.
func (e *Engine) overGuildLimit(ctx context.Context, t turn) bool {
	if t.msg.GuildID == "" || t.msg.IsCommand() {
		return false
	}
	return !e.meter.guildMessageShared(ctx, t.msg.Platform+":"+t.msg.GuildID+":"+t.person.ID, e.opts.Now(), t.guild.DailyLimit)
}

// refuse answers msg privately with p instead of answering it (when tell
// is set; otherwise silently). done is closed once the refusal is
// delivered.
func (e *Engine) refuse(msg Message, r Responder, p phrase, tell bool, done chan struct{}) {
	if !tell || !e.work.enqueue(msg.ConversationID(), func(ctx context.Context) {
		defer close(done)
		lang := e.base.language(turn{msg: msg, text: msg.Text})
		if err := r.Send(ctx, Reply{Text: e.base.say(lang, p), Private: true}); err != nil {
			e.base.log.Warn("deliver refusal", "conversation", msg.ConversationID(), "err", err)
		}
	}) {
		close(done)
	}
}
