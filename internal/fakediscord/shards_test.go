package fakediscord

import (
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

func TestShardOfAndNewGuildOnShard(t *testing.T) {
	s := New(t)
	tests := []struct {
		guild string
		count int
		want  int
	}{
		{strconv.FormatUint(5<<22|123, 10), 3, 2},
		{strconv.FormatUint(5<<22|123, 10), 5, 0},
		{strconv.FormatUint(5<<22|123, 10), 1, 0},
		{strconv.FormatUint(1<<22, 10), 2, 1},
		{"not a snowflake", 4, 0},
	}
	for _, tc := range tests {
		if got := ShardOf(tc.guild, tc.count); got != tc.want {
			t.Errorf("ShardOf(%s, %d) = %d, want %d", tc.guild, tc.count, got, tc.want)
		}
	}
	seen := map[string]bool{}
	for count := 1; count <= 5; count++ {
		for shard := range count {
			for range 3 {
				g := s.NewGuildOnShard(shard, count)
				if got := ShardOf(g, count); got != shard {
					t.Errorf("NewGuildOnShard(%d, %d) = %s on shard %d", shard, count, g, got)
				}
				if seen[g] {
					t.Errorf("NewGuildOnShard repeated id %s", g)
				}
				seen[g] = true
			}
		}
	}
}

func TestShardRouting(t *testing.T) {
	tests := []struct {
		name      string
		id, count int
		guild     string
		want      bool
	}{
		{"unsharded gets a guild event", 0, 1, strconv.FormatUint(7<<22, 10), true},
		{"unsharded gets a DM", 0, 1, "", true},
		{"shard 0 gets a DM", 0, 2, "", true},
		{"shard 1 does not get a DM", 1, 2, "", false},
		{"guild on its shard", 1, 2, strconv.FormatUint(7<<22, 10), true},
		{"guild on another shard", 0, 2, strconv.FormatUint(7<<22, 10), false},
		{"each session routes with its own count", 1, 3, strconv.FormatUint(7<<22, 10), true},
	}
	for _, tc := range tests {
		sh := &shard{id: tc.id, count: tc.count}
		if got := sh.owns(tc.guild); got != tc.want {
			t.Errorf("%s: shard [%d %d] owns %q = %v", tc.name, tc.id, tc.count, tc.guild, got)
		}
	}
	for _, tc := range []struct{ typ, data, want string }{
		{"MESSAGE_CREATE", `{"id":"1","guild_id":"2"}`, "2"},
		{"INTERACTION_CREATE", `{"id":"1","guild_id":"3"}`, "3"},
		{"GUILD_CREATE", `{"id":"4"}`, "4"},
		{"MESSAGE_CREATE", `{"id":"1","guild_id":""}`, ""},
	} {
		if got := guildOf(tc.typ, []byte(tc.data)); got != tc.want {
			t.Errorf("guildOf(%s, %s) = %q, want %q", tc.typ, tc.data, got, tc.want)
		}
	}
}

// content is the text of the next MESSAGE_CREATE on c.
func content(t *testing.T, c chan *discordgo.MessageCreate) string {
	t.Helper()
	return next(t, c).Content
}

func TestTwoShardsEachGetTheirGuilds(t *testing.T) {
	s := New(t)
	dg0, got0, _ := shardSession(t, s, 0, 2)
	dg1, got1, _ := shardSession(t, s, 1, 2)
	if !slices.Equal(s.ConnectedShards(), []int{0, 1}) {
		t.Fatalf("connected shards %v", s.ConnectedShards())
	}
	if dg0.State.SessionID == dg1.State.SessionID {
		t.Errorf("both shards share session %s", dg0.State.SessionID)
	}
	for id := range 2 {
		ids := s.ShardIdentifies(id)
		if len(ids) != 1 || ids[0].Shard == nil || *ids[0].Shard != [2]int{id, 2} {
			t.Errorf("shard %d identifies %+v", id, ids)
		}
	}
	u := s.NewUser("ann")
	ch0 := s.AddChannel(s.NewGuildOnShard(0, 2))
	ch1 := s.AddChannel(s.NewGuildOnShard(1, 2))

	s.Say(ch1, u, "to shard 1")
	s.Say(ch0, u, "to shard 0")
	s.SendDM(u, "a DM")
	s.Slash(ch1, Invoker{User: u}, "help")
	s.Say(ch1, u, "to shard 1 again")

	for _, want := range []string{"to shard 0", "a DM"} {
		if got := content(t, got0); got != want {
			t.Errorf("shard 0 got %q, want %q", got, want)
		}
	}
	for _, want := range []string{"to shard 1", "to shard 1 again"} {
		if got := content(t, got1); got != want {
			t.Errorf("shard 1 got %q, want %q", got, want)
		}
	}
	s.SendDM(u, "last DM")
	if got := content(t, got0); got != "last DM" {
		t.Errorf("shard 0 got %q, want the last DM and nothing of shard 1", got)
	}
}

func TestInteractionsGoToTheGuildsShard(t *testing.T) {
	s := New(t)
	var got [2]chan string
	for id := range 2 {
		dg, _, _ := shardSession(t, s, id, 2)
		got[id] = make(chan string, 4)
		dg.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) { got[id] <- i.ApplicationCommandData().Name })
	}
	u := s.NewUser("bo")
	s.Slash(s.AddChannel(s.NewGuildOnShard(1, 2)), Invoker{User: u}, "on-one")
	s.Slash(s.DMChannelOf(u.ID), Invoker{User: u}, "in-dm")
	s.Slash(s.AddChannel(s.NewGuildOnShard(0, 2)), Invoker{User: u}, "on-zero")
	s.Slash(s.AddChannel(s.NewGuildOnShard(1, 2)), Invoker{User: u}, "on-one-again")
	want := [2][]string{{"in-dm", "on-zero"}, {"on-one", "on-one-again"}}
	for id := range 2 {
		for _, w := range want[id] {
			select {
			case name := <-got[id]:
				if name != w {
					t.Errorf("shard %d got /%s, want /%s", id, name, w)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("shard %d: no interaction /%s", id, w)
			}
		}
	}
}

func TestDroppedShardResumesWithItsMissedEvents(t *testing.T) {
	s := New(t)
	_, got0, _ := shardSession(t, s, 0, 2)
	_, got1, _ := shardSession(t, s, 1, 2)
	u := s.NewUser("cy")
	ch0 := s.AddChannel(s.NewGuildOnShard(0, 2))
	ch1 := s.AddChannel(s.NewGuildOnShard(1, 2))

	s.DropShard(1)
	if !slices.Equal(s.ConnectedShards(), []int{0}) {
		t.Errorf("after dropping shard 1, connected shards %v", s.ConnectedShards())
	}
	s.Say(ch1, u, "missed 1")
	s.Say(ch0, u, "live on 0")
	s.Say(ch1, u, "missed 2")
	if got := content(t, got0); got != "live on 0" {
		t.Errorf("shard 0 got %q while shard 1 was down", got)
	}
	for _, want := range []string{"missed 1", "missed 2"} {
		if got := content(t, got1); got != want {
			t.Errorf("resumed shard 1 got %q, want %q", got, want)
		}
	}
	if s.ShardResumes(1) != 1 || s.ShardResumes(0) != 0 || s.Resumes() != 1 {
		t.Errorf("resumes: shard 0 %d, shard 1 %d, all %d", s.ShardResumes(0), s.ShardResumes(1), s.Resumes())
	}
	if len(s.ShardIdentifies(1)) != 1 || len(s.Identifies()) != 2 {
		t.Errorf("identifies: shard 1 %d, all %d", len(s.ShardIdentifies(1)), len(s.Identifies()))
	}
}

func TestRestartedShardStartsAFreshSession(t *testing.T) {
	s := New(t)
	_, _, stop := shardSession(t, s, 1, 2)
	ch1 := s.AddChannel(s.NewGuildOnShard(1, 2))
	u := s.NewUser("dee")
	stop()
	s.WaitUntil("shard 1 gone", func() bool { return len(s.ConnectedShards()) == 0 })
	s.Say(ch1, u, "while the process was down")

	_, got, _ := shardSession(t, s, 1, 2)
	s.Say(ch1, u, "after the restart")
	if m := content(t, got); m != "after the restart" {
		t.Errorf("the new session got %q first; an old session's events must not be replayed", m)
	}
	if n := len(s.ShardIdentifies(1)); n != 2 {
		t.Errorf("shard 1 identified %d times, want 2", n)
	}
}

func TestUnshardedSessionGetsEverything(t *testing.T) {
	s := New(t)
	_, got := session(t, s)
	if ids := s.Identifies(); len(ids) != 1 || ids[0].Shard != nil {
		t.Fatalf("identifies %+v", ids)
	}
	if !slices.Equal(s.ConnectedShards(), []int{0}) {
		t.Errorf("connected shards %v", s.ConnectedShards())
	}
	u := s.NewUser("eve")
	s.Say(s.AddChannel(s.NewGuildOnShard(1, 2)), u, "guild on 1 of 2")
	s.Say(s.AddChannel(s.NewGuildOnShard(0, 2)), u, "guild on 0 of 2")
	s.Say(s.AddChannel(s.NewGuildOnShard(2, 3)), u, "guild on 2 of 3")
	s.SendDM(u, "a DM")
	for _, want := range []string{"guild on 1 of 2", "guild on 0 of 2", "guild on 2 of 3", "a DM"} {
		if got := content(t, got); got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestInvalidShardIsRefused(t *testing.T) {
	s := New(t)
	c, _, err := websocket.DefaultDialer.Dial("ws"+s.URL()[len("http"):]+"/gateway/?v=9&encoding=json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var hello frame
	if err := c.ReadJSON(&hello); err != nil || hello.Op != 10 {
		t.Fatalf("hello %+v, %v", hello, err)
	}
	if err := c.WriteJSON(map[string]any{"op": 2, "d": map[string]any{"token": "Bot x", "shard": []int{2, 2}}}); err != nil {
		t.Fatal(err)
	}
	_, _, err = c.ReadMessage()
	if !websocket.IsCloseError(err, 4010) {
		t.Errorf("identify as shard [2 2] ended with %v, want close 4010", err)
	}
	if len(s.ConnectedShards()) != 0 {
		t.Errorf("connected shards %v", s.ConnectedShards())
	}
}
