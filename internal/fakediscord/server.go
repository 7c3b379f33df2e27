// Package fakediscord is an in-process stand-in for Discord, listening on
// 127.0.0.1, for testing code built on github.com/bwmarrin/discordgo
// without the network. It serves the REST API calls a bot makes (messages,
// edits, interaction callbacks, followups, command registration, DM
// channels) and a websocket gateway (HELLO, IDENTIFY, READY, heartbeats,
// RESUME, dispatches), records every call, models what each user can see,
// and can inject failures (rate limits, missing permissions, closed DMs)
// and drop the gateway connection to exercise resuming.
//
// The gateway serves several shards at once, as for a bot run as several
// processes: each shard id is its own resumable session, an event goes to
// the shard of its guild (ShardOf) and DMs go to shard 0 (see Dispatch).
//
// Point a discordgo session at it by replacing the session's HTTP client
// with Server.Client; the gateway URL is discovered through the REST API.
package fakediscord

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// discordEpochMillis is the start of Discord's snowflake clock.
const discordEpochMillis = 1420070400000

// Server is a fake Discord. All methods are safe for concurrent use.
type Server struct {
	tb    testing.TB
	http  *httptest.Server
	bot   discordgo.User
	appID string

	heartbeatInterval time.Duration

	// closing is closed when Close starts, releasing hung requests.
	closing   chan struct{}
	closeOnce sync.Once

	idMu  sync.Mutex
	idSeq int64

	mu           sync.Mutex
	changed      chan struct{}
	calls        []Call
	messages     map[string]*Message
	order        []*Message
	byChannel    map[string][]*Message
	nonces       map[string]*Message // channel + nonce of creates that enforce it
	channels     map[string]*channel
	dmByUser     map[string]string
	interactions map[string]*interaction
	byToken      map[string]*interaction
	commands     map[string][]*discordgo.ApplicationCommand
	failures     []*failure
	denied       map[string]bool
	closedDMs    map[string]bool
	typing       map[string]int

	gw gateway
}

// Option adjusts a Server.
type Option func(*Server)

// WithBot sets the bot's own user (id and name) announced in READY.
func WithBot(id, username string) Option {
	return func(s *Server) {
		s.bot.ID = id
		s.bot.Username = username
		s.appID = id
	}
}

// WithHeartbeatInterval sets the interval announced in HELLO.
func WithHeartbeatInterval(d time.Duration) Option {
	return func(s *Server) { s.heartbeatInterval = d }
}

// New starts a fake Discord for one test and stops it (closing every
// websocket) when the test ends.
func New(tb testing.TB, opts ...Option) *Server {
	tb.Helper()
	s := &Server{
		tb:                tb,
		bot:               discordgo.User{ID: "100000000000000001", Username: "membot", Bot: true},
		appID:             "100000000000000001",
		heartbeatInterval: 41250 * time.Millisecond,
		changed:           make(chan struct{}),
		closing:           make(chan struct{}),
		messages:          map[string]*Message{},
		byChannel:         map[string][]*Message{},
		nonces:            map[string]*Message{},
		channels:          map[string]*channel{},
		dmByUser:          map[string]string{},
		interactions:      map[string]*interaction{},
		byToken:           map[string]*interaction{},
		commands:          map[string][]*discordgo.ApplicationCommand{},
		denied:            map[string]bool{},
		closedDMs:         map[string]bool{},
		typing:            map[string]int{},
	}
	for _, o := range opts {
		o(s)
	}
	s.gw.init(s)
	s.http = httptest.NewServer(s.routes())
	tb.Cleanup(s.Close)
	return s
}

// Close drops every gateway connection and stops the server. It is
// called automatically at the end of the test.
func (s *Server) Close() {
	s.closeOnce.Do(func() { close(s.closing) })
	s.gw.closeAll()
	s.http.Close()
}

// URL is the fake's base URL (http://127.0.0.1:port).
func (s *Server) URL() string { return s.http.URL }

// Bot is the bot's own user as announced in READY.
func (s *Server) Bot() discordgo.User { return s.bot }

// AppID is the application id interactions carry.
func (s *Server) AppID() string { return s.appID }

// NewID returns a fresh snowflake whose timestamp is now.
func (s *Server) NewID() string {
	s.idMu.Lock()
	defer s.idMu.Unlock()
	s.idSeq++
	ms := time.Now().UnixMilli() - discordEpochMillis
	return strconv.FormatInt(ms<<22|(s.idSeq&0x3fffff), 10)
}

// notify wakes every WaitUntil; callers hold s.mu.
func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// WaitUntil blocks until cond (called without locks held) reports true,
// failing the test after twenty seconds. It re-checks cond whenever the fake
// records something and at least every 50 ms.
func (s *Server) WaitUntil(desc string, cond func() bool) {
	s.tb.Helper()
	deadline := time.NewTimer(20 * time.Second)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if cond() {
			return
		}
		select {
		case <-ch:
		case <-time.After(50 * time.Millisecond):
		case <-deadline.C:
			s.tb.Fatalf("fakediscord: timed out waiting until %s", desc)
			return
		}
	}
}

// Client returns an HTTP client that sends every request for discord.com
// to the fake, for use as a discordgo session's Client.
func (s *Server) Client() *http.Client {
	return &http.Client{Transport: NewRewriter(s.http.URL, http.DefaultTransport), Timeout: 20 * time.Second}
}

// String describes the fake for test logs.
func (s *Server) String() string { return fmt.Sprintf("fakediscord at %s", s.http.URL) }
