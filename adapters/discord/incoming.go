package discord

import (
	"strings"
	"time"
	"unicode"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
)

// platform is bot.Message.Platform for Discord.
const platform = "discord"

// adminPermissions make a member a server admin for the engine.
const adminPermissions = discordgo.PermissionManageGuild | discordgo.PermissionAdministrator

// fromUser reports whether m is a person's message the engine should see:
// not the bot's own, not another bot's, not a webhook's, not a system
// notice.
func fromUser(m *discordgo.Message, selfID string) bool {
	if m == nil || m.Author == nil || m.Author.ID == "" || m.Author.ID == selfID {
		return false
	}
	if m.Author.Bot || m.Author.System || m.WebhookID != "" {
		return false
	}
	return m.Type == discordgo.MessageTypeDefault || m.Type == discordgo.MessageTypeReply
}

// mentions reports whether m mentions the bot.
func mentions(m *discordgo.Message, selfID string) bool {
	for _, u := range m.Mentions {
		if u != nil && u.ID == selfID {
			return true
		}
	}
	return strings.Contains(m.Content, "<@"+selfID+">") || strings.Contains(m.Content, "<@!"+selfID+">")
}

// repliesToBot reports whether m replies to one of the bot's messages.
func repliesToBot(m *discordgo.Message, selfID string) bool {
	r := m.ReferencedMessage
	return r != nil && r.Author != nil && r.Author.ID == selfID
}

// stripMention removes the bot's mentions (<@id> and <@!id>) from text
// and trims its ends, leaving every other character as written: code
// blocks keep their indentation. A mention between two spaces takes one
// of them along, so "ask <@id> now" reads "ask now".
func stripMention(text, selfID string) string {
	if selfID != "" {
		for _, tok := range []string{"<@!" + selfID + ">", "<@" + selfID + ">"} {
			text = removeToken(text, tok)
		}
	}
	return trimEnds(text)
}

// removeToken deletes every occurrence of tok from text.
func removeToken(text, tok string) string {
	var b strings.Builder
	for {
		i := strings.Index(text, tok)
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		before, after := text[:i], text[i+len(tok):]
		if strings.HasSuffix(before, " ") && strings.HasPrefix(after, " ") {
			after = after[1:]
		}
		b.WriteString(before)
		text = after
	}
}

// trimEnds removes trailing white space and leading blank lines. Spaces
// before the first word are removed too, unless that word starts a line
// of its own (its indentation then matters, as in a code block).
func trimEnds(text string) string {
	text = strings.TrimRightFunc(text, unicode.IsSpace)
	rest := strings.TrimLeftFunc(text, unicode.IsSpace)
	lead := text[:len(text)-len(rest)]
	if i := strings.LastIndexByte(lead, '\n'); i >= 0 {
		return text[i+1:]
	}
	return rest
}

// toMessage builds the engine's view of a user's Discord message.
// inThread says the channel is a thread the bot takes part in; admin
// that the author may manage the server.
func toMessage(m *discordgo.Message, selfID string, inThread, admin bool) bot.Message {
	isDM := m.GuildID == ""
	text := stripMention(m.Content, selfID)
	addressed := isDM || inThread || mentions(m, selfID) || repliesToBot(m, selfID) || isTextCommand(text)
	msg := bot.Message{
		Platform:  platform,
		ChatID:    m.ChannelID,
		GuildID:   m.GuildID,
		ID:        m.ID,
		Author:    author(m.Author, m.Member, ""),
		Text:      text,
		Time:      m.Timestamp,
		IsDM:      isDM,
		Addressed: addressed,
	}
	msg.Author.IsAdmin = admin && !isDM
	if m.MessageReference != nil && (m.MessageReference.ChannelID == "" || m.MessageReference.ChannelID == m.ChannelID) {
		msg.ReplyToID = m.MessageReference.MessageID
	}
	if msg.Time.IsZero() {
		msg.Time = snowflakeTime(m.ID)
	}
	return msg
}

// author describes a Discord user (and their server membership).
func author(u *discordgo.User, member *discordgo.Member, locale discordgo.Locale) bot.Author {
	a := bot.Author{ID: u.ID, Username: u.Username, DisplayName: u.GlobalName, IsBot: u.Bot, LanguageCode: language(locale)}
	if member != nil && member.Nick != "" {
		a.DisplayName = member.Nick
	}
	if a.DisplayName == "" {
		a.DisplayName = u.Username
	}
	return a
}

// interactionUser is who triggered an interaction.
func interactionUser(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
}

// inBotDM reports whether an interaction comes from the asker's DM with
// the bot, where nobody else can see the answers. Discord says where an
// interaction happened in its context; a group DM or a DM between other
// people (possible when the app is installed for a user) has no guild
// either, so a missing guild id alone does not make a DM with the bot.
// The zero context reads as Guild: without a guild id it stands for a
// payload that carries no context, which can only be the DM with the bot
// since the commands are registered for server installs only.
func inBotDM(i *discordgo.Interaction) bool {
	if i.GuildID != "" {
		return false
	}
	switch i.Context {
	case discordgo.InteractionContextBotDM, discordgo.InteractionContextGuild:
		return true
	default:
		return false
	}
}

// interactionMessage builds the engine's view of a command or button
// press whose text is text.
func interactionMessage(i *discordgo.Interaction, id, text string) bot.Message {
	u := interactionUser(i)
	msg := bot.Message{
		Platform:  platform,
		ChatID:    i.ChannelID,
		GuildID:   i.GuildID,
		ID:        id,
		Author:    author(u, i.Member, i.Locale),
		Text:      text,
		Time:      snowflakeTime(i.ID),
		IsDM:      inBotDM(i),
		Addressed: true,
	}
	msg.Author.IsAdmin = i.GuildID != "" && i.Member != nil && i.Member.Permissions&adminPermissions != 0
	return msg
}

// language maps a Discord locale to the engine's language codes ("en",
// "zh-hans", "zh-hant", "fr", …).
func language(l discordgo.Locale) string {
	s := strings.ToLower(string(l))
	switch s {
	case "":
		return ""
	case "zh-cn":
		return "zh-hans"
	case "zh-tw":
		return "zh-hant"
	}
	base, _, _ := strings.Cut(s, "-")
	return base
}

// snowflakeTime is when a Discord id was minted (zero if malformed).
func snowflakeTime(id string) time.Time {
	t, err := discordgo.SnowflakeTimestamp(id)
	if err != nil {
		return time.Time{}
	}
	return t
}
