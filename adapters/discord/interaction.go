package discord

import (
	"context"
	"errors"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
)

// Discord's autocomplete limits, and the time it allows for an answer.
const (
	maxChoices       = 25
	maxChoiceLen     = 100
	autocompleteTime = 2500 * time.Millisecond
)

func (a *Adapter) onInteractionCreate(_ *discordgo.Session, e *discordgo.InteractionCreate) {
	i := e.Interaction
	if i == nil || interactionUser(i) == nil || !a.seen.add("i:"+i.ID) {
		return
	}
	if u := interactionUser(i); u.Bot || u.ID == a.self() {
		return
	}
	var ok bool
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		ok = a.spawn(func(ctx context.Context) { a.command(ctx, i) })
	case discordgo.InteractionApplicationCommandAutocomplete:
		ok = a.spawn(func(ctx context.Context) { a.autocomplete(ctx, i) })
	case discordgo.InteractionMessageComponent:
		ok = a.spawn(func(ctx context.Context) { a.button(ctx, i) })
	default:
		return
	}
	if !ok {
		a.log.Warn("dropping an interaction while shutting down", "interaction", i.ID)
	}
}

// command turns a slash command into the engine's text command.
func (a *Adapter) command(ctx context.Context, i *discordgo.Interaction) {
	data := i.ApplicationCommandData()
	text, err := commandText(data)
	r := a.newInteractionReply(i, interactionMessage(i, "ix:"+i.ID, text))
	if err != nil {
		a.log.Warn("unusable slash command", "interaction", i.ID, "command", data.Name, "err", err)
		r.complete(ctx, noteUnknownCommand)
		return
	}
	a.converse(ctx, r)
}

// button sends a pressed button's command to the engine. A button acts
// only for the person it was shown to: anyone else pressing it gets an
// ephemeral refusal, the engine sees nothing and the message it sits on
// is left alone.
func (a *Adapter) button(ctx context.Context, i *discordgo.Interaction) {
	data := i.MessageComponentData()
	b, ok := a.buttons.resolve(ctx, data.CustomID)
	if !ok {
		a.refuseButton(ctx, i, noteButtonExpired)
		return
	}
	if presser := interactionUser(i).ID; presser != b.Owner {
		a.log.Info("button pressed by someone it was not shown to", "interaction", i.ID, "user", presser, "owner", b.Owner)
		a.refuseButton(ctx, i, noteButtonNotYours)
		return
	}
	text := cleanArg(b.Command)
	r := a.newInteractionReply(i, interactionMessage(i, "cb:"+i.ID, text))
	if text == "" || !utf8.ValidString(text) {
		r.complete(ctx, noteDone)
		return
	}
	a.converse(ctx, r)
}

// refuseButton answers a button press with an ephemeral note only the
// presser sees, without touching the message the button sits on.
func (a *Adapter) refuseButton(ctx context.Context, i *discordgo.Interaction, note string) {
	resp := &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: note, Flags: discordgo.MessageFlagsEphemeral, AllowedMentions: noMentions()},
	}
	err := a.rest(ctx, func(opts ...discordgo.RequestOption) error {
		return a.s.InteractionRespond(i, resp, opts...)
	})
	if err != nil {
		a.log.Warn("could not refuse a button press", "interaction", i.ID, "err", redactError(err, i.Token))
	}
}

// converse runs the engine on an interaction, deferring the response
// when the first answer takes longer than Options.DeferAfter, and makes
// sure the interaction is answered in the end.
func (a *Adapter) converse(ctx context.Context, r *interactionReply) {
	finished := make(chan string, 1)
	a.await(nil, func(ctx context.Context) {
		note := noteFailed
		defer func() { finished <- note }()
		defer a.recoverPanic("handling an interaction")
		done, err := a.h.Handle(ctx, r.msg, r)
		if err != nil {
			a.log.Error("handling an interaction", "interaction", r.i.ID, "err", err)
			return
		}
		if done != nil {
			select {
			case <-done:
			case <-ctx.Done():
			}
		}
		note = noteDone
	})
	timer := time.NewTimer(a.opts.DeferAfter)
	defer timer.Stop()
	var note string
	select {
	case note = <-finished:
	case <-timer.C:
		r.deferIfSilent(ctx)
		note = <-finished
	}
	r.complete(ctx, note)
}

// autocomplete offers the asker's own memory ids.
func (a *Adapter) autocomplete(ctx context.Context, i *discordgo.Interaction) {
	var choices []*discordgo.ApplicationCommandOptionChoice
	sub, prefix, err := focusedID(i.ApplicationCommandData())
	if err == nil {
		msg := interactionMessage(i, "ac:"+i.ID, "/memories "+sub+" "+prefix)
		actx, cancel := context.WithTimeout(ctx, autocompleteTime)
		var found []bot.Choice
		found, err = a.h.MemoryChoices(actx, msg, prefix)
		cancel()
		choices = toChoices(found)
	}
	if err != nil && !errors.Is(err, errNoFocus) {
		a.log.Warn("autocomplete", "interaction", i.ID, "err", err)
	}
	resp := &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	}
	err = a.rest(ctx, func(opts ...discordgo.RequestOption) error {
		return a.s.InteractionRespond(i, resp, opts...)
	})
	if err != nil {
		a.log.Warn("answering autocomplete", "interaction", i.ID, "err", redactError(err, i.Token))
	}
}

// toChoices keeps the choices Discord accepts: at most 25, values of at
// most 100 bytes, labels cut to 100 characters.
func toChoices(in []bot.Choice) []*discordgo.ApplicationCommandOptionChoice {
	out := make([]*discordgo.ApplicationCommandOptionChoice, 0, min(len(in), maxChoices))
	for _, c := range in {
		if len(out) == maxChoices {
			break
		}
		if c.Value == "" || len(c.Value) > maxChoiceLen || !utf8.ValidString(c.Value) {
			continue
		}
		label := truncate(cleanArg(c.Label), maxChoiceLen)
		if label == "" {
			label = c.Value
		}
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: label, Value: c.Value})
	}
	return out
}
