package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	mongodrv "go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/mongo"
)

// answers counts, for each incoming message, the bot messages that reply
// to it. On Telegram a private notice (the daily budget) in a private chat
// replies too; in a Discord server it goes by DM with a pointer replying
// in the channel, so DMs are not counted there.
func (c *cluster) answers(p *person) map[string]int {
	perMessage := map[string]int{}
	if p.telegram {
		for _, id := range c.tgSent[p.tgUser.ID] {
			perMessage[strconv.Itoa(id)] = 0
		}
		for _, m := range c.tg.Sent(p.tgUser.ID) {
			if _, ok := perMessage[strconv.Itoa(m.ReplyTo)]; ok {
				perMessage[strconv.Itoa(m.ReplyTo)]++
			}
		}
		return perMessage
	}
	for _, id := range c.dcSent[p.dcUser.ID] {
		perMessage[id] = 0
	}
	for _, m := range c.dc.Messages(p.channel) {
		if _, ok := perMessage[m.ReferenceID]; ok && !m.Deleted {
			perMessage[m.ReferenceID]++
		}
	}
	return perMessage
}

// unanswered counts the messages with no answer yet.
func (c *cluster) unanswered() int {
	n := 0
	for _, p := range c.people {
		for _, k := range c.answers(p) {
			if k == 0 {
				n++
			}
		}
	}
	return n
}

func (c *cluster) waitAnswers(limit time.Duration) {
	deadline := time.Now().Add(limit)
	for c.unanswered() > 0 {
		if time.Now().After(deadline) {
			c.t.Errorf("%d messages still unanswered after %v", c.unanswered(), limit)
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// openStore opens the shared database as the replicas see it.
func (c *cluster) openStore() *mongo.Store {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := mongo.Open(ctx, c.uri, c.database)
	if err != nil {
		c.t.Fatalf("open the shared database: %v", err)
	}
	c.t.Cleanup(func() { _ = s.Close() })
	return s
}

// owner returns the person id behind p's account.
func (c *cluster) owner(ctx context.Context, s *mongo.Store, p *person) string {
	platform, id := "telegram", strconv.FormatInt(p.tgUser.ID, 10)
	if !p.telegram {
		platform, id = "discord", p.dcUser.ID
	}
	who, err := s.ResolveIdentity(ctx, platform, id, p.name())
	if err != nil {
		c.t.Fatalf("resolve %s: %v", p.name(), err)
	}
	return who.ID
}

// waitMemories waits until every person's lucky word is an active memory.
func (c *cluster) waitMemories(limit time.Duration) {
	s := c.openStore()
	deadline := time.Now().Add(limit)
	for {
		missing := 0
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		for _, p := range c.people {
			ms, err := s.ListMemories(ctx, memory.MemoryQuery{Owner: c.owner(ctx, s, p), Statuses: []memory.Status{memory.StatusActive}})
			if err != nil {
				c.t.Fatalf("list memories: %v", err)
			}
			if !containsText(ms, "Lucky word is "+luckyWord(p.index)) {
				missing++
			}
		}
		cancel()
		if missing == 0 {
			return
		}
		if time.Now().After(deadline) {
			c.t.Errorf("%d people's lucky word not extracted after %v", missing, limit)
			return
		}
		time.Sleep(500 * time.Millisecond)
	}
}

func containsText(ms []memory.Memory, text string) bool {
	for _, m := range ms {
		if m.Text == text {
			return true
		}
	}
	return false
}

// check asserts what the issue asks of a cluster: every message captured
// once and answered once, each window extracted once, budgets held
// across replicas, no memory twice, nobody's memory in another's prompt.
func (c *cluster) check() {
	t := c.t
	for _, r := range c.replicas {
		r.stop()
	}
	s := c.openStore()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	sent := 0
	for _, p := range c.people {
		sent += len(p.sent)
		// Captured once, none lost.
		conv := "telegram:" + strconv.FormatInt(p.tgUser.ID, 10)
		if !p.telegram {
			conv = "discord:" + p.channel
		}
		msgs, err := s.Messages(ctx, conv, 0, 100000)
		if err != nil {
			t.Fatalf("messages of %s: %v", conv, err)
		}
		got := map[string]int{}
		for _, m := range msgs {
			if marker := markerPattern.FindString(m.Text); m.Role == memory.RoleUser && strings.HasPrefix(marker, p.name()) {
				got[marker]++
			}
		}
		for k := range p.sent {
			marker := fmt.Sprintf("%s m%02d", p.name(), k)
			if got[marker] != 1 {
				t.Errorf("%s captured %d times, want 1", marker, got[marker])
			}
		}
		// Answered exactly once.
		missing, twice := 0, 0
		for _, n := range c.answers(p) {
			switch {
			case n == 0:
				missing++
			case n > 1:
				twice++
			}
		}
		if twice > 0 || missing > 0 {
			t.Errorf("%s: %d messages answered twice, %d not answered", p.name(), twice, missing)
			if p.telegram {
				for _, m := range c.tg.Sent(p.tgUser.ID) {
					t.Logf("  reply to %d at %s: %q", m.ReplyTo, m.Time.Format("15:04:05.000"), m.Text)
				}
			}
		}
		// No memory twice, nothing of another person.
		owner := c.owner(ctx, s, p)
		ms, err := s.ListMemories(ctx, memory.MemoryQuery{Owner: owner})
		if err != nil {
			t.Fatalf("list memories: %v", err)
		}
		texts := map[string]int{}
		for _, m := range ms {
			if m.Status == memory.StatusActive {
				texts[m.Text]++
			}
			for _, q := range c.people {
				if q != p && strings.Contains(m.Text, luckyWord(q.index)) {
					t.Errorf("%s holds %s's memory %q", p.name(), q.name(), m.Text)
				}
			}
		}
		for text, n := range texts {
			if n > 1 {
				t.Errorf("%s: %q active %d times", p.name(), text, n)
			}
		}
	}
	c.checkModel(sent)
}

// checkModel reads the fake model's requests: budgets, privacy of the
// prompts, and extraction windows seen twice.
func (c *cluster) checkModel(sent int) {
	t := c.t
	replies := map[string]int{}
	injected := 0
	windows := map[string]int{}
	repeated := 0
	extractions := 0
	for _, req := range c.model.ChatRequests() {
		if req.ResponseFormat == "json_schema" {
			if req.SchemaName != "extract_memories" {
				continue
			}
			extractions++
			var body strings.Builder
			for _, m := range req.Messages {
				body.WriteString(m.Content)
			}
			for _, line := range strings.Split(body.String(), "\n") {
				if strings.HasPrefix(line, "[m") {
					if marker := markerPattern.FindString(line); marker != "" {
						windows[marker]++
						if windows[marker] == 2 {
							repeated++
						}
					}
				}
			}
			continue
		}
		marker := markerPattern.FindString(req.LastUser())
		if marker == "" {
			continue
		}
		who := marker[:3]
		replies[who]++
		system := req.System()
		for _, p := range c.people {
			if strings.Contains(system, luckyWord(p.index)) {
				if p.name() == who {
					injected++
				} else {
					t.Errorf("a reply to %s carried %s's lucky word in its prompt", who, p.name())
				}
			}
		}
	}
	over := 0
	for _, p := range c.people {
		n := replies[p.name()]
		// Replicas answering one person at the same moment may each pass
		// the check before either adds: at most one reply each over.
		if n > budgetReplies+c.sc.replicas-1 {
			t.Errorf("%s got %d model replies; the daily budget allows %d (+%d racing replicas)", p.name(), n, budgetReplies, c.sc.replicas-1)
		}
		if n > budgetReplies {
			over++
		}
	}
	if injected == 0 {
		t.Error("no reply carried its person's own lucky word: the privacy check above proves nothing")
	}
	// A window a killed replica was extracting is extracted again by the
	// one that takes over: one kill, at most a window or two.
	if repeated > 12 {
		t.Errorf("%d messages were in two extraction windows; want at most the window the killed replica held", repeated)
	}
	t.Logf("%d messages from %d people; %d extraction calls, %d messages extracted twice; %d replies with the person's own memory; %d people one or two replies over the budget (racing replicas)",
		sent, len(c.people), extractions, repeated, injected, over)
}

// dropDatabase removes the run's database.
func dropDatabase(t *testing.T, uri, database string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client, err := mongodrv.Connect(options.Client().ApplyURI(uri))
	if err != nil {
		t.Logf("drop %s: %v", database, err)
		return
	}
	defer func() { _ = client.Disconnect(ctx) }()
	if err := client.Database(database).Drop(ctx); err != nil && !errors.Is(err, context.Canceled) {
		t.Logf("drop %s: %v", database, err)
	}
}
