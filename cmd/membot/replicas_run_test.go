package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	mrand "math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/internal/fakediscord"
	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/internal/faketelegram"
)

// Every reply of the fake model costs exactly replyCost tokens, so that
// the daily budget allows exactly budgetReplies replies a person.
const (
	replyCost     = 1000
	budgetReplies = 6
	webhookSecret = "replica-secret"
)

// luckyWord is what person p tells the bot first; each person's is theirs
// alone, so a word in another person's prompt is a privacy breach.
func luckyWord(p int) string { return fmt.Sprintf("kw%02dzx", p) }

var luckyLine = regexp.MustCompile(`my lucky word is (kw\d\dzx)`)

// marker tags each message with its person and position: "p07 m12".
var markerPattern = regexp.MustCompile(`p\d\d m\d\d`)

// person is one simulated user of the cluster.
type person struct {
	index    int
	telegram bool
	tgUser   models.User
	dcUser   *discordgo.User
	channel  string // Discord guild channel
	shard    int    // the Discord shard (replica) serving its guild
	sent     []string
}

func (p *person) name() string { return fmt.Sprintf("p%02d", p.index) }

// messageText is the k-th message of p.
func (p *person) messageText(k int) string {
	switch k {
	case 0:
		return fmt.Sprintf("p%02d m%02d: hello! my lucky word is %s, please remember it", p.index, k, luckyWord(p.index))
	case 3:
		return fmt.Sprintf("p%02d m%02d: what is my lucky word again?", p.index, k)
	}
	topics := []string{"what should I cook tonight", "any tips for sleeping better", "recommend a book",
		"how do I fix a squeaky door", "plan a short walk for me", "what is a good stretch after running"}
	return fmt.Sprintf("p%02d m%02d: %s?", p.index, k, topics[(p.index+k)%len(topics)])
}

// scale is how much traffic a run sends, over how many replicas.
type scale struct {
	replicas                                int
	telegramPeople, discordPeople, messages int
	// sticky routes each Telegram person to one replica, never redelivers
	// an update to another, and moves a person only once everything sent
	// so far is answered: on a server that loses concurrent updates, no
	// two replicas write one conversation's records at once.
	sticky bool
}

// TestReplicas runs three membot processes over one MongoDB database,
// serving the fake Telegram webhook (any replica takes any update) and
// the fake Discord gateway (a shard each), with one replica killed with
// SIGKILL and restarted mid-way. It needs MONGODB_URI; on FerretDB v1
// (MEMBOT_TEST_MONGO_FLAVOR=ferretdb) it runs a reduced form and says what
// it leaves out.
func TestReplicas(t *testing.T) {
	uri := os.Getenv("MONGODB_URI")
	if uri == "" {
		t.Skip("MONGODB_URI not set; see README (Running replicas) to run the multi-replica test")
	}
	if testing.Short() {
		t.Skip("starts three membot processes; not with -short")
	}
	sc := scale{replicas: 3, telegramPeople: 20, discordPeople: 10, messages: 20}
	if os.Getenv("MEMBOT_TEST_MONGO_FLAVOR") == "ferretdb" {
		sc = scale{replicas: 2, telegramPeople: 6, discordPeople: 4, messages: 8, sticky: true}
		uri = withQuery(uri, "maxPoolSize=1")
		t.Log("FerretDB v1 loses concurrent updates: reduced run (2 replicas, 10 people × 8 messages, each " +
			"Telegram person on one replica, moved only when all is answered, one survivor to take over). " +
			"Skipped here, run on MongoDB: three replicas, one person's updates spread over replicas at once, " +
			"redelivery of an update to another replica, budgets shared by concurrent replicas, " +
			"two survivors racing to take over the killed replica's answers")
	}
	c := newCluster(t, uri, sc)
	c.run()
	c.check()
}

func withQuery(uri, q string) string {
	if strings.Contains(uri, "?") {
		return uri + "&" + q
	}
	if strings.Count(uri, "/") < 3 {
		uri += "/"
	}
	return uri + "?" + q
}

// cluster is the fakes, the replicas and the people of one run.
type cluster struct {
	t        *testing.T
	sc       scale
	model    *fakeopenai.Server
	tg       *faketelegram.Server
	dc       *fakediscord.Server
	replicas []*replica
	people   []*person
	database string
	uri      string
	rng      *mrand.Rand
	// incoming message ids by person, in send order
	tgSent map[int64][]int
	dcSent map[string][]string
}

func newCluster(t *testing.T, uri string, sc scale) *cluster {
	c := &cluster{t: t, sc: sc, uri: uri, rng: mrand.New(mrand.NewPCG(7, 12)),
		tgSent: map[int64][]int{}, dcSent: map[string][]string{}}
	var raw [4]byte
	_, _ = rand.Read(raw[:])
	c.database = "membot_replicas_" + hex.EncodeToString(raw[:])
	c.model = fakeopenai.New(t)
	c.model.SetHandler(func(req *fakeopenai.ChatRequest) fakeopenai.Response {
		marker := markerPattern.FindString(req.LastUser())
		return fakeopenai.Response{Content: "noted (" + marker + ")",
			Usage: &fakeopenai.Usage{PromptTokens: replyCost - 10, CompletionTokens: 10}}
	})
	c.model.OnSchema("extract_memories", fakeopenai.ExtractLines(func(line string) (fakeopenai.Fact, bool) {
		m := luckyLine.FindStringSubmatch(line)
		if m == nil {
			return fakeopenai.Fact{}, false
		}
		return fakeopenai.Fact{Text: "Lucky word is " + m[1], Subject: "lucky word"}, true
	}))
	c.tg = faketelegram.New(t, faketelegram.Config{Token: "123456:replica-test"})
	c.dc = fakediscord.New(t)
	guilds := make([]string, sc.replicas)
	for shard := range guilds {
		guilds[shard] = c.dc.AddChannel(c.dc.NewGuildOnShard(shard, sc.replicas))
	}
	for i := range sc.telegramPeople + sc.discordPeople {
		p := &person{index: i, telegram: i < sc.telegramPeople}
		if p.telegram {
			p.tgUser = models.User{ID: int64(5000 + i), FirstName: p.name()}
		} else {
			p.dcUser = c.dc.NewUser(p.name())
			p.shard = i % sc.replicas
			p.channel = guilds[p.shard]
		}
		c.people = append(c.people, p)
	}
	for i := range sc.replicas {
		c.replicas = append(c.replicas, newReplica(t, i, replicaConfig{
			mongoURI: uri, database: c.database, modelURL: c.model.URL(), tgURL: c.tg.URL, dcURL: c.dc.URL(),
			listen: freeAddr(t), shard: i, shards: sc.replicas, dailyTokens: budgetReplies * replyCost,
			extractionDelay: "1s",
		}))
	}
	t.Cleanup(func() {
		for _, r := range c.replicas {
			r.stop()
		}
		if t.Failed() {
			for _, r := range c.replicas {
				t.Log(r.logs())
			}
		}
		dropDatabase(t, c.uri, c.database)
	})
	return c
}

// run starts the replicas, sends every message in a random interleaving
// (each person's in order), kills replica 1 after a third and restarts it
// after two thirds, and waits for every answer and every extraction.
func (c *cluster) run() {
	t := c.t
	for _, r := range c.replicas {
		r.start()
	}
	c.waitShards()
	var order []*person
	for _, p := range c.people {
		for range c.sc.messages {
			order = append(order, p)
		}
	}
	c.rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	killAt, restartAt := len(order)/3, 2*len(order)/3
	var held []*person // Discord messages for the killed shard, sent once it is back
	for i, p := range order {
		switch i {
		case killAt:
			c.replicas[1].kill()
			t.Logf("replica 1 killed after %d messages", i)
			if c.sc.sticky {
				// Its people move to the survivor once the survivor has
				// taken over and answered what the killed one held.
				c.waitAnswers(2 * time.Minute)
			}
		case restartAt:
			if c.sc.sticky {
				c.waitAnswers(2 * time.Minute)
			}
			c.replicas[1].start()
			c.waitShards()
			t.Logf("replica 1 restarted after %d messages", i)
			for _, h := range held {
				c.sendDiscord(h)
			}
			held = nil
		}
		if p.telegram {
			c.sendTelegram(p)
		} else if !c.replicas[p.shard].alive() {
			held = append(held, p)
		} else {
			c.sendDiscord(p)
		}
		time.Sleep(5 * time.Millisecond)
	}
	c.waitAnswers(3 * time.Minute)
	c.waitMemories(2 * time.Minute)
}

// sendTelegram posts p's next message to a replica's webhook: a random
// live one (or p's own when sticky), another one when it fails, as a load
// balancer in front of the replicas would; now and then the same update
// is delivered a second time, as Telegram does after a timeout.
func (c *cluster) sendTelegram(p *person) {
	k := len(p.sent)
	text := p.messageText(k)
	p.sent = append(p.sent, text)
	msg := c.tg.NewMessage(models.Chat{ID: p.tgUser.ID, Type: models.ChatTypePrivate}, p.tgUser, text)
	c.tgSent[p.tgUser.ID] = append(c.tgSent[p.tgUser.ID], msg.ID)
	u := models.Update{ID: c.tg.NextUpdateID(), Message: msg}
	first := c.deliverTelegram(p, u, -1)
	if c.rng.IntN(10) == 0 {
		other := first
		if !c.sc.sticky {
			other = (first + 1 + c.rng.IntN(c.sc.replicas-1)) % c.sc.replicas
		}
		c.deliverTelegram(p, u, other)
	}
}

// deliverTelegram posts u to replica want (-1, or a replica that is down:
// a random live one; p's own when sticky) until one answers 200, as a load
// balancer with health checks would, and returns which did.
func (c *cluster) deliverTelegram(p *person, u models.Update, want int) int {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		i := want
		if c.sc.sticky {
			i = p.index % c.sc.replicas
		}
		if i < 0 || !c.replicas[i].alive() {
			i = c.rng.IntN(c.sc.replicas)
			if c.sc.sticky {
				i = (p.index + 1) % c.sc.replicas // where the health check moves it
			}
		}
		r := c.replicas[i]
		if !r.alive() {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		status, err := c.tg.DeliverWebhook(ctx, r.webhook, webhookSecret, u)
		cancel()
		if err == nil && status == http.StatusOK {
			return i
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.t.Fatalf("no replica took update %d", u.ID)
	return -1
}

// sendDiscord dispatches p's next message, mentioning the bot, in p's
// guild channel: the gateway sends it to the shard serving that guild.
func (c *cluster) sendDiscord(p *person) {
	text := p.messageText(len(p.sent))
	p.sent = append(p.sent, text)
	m := c.dc.Say(p.channel, p.dcUser, "<@100000000000000001> "+text)
	c.dcSent[p.dcUser.ID] = append(c.dcSent[p.dcUser.ID], m.ID)
}

// waitShards waits until every live replica's shard is connected.
func (c *cluster) waitShards() {
	c.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		up := 0
		for i, r := range c.replicas {
			if r.alive() && slices.Contains(c.dc.ConnectedShards(), i) {
				up++
			} else if !r.alive() {
				up++
			}
		}
		if up == len(c.replicas) {
			return
		}
		if time.Now().After(deadline) {
			c.t.Fatal("Discord shards not connected after 30 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}
