package fakediscord

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// maxBody bounds request bodies (Discord's upload limit is similar).
const maxBody = 32 << 20

// payload is a decoded request body.
type payload struct {
	json  []byte
	files []File
}

type payloadKey struct{}

// msgPayload is the part of a message create/edit body the fake models.
type msgPayload struct {
	Content         *string                                     `json:"content"`
	Flags           discordgo.MessageFlags                      `json:"flags"`
	AllowedMentions *discordgo.MessageAllowedMentions           `json:"allowed_mentions"`
	Reference       *discordgo.MessageReference                 `json:"message_reference"`
	Components      *[]rawRow                                   `json:"components"`
	Choices         []*discordgo.ApplicationCommandOptionChoice `json:"choices"`
	// Nonce with EnforceNonce makes a repeated create return the message
	// the first one stored, as Discord does for a few minutes.
	Nonce        string `json:"nonce"`
	EnforceNonce bool   `json:"enforce_nonce"`
}

type rawRow struct {
	Components []struct {
		Label    string `json:"label"`
		CustomID string `json:"custom_id"`
	} `json:"components"`
}

func buttonsOf(rows []rawRow) [][]Button {
	out := make([][]Button, 0, len(rows))
	for _, r := range rows {
		var row []Button
		for _, c := range r.Components {
			row = append(row, Button{Label: c.Label, CustomID: c.CustomID})
		}
		out = append(out, row)
	}
	return out
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

// WriteHeader records the status the fake answered with.
func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (s *Server) routes() http.Handler {
	api := http.NewServeMux()
	api.HandleFunc("GET /api/v9/gateway", s.getGateway)
	api.HandleFunc("GET /api/v9/gateway/bot", s.getGateway)
	api.HandleFunc("GET /api/v9/users/@me", func(w http.ResponseWriter, _ *http.Request) { writeJSON(w, http.StatusOK, s.bot) })
	api.HandleFunc("POST /api/v9/users/@me/channels", s.createDM)
	api.HandleFunc("POST /api/v9/channels/{cid}/messages", s.createMessage)
	api.HandleFunc("PATCH /api/v9/channels/{cid}/messages/{mid}", s.editMessage)
	api.HandleFunc("DELETE /api/v9/channels/{cid}/messages/{mid}", s.deleteMessage)
	api.HandleFunc("POST /api/v9/channels/{cid}/typing", s.postTyping)
	api.HandleFunc("PUT /api/v9/applications/{app}/commands", s.putCommands)
	api.HandleFunc("PUT /api/v9/applications/{app}/guilds/{gid}/commands", s.putCommands)
	api.HandleFunc("POST /api/v9/interactions/{iid}/{token}/callback", s.interactionCallback)
	api.HandleFunc("POST /api/v9/webhooks/{app}/{token}", s.followup)
	api.HandleFunc("PATCH /api/v9/webhooks/{app}/{token}/messages/{mid}", s.webhookEdit)
	api.HandleFunc("DELETE /api/v9/webhooks/{app}/{token}/messages/{mid}", s.webhookDelete)
	api.HandleFunc("/", func(w http.ResponseWriter, _ *http.Request) { writeError(w, http.StatusNotFound, 0, "404: Not Found") })

	root := http.NewServeMux()
	root.HandleFunc("/gateway/", s.gw.serve)
	root.Handle("/api/", s.recorder(api))
	return root
}

// recorder decodes and records each REST call and applies injected
// failures before the real handler runs.
func (s *Server) recorder(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
		if err != nil {
			writeError(w, http.StatusBadRequest, 0, "unreadable body")
			return
		}
		p, err := decodeBody(r.Header.Get("Content-Type"), raw)
		if err != nil {
			writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
			return
		}
		call := Call{Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Body: p.json, Files: p.files}
		s.mu.Lock()
		f := s.takeFailureLocked(r)
		if f != nil && f.hang {
			s.calls = append(s.calls, call)
			s.notify()
		}
		s.mu.Unlock()
		if f != nil && f.hang {
			select {
			case <-r.Context().Done():
			case <-s.closing:
			}
			w.WriteHeader(http.StatusGatewayTimeout)
			return
		}
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		if f != nil && f.after {
			next.ServeHTTP(httptest.NewRecorder(), r.WithContext(context.WithValue(r.Context(), payloadKey{}, p)))
		}
		if f != nil {
			writeFailure(sw, f)
		} else {
			next.ServeHTTP(sw, r.WithContext(context.WithValue(r.Context(), payloadKey{}, p)))
		}
		call.Status = sw.status
		s.mu.Lock()
		s.calls = append(s.calls, call)
		s.notify()
		s.mu.Unlock()
	})
}

func decodeBody(contentType string, raw []byte) (payload, error) {
	mt, params, _ := mime.ParseMediaType(contentType)
	if mt != "multipart/form-data" {
		return payload{json: raw}, nil
	}
	var p payload
	mr := multipart.NewReader(bytes.NewReader(raw), params["boundary"])
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return p, nil
		}
		if err != nil {
			return p, err
		}
		data, err := io.ReadAll(part)
		if err != nil {
			return p, err
		}
		if part.FormName() == "payload_json" {
			p.json = data
			continue
		}
		p.files = append(p.files, File{Name: part.FileName(), ContentType: part.Header.Get("Content-Type"), Data: data})
	}
}

func payloadOf(r *http.Request) payload {
	p, _ := r.Context().Value(payloadKey{}).(payload)
	return p
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) getGateway(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"url": "ws://" + r.Host + "/gateway", "shards": 1})
}

func (s *Server) createDM(w http.ResponseWriter, r *http.Request) {
	var req struct {
		RecipientID string `json:"recipient_id"`
	}
	if json.Unmarshal(payloadOf(r).json, &req) != nil || req.RecipientID == "" {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	id := s.DMChannelOf(req.RecipientID)
	writeJSON(w, http.StatusOK, map[string]any{
		"id": id, "type": discordgo.ChannelTypeDM,
		"recipients": []map[string]string{{"id": req.RecipientID}},
	})
}

func (s *Server) postTyping(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.typing[r.PathValue("cid")]++
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// refuseLocked answers for channels the bot may not post in; callers
// hold s.mu.
func (s *Server) refuseLocked(w http.ResponseWriter, channelID string) bool {
	if s.denied[channelID] {
		writeError(w, http.StatusForbidden, discordgo.ErrCodeMissingPermissions, "Missing Permissions")
		return true
	}
	if ch, ok := s.channels[channelID]; ok && ch.dmUser != "" && s.closedDMs[ch.dmUser] {
		writeError(w, http.StatusForbidden, discordgo.ErrCodeCannotSendMessagesToThisUser, "Cannot send messages to this user")
		return true
	}
	return false
}

// newMessageLocked stores a new bot message; callers hold s.mu.
func (s *Server) newMessageLocked(channelID string, p msgPayload, files []File) *Message {
	m := &Message{ID: s.NewID(), ChannelID: channelID, AllowedMentions: p.AllowedMentions, Files: files, NoEmbeds: p.Flags&discordgo.MessageFlagsSuppressEmbeds != 0}
	if ch, ok := s.channels[channelID]; ok {
		m.GuildID = ch.guildID
		m.Audience = ch.dmUser
	}
	if p.Content != nil {
		m.Content = *p.Content
	}
	m.History = []string{m.Content}
	if p.Reference != nil {
		m.ReferenceID = p.Reference.MessageID
	}
	if p.Components != nil {
		m.Buttons = buttonsOf(*p.Components)
	}
	s.messages[m.ID] = m
	s.order = append(s.order, m)
	s.byChannel[channelID] = append(s.byChannel[channelID], m)
	return m
}

// applyEdit changes a stored message as an edit body says.
func applyEdit(m *Message, p msgPayload, files []File) {
	if p.Content != nil {
		m.Content = *p.Content
		m.History = append(m.History, m.Content)
	}
	if p.Components != nil {
		m.Buttons = buttonsOf(*p.Components)
	}
	if p.AllowedMentions != nil {
		m.AllowedMentions = p.AllowedMentions
	}
	m.Files = append(m.Files, files...)
	m.Deferred = false
}

func (s *Server) wire(m *Message) *discordgo.Message {
	bot := s.bot
	out := &discordgo.Message{ID: m.ID, ChannelID: m.ChannelID, GuildID: m.GuildID, Content: m.Content, Author: &bot, Timestamp: time.Now()}
	if m.Ephemeral {
		out.Flags = discordgo.MessageFlagsEphemeral
	}
	return out
}

func decodeMsg(w http.ResponseWriter, r *http.Request) (msgPayload, []File, bool) {
	p := payloadOf(r)
	var mp msgPayload
	if len(p.json) > 0 && json.Unmarshal(p.json, &mp) != nil {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return mp, nil, false
	}
	if mp.Content != nil && len([]rune(*mp.Content)) > 2000 {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body: content: Must be 2000 or fewer in length.")
		return mp, nil, false
	}
	return mp, p.files, true
}

func (s *Server) createMessage(w http.ResponseWriter, r *http.Request) {
	mp, files, ok := decodeMsg(w, r)
	if !ok {
		return
	}
	if (mp.Content == nil || *mp.Content == "") && len(files) == 0 {
		writeError(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refuseLocked(w, r.PathValue("cid")) {
		return
	}
	key := r.PathValue("cid") + "\x00" + mp.Nonce
	if mp.EnforceNonce && mp.Nonce != "" {
		if m, ok := s.nonces[key]; ok {
			writeJSON(w, http.StatusOK, s.wire(m))
			return
		}
	}
	m := s.newMessageLocked(r.PathValue("cid"), mp, files)
	if mp.EnforceNonce && mp.Nonce != "" {
		s.nonces[key] = m
	}
	writeJSON(w, http.StatusOK, s.wire(m))
}

func (s *Server) editMessage(w http.ResponseWriter, r *http.Request) {
	mp, files, ok := decodeMsg(w, r)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.refuseLocked(w, r.PathValue("cid")) {
		return
	}
	m, found := s.messages[r.PathValue("mid")]
	if !found || m.Deleted || m.ChannelID != r.PathValue("cid") {
		writeError(w, http.StatusNotFound, discordgo.ErrCodeUnknownMessage, "Unknown Message")
		return
	}
	applyEdit(m, mp, files)
	writeJSON(w, http.StatusOK, s.wire(m))
}

func (s *Server) deleteMessage(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, found := s.messages[r.PathValue("mid")]
	if !found || m.Deleted || m.ChannelID != r.PathValue("cid") {
		writeError(w, http.StatusNotFound, discordgo.ErrCodeUnknownMessage, "Unknown Message")
		return
	}
	m.Deleted = true
	w.WriteHeader(http.StatusNoContent)
}

func (s *Server) putCommands(w http.ResponseWriter, r *http.Request) {
	var cmds []*discordgo.ApplicationCommand
	if err := json.Unmarshal(payloadOf(r).json, &cmds); err != nil {
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	for _, c := range cmds {
		c.ID = s.NewID()
		c.ApplicationID = r.PathValue("app")
		c.GuildID = r.PathValue("gid")
	}
	s.mu.Lock()
	s.commands[r.PathValue("gid")] = cmds
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, cmds)
}

func contains(list []string, v string) bool {
	for _, x := range list {
		if strings.EqualFold(x, v) {
			return true
		}
	}
	return false
}
