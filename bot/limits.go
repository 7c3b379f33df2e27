package bot

import (
	"slices"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limits protect the bot from abuse and its operator from runaway costs.
// Zero values mean no limit; empty lists allow everyone.
type Limits struct {
	// MessagesPerMinute caps each person's addressed messages.
	MessagesPerMinute int
	// DailyTokens caps each person's model tokens per (UTC) day.
	DailyTokens int64
	// AllowUsers, when not empty, lists the only accounts served, as
	// "platform:userid". DenyUsers are never served.
	AllowUsers, DenyUsers []string
	// AllowGuilds / DenyGuilds do the same for servers, "platform:guildid".
	AllowGuilds, DenyGuilds []string
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
	mu     sync.Mutex
	recent buckets           // person → addressed messages
	warned buckets           // account → notices that it is going too fast
	days   map[string]dayUse // person → today's use
	guilds map[string]dayUse // guild:person → today's messages
}

type dayUse struct {
	day   string
	count int64
}

func newMeter() *meter {
	return &meter{recent: buckets{}, warned: buckets{}, days: map[string]dayUse{}, guilds: map[string]dayUse{}}
}

// maxTracked bounds each map of the meter; past it, entries that carry no
// information any more (a full bucket, a past day) are dropped.
const maxTracked = 10000

// allowMessage records a message by person at now and reports whether it
// stays within perMinute.
func (m *meter) allowMessage(person string, now time.Time, perMinute int) bool {
	if perMinute <= 0 {
		return true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.recent.allow(person, now, rate.Limit(float64(perMinute)/time.Minute.Seconds()), perMinute)
}

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
