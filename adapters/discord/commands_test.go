package discord

import (
	"math"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
	"github.com/membot/membot/internal/fakediscord"
)

func TestCommandText(t *testing.T) {
	str, sub, num := fakediscord.Str, fakediscord.Sub, fakediscord.Int
	data := func(name string, opts ...*discordgo.ApplicationCommandInteractionDataOption) discordgo.ApplicationCommandInteractionData {
		return discordgo.ApplicationCommandInteractionData{Name: name, Options: opts}
	}
	tests := []struct {
		name    string
		data    discordgo.ApplicationCommandInteractionData
		want    string
		wantErr bool
	}{
		{"list", data("memories", sub("list")), "/memories list", false},
		{"list page", data("memories", sub("list", num("page", 2))), "/memories list 2", false},
		{"list filters", data("memories", sub("list", num("page", 3), str("type", "fact"), str("lifecycle", "long_term"))), "/memories list 3 fact long_term", false},
		{"forget", data("memories", sub("forget", str("id", "abc123"))), "/memories forget abc123", false},
		{"forget all", data("memories", sub("forget", str("id", "all"))), "/memories forget all", false},
		{"edit", data("memories", sub("edit", str("id", "abc"), str("text", "Prefers  Go\nover Rust"))), "/memories edit abc Prefers Go over Rust", false},
		{"search", data("memories", sub("search", str("query", "typescript"))), "/memories search typescript", false},
		{"why", data("memories", sub("why")), "/memories why", false},
		{"panel", data("memories", sub("panel")), "/memories panel", false},
		{"panel logout", data("memories", sub("panel", str("action", "logout"))), "/memories panel logout", false},
		{"summary", data("summary"), "/summary", false},
		{"link without code", data("link"), "/link", false},
		{"link", data("link", str("code", "X7Y8")), "/link X7Y8", false},
		{"help", data("help"), "/help", false},
		{"config", data("membot", sub("config", str("setting", "passive"), str("value", "on"))), "/membot config passive on", false},
		{"unknown command", data("weather"), "", true},
		{"fractional number", data("memories", sub("list", &discordgo.ApplicationCommandInteractionDataOption{Name: "page", Value: 1.5})), "", true},
		{"infinite number", data("memories", sub("list", &discordgo.ApplicationCommandInteractionDataOption{Name: "page", Value: math.Inf(1)})), "", true},
		{"odd value type", data("memories", sub("list", &discordgo.ApplicationCommandInteractionDataOption{Name: "page", Value: []any{1}})), "", true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := commandText(tc.data)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v", err, tc.wantErr)
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestSlashCommandsAreLimitedToServersAndTheBotDM(t *testing.T) {
	for _, c := range slashCommands() {
		if c.Contexts == nil || len(*c.Contexts) == 0 {
			t.Errorf("/%s: no contexts: usable in group DMs", c.Name)
		} else {
			for _, ctx := range *c.Contexts {
				if ctx != discordgo.InteractionContextGuild && ctx != discordgo.InteractionContextBotDM {
					t.Errorf("/%s: offered in context %d", c.Name, ctx)
				}
			}
		}
		if c.IntegrationTypes == nil || len(*c.IntegrationTypes) != 1 || (*c.IntegrationTypes)[0] != discordgo.ApplicationIntegrationGuildInstall {
			t.Errorf("/%s: integration types %v, want server install only", c.Name, c.IntegrationTypes)
		}
	}
}

func TestSlashCommandsAreValidForDiscord(t *testing.T) {
	for _, c := range slashCommands() {
		if len(c.Name) > 32 || c.Description == "" || len(c.Description) > 100 {
			t.Errorf("/%s: name or description out of Discord's bounds", c.Name)
		}
		for _, o := range c.Options {
			if len(o.Description) > 100 || o.Description == "" {
				t.Errorf("/%s %s: description out of bounds", c.Name, o.Name)
			}
			seenOptional := false
			for _, oo := range o.Options {
				if oo.Required && seenOptional {
					t.Errorf("/%s %s: required option %s after an optional one", c.Name, o.Name, oo.Name)
				}
				seenOptional = seenOptional || !oo.Required
				if oo.Autocomplete != (oo.Name == "id") {
					t.Errorf("/%s %s %s: autocomplete should be on memory ids only", c.Name, o.Name, oo.Name)
				}
			}
		}
	}
}

func TestIsTextCommand(t *testing.T) {
	tests := map[string]bool{
		"/memories list":  true,
		"  /summary":      true,
		"/HELP":           true,
		"/membot\nconfig": true,
		"/weather today":  false,
		"memories":        false,
		"":                false,
		"/":               false,
		"see /memories":   false,
	}
	for text, want := range tests {
		if got := isTextCommand(text); got != want {
			t.Errorf("isTextCommand(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestFocusedID(t *testing.T) {
	focus := fakediscord.Focused
	data := func(sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) discordgo.ApplicationCommandInteractionData {
		return discordgo.ApplicationCommandInteractionData{Name: "memories", Options: []*discordgo.ApplicationCommandInteractionDataOption{fakediscord.Sub(sub, opts...)}}
	}
	if sub, p, err := focusedID(data("edit", focus("id", " ab\x00c "), fakediscord.Str("text", "x"))); err != nil || sub != "edit" || p != "ab c" {
		t.Errorf("edit: %q %q %v", sub, p, err)
	}
	if _, _, err := focusedID(data("search", focus("query", "x"))); err == nil {
		t.Error("search queries are not memory ids")
	}
	if _, _, err := focusedID(data("forget", fakediscord.Str("id", "x"))); err == nil {
		t.Error("no focused option should be an error")
	}
}

func TestToChoices(t *testing.T) {
	in := []struct{ v, l string }{
		{"a", "first"}, {"", "empty value"}, {strings.Repeat("v", 101), "too long"}, {"b", strings.Repeat("é", 150)}, {"c", ""},
	}
	var choices []bot.Choice
	for _, c := range in {
		choices = append(choices, bot.Choice{Value: c.v, Label: c.l})
	}
	for i := range 30 {
		choices = append(choices, bot.Choice{Value: string(rune('A' + i)), Label: "x"})
	}
	got := toChoices(choices)
	if len(got) != maxChoices {
		t.Fatalf("got %d choices, want %d", len(got), maxChoices)
	}
	if got[0].Value != "a" || got[1].Value != "b" || len([]rune(got[1].Name)) != 100 || got[2].Name != "c" {
		t.Errorf("choices %+v", got[:3])
	}
}
