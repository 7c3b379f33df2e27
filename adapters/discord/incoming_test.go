package discord

import (
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

func TestToMessage(t *testing.T) {
	const self = "900"
	user := &discordgo.User{ID: "1", Username: "mia", GlobalName: "Mia"}
	botUser := &discordgo.User{ID: self, Bot: true}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name          string
		m             discordgo.Message
		inThread      bool
		wantText      string
		wantAddressed bool
		wantReplyTo   string
	}{
		{"DM", discordgo.Message{ID: "10", ChannelID: "5", Content: "hi", Author: user}, false, "hi", true, ""},
		{"guild chatter", discordgo.Message{ID: "11", ChannelID: "6", GuildID: "7", Content: "hello all", Author: user}, false, "hello all", false, ""},
		{"mention", discordgo.Message{ID: "12", ChannelID: "6", GuildID: "7", Content: "<@900> what now", Author: user, Mentions: []*discordgo.User{botUser}}, false, "what now", true, ""},
		{"nick mention mid-text", discordgo.Message{ID: "13", ChannelID: "6", GuildID: "7", Content: "hey <@!900>, tell me\nmore  please", Author: user}, false, "hey , tell me\nmore  please", true, ""},
		{"reply to the bot", discordgo.Message{ID: "14", ChannelID: "6", GuildID: "7", Content: "ok", Author: user,
			MessageReference: &discordgo.MessageReference{MessageID: "8", ChannelID: "6"}, ReferencedMessage: &discordgo.Message{ID: "8", Author: botUser}}, false, "ok", true, "8"},
		{"reply to someone else", discordgo.Message{ID: "15", ChannelID: "6", GuildID: "7", Content: "ok", Author: user,
			MessageReference: &discordgo.MessageReference{MessageID: "9", ChannelID: "6"}, ReferencedMessage: &discordgo.Message{ID: "9", Author: user}}, false, "ok", false, "9"},
		{"thread the bot is in", discordgo.Message{ID: "16", ChannelID: "66", GuildID: "7", Content: "more", Author: user}, true, "more", true, ""},
		{"text command", discordgo.Message{ID: "17", ChannelID: "6", GuildID: "7", Content: "/memories list", Author: user}, false, "/memories list", true, ""},
		{"other bot's command", discordgo.Message{ID: "18", ChannelID: "6", GuildID: "7", Content: "/play song", Author: user}, false, "/play song", false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.m.Timestamp = now
			got := toMessage(&tc.m, self, tc.inThread, true)
			if got.Text != tc.wantText || got.Addressed != tc.wantAddressed || got.ReplyToID != tc.wantReplyTo {
				t.Errorf("got text %q addressed %v reply-to %q; want %q %v %q", got.Text, got.Addressed, got.ReplyToID, tc.wantText, tc.wantAddressed, tc.wantReplyTo)
			}
			if got.Platform != "discord" || got.ChatID != tc.m.ChannelID || got.ID != tc.m.ID || got.Author.ID != "1" || got.Author.DisplayName != "Mia" || !got.Time.Equal(now) {
				t.Errorf("identity fields wrong: %+v", got)
			}
			if got.IsDM != (tc.m.GuildID == "") || got.Author.IsAdmin == got.IsDM {
				t.Errorf("IsDM %v / IsAdmin %v for guild %q", got.IsDM, got.Author.IsAdmin, tc.m.GuildID)
			}
		})
	}
}

func TestStripMentionKeepsWhitespace(t *testing.T) {
	const self = "900"
	code := "```go\nfunc main() {\n\tif x {\n\t\treturn\n\t}\n    indented  with  spaces\n}\n```"
	tests := []struct {
		name, in, want string
	}{
		{"leading mention", "<@900> what now", "what now"},
		{"nick mention", "<@!900>: hi", ": hi"},
		{"mention mid-text takes one space", "ask <@900> now", "ask now"},
		{"mention before punctuation", "hey <@900>, you", "hey , you"},
		{"code block after mention", "<@900> look:\n" + code, "look:\n" + code},
		{"code block on the next line", "<@900>\n" + code, code},
		{"indented first line kept", "<@900>\n    indented line\nnext", "    indented line\nnext"},
		{"double spaces kept", "a  b\tc", "a  b\tc"},
		{"other mentions kept", "<@901> and <@900> and <@!9000>", "<@901> and and <@!9000>"},
		{"only a mention", "<@900>", ""},
		{"trailing space trimmed", "  hi there  \n\n", "hi there"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := stripMention(tc.in, self); got != tc.want {
				t.Errorf("stripMention(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

func TestInteractionContextDecidesDM(t *testing.T) {
	user := &discordgo.User{ID: "1", Username: "mia"}
	tests := []struct {
		name    string
		guild   string
		context discordgo.InteractionContextType
		wantDM  bool
	}{
		{"server", "7", discordgo.InteractionContextGuild, false},
		{"DM with the bot", "", discordgo.InteractionContextBotDM, true},
		{"group DM", "", discordgo.InteractionContextPrivateChannel, false},
		{"no context given, no server", "", discordgo.InteractionContextGuild, true},
		{"unknown context", "", discordgo.InteractionContextType(9), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			i := &discordgo.Interaction{ID: "5", ChannelID: "6", GuildID: tc.guild, Context: tc.context, User: user}
			if tc.guild != "" {
				i.User, i.Member = nil, &discordgo.Member{User: user}
			}
			if got := interactionMessage(i, "ix:5", "/help"); got.IsDM != tc.wantDM {
				t.Errorf("IsDM = %v, want %v", got.IsDM, tc.wantDM)
			}
		})
	}
}

func TestFromUser(t *testing.T) {
	const self = "900"
	human := &discordgo.User{ID: "1"}
	tests := []struct {
		name string
		m    *discordgo.Message
		want bool
	}{
		{"human", &discordgo.Message{Author: human}, true},
		{"reply", &discordgo.Message{Author: human, Type: discordgo.MessageTypeReply}, true},
		{"nil", nil, false},
		{"no author", &discordgo.Message{}, false},
		{"self", &discordgo.Message{Author: &discordgo.User{ID: self}}, false},
		{"bot", &discordgo.Message{Author: &discordgo.User{ID: "2", Bot: true}}, false},
		{"system", &discordgo.Message{Author: &discordgo.User{ID: "3", System: true}}, false},
		{"webhook", &discordgo.Message{Author: human, WebhookID: "4"}, false},
		{"pin notice", &discordgo.Message{Author: human, Type: discordgo.MessageTypeChannelPinnedMessage}, false},
	}
	for _, tc := range tests {
		if got := fromUser(tc.m, self); got != tc.want {
			t.Errorf("%s: fromUser = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestLanguage(t *testing.T) {
	tests := map[discordgo.Locale]string{"": "", "en-US": "en", "zh-CN": "zh-hans", "zh-TW": "zh-hant", "fr": "fr", "pt-BR": "pt"}
	for in, want := range tests {
		if got := language(in); got != want {
			t.Errorf("language(%q) = %q, want %q", in, got, want)
		}
	}
}
