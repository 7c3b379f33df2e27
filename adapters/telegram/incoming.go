package telegram

import (
	"context"
	"fmt"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"

	tgbot "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/bot"
)

// commandRe matches a leading bot command, optionally addressed to one
// bot: "/summary" or "/summary@membot".
var commandRe = regexp.MustCompile(`^/([A-Za-z0-9_]{1,32})(?:@([A-Za-z0-9_]{3,64}))?(?:\s|$)`)

// telegramServiceUserID is the user "Telegram" (777000), the sender of
// channel posts automatically forwarded into a linked discussion group.
const telegramServiceUserID = 777000

// adminLookupTimeout bounds the group-admin check of a settings command:
// it runs while updates wait behind it.
const adminLookupTimeout = 3 * time.Second

// process turns one update into engine calls. It returns an error only
// when the update was not captured and must be received again. ctx is
// the intake's (ended by Close); it bounds the lookups made while
// processing (the engine itself gets the adapter's reply context). A panic in the engine
// is logged and the update skipped: retrying it would only panic again
// and hold up every later update.
func (a *Adapter) process(ctx context.Context, u *models.Update) (err error) {
	defer func() {
		if v := recover(); v != nil {
			a.log.Error("telegram: recovered from a panic while processing an update; skipping it",
				"update_id", u.ID, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			err = nil
		}
	}()
	switch {
	case u.Message != nil:
		return a.onMessage(ctx, u.Message)
	case u.EditedMessage != nil:
		return a.onEdited(ctx, u.EditedMessage)
	case u.CallbackQuery != nil:
		return a.onCallback(ctx, u.CallbackQuery)
	}
	return nil
}

// fromPerson reports whether m was written by a person the engine should
// know: not a bot, not a channel post, not a post sent on behalf of a
// chat (anonymous group admins, channels), and not a channel post that
// Telegram forwards into the channel's discussion group in the name of
// its service user; those would all merge into one fake person.
func fromPerson(m *models.Message) bool {
	switch {
	case m.From == nil || m.From.IsBot || m.Chat.Type == models.ChatTypeChannel:
		return false
	case m.IsAutomaticForward || m.SenderChat != nil || m.From.ID == telegramServiceUserID:
		return false
	}
	return true
}

func (a *Adapter) onMessage(ctx context.Context, m *models.Message) error {
	if !fromPerson(m) {
		return nil
	}
	text := m.Text
	entities := m.Entities
	if text == "" {
		text, entities = m.Caption, m.CaptionEntities
	}
	msg := a.toMessage(ctx, m, text, entities)
	if m.Document != nil {
		// Chat-export import is not supported yet; say so, capture nothing.
		if msg.Addressed {
			r := a.newResponder(m.Chat, threadOf(m), m.ID, *m.From)
			a.spawn(func(ctx context.Context) {
				if err := r.Send(ctx, bot.Reply{Text: notesFor(m.From.LanguageCode).documentUnsupported}); err != nil {
					a.log.Warn("telegram: could not answer a document", "chat_id", m.Chat.ID, "err", err)
				}
				r.finish()
			})
		}
		return nil
	}
	if strings.TrimSpace(msg.Text) == "" {
		return nil // stickers, photos without caption, service messages
	}
	r := a.newResponder(m.Chat, threadOf(m), m.ID, *m.From)
	return a.handle(msg, r)
}

func (a *Adapter) onEdited(ctx context.Context, m *models.Message) error {
	if !fromPerson(m) {
		return nil
	}
	text, entities := m.Text, m.Entities
	if text == "" {
		text, entities = m.Caption, m.CaptionEntities
	}
	if strings.TrimSpace(text) == "" {
		return nil
	}
	msg := a.toMessage(ctx, m, text, entities)
	a.handleMu.Lock()
	defer a.handleMu.Unlock()
	if err := a.h.Edited(a.replyCtx, msg); err != nil {
		return fmt.Errorf("record edit of message %s in chat %s: %w", msg.ID, msg.ChatID, err)
	}
	return nil
}

func (a *Adapter) onCallback(ctx context.Context, cq *models.CallbackQuery) error {
	bc, ok := a.buttons.resolve(ctx, cq.Data)
	answer := ""
	switch {
	case !ok:
		answer = notesFor(cq.From.LanguageCode).buttonExpired
	case bc.owner != cq.From.ID:
		// Buttons act for the person they were shown to; anyone else
		// pressing one is turned away without reaching the engine.
		answer = notesFor(cq.From.LanguageCode).buttonNotYours
		ok = false
		a.log.Info("telegram: button pressed by someone it was not shown to", "user_id", cq.From.ID, "owner_id", bc.owner)
	}
	a.spawn(func(ctx context.Context) {
		err := a.call(ctx, "answerCallbackQuery", func(ctx context.Context) error {
			_, err := a.api.AnswerCallbackQuery(ctx, &tgbot.AnswerCallbackQueryParams{CallbackQueryID: cq.ID, Text: answer})
			return err
		})
		if err != nil {
			a.log.Warn("telegram: could not answer a button press", "err", err)
		}
	})
	if !ok || cq.From.IsBot {
		return nil
	}
	var chat models.Chat
	var msgID, thread int
	switch {
	case cq.Message.Message != nil:
		chat, msgID, thread = cq.Message.Message.Chat, cq.Message.Message.ID, threadOf(cq.Message.Message)
	case cq.Message.InaccessibleMessage != nil:
		chat, msgID = cq.Message.InaccessibleMessage.Chat, cq.Message.InaccessibleMessage.MessageID
	default:
		return nil // a button under an inline-mode message: no chat to answer in
	}
	msg := bot.Message{
		Platform:  Platform,
		ChatID:    strconv.FormatInt(chat.ID, 10),
		ID:        "cb:" + cq.ID,
		ReplyToID: strconv.Itoa(msgID),
		Author:    author(&cq.From),
		Text:      bc.command,
		Time:      a.now(),
		IsDM:      chat.Type == models.ChatTypePrivate,
		Addressed: true,
	}
	if thread != 0 {
		msg.ThreadID = strconv.Itoa(thread)
	}
	if !msg.IsDM {
		msg.GuildID = msg.ChatID
		a.markAdmin(ctx, &msg, chat.ID, cq.From.ID)
	}
	return a.handle(msg, a.newResponder(chat, thread, msgID, cq.From))
}

// handle captures msg through the engine and keeps r until its replies
// are delivered.
func (a *Adapter) handle(msg bot.Message, r *responder) error {
	done, err := a.capture(msg, r)
	if err != nil {
		r.finish()
		return fmt.Errorf("capture message %s in chat %s: %w", msg.ID, msg.ChatID, err)
	}
	a.track(done, r)
	return nil
}

// capture calls Handler.Handle, one capture at a time. A panic in the
// engine finishes r and goes on up to process.
func (a *Adapter) capture(msg bot.Message, r *responder) (<-chan struct{}, error) {
	a.handleMu.Lock()
	defer a.handleMu.Unlock()
	finished := false
	defer func() {
		if !finished {
			r.finish()
		}
	}()
	done, err := a.h.Handle(a.replyCtx, msg, r)
	finished = true
	return done, err
}

// toMessage makes a platform-neutral message of m, deciding whether it
// speaks to the bot.
func (a *Adapter) toMessage(ctx context.Context, m *models.Message, text string, entities []models.MessageEntity) bot.Message {
	msg := bot.Message{
		Platform: Platform,
		ChatID:   strconv.FormatInt(m.Chat.ID, 10),
		ID:       strconv.Itoa(m.ID),
		Author:   author(m.From),
		Time:     time.Unix(int64(m.Date), 0),
		IsDM:     m.Chat.Type == models.ChatTypePrivate,
	}
	if !msg.IsDM {
		msg.GuildID = msg.ChatID
	}
	if t := threadOf(m); t != 0 {
		msg.ThreadID = strconv.Itoa(t)
	}
	replyToBot := false
	if rt := m.ReplyToMessage; rt != nil && rt.ForumTopicCreated == nil && !(m.IsTopicMessage && rt.ID == m.MessageThreadID) {
		msg.ReplyToID = strconv.Itoa(rt.ID)
		replyToBot = rt.From != nil && rt.From.ID == a.me.ID
	}
	// A message sent before start-up is passed on as it is: the engine
	// answers it if it is still fresh, and otherwise says it was missed.
	msg.Text, msg.Addressed = a.address(text, entities, msg.IsDM, replyToBot)
	if !msg.IsDM && msg.Addressed {
		a.markAdmin(ctx, &msg, m.Chat.ID, m.From.ID)
	}
	return msg
}

// address decides whether text speaks to the bot, and returns it with a
// command's @botname suffix or a leading @mention removed.
func (a *Adapter) address(text string, entities []models.MessageEntity, isDM, replyToBot bool) (string, bool) {
	if m := commandRe.FindStringSubmatchIndex(text); m != nil {
		if m[4] >= 0 { // "/cmd@name"
			if !strings.EqualFold(text[m[4]:m[5]], a.me.Username) {
				return text, isDM // a command for another bot
			}
			return text[:m[4]-1] + text[m[5]:], true
		}
		return text, true
	}
	if isDM || replyToBot {
		return text, true
	}
	if a.mentioned(text, entities) {
		return stripMention(text, a.me.Username), true
	}
	return text, false
}

// mentioned reports an @username mention of the bot or a text mention of
// its user.
func (a *Adapter) mentioned(text string, entities []models.MessageEntity) bool {
	want := "@" + a.me.Username
	var units []uint16
	for _, e := range entities {
		switch e.Type {
		case models.MessageEntityTypeTextMention:
			if e.User != nil && e.User.ID == a.me.ID {
				return true
			}
		case models.MessageEntityTypeMention:
			if units == nil {
				units = utf16.Encode([]rune(text))
			}
			if e.Offset >= 0 && e.Length > 0 && e.Offset+e.Length <= len(units) {
				if strings.EqualFold(string(utf16.Decode(units[e.Offset:e.Offset+e.Length])), want) {
					return true
				}
			}
		}
	}
	// Entities can be missing (forwarded or edited text); look at the text.
	lower, lowerWant := strings.ToLower(text), strings.ToLower(want)
	for i := 0; ; {
		j := strings.Index(lower[i:], lowerWant)
		if j < 0 {
			return false
		}
		end := i + j + len(lowerWant)
		if (i+j == 0 || !isWordByte(lower[i+j-1])) && (end == len(lower) || !isWordByte(lower[end])) {
			return true
		}
		i = end
	}
}

// stripMention removes a leading "@botname" (and the punctuation after
// it), unless nothing would be left.
func stripMention(text, username string) string {
	t := strings.TrimSpace(text)
	prefix := "@" + username
	if len(t) < len(prefix) || !strings.EqualFold(t[:len(prefix)], prefix) {
		return text
	}
	if len(t) > len(prefix) && isWordByte(t[len(prefix)]) {
		return text
	}
	rest := strings.TrimLeft(t[len(prefix):], " \t\n,:;，：")
	if rest == "" {
		return text
	}
	return rest
}

// markAdmin sets IsAdmin for group commands that change settings. The
// check runs while later updates wait, so it makes one attempt bounded
// by adminLookupTimeout and by ctx (the intake's context: shutdown interrupts
// it); when it fails the author counts as not admin.
func (a *Adapter) markAdmin(ctx context.Context, msg *bot.Message, chatID, userID int64) {
	if !strings.HasPrefix(msg.Text, "/membot") {
		return
	}
	ctx, cancel := context.WithTimeout(ctx, adminLookupTimeout)
	defer cancel()
	msg.Author.IsAdmin = a.admins.isAdmin(ctx, chatID, userID, a.chatMemberStatus)
}

func author(u *models.User) bot.Author {
	return bot.Author{
		ID:           strconv.FormatInt(u.ID, 10),
		Username:     u.Username,
		DisplayName:  strings.TrimSpace(u.FirstName + " " + u.LastName),
		LanguageCode: u.LanguageCode,
		IsBot:        u.IsBot,
	}
}

// threadOf is the forum topic of m, 0 outside topics.
func threadOf(m *models.Message) int {
	if m.IsTopicMessage {
		return m.MessageThreadID
	}
	return 0
}
