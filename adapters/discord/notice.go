package discord

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// Short texts the adapter itself shows; everything else comes from the
// engine.
const (
	noteSentByDM       = "I've sent you the answer in a direct message."
	noteDMClosed       = "I couldn't answer you privately because your direct messages are closed to me. Allow direct messages from server members in this server's privacy settings, or use the slash command, which answers only you."
	noteNoPermission   = "I can't post in <#%s>: I'm missing permissions there (View Channel, Send Messages, Read Message History). Please ask a server admin to grant them."
	noteDone           = "Done."
	noteFailed         = "Sorry, something went wrong. Please try again."
	noteUnknownCommand = "I don't know that command."
	noteFileTooLarge   = "(The attachment %s is too large to send on Discord.)"
	noteButtonNotYours = "This button is not yours."
	noteButtonExpired  = "This button has expired. Please run the command again."
)

// reportNoPermission tells userID once, by DM, that the bot may not post
// in channelID, instead of failing silently in the channel.
func (a *Adapter) reportNoPermission(ctx context.Context, guildID, channelID, userID string) {
	if userID == "" || !a.reported.add(channelID+":"+userID) {
		return
	}
	a.log.Warn("missing permissions in channel", "guild", guildID, "channel", channelID)
	dm, err := a.dmChannel(ctx, userID)
	if err == nil {
		err = a.rest(ctx, func(opts ...discordgo.RequestOption) error {
			_, err := a.s.ChannelMessageSendComplex(dm, &discordgo.MessageSend{
				Content:         fmt.Sprintf(noteNoPermission, channelID),
				AllowedMentions: noMentions(),
			}, opts...)
			return err
		})
	}
	if err != nil {
		a.log.Warn("could not tell a user about missing permissions", "user", userID, "channel", channelID, "err", err)
	}
}

// dmChannel opens (or recalls) the DM channel with userID.
func (a *Adapter) dmChannel(ctx context.Context, userID string) (string, error) {
	a.dmMu.Lock()
	id, ok := a.dms[userID]
	a.dmMu.Unlock()
	if ok {
		return id, nil
	}
	var ch *discordgo.Channel
	err := a.rest(ctx, func(opts ...discordgo.RequestOption) error {
		var err error
		ch, err = a.s.UserChannelCreate(userID, opts...)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("open DM with %s: %w", userID, err)
	}
	a.dmMu.Lock()
	if len(a.dms) >= maxRemembered {
		a.dms = map[string]string{}
	}
	a.dms[userID] = ch.ID
	a.dmMu.Unlock()
	return ch.ID, nil
}

// mentionsOnly lets a message ping userID and nobody else (no @everyone,
// @here or roles).
func mentionsOnly(userID string) *discordgo.MessageAllowedMentions {
	m := noMentions()
	if userID != "" {
		m.Users = []string{userID}
		m.RepliedUser = true
	}
	return m
}

func noMentions() *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
}
