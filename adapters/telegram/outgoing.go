package telegram

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	tgbot "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory/text"
)

// maxDocumentSize is the Bot API's upload limit for documents.
const maxDocumentSize = 50 << 20

// target is where a message goes: a chat, its forum topic, and the
// message it replies to (0 for none). noPreview turns the link preview
// off (bot.Reply.NoPreview).
type target struct {
	chatID    int64
	thread    int
	replyTo   int
	noPreview bool
}

// noLinkPreview is the sendMessage option that shows no link preview, so
// that Telegram does not fetch the link.
func noLinkPreview() *models.LinkPreviewOptions {
	off := true
	return &models.LinkPreviewOptions{IsDisabled: &off}
}

// sendText sends Markdown text as one message, rendered as HTML, or as
// plain text when Telegram cannot parse the HTML. It returns the new
// message's id.
func (a *Adapter) sendText(ctx context.Context, t target, text string, kb *models.InlineKeyboardMarkup) (int, error) {
	text = strings.ToValidUTF8(text, "\uFFFD")
	send := func(body string, mode models.ParseMode) (*models.Message, error) {
		var msg *models.Message
		refused := false // an attempt answered 5xx: it may have been stored
		err := a.post(ctx, "sendMessage", func(ctx context.Context) error {
			p := &tgbot.SendMessageParams{ChatID: t.chatID, MessageThreadID: t.thread, Text: body, ParseMode: mode}
			if t.replyTo != 0 {
				p.ReplyParameters = &models.ReplyParameters{MessageID: t.replyTo, AllowSendingWithoutReply: true}
			}
			if kb != nil {
				p.ReplyMarkup = kb
			}
			if t.noPreview {
				p.LinkPreviewOptions = noLinkPreview()
			}
			var err error
			msg, err = a.api.SendMessage(ctx, p)
			if isServerAnswer(err) {
				refused = true
			}
			return err
		})
		if err == nil && msg != nil {
			if refused {
				a.removeStoredCopy(ctx, t.chatID, msg.ID, t.replyTo, body, mode)
			}
			a.sent.add(t.chatID, msg.ID)
		}
		return msg, err
	}
	msg, err := send(keepMention(markdownToHTML(text), a.me.Username), models.ParseModeHTML)
	if isParseError(err) {
		a.log.Info("telegram: formatting refused, sending plain text", "chat_id", t.chatID, "err", err)
		msg, err = send(keepMention(breakMentions(text), a.me.Username), "")
	}
	if err != nil {
		return 0, err
	}
	if msg == nil {
		return 0, errors.New("telegram sendMessage: empty answer")
	}
	return msg.ID, nil
}

// removeStoredCopy deletes the copy a sendMessage answered with a 5xx
// may have stored before the retry that became message id. The Bot API
// has no idempotency key and no way to read a message back, so the
// message just before id (and after the one replied to) is probed with an
// edit to the very text sent: "message is not modified" proves it shows
// exactly that text, and it is deleted. Anything else (a person's
// message, which the bot cannot edit; nothing at that id) is left alone.
// Messages this process posted are never probed, so the probe can change
// another message only if a different process (another replica, or this
// bot before a restart) posted one in the same chat during the retry's
// back-off.
func (a *Adapter) removeStoredCopy(ctx context.Context, chatID int64, id, replyTo int, body string, mode models.ParseMode) {
	candidate := id - 1
	if candidate <= replyTo || candidate <= 0 || a.sent.has(chatID, candidate) {
		return
	}
	err := a.callN(ctx, "editMessageText", 1, func(ctx context.Context) error {
		_, err := a.api.EditMessageText(ctx, &tgbot.EditMessageTextParams{ChatID: chatID, MessageID: candidate, Text: body, ParseMode: mode})
		return err
	})
	if !isNotModified(err) {
		if err == nil {
			a.log.Warn("telegram: probing for a stored copy changed a message", "chat_id", chatID, "message_id", candidate)
		}
		return
	}
	if err := a.deleteMessage(ctx, chatID, candidate); err != nil {
		a.log.Warn("telegram: could not remove the copy of a message stored before a 5xx", "chat_id", chatID, "message_id", candidate, "err", err)
		return
	}
	a.log.Info("telegram: removed the copy of a message stored before a 5xx", "chat_id", chatID, "message_id", candidate)
}

// editText replaces a message's text (HTML, or plain text when the HTML
// is refused). An edit that changes nothing succeeds. retry=false makes a
// single attempt, for edits that the next one supersedes anyway;
// noPreview shows no link preview.
func (a *Adapter) editText(ctx context.Context, chatID int64, id int, text string, kb *models.InlineKeyboardMarkup, retry, noPreview bool) error {
	text = strings.ToValidUTF8(text, "\uFFFD")
	attempts := a.opts.MaxAttempts
	if !retry {
		attempts = 1
	}
	edit := func(body string, mode models.ParseMode) error {
		return a.callN(ctx, "editMessageText", attempts, func(ctx context.Context) error {
			p := &tgbot.EditMessageTextParams{ChatID: chatID, MessageID: id, Text: body, ParseMode: mode}
			if kb != nil {
				p.ReplyMarkup = kb
			}
			if noPreview {
				p.LinkPreviewOptions = noLinkPreview()
			}
			_, err := a.api.EditMessageText(ctx, p)
			return err
		})
	}
	err := edit(keepMention(markdownToHTML(text), a.me.Username), models.ParseModeHTML)
	if isParseError(err) {
		a.log.Info("telegram: formatting refused, editing as plain text", "chat_id", chatID, "err", err)
		err = edit(keepMention(breakMentions(text), a.me.Username), "")
	}
	if err != nil && !isNotModified(err) {
		return err
	}
	return nil
}

// sendFile sends f as a document.
func (a *Adapter) sendFile(ctx context.Context, t target, f *bot.File) error {
	if len(f.Data) == 0 {
		return fmt.Errorf("send file %q: the file is empty", f.Name)
	}
	if len(f.Data) > maxDocumentSize {
		return fmt.Errorf("send file %q: %d bytes is over Telegram's %d-byte limit", f.Name, len(f.Data), maxDocumentSize)
	}
	name := fileName(f.Name)
	return a.post(ctx, "sendDocument", func(ctx context.Context) error {
		p := &tgbot.SendDocumentParams{
			ChatID:          t.chatID,
			MessageThreadID: t.thread,
			Document:        &models.InputFileUpload{Filename: name, Data: bytes.NewReader(f.Data)},
		}
		if t.replyTo != 0 {
			p.ReplyParameters = &models.ReplyParameters{MessageID: t.replyTo, AllowSendingWithoutReply: true}
		}
		_, err := a.api.SendDocument(ctx, p)
		return err
	})
}

// deleteMessage removes a message the bot sent.
func (a *Adapter) deleteMessage(ctx context.Context, chatID int64, id int) error {
	return a.call(ctx, "deleteMessage", func(ctx context.Context) error {
		_, err := a.api.DeleteMessage(ctx, &tgbot.DeleteMessageParams{ChatID: chatID, MessageID: id})
		return err
	})
}

// typingTimeout bounds a typing action: it is cosmetic and must not hold
// up an answer.
const typingTimeout = 5 * time.Second

// sendTyping shows the typing action once (Telegram shows it ~5 s).
func (a *Adapter) sendTyping(ctx context.Context, t target) error {
	ctx, cancel := context.WithTimeout(ctx, typingTimeout)
	defer cancel()
	return a.callN(ctx, "sendChatAction", 1, func(ctx context.Context) error {
		_, err := a.api.SendChatAction(ctx, &tgbot.SendChatActionParams{ChatID: t.chatID, MessageThreadID: t.thread, Action: models.ChatActionTyping})
		return err
	})
}

// keyboard turns reply buttons into an inline keyboard only owner may
// use, and returns it with its JSON (to tell whether a message already
// shows it).
func (a *Adapter) keyboard(ctx context.Context, rows [][]bot.Button, owner int64) (*models.InlineKeyboardMarkup, string) {
	var kb models.InlineKeyboardMarkup
	for _, row := range rows {
		var out []models.InlineKeyboardButton
		for _, b := range row {
			if strings.TrimSpace(b.Command) == "" {
				continue
			}
			label := strings.TrimSpace(b.Label)
			if label == "" {
				label = b.Command
			}
			out = append(out, models.InlineKeyboardButton{Text: text.Truncate(label, 64), CallbackData: a.buttons.data(ctx, b.Command, owner)})
		}
		if len(out) > 0 {
			kb.InlineKeyboard = append(kb.InlineKeyboard, out)
		}
	}
	if len(kb.InlineKeyboard) == 0 {
		return nil, ""
	}
	j, _ := json.Marshal(kb)
	return &kb, string(j)
}

// fileName makes a safe upload name: no directories or control
// characters.
func fileName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '"' {
			return -1
		}
		return r
	}, strings.ToValidUTF8(name, ""))
	name = strings.TrimSpace(name)
	if name == "" || name == "." || name == ".." {
		return "file"
	}
	return text.Truncate(name, 128)
}
