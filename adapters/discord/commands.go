package discord

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"
)

// commandNames are the engine's commands, also recognised when typed as
// text in a server channel without mentioning the bot.
var commandNames = []string{"memories", "summary", "link", "help", "membot"}

// memoryTypes and lifecycles are the filters of /memories list.
var (
	memoryTypes = []string{"preference", "fact", "skill", "objective", "context", "decision", "task", "event"}
	lifecycles  = []string{"long_term", "fact", "temporary"}
)

// idOptions are the options whose values are memory ids, autocompleted
// from the asker's own memories.
var idOptions = map[string]bool{"forget": true, "edit": true, "history": true}

// slashCommands is what the adapter registers with Discord.
func slashCommands() []*discordgo.ApplicationCommand {
	str := func(name, desc string, required, auto bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Required: required, Autocomplete: auto, MaxLength: 1000}
	}
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
	}
	choices := func(values []string) []*discordgo.ApplicationCommandOptionChoice {
		out := make([]*discordgo.ApplicationCommandOptionChoice, 0, len(values))
		for _, v := range values {
			out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: v, Value: v})
		}
		return out
	}
	one := 1.0
	manage := int64(discordgo.PermissionManageGuild)
	// Commands work in servers and in the DM with the bot, and only where
	// the bot is installed in a server: never in group DMs or DMs between
	// other people (a "user install"), where a reply meant for the asker
	// could be seen by everyone in the conversation.
	everywhere := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM}
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	installs := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	return []*discordgo.ApplicationCommand{
		{
			Name: "memories", Description: "See and control what I remember about you (only you see the answers)",
			Contexts: &everywhere, IntegrationTypes: &installs,
			Options: []*discordgo.ApplicationCommandOption{
				sub("list", "List your memories",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "page", Description: "Page number", MinValue: &one},
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "type", Description: "Only this type", Choices: choices(memoryTypes)},
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "lifecycle", Description: "Only this lifecycle", Choices: choices(lifecycles)},
				),
				sub("search", "Search your memories", str("query", "What to look for", true, false)),
				sub("forget", "Forget a memory for good (or \"all\")", str("id", "Memory id, or all", true, true)),
				sub("edit", "Correct a memory", str("id", "Memory id", true, true), str("text", "The corrected memory", true, false)),
				sub("history", "Earlier versions of a memory", str("id", "Memory id", true, true)),
				sub("why", "Which memories shaped my last answer, and why"),
				sub("export", "Download all your memories as JSON"),
				sub("panel", "A private sign-in link to your memory panel (valid 10 minutes, single use)",
					&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "action", Description: "logout: sign out of the panel everywhere", Choices: choices([]string{"logout"})}),
				sub("extract", "Look for new memories in this conversation now"),
				sub("off", "Stop remembering things about you"),
				sub("on", "Start remembering things about you again"),
			},
		},
		{Name: "summary", Description: "Write a handoff summary of this conversation", Contexts: &everywhere, IntegrationTypes: &installs},
		{Name: "link", Description: "Link your accounts on several platforms", Contexts: &everywhere, IntegrationTypes: &installs, Options: []*discordgo.ApplicationCommandOption{
			str("code", "The code shown on your other account", false, false),
		}},
		{Name: "help", Description: "What I can do and how to use me", Contexts: &everywhere, IntegrationTypes: &installs},
		{
			Name: "membot", Description: "Server settings (admins)", DefaultMemberPermissions: &manage, Contexts: &guildOnly, IntegrationTypes: &installs,
			Options: []*discordgo.ApplicationCommandOption{
				sub("config", "Show or change this server's settings",
					str("setting", "Setting to change (empty: show all)", false, false),
					str("value", "New value", false, false)),
			},
		},
	}
}

// commandText turns a slash command into the engine's text command,
// e.g. "/memories forget abc123" or "/memories list 2 preference
// temporary": option values follow the subcommand in declaration order,
// as the engine reads them.
func commandText(data discordgo.ApplicationCommandInteractionData) (string, error) {
	if !isCommand(data.Name) {
		return "", fmt.Errorf("unknown command %q", data.Name)
	}
	words := []string{"/" + data.Name}
	opts := data.Options
	if len(opts) == 1 && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommand || opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
		words = append(words, opts[0].Name)
		opts = opts[0].Options
	}
	for _, o := range opts {
		v, err := optionValue(o)
		if err != nil {
			return "", err
		}
		if v == "" {
			continue
		}
		words = append(words, v)
	}
	return strings.Join(words, " "), nil
}

// optionValue renders one option's value as a single line of text.
func optionValue(o *discordgo.ApplicationCommandInteractionDataOption) (string, error) {
	switch v := o.Value.(type) {
	case string:
		return cleanArg(v), nil
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) || v != math.Trunc(v) || math.Abs(v) > 1e15 {
			return "", fmt.Errorf("option %s: not a whole number", o.Name)
		}
		return strconv.FormatInt(int64(v), 10), nil
	case bool:
		return strconv.FormatBool(v), nil
	case nil:
		return "", nil
	default:
		return "", fmt.Errorf("option %s: unsupported value %T", o.Name, v)
	}
}

// cleanArg keeps an argument to one line of printable text.
func cleanArg(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == unicode.ReplacementChar {
			return ' '
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

func isCommand(name string) bool {
	for _, n := range commandNames {
		if n == name {
			return true
		}
	}
	return false
}

// isTextCommand reports whether text is one of the engine's commands
// typed as a message, such as "/memories list".
func isTextCommand(text string) bool {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "/") {
		return false
	}
	name, _, _ := strings.Cut(t[1:], " ")
	name, _, _ = strings.Cut(name, "\n")
	return isCommand(strings.ToLower(name))
}

// errNoFocus is an autocomplete without a focused memory id option.
var errNoFocus = errors.New("no focused memory id option")

// focusedID finds the memory id being typed in an autocomplete and the
// subcommand it belongs to.
func focusedID(data discordgo.ApplicationCommandInteractionData) (sub, prefix string, err error) {
	if data.Name != "memories" || len(data.Options) != 1 {
		return "", "", errNoFocus
	}
	s := data.Options[0]
	if !idOptions[s.Name] {
		return "", "", errNoFocus
	}
	for _, o := range s.Options {
		if o.Focused && o.Name == "id" {
			v, _ := o.Value.(string)
			return s.Name, cleanArg(v), nil
		}
	}
	return "", "", errNoFocus
}
