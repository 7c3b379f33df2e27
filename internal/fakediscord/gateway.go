package fakediscord

import (
	"encoding/json"
	"net/http"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// maxReplay bounds the events each shard keeps for resuming.
const maxReplay = 10000

// Identify is what a client sent in one IDENTIFY.
type Identify struct {
	Token   string
	Intents discordgo.Intent
	// Shard is [shard id, shard count] as sent; nil for an unsharded
	// client, which the fake serves as shard [0, 1].
	Shard *[2]int
}

type gwEvent struct {
	seq  int64
	typ  string
	data json.RawMessage
}

// gateway is the fake websocket gateway: one resumable session per shard
// id (see shards.go for how events are routed to them).
type gateway struct {
	s        *Server
	upgrader websocket.Upgrader

	mu         sync.Mutex // guards the fields below and serialises writes
	conns      map[*websocket.Conn]bool
	shards     map[int]*shard
	identifies []Identify
	resumes    int
	heartbeats int
}

type frame struct {
	Op   int             `json:"op"`
	Seq  int64           `json:"s,omitempty"`
	Type string          `json:"t,omitempty"`
	Data json.RawMessage `json:"d"`
}

func (g *gateway) init(s *Server) {
	g.s = s
	g.conns = map[*websocket.Conn]bool{}
	g.shards = map[int]*shard{}
}

// serve upgrades one gateway connection and runs its read loop.
func (g *gateway) serve(w http.ResponseWriter, r *http.Request) {
	conn, err := g.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	hello, _ := json.Marshal(map[string]int64{"heartbeat_interval": g.s.heartbeatInterval.Milliseconds()})
	g.mu.Lock()
	g.conns[conn] = true
	err = conn.WriteJSON(frame{Op: 10, Data: hello})
	g.mu.Unlock()
	if err != nil {
		g.forget(conn)
		return
	}
	for {
		_, raw, err := conn.ReadMessage()
		if err != nil {
			g.forget(conn)
			g.s.touch()
			return
		}
		var f frame
		if json.Unmarshal(raw, &f) != nil {
			continue
		}
		switch f.Op {
		case 1:
			g.mu.Lock()
			g.heartbeats++
			if sh := g.shardOfConnLocked(conn); sh != nil {
				sh.heartbeats++
			}
			_ = conn.WriteJSON(frame{Op: 11, Data: json.RawMessage("null")})
			g.mu.Unlock()
		case 2:
			g.identify(conn, f.Data)
		case 6:
			g.resume(conn, f.Data)
		}
		g.s.touch()
	}
}

func (g *gateway) forget(conn *websocket.Conn) {
	g.mu.Lock()
	defer g.mu.Unlock()
	delete(g.conns, conn)
	g.detachLocked(conn)
	_ = conn.Close()
}

// detachLocked unhooks conn from whichever shard it serves; callers hold
// g.mu.
func (g *gateway) detachLocked(conn *websocket.Conn) {
	if sh := g.shardOfConnLocked(conn); sh != nil {
		sh.current = nil
	}
}

// shardOfConnLocked is the shard conn is the live connection of, or nil;
// callers hold g.mu.
func (g *gateway) shardOfConnLocked(conn *websocket.Conn) *shard {
	for _, sh := range g.shards {
		if sh.current == conn {
			return sh
		}
	}
	return nil
}

// identify starts a fresh session for the shard the client names,
// replacing any earlier session of that shard id: like Discord, events
// dispatched to the old session are not replayed to the new one.
func (g *gateway) identify(conn *websocket.Conn, data json.RawMessage) {
	var id struct {
		Token   string           `json:"token"`
		Intents discordgo.Intent `json:"intents"`
		Shard   *[2]int          `json:"shard"`
	}
	_ = json.Unmarshal(data, &id)
	g.mu.Lock()
	defer g.mu.Unlock()
	ident := Identify{Token: id.Token, Intents: id.Intents, Shard: id.Shard}
	g.identifies = append(g.identifies, ident)
	shardID, count := 0, 1
	if id.Shard != nil {
		shardID, count = id.Shard[0], id.Shard[1]
	}
	if count < 1 || shardID < 0 || shardID >= count {
		// Discord closes the connection with 4010 Invalid shard.
		msg := websocket.FormatCloseMessage(4010, "Invalid shard")
		_ = conn.WriteMessage(websocket.CloseMessage, msg)
		delete(g.conns, conn)
		_ = conn.Close()
		return
	}
	g.detachLocked(conn)
	sh := &shard{id: shardID, count: count, sessionID: g.s.NewID(), current: conn}
	if old := g.shards[shardID]; old != nil {
		sh.identifies, sh.resumes, sh.heartbeats = old.identifies, old.resumes, old.heartbeats
	}
	sh.identifies = append(sh.identifies, ident)
	g.shards[shardID] = sh
	ready, _ := json.Marshal(map[string]any{
		"v":           9,
		"session_id":  sh.sessionID,
		"user":        g.s.bot,
		"application": map[string]string{"id": g.s.appID},
		"guilds":      []any{},
		"shard":       id.Shard,
	})
	sh.dispatchLocked("READY", ready)
}

// resume reattaches a client to the shard session it names and replays
// what that shard missed.
func (g *gateway) resume(conn *websocket.Conn, data json.RawMessage) {
	var req struct {
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	_ = json.Unmarshal(data, &req)
	g.mu.Lock()
	defer g.mu.Unlock()
	var sh *shard
	for _, c := range g.shards {
		if req.SessionID != "" && c.sessionID == req.SessionID {
			sh = c
		}
	}
	if sh == nil {
		_ = conn.WriteJSON(frame{Op: 9, Data: json.RawMessage("false")})
		return
	}
	g.detachLocked(conn)
	g.resumes++
	sh.resumes++
	sh.current = conn
	for _, e := range sh.log {
		if e.seq > req.Seq {
			if err := conn.WriteJSON(frame{Op: 0, Seq: e.seq, Type: e.typ, Data: e.data}); err != nil {
				sh.current = nil
				return
			}
		}
	}
	sh.dispatchLocked("RESUMED", json.RawMessage("{}"))
}

func (g *gateway) closeAll() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for c := range g.conns {
		_ = c.Close()
	}
	g.conns = map[*websocket.Conn]bool{}
	for _, sh := range g.shards {
		sh.current = nil
	}
}

// Dispatch sends a gateway event (such as "MESSAGE_CREATE") with data
// marshalled as JSON to the shard that owns it, as Discord routes events:
// an event with a guild goes to every shard session identified as
// [id, count] with ShardOf(guild, count) == id, using each session's own
// count, so clients that disagree on the shard count may each get it or
// none may; an event without a guild (a DM) goes to shard 0. An
// unsharded client is shard [0, 1] and gets everything. While a shard has
// no live connection its events are kept and delivered when it resumes;
// events for a shard that never identified are dropped.
func (s *Server) Dispatch(eventType string, data any) {
	s.tb.Helper()
	raw, err := json.Marshal(data)
	if err != nil {
		s.tb.Fatalf("fakediscord: marshal %s: %v", eventType, err)
		return
	}
	guild := guildOf(eventType, raw)
	s.gw.mu.Lock()
	for _, sh := range s.gw.shards {
		if sh.owns(guild) {
			sh.dispatchLocked(eventType, raw)
		}
	}
	s.gw.mu.Unlock()
	s.touch()
}

// DropGateway cuts every shard's live gateway connection without a close
// frame, as a network failure would; the clients are expected to
// reconnect and RESUME.
func (s *Server) DropGateway() {
	s.gw.mu.Lock()
	for _, sh := range s.gw.shards {
		s.gw.dropLocked(sh)
	}
	s.gw.mu.Unlock()
	s.touch()
}

// Connected reports whether any client session is attached to a live
// gateway connection.
func (s *Server) Connected() bool {
	return len(s.ConnectedShards()) > 0
}

// Identifies lists every IDENTIFY received, from all shards, oldest first.
func (s *Server) Identifies() []Identify {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return append([]Identify(nil), s.gw.identifies...)
}

// Resumes counts successful RESUMEs over all shards.
func (s *Server) Resumes() int {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return s.gw.resumes
}

// Heartbeats counts heartbeats received on every connection.
func (s *Server) Heartbeats() int {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return s.gw.heartbeats
}
