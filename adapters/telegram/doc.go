// Package telegram connects membot to Telegram through the Bot API, using
// github.com/go-telegram/bot for every outgoing call.
//
// # Receiving updates without losing any
//
// go-telegram/bot's own polling loop records an update's id as soon as it
// has fetched it, and its next getUpdates call confirms the update to
// Telegram while the handler may still be running (handlers even run in
// their own goroutines by default). A crash in that window loses the
// update. Its webhook handler likewise answers 200 before the update is
// processed. This package therefore runs its own getUpdates loop and its
// own webhook handler: updates are captured one at a time (when polling,
// in update order; with a webhook, in the order Telegram's requests take
// their turn), and an update is confirmed (the next offset sent, or the
// webhook answered 200) only after Handler.Handle returned nil, i.e.
// after the engine has captured the message. When Handle fails, the
// offset stays where it is and the same update comes back after a
// back-off (a webhook request gets a 500 and Telegram redelivers it). A
// panic in the engine is logged and its update skipped. Handle only
// captures; replies run afterwards, so processing updates one by one does
// not serialise answers. The one Bot API call made while an update is
// processed is the group-admin check of a /membot settings command
// (getChatMember, cached for AdminCacheTTL): a single attempt bounded to
// three seconds and by the intake's context, counting the user as not
// admin when it fails, so a slow Bot API cannot hold up the updates behind it.
//
// Messages that no person wrote are not passed on: those of bots, posts
// sent on behalf of a chat (anonymous group admins, channels) and channel
// posts Telegram forwards into a linked discussion group.
//
// # Start-up and backlog
//
// Start calls getMe (the token is checked and the bot's @username learnt),
// registers the command menus, then polls or serves the webhook. Ready is
// closed once that is done or has failed (see StartErr). Updates dated
// before start-up (the backlog that piled up while the bot was down, or
// updates Telegram delivers again because they were not confirmed) go to
// the engine like any other: it answers those still fresh, tells the
// others their message was missed, and answers a message it has answered
// before no second time. With an engine that keeps a durable answer queue
// (Engine.Resume), the answers an earlier run left undelivered are sent
// once polling runs, as replies to the messages they answer.
//
// # Replies
//
// A reply is streamed by editing one message at most every EditInterval,
// rendered from Markdown to Telegram HTML (falling back to plain text when
// Telegram cannot parse it), split into several messages past 4,096
// characters (as Telegram counts them, after rendering) at paragraph or
// sentence boundaries, and sent as a reply to the message it answers.
// Links to tg:// addresses are shown as plain text, so an answer cannot
// mention (and notify) arbitrary users. Private replies asked for in a
// group go to the person's DM with a short note in the group, or only a
// hint to open a DM when the bot may not write to them. Rate limits (429
// retry_after) are honoured and, for idempotent calls (edits, chat
// actions, queries), 5xx and network errors retried, both boundedly.
// Calls that post a message are retried on 429, when the request never
// left (dial or DNS failure), and once on a 5xx answer (Telegram said it
// failed); never after a timeout once the request was sent, since the
// message may have been posted and a second attempt would post it twice.
// A 5xx can still come after Telegram stored the message, and the Bot
// API has no idempotency key: after a send that succeeded on its retry,
// the message just before the new one (and after the question) is probed
// with an edit to the very text sent; "message is not modified" proves it
// is the stored copy, and it is deleted. A chat the bot can no longer
// write to (blocked, kicked, deleted) drops the reply and is logged.
//
// A streamed edit Telegram refuses is skipped; the final text is then
// edited in with retries, and when the message cannot be edited (gone,
// or the edit keeps failing) the text goes out as a fresh message and the
// half-written one is deleted. A Send that still fails keeps the streamed
// messages, so the engine's next attempt completes them rather than
// posting beside them; its error is a bot.DeliveryError carrying
// Telegram's retry_after.
//
// Buttons are bound to the person the reply was for: their callback data
// carries that user's id (or a token remembering it), and anyone else
// pressing them is told the button is not theirs.
//
// The bot token never appears in logs or errors.
package telegram
