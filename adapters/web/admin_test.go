package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
)

// A server admin edits settings and shared notes of a server in the
// ticket; any other server answers 404.
func TestServerAdmin(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	mine := bot.PanelGuild{Platform: "discord", ID: "g1"}
	other := e.remember(memory.GuildOwner("discord", "g2"), "Other server's note")
	c := e.signIn(ann.ID, mine)
	for _, path := range []string{"/panel/servers/discord/g2", "/panel/servers/telegram/g1"} {
		mustCode(t, c.get(path), http.StatusNotFound, path)
		mustCode(t, c.submit(path, url.Values{"passive": {"on"}}), http.StatusNotFound, "POST "+path)
	}
	mustCode(t, c.submit("/panel/servers/discord/g2/notes/"+other.ID+"/forget", url.Values{"confirm": {"yes"}}), http.StatusNotFound, "forget another server's note")
	if _, err := e.memory(other.Owner, other.ID); err != nil {
		t.Fatal("another server's note went")
	}
	mustCode(t, c.get("/panel/servers/discord/g1"), http.StatusOK, "own server")
	mustCode(t, c.submit("/panel/servers/discord/g1", url.Values{"channels": {"c1, c2"}, "passive": {"on"}, "daily_limit": {"30"}, "notes": {"on"}}), http.StatusSeeOther, "save")
	g, _ := e.guilds.GuildSettings(e.ctx, "discord", "g1")
	if !g.Passive || !g.Notes || g.DailyLimit != 30 || strings.Join(g.Channels, ",") != "c1,c2" {
		t.Errorf("settings %+v", g)
	}
	mustCode(t, c.submit("/panel/servers/discord/g1/notes", url.Values{"text": {"Meetings are on Mondays"}}), http.StatusSeeOther, "add note")
	page := c.get("/panel/servers/discord/g1").Body.String()
	notes := ids(t, page, "notes")
	if len(notes) != 1 || !strings.Contains(page, "Meetings are on Mondays") {
		t.Fatalf("notes %v:\n%s", notes, page)
	}
	mustCode(t, c.submit("/panel/servers/discord/g1/notes/"+notes[0]+"/edit", url.Values{"text": {"Meetings are on Tuesdays"}}), http.StatusSeeOther, "edit note")
	if m, _ := e.memory(memory.GuildOwner("discord", "g1"), notes[0]); m.Text != "Meetings are on Tuesdays" {
		t.Errorf("note text %q", m.Text)
	}
	mustCode(t, c.submit("/panel/servers/discord/g1/notes/"+notes[0]+"/forget", nil), http.StatusOK, "forget asks first")
	mustCode(t, c.submit("/panel/servers/discord/g1/notes/"+notes[0]+"/forget", url.Values{"confirm": {"yes"}}), http.StatusSeeOther, "forget note")
	if _, err := e.memory(memory.GuildOwner("discord", "g1"), notes[0]); err == nil {
		t.Error("note still stored")
	}
	if strings.Contains(e.signIn(ann.ID).get("/panel/memories").Body.String(), "/panel/servers/") {
		t.Error("a ticket without servers links a server page")
	}
}

// The replies page lists each reply's memories with scores, as they are
// now: a forgotten one shows as forgotten, never in its old text.
func TestReplies(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	tea := e.remember(ann.ID, "Drinks green tea")
	gone := e.remember(ann.ID, "Has a secret")
	e.replies.list = []bot.Injection{{At: e.clock(), Memories: []bot.Recalled{
		{Memory: tea, Score: 0.81, Parts: map[string]float64{"lexical": 0.9}},
		{Memory: gone, Score: 0.4},
	}}}
	c := e.signIn(ann.ID)
	if _, err := e.svc.Forget(e.ctx, ann.ID, gone.ID); err != nil {
		t.Fatal(err)
	}
	page := c.get("/panel/replies").Body.String()
	if !strings.Contains(page, `<ul id="replies">`) || !strings.Contains(page, "Drinks green tea") || !strings.Contains(page, `<span class="score">0.81</span>`) || !strings.Contains(page, "lexical 0.90") {
		t.Errorf("replies page:\n%s", page)
	}
	if strings.Contains(page, "Has a secret") || !strings.Contains(page, "forgotten since") {
		t.Error("a forgotten memory shows in its old form")
	}
}

// The style sheet and the script are served from the binary, to anyone
// (the signed-out page uses them too); the pages are for a phone as well.
func TestStaticAndPhone(t *testing.T) {
	e := newEnv(t)
	anon := &client{e: e}
	for path, want := range map[string]string{"/panel/static/panel.css": "text/css", "/panel/static/panel.js": "javascript"} {
		res := anon.get(path)
		mustCode(t, res, http.StatusOK, path)
		if ct := res.Header().Get("Content-Type"); !strings.Contains(ct, want) {
			t.Errorf("%s: Content-Type %q", path, ct)
		}
	}
	page := anon.get("/panel/signed-out").Body.String()
	if !strings.Contains(page, `<meta name="viewport" content="width=device-width, initial-scale=1">`) || strings.Contains(page, "<script>") {
		t.Errorf("signed-out page: no viewport, or inline script:\n%s", page)
	}
}
