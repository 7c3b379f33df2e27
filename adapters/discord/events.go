package discord

import (
	"context"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
)

// addHandlers subscribes to the gateway events the adapter uses. They run
// on discordgo's gateway goroutine (SyncEvents), so they only decide and
// queue; the work happens in conversation lanes or spawned goroutines.
func (a *Adapter) addHandlers() {
	a.s.AddHandler(a.onReady)
	a.s.AddHandler(a.onResumed)
	a.s.AddHandler(a.onConnect)
	a.s.AddHandler(a.onMessageCreate)
	a.s.AddHandler(a.onMessageUpdate)
	a.s.AddHandler(a.onMessageDelete)
	a.s.AddHandler(a.onMessageDeleteBulk)
	a.s.AddHandler(a.onInteractionCreate)
	a.s.AddHandler(a.onThreadCreate)
	a.s.AddHandler(a.onThreadUpdate)
	a.s.AddHandler(a.onThreadDelete)
	a.s.AddHandler(a.onThreadMembersUpdate)
}

func (a *Adapter) onReady(_ *discordgo.Session, r *discordgo.Ready) {
	if r.User != nil {
		a.selfID.Store(r.User.ID)
	}
	if r.Application != nil && r.Application.ID != "" {
		a.appID.Store(r.Application.ID)
	}
	a.log.Info("gateway ready", "shard", a.opts.ShardID)
}

func (a *Adapter) onResumed(_ *discordgo.Session, _ *discordgo.Resumed) {
	a.log.Info("gateway session resumed", "shard", a.opts.ShardID)
}

// onConnect closes a connection discordgo re-established after shutdown
// began (its reconnect loop does not look back at the session's flag).
func (a *Adapter) onConnect(s *discordgo.Session, _ *discordgo.Connect) {
	if a.stopping.Load() {
		// Open holds the session lock while this runs: close afterwards.
		go func() { _ = s.Close() }()
	}
}

func (a *Adapter) onMessageCreate(_ *discordgo.Session, e *discordgo.MessageCreate) {
	self := a.self()
	m := e.Message
	if self == "" || !fromUser(m, self) || !a.seen.add("m:"+m.ID) {
		return
	}
	inThread := a.threads.has(m.ChannelID)
	msg := toMessage(m, self, inThread, a.isAdmin(m))
	if msg.Text == "" && !msg.Addressed {
		return // nothing to capture (e.g. no MESSAGE_CONTENT intent)
	}
	if msg.Addressed && !inThread && a.isThread(m.ChannelID) {
		a.threads.add(m.ChannelID) // answering makes the bot a participant
	}
	if !a.lanes.push(m.ChannelID, func(ctx context.Context) { a.handleMessage(ctx, msg) }) {
		a.log.Warn("dropping a message: conversation queue full or shutting down", "channel", m.ChannelID, "message", m.ID)
	}
}

// handleMessage hands one message to the engine and completes its reply
// in the background.
func (a *Adapter) handleMessage(ctx context.Context, msg bot.Message) {
	r := a.newChannelReply(msg)
	done, err := a.h.Handle(ctx, msg, r)
	if err != nil {
		a.log.Error("handling a message", "channel", msg.ChatID, "message", msg.ID, "err", err)
		return
	}
	a.await(done, r.complete)
}

func (a *Adapter) onMessageUpdate(_ *discordgo.Session, e *discordgo.MessageUpdate) {
	self := a.self()
	m := e.Message
	// Updates without an author or edit time are embed unfurls, not edits.
	if self == "" || m == nil || m.EditedTimestamp == nil || !fromUser(m, self) {
		return
	}
	if !a.seen.add("e:" + m.ID + ":" + m.EditedTimestamp.String()) {
		return
	}
	msg := toMessage(m, self, a.threads.has(m.ChannelID), a.isAdmin(m))
	a.lanes.push(m.ChannelID, func(ctx context.Context) {
		if err := a.h.Edited(ctx, msg); err != nil {
			a.log.Warn("recording an edit", "channel", msg.ChatID, "message", msg.ID, "err", err)
		}
	})
}

func (a *Adapter) onMessageDelete(_ *discordgo.Session, e *discordgo.MessageDelete) {
	if e.Message == nil {
		return
	}
	a.deleted(e.ChannelID, e.ID)
}

func (a *Adapter) onMessageDeleteBulk(_ *discordgo.Session, e *discordgo.MessageDeleteBulk) {
	for _, id := range e.Messages {
		a.deleted(e.ChannelID, id)
	}
}

func (a *Adapter) deleted(channelID, messageID string) {
	if channelID == "" || messageID == "" || !a.seen.add("d:"+messageID) {
		return
	}
	a.lanes.push(channelID, func(ctx context.Context) {
		if err := a.h.Deleted(ctx, platform, channelID, "", messageID); err != nil {
			a.log.Warn("recording a deletion", "channel", channelID, "message", messageID, "err", err)
		}
	})
}

// isAdmin reports whether the author of m may manage the server, from
// the gateway's cached roles (false when unknown).
func (a *Adapter) isAdmin(m *discordgo.Message) bool {
	if m.GuildID == "" || m.Member == nil {
		return false
	}
	perms, err := a.s.State.MessagePermissions(m)
	return err == nil && perms&adminPermissions != 0
}

// isThread reports whether a channel is a thread, per the gateway cache.
func (a *Adapter) isThread(channelID string) bool {
	ch, err := a.s.State.Channel(channelID)
	return err == nil && ch.IsThread()
}

func (a *Adapter) onThreadCreate(_ *discordgo.Session, e *discordgo.ThreadCreate) {
	a.noteThread(e.Channel)
}

func (a *Adapter) onThreadUpdate(_ *discordgo.Session, e *discordgo.ThreadUpdate) {
	a.noteThread(e.Channel)
}

// noteThread remembers threads the bot started or was added to.
func (a *Adapter) noteThread(ch *discordgo.Channel) {
	self := a.self()
	if ch == nil || self == "" {
		return
	}
	if ch.OwnerID == self || (ch.Member != nil && (ch.Member.UserID == "" || ch.Member.UserID == self)) {
		a.threads.add(ch.ID)
	}
}

func (a *Adapter) onThreadDelete(_ *discordgo.Session, e *discordgo.ThreadDelete) {
	if e.Channel != nil {
		a.threads.remove(e.ID)
	}
}

func (a *Adapter) onThreadMembersUpdate(_ *discordgo.Session, e *discordgo.ThreadMembersUpdate) {
	self := a.self()
	for _, m := range e.AddedMembers {
		if m.ThreadMember != nil && m.UserID == self {
			a.threads.add(e.ID)
		}
	}
	for _, id := range e.RemovedMembers {
		if id == self {
			a.threads.remove(e.ID)
		}
	}
}
