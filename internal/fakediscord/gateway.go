package fakediscord

import (
	"encoding/json"
	"net/http"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// maxReplay bounds the events kept for resuming.
const maxReplay = 10000

// Identify is what a client sent in one IDENTIFY.
type Identify struct {
	Token   string
	Intents discordgo.Intent
	Shard   *[2]int
}

type gwEvent struct {
	seq  int64
	typ  string
	data json.RawMessage
}

// gateway is the fake websocket gateway: one bot session, resumable.
type gateway struct {
	s        *Server
	upgrader websocket.Upgrader

	mu         sync.Mutex // guards the fields below and serialises writes
	conns      map[*websocket.Conn]bool
	current    *websocket.Conn
	sessionID  string
	seq        int64
	log        []gwEvent
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
	if g.current == conn {
		g.current = nil
	}
	_ = conn.Close()
}

func (g *gateway) identify(conn *websocket.Conn, data json.RawMessage) {
	var id struct {
		Token   string           `json:"token"`
		Intents discordgo.Intent `json:"intents"`
		Shard   *[2]int          `json:"shard"`
	}
	_ = json.Unmarshal(data, &id)
	g.mu.Lock()
	defer g.mu.Unlock()
	g.identifies = append(g.identifies, Identify{Token: id.Token, Intents: id.Intents, Shard: id.Shard})
	g.sessionID = g.s.NewID()
	g.seq = 0
	g.log = nil
	g.current = conn
	ready, _ := json.Marshal(map[string]any{
		"v":           9,
		"session_id":  g.sessionID,
		"user":        g.s.bot,
		"application": map[string]string{"id": g.s.appID},
		"guilds":      []any{},
		"shard":       id.Shard,
	})
	g.dispatchLocked("READY", ready)
}

func (g *gateway) resume(conn *websocket.Conn, data json.RawMessage) {
	var req struct {
		SessionID string `json:"session_id"`
		Seq       int64  `json:"seq"`
	}
	_ = json.Unmarshal(data, &req)
	g.mu.Lock()
	defer g.mu.Unlock()
	if req.SessionID == "" || req.SessionID != g.sessionID {
		_ = conn.WriteJSON(frame{Op: 9, Data: json.RawMessage("false")})
		return
	}
	g.resumes++
	g.current = conn
	for _, e := range g.log {
		if e.seq > req.Seq {
			if err := conn.WriteJSON(frame{Op: 0, Seq: e.seq, Type: e.typ, Data: e.data}); err != nil {
				g.current = nil
				return
			}
		}
	}
	g.dispatchLocked("RESUMED", json.RawMessage("{}"))
}

// dispatchLocked logs an event and writes it to the live connection, if
// any; callers hold g.mu.
func (g *gateway) dispatchLocked(typ string, data json.RawMessage) {
	g.seq++
	g.log = append(g.log, gwEvent{seq: g.seq, typ: typ, data: data})
	if len(g.log) > maxReplay {
		g.log = g.log[len(g.log)-maxReplay:]
	}
	if g.current == nil {
		return
	}
	if err := g.current.WriteJSON(frame{Op: 0, Seq: g.seq, Type: typ, Data: data}); err != nil {
		_ = g.current.Close()
		g.current = nil
	}
}

func (g *gateway) closeAll() {
	g.mu.Lock()
	defer g.mu.Unlock()
	for c := range g.conns {
		_ = c.Close()
	}
	g.conns = map[*websocket.Conn]bool{}
	g.current = nil
}

// Dispatch sends a gateway event (such as "MESSAGE_CREATE") with data
// marshalled as JSON. While no connection is live the event is kept and
// delivered when the client resumes.
func (s *Server) Dispatch(eventType string, data any) {
	s.tb.Helper()
	raw, err := json.Marshal(data)
	if err != nil {
		s.tb.Fatalf("fakediscord: marshal %s: %v", eventType, err)
		return
	}
	s.gw.mu.Lock()
	s.gw.dispatchLocked(eventType, raw)
	s.gw.mu.Unlock()
	s.touch()
}

// DropGateway cuts the live gateway connection without a close frame, as
// a network failure would; the client is expected to reconnect and
// RESUME.
func (s *Server) DropGateway() {
	s.gw.mu.Lock()
	if c := s.gw.current; c != nil {
		_ = c.Close()
		delete(s.gw.conns, c)
		s.gw.current = nil
	}
	s.gw.mu.Unlock()
	s.touch()
}

// Connected reports whether a client session is attached to a live
// gateway connection.
func (s *Server) Connected() bool {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return s.gw.current != nil
}

// Identifies lists every IDENTIFY received, oldest first.
func (s *Server) Identifies() []Identify {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return append([]Identify(nil), s.gw.identifies...)
}

// Resumes counts successful RESUMEs.
func (s *Server) Resumes() int {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return s.gw.resumes
}

// Heartbeats counts heartbeats received.
func (s *Server) Heartbeats() int {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	return s.gw.heartbeats
}
