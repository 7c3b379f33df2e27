package fakediscord

import (
	"regexp"
	"time"

	"github.com/bwmarrin/discordgo"
)

var mentionPattern = regexp.MustCompile(`<@!?(\d+)>`)

// NewUser returns a fresh human user.
func (s *Server) NewUser(username string) *discordgo.User {
	return &discordgo.User{ID: s.NewID(), Username: username, GlobalName: username}
}

// NewGuild returns a fresh guild id. Guilds made within one millisecond
// land on the same shard; use NewGuildOnShard to place one.
func (s *Server) NewGuild() string { return s.NewID() }

// UserMessage builds (without sending) a message by author in channelID:
// in the DM channel's or registered guild channel's context, with
// mentions parsed from <@id> in content.
func (s *Server) UserMessage(channelID string, author *discordgo.User, content string) *discordgo.Message {
	m := &discordgo.Message{
		ID:        s.NewID(),
		ChannelID: channelID,
		Content:   content,
		Timestamp: time.Now(),
		Author:    author,
		Type:      discordgo.MessageTypeDefault,
	}
	s.mu.Lock()
	if ch, ok := s.channels[channelID]; ok && ch.guildID != "" {
		m.GuildID = ch.guildID
		m.Member = &discordgo.Member{Roles: []string{}, JoinedAt: time.Now()}
	}
	s.mu.Unlock()
	for _, sub := range mentionPattern.FindAllStringSubmatch(content, -1) {
		u := &discordgo.User{ID: sub[1]}
		if sub[1] == s.bot.ID {
			bot := s.bot
			u = &bot
		}
		m.Mentions = append(m.Mentions, u)
	}
	return m
}

// ReplyTo makes m a reply to parent, as Discord delivers it (with the
// referenced message inline).
func ReplyTo(m, parent *discordgo.Message) *discordgo.Message {
	m.Type = discordgo.MessageTypeReply
	m.MessageReference = &discordgo.MessageReference{MessageID: parent.ID, ChannelID: parent.ChannelID, GuildID: parent.GuildID}
	m.ReferencedMessage = parent
	return m
}

// BotMessage returns the wire form of one of the bot's stored messages,
// e.g. to reply to it.
func (s *Server) BotMessage(m Message) *discordgo.Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.wire(&m)
}

// Post dispatches MESSAGE_CREATE for m and returns it.
func (s *Server) Post(m *discordgo.Message) *discordgo.Message {
	s.tb.Helper()
	s.Dispatch("MESSAGE_CREATE", m)
	return m
}

// SendDM dispatches a DM from author to the bot and returns it.
func (s *Server) SendDM(author *discordgo.User, content string) *discordgo.Message {
	s.tb.Helper()
	return s.Post(s.UserMessage(s.DMChannelOf(author.ID), author, content))
}

// Say dispatches a message by author in a guild channel and returns it.
func (s *Server) Say(channelID string, author *discordgo.User, content string) *discordgo.Message {
	s.tb.Helper()
	return s.Post(s.UserMessage(channelID, author, content))
}

// Edit dispatches MESSAGE_UPDATE for m with new content.
func (s *Server) Edit(m *discordgo.Message, content string) {
	s.tb.Helper()
	edited := *m
	now := time.Now()
	edited.Content = content
	edited.EditedTimestamp = &now
	s.Dispatch("MESSAGE_UPDATE", &edited)
}

// Delete dispatches MESSAGE_DELETE for m.
func (s *Server) Delete(m *discordgo.Message) {
	s.tb.Helper()
	s.Dispatch("MESSAGE_DELETE", map[string]string{"id": m.ID, "channel_id": m.ChannelID, "guild_id": m.GuildID})
}

// Invoker is who triggers an interaction and with which guild
// permissions (a discordgo.Permission* bit set).
type Invoker struct {
	User        *discordgo.User
	Permissions int64
	Locale      discordgo.Locale
	// Context, when set, is the interaction's context as sent; nil derives
	// it from the channel: Guild in a guild channel, BotDM in the
	// invoker's DM with the bot, PrivateChannel anywhere else (a group DM
	// or a DM between other users).
	Context *discordgo.InteractionContextType
}

// contextLocked is the context Discord reports for an interaction by
// userID in channelID; callers hold s.mu.
func (s *Server) contextLocked(channelID, userID string) discordgo.InteractionContextType {
	ch, ok := s.channels[channelID]
	switch {
	case ok && ch.guildID != "":
		return discordgo.InteractionContextGuild
	case ok && ch.dmUser != "" && ch.dmUser == userID:
		return discordgo.InteractionContextBotDM
	default:
		return discordgo.InteractionContextPrivateChannel
	}
}

func (s *Server) newInteraction(kind discordgo.InteractionType, channelID string, who Invoker, data discordgo.InteractionData, source *discordgo.Message) string {
	s.tb.Helper()
	in := &interaction{id: s.NewID(), token: "tok" + s.NewID(), kind: kind, userID: who.User.ID, channelID: channelID}
	ev := &discordgo.Interaction{
		ID: in.id, AppID: s.appID, Type: kind, Data: data, ChannelID: channelID,
		Token: in.token, Version: 1, Locale: who.Locale, Message: source,
	}
	s.mu.Lock()
	if ch, ok := s.channels[channelID]; ok && ch.guildID != "" {
		in.guildID = ch.guildID
	}
	ev.Context = s.contextLocked(channelID, who.User.ID)
	if who.Context != nil {
		ev.Context = *who.Context
	}
	if source != nil {
		in.sourceID = source.ID
	}
	s.interactions[in.id] = in
	s.byToken[in.token] = in
	s.mu.Unlock()
	if in.guildID != "" {
		ev.GuildID = in.guildID
		ev.Member = &discordgo.Member{User: who.User, GuildID: in.guildID, Permissions: who.Permissions, Roles: []string{}, JoinedAt: time.Now()}
	} else {
		ev.User = who.User
	}
	s.Dispatch("INTERACTION_CREATE", ev)
	return in.id
}

// Slash dispatches a slash command interaction and returns its id.
func (s *Server) Slash(channelID string, who Invoker, name string, options ...*discordgo.ApplicationCommandInteractionDataOption) string {
	s.tb.Helper()
	data := discordgo.ApplicationCommandInteractionData{ID: s.NewID(), Name: name, CommandType: discordgo.ChatApplicationCommand, Options: options}
	return s.newInteraction(discordgo.InteractionApplicationCommand, channelID, who, data, nil)
}

// Autocomplete dispatches an autocomplete interaction (one option in
// options should be Focused) and returns its id.
func (s *Server) Autocomplete(channelID string, who Invoker, name string, options ...*discordgo.ApplicationCommandInteractionDataOption) string {
	s.tb.Helper()
	data := discordgo.ApplicationCommandInteractionData{ID: s.NewID(), Name: name, CommandType: discordgo.ChatApplicationCommand, Options: options}
	return s.newInteraction(discordgo.InteractionApplicationCommandAutocomplete, channelID, who, data, nil)
}

// Press dispatches a button press on one of the bot's messages and
// returns the interaction id.
func (s *Server) Press(who Invoker, on Message, customID string) string {
	s.tb.Helper()
	data := discordgo.MessageComponentInteractionData{CustomID: customID, ComponentType: discordgo.ButtonComponent}
	return s.newInteraction(discordgo.InteractionMessageComponent, on.ChannelID, who, data, s.BotMessage(on))
}

// Sub builds a subcommand option with the given options.
func Sub(name string, options ...*discordgo.ApplicationCommandInteractionDataOption) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionSubCommand, Options: options}
}

// Str builds a string option.
func Str(name, value string) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionString, Value: value}
}

// Int builds an integer option.
func Int(name string, value int) *discordgo.ApplicationCommandInteractionDataOption {
	return &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: discordgo.ApplicationCommandOptionInteger, Value: float64(value)}
}

// Focused builds the string option being typed in an autocomplete.
func Focused(name, value string) *discordgo.ApplicationCommandInteractionDataOption {
	o := Str(name, value)
	o.Focused = true
	return o
}
