// Package discord connects the conversation engine to Discord through the
// gateway (github.com/bwmarrin/discordgo).
//
// # Gateway intents
//
// The adapter identifies with the Guilds, GuildMessages, DirectMessages and
// MessageContent intents. MessageContent is privileged: it must be enabled
// for the application in the Discord developer portal. When it is not
// granted, Discord still delivers every message but with empty text, except
// for DMs and messages that mention the bot. The bot then effectively only
// answers mentions, DMs and slash commands, and captures nothing from the
// rest of a server's conversation.
//
// Reconnecting and resuming the gateway session is done by discordgo;
// missed events are replayed by Discord on resume. The adapter drops
// events it has already seen (by message and interaction id), so a replay
// never produces a second answer, and replies in progress keep going
// through the REST API while the gateway is down. Sharding is set with
// Options.ShardID and Options.ShardCount; DMs arrive on shard 0 only, and
// only shard 0 registers the slash commands.
//
// # Conversations
//
// Each channel is a conversation: bot.Message.ChatID is the channel id, and
// for a thread it is the thread's own channel id (threads are channels on
// Discord), so ThreadID stays empty. Each author is a person identified by
// their Discord user id. In DMs every message is addressed to the bot; in
// servers a message is addressed when it mentions the bot, replies to one
// of its messages, is written in a thread the bot takes part in, or is one
// of the bot's text commands. Other messages are still handed to the
// engine with Addressed=false so it can capture them according to the
// server's settings. Messages from bots and webhooks, and the bot's own
// messages, are ignored. A mention of the bot is removed from the text
// handed to the engine; everything else, indentation included, is kept
// as written.
//
// # Replies
//
// Answers are posted as replies to the asking message and streamed by
// editing them (at most one edit per Options.EditInterval). Text over
// Discord's 2,000 character limit is split at paragraph, line or word
// boundaries, closing and reopening code fences across a split. Mentions
// in answers can only ping the asker. A REST call Discord rate-limits is
// retried after the wait it asks for, at most three times and never for
// more than ten seconds at once, and shutdown interrupts the wait.
// discordgo pauses a call before sending it when its record of the
// rate-limit headers says a bucket is exhausted, for as long as Discord's
// reset time and without a way to interrupt it; a reply's creates and
// edits check that record first and fail at once, as a rate limit, when
// the pause would be longer than ten seconds. Every call made for a
// reply ends when shutdown gives up waiting, whatever context the engine
// passed, and a panic in the engine is logged with its stack instead of
// ending the process.
//
// # When Discord refuses
//
// A call answered with a 5xx (Discord said it failed) is repeated once;
// discordgo's own repeats of a 502 are turned off. A call that timed out
// after it was sent is not repeated. Channel messages are created with a
// nonce and enforce_nonce, the same on every attempt of one part of a
// reply, so a create Discord stored before answering 500 comes back as
// that message instead of a second one. An interaction response repeated
// after a 5xx that finds the interaction answered counts as delivered.
// (Followup messages have no nonce: one stored before a 5xx can still be
// posted twice.) A streamed edit Discord refuses ends the streaming; the
// final text is then edited in, and a message that cannot be edited gets
// a fresh message with the final text while the half-written one is
// deleted. A Send that fails keeps the reply's messages, so the engine's
// next attempt completes them; its error is a bot.DeliveryError with
// Discord's retry_after. When the engine gives up, the half-written
// messages are deleted (the engine keeps the answer for the person's next
// message).
//
// # Privacy
//
// Slash commands are registered for server installs only and offered in
// servers and in the DM with the bot, never in group DMs or DMs between
// other people. A private reply to a slash command or a button press is
// ephemeral everywhere but in the asker's DM with the bot (told apart by
// the interaction's context, not merely by a missing server id); a
// private reply to a text command typed in a server goes by DM, with a
// note in the channel.
//
// Buttons act only for the person the reply was for: their custom_id
// carries that user's id (or a short token remembering it when the
// command and id would not fit in 100 characters). Anyone else pressing
// one gets an ephemeral "not yours" answer; the engine sees nothing and
// the message stays as it was.
package discord
