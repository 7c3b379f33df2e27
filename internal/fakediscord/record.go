package fakediscord

import (
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Call is one REST request the fake received.
type Call struct {
	Method string
	// Path is the URL path, e.g. /api/v9/channels/1/messages.
	Path  string
	Query string
	// Body is the JSON body (the payload_json part of a multipart body).
	Body []byte
	// Files are the multipart file parts.
	Files []File
	// Status is the HTTP status the fake answered with.
	Status int
}

// File is an attachment the bot uploaded.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Button is one button under a message.
type Button struct {
	Label    string
	CustomID string
}

// Message is a message the bot posted, as it currently stands.
type Message struct {
	ID        string
	ChannelID string
	GuildID   string
	Content   string
	// History holds every content the message had, oldest first; the
	// last entry is Content.
	History []string
	// Ephemeral messages are interaction responses only the invoking
	// user sees.
	Ephemeral bool
	// NoEmbeds is set when the message was posted with its link embeds
	// suppressed.
	NoEmbeds bool
	// Audience is the one user who can see the message (an ephemeral
	// response or a DM); empty when everyone in the channel can.
	Audience string
	// ReferenceID is the message this one replies to.
	ReferenceID     string
	AllowedMentions *discordgo.MessageAllowedMentions
	Buttons         [][]Button
	Files           []File
	// InteractionID is set on interaction responses and followups.
	InteractionID string
	// Deferred is true while an interaction response shows "thinking".
	Deferred bool
	Deleted  bool
}

type channel struct {
	id      string
	guildID string
	dmUser  string
}

type interaction struct {
	id        string
	token     string
	kind      discordgo.InteractionType
	userID    string
	channelID string
	guildID   string
	// sourceID is the message a component sits on.
	sourceID   string
	callbacks  []discordgo.InteractionResponseType
	originalID string
	followups  []string
	choices    []*discordgo.ApplicationCommandOptionChoice
}

// touch wakes waiters after a change.
func (s *Server) touch() {
	s.mu.Lock()
	s.notify()
	s.mu.Unlock()
}

func (m *Message) clone() Message {
	c := *m
	c.History = append([]string(nil), m.History...)
	c.Files = append([]File(nil), m.Files...)
	c.Buttons = append([][]Button(nil), m.Buttons...)
	return c
}

// Calls lists every REST call so far, oldest first.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// CallsTo lists the calls with the given method whose path contains
// pathPart.
func (s *Server) CallsTo(method, pathPart string) []Call {
	var out []Call
	for _, c := range s.Calls() {
		if c.Method == method && strings.Contains(c.Path, pathPart) {
			out = append(out, c)
		}
	}
	return out
}

// Messages lists the bot's messages in a channel that are not deleted,
// in posting order, ephemeral ones included.
func (s *Server) Messages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.byChannel[channelID] {
		if !m.Deleted {
			out = append(out, m.clone())
		}
	}
	return out
}

// AllMessages lists every message the bot posted, deleted ones included.
func (s *Server) AllMessages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Message, 0, len(s.order))
	for _, m := range s.order {
		out = append(out, m.clone())
	}
	return out
}

// Message returns one of the bot's messages by id.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.messages[id]
	if !ok {
		return Message{}, false
	}
	return m.clone(), true
}

// SeenBy lists what userID can see of the bot's messages: everything
// public, plus DMs to them and ephemeral responses to their interactions.
func (s *Server) SeenBy(userID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.order {
		if !m.Deleted && !m.Deferred && (m.Audience == "" || m.Audience == userID) {
			out = append(out, m.clone())
		}
	}
	return out
}

// InteractionMessages lists the response and followups to an
// interaction, not deleted, oldest first.
func (s *Server) InteractionMessages(interactionID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.order {
		if m.InteractionID == interactionID && !m.Deleted {
			out = append(out, m.clone())
		}
	}
	return out
}

// Callbacks lists the interaction callback types received for an
// interaction (4 message, 5 deferred, 6 deferred update, 7 update, 8
// autocomplete).
func (s *Server) Callbacks(interactionID string) []discordgo.InteractionResponseType {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in, ok := s.interactions[interactionID]; ok {
		return append([]discordgo.InteractionResponseType(nil), in.callbacks...)
	}
	return nil
}

// Choices returns the autocomplete choices answered to an interaction.
func (s *Server) Choices(interactionID string) []*discordgo.ApplicationCommandOptionChoice {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in, ok := s.interactions[interactionID]; ok {
		return append([]*discordgo.ApplicationCommandOptionChoice(nil), in.choices...)
	}
	return nil
}

// Commands returns the slash commands last registered globally (guildID
// empty) or for a guild.
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*discordgo.ApplicationCommand(nil), s.commands[guildID]...)
}

// TypingCount counts typing indicators sent to a channel.
func (s *Server) TypingCount(channelID string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.typing[channelID]
}

// DMChannelOf returns the DM channel the fake uses for a user, creating
// it if needed; the bot gets the same id when it opens the DM.
func (s *Server) DMChannelOf(userID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dmChannelLocked(userID)
}

func (s *Server) dmChannelLocked(userID string) string {
	if id, ok := s.dmByUser[userID]; ok {
		return id
	}
	id := s.NewID()
	s.dmByUser[userID] = id
	s.channels[id] = &channel{id: id, dmUser: userID}
	return id
}

// AddChannel registers a text channel of a guild and returns its id.
func (s *Server) AddChannel(guildID string) string {
	id := s.NewID()
	s.mu.Lock()
	s.channels[id] = &channel{id: id, guildID: guildID}
	s.mu.Unlock()
	return id
}

// AddGroupDM registers a group DM (a private channel of several users,
// outside any guild, where the bot is not a member but a user-installed
// app's commands may be used) and returns its id. Messages there are
// seen by everyone in it.
func (s *Server) AddGroupDM() string {
	id := s.NewID()
	s.mu.Lock()
	s.channels[id] = &channel{id: id}
	s.mu.Unlock()
	return id
}

// DenyChannel makes every message the bot posts or edits in channelID
// fail with 403 Missing Permissions (code 50013) until AllowChannel.
func (s *Server) DenyChannel(channelID string) {
	s.mu.Lock()
	s.denied[channelID] = true
	s.mu.Unlock()
}

// AllowChannel lifts DenyChannel.
func (s *Server) AllowChannel(channelID string) {
	s.mu.Lock()
	delete(s.denied, channelID)
	s.mu.Unlock()
}

// CloseDMs makes messages to userID's DM channel fail with 403 "Cannot
// send messages to this user" (code 50007), as when a member disabled
// DMs from server members.
func (s *Server) CloseDMs(userID string) {
	s.mu.Lock()
	s.closedDMs[userID] = true
	s.mu.Unlock()
}
