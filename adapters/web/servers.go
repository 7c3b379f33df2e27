package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
)

// maxChannels bounds the channels a server's settings name.
const maxChannels = 100

// serverView is a server admin page's data.
type serverView struct {
	Platform, ID string
	Settings     bot.GuildSettings
	Notes        []memory.Memory
	Base         string
	Error        string
}

// guild returns the server the path names when the session's ticket
// holds it; any other answers 404, as an unknown memory does.
func (p *Panel) guild(w http.ResponseWriter, r *http.Request, s *session) (platform, id string, ok bool) {
	platform, id = r.PathValue("platform"), r.PathValue("gid")
	if p.opts.Guilds == nil || !s.hasGuild(platform, id) {
		p.notFound(w)
		return "", "", false
	}
	return platform, id, true
}

// server shows a server's settings and shared notes to its admin.
func (p *Panel) server(w http.ResponseWriter, r *http.Request, s *session) {
	platform, id, ok := p.guild(w, r, s)
	if !ok {
		return
	}
	p.showServer(w, r, s, platform, id, http.StatusOK, "")
}

func (p *Panel) showServer(w http.ResponseWriter, r *http.Request, s *session, platform, id string, status int, problem string) {
	ctx := r.Context()
	g, err := p.opts.Guilds.GuildSettings(ctx, platform, id)
	if err != nil {
		p.fail(w, r, "read server settings", err)
		return
	}
	notes, err := p.opts.Memories.List(ctx, memory.MemoryQuery{Owner: memory.GuildOwner(platform, id), Statuses: []memory.Status{memory.StatusActive}})
	if err != nil {
		p.fail(w, r, "list server notes", err)
		return
	}
	v := serverView{Platform: platform, ID: id, Settings: g, Notes: notes, Base: serverPath(platform, id), Error: problem}
	p.render(w, status, "server", pageOf(s, "Server settings", v))
}

// serverPath is the admin page of a server.
func serverPath(platform, id string) string { return "/panel/servers/" + platform + "/" + id }

// saveServer writes a server's settings from the form.
func (p *Panel) saveServer(w http.ResponseWriter, r *http.Request, s *session) {
	platform, id, ok := p.guild(w, r, s)
	if !ok {
		return
	}
	g := bot.GuildSettings{Passive: r.PostFormValue("passive") == "on", Notes: r.PostFormValue("notes") == "on"}
	g.Channels = strings.FieldsFunc(r.PostFormValue("channels"), func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\r' })
	limit, err := strconv.Atoi(strings.TrimSpace(r.PostFormValue("daily_limit")))
	if r.PostFormValue("daily_limit") == "" {
		limit, err = 0, nil
	}
	if err != nil || limit < 0 || limit > 1_000_000 || len(g.Channels) > maxChannels {
		p.showServer(w, r, s, platform, id, http.StatusUnprocessableEntity, "The daily limit must be a whole number from 0 (none); at most 100 channels.")
		return
	}
	g.DailyLimit = limit
	if err := p.opts.Guilds.SetGuildSettings(r.Context(), platform, id, g); err != nil {
		p.fail(w, r, "save server settings", err)
		return
	}
	p.log.InfoContext(r.Context(), "panel: server settings saved", "person", s.person, "platform", platform, "guild", id)
	http.Redirect(w, r, serverPath(platform, id), http.StatusSeeOther)
}

// addNote stores a shared note of the server, as "/membot notes add"
// does.
func (p *Panel) addNote(w http.ResponseWriter, r *http.Request, s *session) {
	platform, id, ok := p.guild(w, r, s)
	if !ok {
		return
	}
	text, _ := preprocess.Redact(strings.TrimSpace(r.PostFormValue("text")))
	if text == "" || len(text) > memory.MaxMemoryText {
		p.showServer(w, r, s, platform, id, http.StatusUnprocessableEntity, "A note must be 1 to 2000 bytes long.")
		return
	}
	now := p.now()
	m := memory.Memory{
		Owner: memory.GuildOwner(platform, id), Text: text, Type: memory.TypeContext, Lifecycle: memory.LifecycleLongTerm,
		Importance: 0.6, Confidence: 1, Status: memory.StatusActive,
		Source:    memory.Source{Platform: platform, Time: now},
		CreatedAt: now, UpdatedAt: now,
	}
	if err := p.opts.Memories.Insert(r.Context(), &m); err != nil {
		p.fail(w, r, "add server note", err)
		return
	}
	http.Redirect(w, r, serverPath(platform, id), http.StatusSeeOther)
}

// note loads the shared note a request names, in a server the session
// may manage: its server, the notes' owner and the note; false when it
// has answered (404 for another server or an unknown note).
func (p *Panel) note(w http.ResponseWriter, r *http.Request, s *session) (platform, id, owner string, m memory.Memory, ok bool) {
	if platform, id, ok = p.guild(w, r, s); !ok {
		return "", "", "", memory.Memory{}, false
	}
	owner = memory.GuildOwner(platform, id)
	if m, ok = p.load(w, r, owner); !ok {
		return "", "", "", memory.Memory{}, false
	}
	return platform, id, owner, m, true
}

// editNote replaces a shared note's text.
func (p *Panel) editNote(w http.ResponseWriter, r *http.Request, s *session) {
	platform, id, owner, m, ok := p.note(w, r, s)
	if !ok {
		return
	}
	text := strings.TrimSpace(r.PostFormValue("text")) // the service redacts it
	if text == "" || len(text) > memory.MaxMemoryText {
		p.showServer(w, r, s, platform, id, http.StatusUnprocessableEntity, "A note must be 1 to 2000 bytes long.")
		return
	}
	if _, err := p.opts.Memories.Edit(r.Context(), owner, m.ID, text); err != nil {
		p.fail(w, r, "edit server note", err)
		return
	}
	http.Redirect(w, r, serverPath(platform, id), http.StatusSeeOther)
}

// forgetNote erases a shared note; without confirm=yes it only asks.
func (p *Panel) forgetNote(w http.ResponseWriter, r *http.Request, s *session) {
	platform, id, owner, m, ok := p.note(w, r, s)
	if !ok {
		return
	}
	if r.PostFormValue("confirm") != "yes" {
		action := serverPath(platform, id) + "/notes/" + m.ID + "/forget"
		p.render(w, http.StatusOK, "forget", pageOf(s, "Forget?", forgetView{Memories: []memory.Memory{m}, Action: action}))
		return
	}
	if _, err := p.opts.Memories.Forget(r.Context(), owner, m.ID); err != nil && !errors.Is(err, memory.ErrNotFound) {
		p.fail(w, r, "forget server note", err)
		return
	}
	http.Redirect(w, r, serverPath(platform, id), http.StatusSeeOther)
}
