package fakediscord

import (
	"encoding/json"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// interactionFor finds an interaction by token; callers hold s.mu.
func (s *Server) interactionForLocked(w http.ResponseWriter, token string) *interaction {
	in, ok := s.byToken[token]
	if !ok {
		writeError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return nil
	}
	return in
}

// audience is who sees an interaction message; callers hold s.mu.
func (s *Server) audienceLocked(in *interaction, ephemeral bool) string {
	if ephemeral {
		return in.userID
	}
	if ch, ok := s.channels[in.channelID]; ok {
		return ch.dmUser
	}
	return ""
}

func (s *Server) interactionCallback(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Type discordgo.InteractionResponseType `json:"type"`
		Data json.RawMessage                   `json:"data"`
	}
	p := payloadOf(r)
	if json.Unmarshal(p.json, &req) != nil {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	var mp msgPayload
	if len(req.Data) > 0 && string(req.Data) != "null" && json.Unmarshal(req.Data, &mp) != nil {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in, ok := s.interactions[r.PathValue("iid")]
	if !ok || in.token != r.PathValue("token") {
		writeError(w, http.StatusNotFound, discordgo.ErrCodeUnknownInteraction, "Unknown interaction")
		return
	}
	if len(in.callbacks) > 0 {
		writeError(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	ephemeral := mp.Flags&discordgo.MessageFlagsEphemeral != 0
	switch req.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseDeferredChannelMessageWithSource:
		m := s.newMessageLocked(in.channelID, mp, p.files)
		m.InteractionID, m.Ephemeral = in.id, ephemeral
		m.Audience = s.audienceLocked(in, ephemeral)
		m.Deferred = req.Type == discordgo.InteractionResponseDeferredChannelMessageWithSource
		in.originalID = m.ID
	case discordgo.InteractionResponseDeferredMessageUpdate:
		in.originalID = in.sourceID
	case discordgo.InteractionResponseUpdateMessage:
		m, found := s.messages[in.sourceID]
		if !found {
			writeError(w, http.StatusNotFound, discordgo.ErrCodeUnknownMessage, "Unknown Message")
			return
		}
		applyEdit(m, mp, p.files)
		in.originalID = in.sourceID
	case discordgo.InteractionApplicationCommandAutocompleteResult:
		in.choices = mp.Choices
	default:
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: unsupported callback type")
		return
	}
	in.callbacks = append(in.callbacks, req.Type)
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) followup(w http.ResponseWriter, r *http.Request) {
	mp, files, ok := decodeMsg(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.interactionForLocked(w, r.PathValue("token"))
	if in == nil {
		return
	}
	if len(in.callbacks) == 0 {
		writeError(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return
	}
	ephemeral := mp.Flags&discordgo.MessageFlagsEphemeral != 0
	m := s.newMessageLocked(in.channelID, mp, files)
	m.InteractionID, m.Ephemeral = in.id, ephemeral
	m.Audience = s.audienceLocked(in, ephemeral)
	in.followups = append(in.followups, m.ID)
	if r.URL.Query().Get("wait") == "true" {
		writeJSON(w, http.StatusOK, s.wire(m))
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// webhookMessageLocked resolves @original or a followup id; callers hold
// s.mu.
func (s *Server) webhookMessageLocked(w http.ResponseWriter, r *http.Request) *Message {
	in := s.interactionForLocked(w, r.PathValue("token"))
	if in == nil {
		return nil
	}
	id := r.PathValue("mid")
	if id == "@original" {
		id = in.originalID
	} else if id != in.originalID && !contains(in.followups, id) {
		id = ""
	}
	m, ok := s.messages[id]
	if !ok || m.Deleted {
		writeError(w, http.StatusNotFound, discordgo.ErrCodeUnknownMessage, "Unknown Message")
		return nil
	}
	return m
}

func (s *Server) webhookEdit(w http.ResponseWriter, r *http.Request) {
	mp, files, ok := decodeMsg(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.webhookMessageLocked(w, r)
	if m == nil {
		return
	}
	applyEdit(m, mp, files)
	writeJSON(w, http.StatusOK, s.wire(m))
}

func (s *Server) webhookDelete(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.webhookMessageLocked(w, r)
	if m == nil {
		return
	}
	m.Deleted = true
	w.WriteHeader(http.StatusNoContent)
}
