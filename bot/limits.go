package bot

import (
	"slices"
	"sync"
	"time"
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

// meter counts each person's recent messages and today's tokens.
type meter struct {
	mu     sync.Mutex
	recent map[string][]time.Time // person → addressed messages in the last minute
	days   map[string]dayUse      // person → today's use
	guilds map[string]dayUse      // guild:person → today's messages
	warned map[string]time.Time   // account → when it was last told to slow down
}

type dayUse struct {
	day   string
	count int64
}

func newMeter() *meter {
	return &meter{recent: map[string][]time.Time{}, days: map[string]dayUse{}, guilds: map[string]dayUse{}, warned: map[string]time.Time{}}
}

// allowMessage records a message by person at now and reports whether it
// stays within perMinute.
func (m *meter) allowMessage(person string, now time.Time, perMinute int) bool {
	if perMinute <= 0 {
		return true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	cut := now.Add(-time.Minute)
	times := slices.DeleteFunc(m.recent[person], func(t time.Time) bool { return t.Before(cut) })
	if len(times) >= perMinute {
		m.recent[person] = times
		return false
	}
	m.recent[person] = append(times, now)
	if len(m.recent) > 10000 {
		for p, ts := range m.recent {
			if len(ts) == 0 || ts[len(ts)-1].Before(cut) {
				delete(m.recent, p)
			}
		}
	}
	return true
}

// warnOnce reports whether key should be told it is over a limit: once a
// minute at most, so a flood gets one answer, not one per message.
func (m *meter) warnOnce(key string, now time.Time) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if last, ok := m.warned[key]; ok && now.Sub(last) < time.Minute {
		return false
	}
	if len(m.warned) > 10000 {
		for k, t := range m.warned {
			if now.Sub(t) >= time.Minute {
				delete(m.warned, k)
			}
		}
	}
	m.warned[key] = now
	return true
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
		if len(in) > 10000 {
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
