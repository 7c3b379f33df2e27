package memory

import "strings"

// guildPrefix starts the owner of a server's shared notes.
const guildPrefix = "guild:"

// GuildOwner is the owner of the shared notes of a server (guild or group)
// on a platform: every member may see them, so they never hold anything
// personal.
func GuildOwner(platform, guildID string) string { return guildPrefix + platform + ":" + guildID }

// IsGuildOwner reports whether owner is a server's notes rather than a
// person.
func IsGuildOwner(owner string) bool { return strings.HasPrefix(owner, guildPrefix) }

// ReplyPlatformID is the platform id under which the bot's reply to the
// message id is captured, so that erasing a message can erase the answer
// that repeated it.
func ReplyPlatformID(id string) string { return "reply:" + id }

// UndeliveredKey is the setting key under which an answer no platform took
// is kept for the person's next message in the conversation. The person
// comes first so that erasing a person deletes all of theirs by the prefix
// UndeliveredPrefix.
func UndeliveredKey(personID, conversationID string) string {
	return UndeliveredPrefix(personID) + conversationID
}

// WhyKey is the setting key of the record of what went into personID's last
// reply ("/memories why"): memory ids and scores, erased with the person.
func WhyKey(personID string) string { return "why:" + personID }

// UndeliveredPrefix starts the keys of every answer kept for personID.
func UndeliveredPrefix(personID string) string { return "undelivered:" + personID + ":" }

// PanelSessionPrefix starts the setting keys of every memory panel session
// of personID: deleting them signs the person out of the panel everywhere,
// as erasing the person does.
func PanelSessionPrefix(personID string) string { return "panel:session:" + personID + ":" }
