package discord

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/membot/membot/bot"
)

// Discord's limits on message components and uploads.
const (
	maxButtonRows    = 5
	maxButtonsPerRow = 5
	maxCustomID      = 100
	maxButtonLabel   = 80
	// maxFileSize stays under the upload limit of unboosted servers.
	maxFileSize = 8 << 20
)

// buttonRows turns the engine's buttons into Discord action rows only
// owner may use; a button's Command, bound to owner, becomes its
// custom_id and comes back when pressed. Buttons Discord would reject
// (empty, too long, duplicate, beyond five by five) are left out and
// logged.
func (a *Adapter) buttonRows(ctx context.Context, rows [][]bot.Button, owner string) []discordgo.MessageComponent {
	log := a.log
	var out []discordgo.MessageComponent
	seen := map[string]bool{}
	for _, row := range rows {
		var btns []discordgo.MessageComponent
		for _, b := range row {
			cmd := strings.TrimSpace(b.Command)
			switch {
			case cmd == "" || len(cmd) > maxCustomID || !utf8.ValidString(cmd):
				log.Warn("dropping a button Discord cannot carry", "command_bytes", len(cmd))
				continue
			case seen[cmd]:
				continue
			case len(btns) == maxButtonsPerRow:
				log.Warn("dropping a button beyond Discord's row limit")
				continue
			}
			seen[cmd] = true
			label := truncate(strings.TrimSpace(b.Label), maxButtonLabel)
			if label == "" {
				label = truncate(cmd, maxButtonLabel)
			}
			style := discordgo.SecondaryButton
			if strings.Contains(cmd, " forget") {
				style = discordgo.DangerButton
			}
			btns = append(btns, discordgo.Button{Label: label, Style: style, CustomID: a.buttons.customID(ctx, cmd, owner)})
		}
		if len(btns) == 0 {
			continue
		}
		if len(out) == maxButtonRows {
			log.Warn("dropping a button row beyond Discord's limit")
			break
		}
		out = append(out, discordgo.ActionsRow{Components: btns})
	}
	return out
}

// attachment is a file as a fresh discordgo upload each time it is sent
// (a retried request needs an unread reader).
type attachment struct {
	name, mime string
	data       []byte
}

func (f attachment) upload() *discordgo.File {
	return &discordgo.File{Name: f.name, ContentType: f.mime, Reader: bytes.NewReader(f.data)}
}

func uploads(files []attachment) []*discordgo.File {
	if len(files) == 0 {
		return nil
	}
	out := make([]*discordgo.File, 0, len(files))
	for _, f := range files {
		out = append(out, f.upload())
	}
	return out
}

// replyFiles turns a reply's file into an attachment, or, when Discord
// would refuse it, into a note appended to the text.
func replyFiles(r bot.Reply) (text string, files []attachment) {
	text = r.Text
	if r.File == nil {
		return text, nil
	}
	name := sanitizeFileName(r.File.Name)
	if len(r.File.Data) > maxFileSize {
		note := fmt.Sprintf(noteFileTooLarge, name)
		if text != "" {
			return text + "\n\n" + note, nil
		}
		return note, nil
	}
	mime := r.File.MIME
	if mime == "" {
		mime = "application/octet-stream"
	}
	return text, []attachment{{name: name, mime: mime, data: r.File.Data}}
}

// sanitizeFileName keeps an upload's name to safe characters.
func sanitizeFileName(name string) string {
	name = strings.Map(func(r rune) rune {
		switch {
		case r == '/' || r == '\\' || r == '"' || r < 0x20 || r == 0x7f || r == utf8.RuneError:
			return '_'
		}
		return r
	}, strings.TrimSpace(name))
	name = truncate(name, 100)
	if name == "" || strings.Trim(name, "._") == "" {
		return "file"
	}
	return name
}

// truncate cuts s to at most n characters, marking the cut with "…".
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	if n <= 1 {
		return string([]rune(s)[:n])
	}
	return string([]rune(s)[:n-1]) + "…"
}
