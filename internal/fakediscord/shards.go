package fakediscord

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/gorilla/websocket"
)

// shard is one shard id's gateway session: its own session id, sequence
// numbers, replay log and live connection. A client that identifies
// without a shard is shard [0, 1].
type shard struct {
	id, count  int
	sessionID  string
	seq        int64
	log        []gwEvent
	current    *websocket.Conn
	identifies []Identify // of this shard id, kept across sessions
	resumes    int        // likewise
	heartbeats int        // likewise
}

// owns reports whether Discord would send an event of guildID ("" for
// none) to this shard's session.
func (sh *shard) owns(guildID string) bool {
	if guildID == "" {
		return sh.id == 0
	}
	return ShardOf(guildID, sh.count) == sh.id
}

// dispatchLocked logs an event in the shard's replay log and writes it to
// its live connection, if any; callers hold gateway.mu.
func (sh *shard) dispatchLocked(typ string, data json.RawMessage) {
	sh.seq++
	sh.log = append(sh.log, gwEvent{seq: sh.seq, typ: typ, data: data})
	if len(sh.log) > maxReplay {
		sh.log = sh.log[len(sh.log)-maxReplay:]
	}
	if sh.current == nil {
		return
	}
	if err := sh.current.WriteJSON(frame{Op: 0, Seq: sh.seq, Type: typ, Data: data}); err != nil {
		_ = sh.current.Close()
		sh.current = nil
	}
}

// dropLocked cuts sh's live connection; callers hold g.mu.
func (g *gateway) dropLocked(sh *shard) {
	if c := sh.current; c != nil {
		_ = c.Close()
		delete(g.conns, c)
		sh.current = nil
	}
}

// guildOf is the guild an event belongs to, "" for none: the guild_id
// field, or the id of the guild itself for GUILD_CREATE, GUILD_UPDATE and
// GUILD_DELETE.
func guildOf(eventType string, raw json.RawMessage) string {
	var v struct {
		ID      string `json:"id"`
		GuildID string `json:"guild_id"`
	}
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	switch eventType {
	case "GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE":
		return v.ID
	}
	return v.GuildID
}

// ShardOf is the shard, out of count, that Discord sends a guild's events
// to: (guild_id >> 22) % count. A count below 2 or an id that is not a
// snowflake gives shard 0.
func ShardOf(guildID string, count int) int {
	id, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil || count < 2 {
		return 0
	}
	return int((id >> 22) % uint64(count))
}

// NewGuildOnShard returns a fresh guild id whose events go to shard out
// of count. Ids from NewGuild made within one millisecond share their
// timestamp and so their shard; sharded tests pick guilds with this.
func (s *Server) NewGuildOnShard(shard, count int) string {
	s.tb.Helper()
	if count < 1 || shard < 0 || shard >= count {
		s.tb.Fatalf("fakediscord: no shard %d of %d", shard, count)
		return ""
	}
	id, _ := strconv.ParseUint(s.NewID(), 10, 64)
	ts := id >> 22
	// Step the timestamp back (by less than count ms) onto the shard; the
	// low 22 bits stay the fake's unique sequence, so ids stay distinct.
	ts -= (ts + uint64(count) - uint64(shard)) % uint64(count)
	return strconv.FormatUint(ts<<22|id&0x3fffff, 10)
}

// ConnectedShards lists, ascending, the shard ids whose session has a live
// gateway connection (0 for an unsharded client).
func (s *Server) ConnectedShards() []int {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	var ids []int
	for id, sh := range s.gw.shards {
		if sh.current != nil {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// ShardIdentifies lists the IDENTIFYs received for shard id, oldest first;
// more than one means the shard's process started a new session.
func (s *Server) ShardIdentifies(id int) []Identify {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	if sh := s.gw.shards[id]; sh != nil {
		return append([]Identify(nil), sh.identifies...)
	}
	return nil
}

// ShardResumes counts successful RESUMEs of shard id.
func (s *Server) ShardResumes(id int) int {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	if sh := s.gw.shards[id]; sh != nil {
		return sh.resumes
	}
	return 0
}

// ShardHeartbeats counts heartbeats received on shard id's connections
// once they identified or resumed.
func (s *Server) ShardHeartbeats(id int) int {
	s.gw.mu.Lock()
	defer s.gw.mu.Unlock()
	if sh := s.gw.shards[id]; sh != nil {
		return sh.heartbeats
	}
	return 0
}

// DropShard cuts shard id's live gateway connection without a close
// frame, as a network failure would; the other shards stay connected.
func (s *Server) DropShard(id int) {
	s.gw.mu.Lock()
	if sh := s.gw.shards[id]; sh != nil {
		s.gw.dropLocked(sh)
	}
	s.gw.mu.Unlock()
	s.touch()
}
