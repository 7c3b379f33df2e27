package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// ids lists the data-id of every li.memory of the list with element id
// list, in order.
func ids(t *testing.T, page, list string) []string {
	t.Helper()
	i := strings.Index(page, `id="`+list+`"`)
	if i < 0 {
		t.Fatalf("no #%s on the page:\n%s", list, page)
	}
	rest := page[i:]
	if j := strings.Index(rest, "</ul>"); j >= 0 {
		rest = rest[:j]
	}
	var out []string
	for _, m := range regexp.MustCompile(`<li class="memory[^"]*" data-id="([^"]+)"`).FindAllStringSubmatch(rest, -1) {
		out = append(out, m[1])
	}
	return out
}

// The list filters by type, lifecycle and status (superseded, archived,
// awaiting review and done included), pages 50 at a time and shows the
// total.
func TestListFiltersAndPaging(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.person("ann"), e.person("bob")
	e.remember(bob.ID, "Bob's fact")
	byStatus := map[memory.Status]string{}
	for _, st := range []memory.Status{memory.StatusSuperseded, memory.StatusArchived, memory.StatusPendingReview, memory.StatusDone} {
		byStatus[st] = e.remember(ann.ID, "A memory that is "+string(st), func(m *memory.Memory) { m.Status = st; m.Type = memory.TypeTask }).ID
	}
	pref := e.remember(ann.ID, "Likes jazz", func(m *memory.Memory) { m.Type = memory.TypePreference; m.Lifecycle = memory.LifecycleLongTerm }).ID
	for i := range 119 {
		e.advance(time.Second)
		e.remember(ann.ID, fmt.Sprintf("Fact number %d", i))
	}
	c := e.signIn(ann.ID)
	tests := []struct {
		query string
		n     int
		total string
		has   []string
	}{
		{"", 50, "1–50 of 121 memories", nil},
		{"?page=3", 21, "101–121 of 121 memories", []string{pref, byStatus[memory.StatusPendingReview]}},
		{"?type=preference", 1, "1–1 of 1 memories", []string{pref}},
		{"?lifecycle=long_term", 1, "of 1 memories", []string{pref}},
		{"?status=superseded", 1, "of 1 memories", []string{byStatus[memory.StatusSuperseded]}},
		{"?status=archived", 1, "of 1 memories", []string{byStatus[memory.StatusArchived]}},
		{"?status=pending_review", 1, "of 1 memories", []string{byStatus[memory.StatusPendingReview]}},
		{"?status=done&type=task", 1, "of 1 memories", []string{byStatus[memory.StatusDone]}},
		{"?status=all&page=3", 24, "101–124 of 124 memories", nil},
		{"?type=skill", 0, "No memories here.", nil},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			res := c.get("/panel/memories" + tt.query)
			mustCode(t, res, http.StatusOK, "list")
			page := res.Body.String()
			got := ids(t, page, "memories")
			if len(got) != tt.n {
				t.Fatalf("%d memories listed, want %d", len(got), tt.n)
			}
			if !strings.Contains(page, tt.total) {
				t.Errorf("page lacks %q", tt.total)
			}
			for _, id := range tt.has {
				if !strings.Contains(strings.Join(got, " "), id) {
					t.Errorf("%s not listed", id)
				}
			}
			if strings.Contains(page, "Bob's fact") {
				t.Error("another person's memory listed")
			}
			for _, id := range got {
				for _, want := range []string{`<a class="open" href="/panel/memories/` + id + `">`, `name="id" value="` + id + `"`} {
					if !strings.Contains(page, want) {
						t.Errorf("row %s lacks %s", id, want)
					}
				}
			}
		})
	}
	first := c.get("/panel/memories").Body.String()
	if !strings.Contains(first, `href="/panel/memories?page=2"`) || strings.Contains(first, `id="prev"`) {
		t.Error("the first page does not link the second only")
	}
	if !strings.Contains(first, `<form id="bulk" method="post" action="/panel/forget">`) || !strings.Contains(first, `<form id="search" method="post" action="/panel/search">`) {
		t.Error("the list lacks the bulk or search form")
	}
}

// Search ranks with the production recall and shows each result's score
// and its parts; another person's memories never show.
func TestSearchShowsScores(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.person("ann"), e.person("bob")
	tea := e.remember(ann.ID, "Drinks green tea every morning")
	e.remember(ann.ID, "Works as a nurse")
	e.remember(bob.ID, "Drinks black tea")
	c := e.signIn(ann.ID)
	res := c.submit("/panel/search", url.Values{"q": {"green tea"}})
	mustCode(t, res, http.StatusOK, "search")
	page := res.Body.String()
	got := ids(t, page, "results")
	if len(got) == 0 || got[0] != tea.ID {
		t.Fatalf("results %v, want %s first", got, tea.ID)
	}
	if !regexp.MustCompile(`<span class="score">[01]\.\d\d</span>`).MatchString(page) || !strings.Contains(page, `class="part">lexical`) {
		t.Errorf("no score or parts shown:\n%s", page)
	}
	if strings.Contains(page, "black tea") {
		t.Error("bob's memory in ann's search")
	}
	// A query in the URL is ignored: the words would stay in logs.
	if got := ids(t, c.get("/panel/search?q="+url.QueryEscape("green tea")).Body.String(), "results"); len(got) != 0 {
		t.Errorf("a search by GET answered %v", got)
	}
	empty := c.get("/panel/search").Body.String()
	if len(ids(t, empty, "results")) != 0 || !strings.Contains(empty, `name="q"`) {
		t.Error("the empty search page")
	}
}

// An edit goes through the service (redacted as chat edits are) and the
// old text shows in the timeline, with the supersession chain.
func TestEditShowsOldTextInTimeline(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	old := e.remember(ann.ID, "Lives in Porto", func(m *memory.Memory) { m.Subject = "residence" })
	nw := e.remember(ann.ID, "Lives in Lisbon", func(m *memory.Memory) { m.Subject = "residence" })
	if _, err := e.svc.Supersede(e.ctx, ann.ID, old.ID, &memory.Memory{Owner: ann.ID, Text: "Lives in Faro", Subject: "residence",
		Type: memory.TypeFact, Lifecycle: memory.LifecycleFact, Importance: 0.5, Confidence: 0.9, Status: memory.StatusActive}, "moved"); err != nil {
		t.Fatal(err)
	}
	c := e.signIn(ann.ID)
	res := c.submit("/panel/memories/"+nw.ID+"/edit", url.Values{"text": {"Lives in Lisbon, call me at alice@example.com"}})
	mustCode(t, res, http.StatusSeeOther, "edit")
	got, _ := e.memory(ann.ID, nw.ID)
	if strings.Contains(got.Text, "alice@example.com") || !strings.HasPrefix(got.Text, "Lives in Lisbon") {
		t.Errorf("edited text %q: not redacted", got.Text)
	}
	page := c.get("/panel/memories/" + nw.ID).Body.String()
	tl := page[strings.Index(page, `<ol id="timeline">`):]
	tl = tl[:strings.Index(tl, "</ol>")]
	if n := strings.Count(tl, `<li class="version`); n != 2 {
		t.Errorf("%d versions in the timeline, want 2 (the old text, the current)", n)
	}
	if !strings.Contains(tl, "Lives in Lisbon</span>") || !strings.Contains(tl, "before edit") {
		t.Errorf("the old text is not in the timeline:\n%s", tl)
	}
	for _, want := range []string{`<form id="edit" method="post" action="/panel/memories/` + nw.ID + `/edit">`, `<textarea name="text"`, `id="subject-history"`, "Lives in Porto", "Lives in Faro"} {
		if !strings.Contains(page, want) {
			t.Errorf("memory page lacks %s", want)
		}
	}
	chain := c.get("/panel/memories/" + old.ID).Body.String()
	if !strings.Contains(chain, "before supersession") || !strings.Contains(chain, "Lives in Faro") || !strings.Contains(chain, "moved") {
		t.Errorf("the superseded memory's timeline lacks its successor:\n%s", chain)
	}
}

// The memory page shows the source messages as stored, the owner's only.
func TestSourceMessagesShown(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	if _, err := e.store.EnsureConversation(e.ctx, memory.Conversation{ID: "console:c1", Platform: "console"}); err != nil {
		t.Fatal(err)
	}
	msg := memory.Message{ConversationID: "console:c1", PlatformID: "m1", PersonID: ann.ID, Role: memory.RoleUser, Text: "I moved to Lisbon last week", Time: e.clock()}
	if err := e.store.AppendMessage(e.ctx, &msg); err != nil {
		t.Fatal(err)
	}
	m := e.remember(ann.ID, "Lives in Lisbon", func(m *memory.Memory) {
		m.Source = memory.Source{Platform: "console", ConversationID: "console:c1", MessageIDs: []string{"m1"}}
	})
	page := e.signIn(ann.ID).get("/panel/memories/" + m.ID).Body.String()
	if !strings.Contains(page, `id="sources"`) || !strings.Contains(page, "I moved to Lisbon last week") {
		t.Errorf("source message not shown:\n%s", page)
	}
}

// Forgetting asks first; only confirm=yes forgets, one memory or many.
func TestForget(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	a, b, keep := e.remember(ann.ID, "Fact A"), e.remember(ann.ID, "Fact B"), e.remember(ann.ID, "Fact C")
	c := e.signIn(ann.ID)
	tests := []struct {
		name string
		ids  []string
	}{
		{"one", []string{a.ID}},
		{"bulk", []string{b.ID, keep.ID}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ask := c.submit("/panel/forget", url.Values{"id": tt.ids})
			mustCode(t, ask, http.StatusOK, "forget without confirmation")
			page := ask.Body.String()
			if !strings.Contains(page, `<form id="confirm-forget" method="post" action="/panel/forget">`) || !strings.Contains(page, `name="confirm" value="yes"`) {
				t.Fatalf("no confirmation form:\n%s", page)
			}
			for _, id := range tt.ids {
				if _, err := e.memory(ann.ID, id); err != nil {
					t.Fatalf("%s went before confirmation: %v", id, err)
				}
				if !strings.Contains(page, `<input type="hidden" name="id" value="`+id+`">`) {
					t.Errorf("confirmation lacks %s", id)
				}
			}
			res := c.submit("/panel/forget", url.Values{"id": tt.ids, "confirm": {"yes"}})
			if res.Code != http.StatusSeeOther || res.Header().Get("Location") != "/panel/memories" {
				t.Fatalf("confirmed forget: %d %s", res.Code, res.Header().Get("Location"))
			}
			for _, id := range tt.ids {
				if _, err := e.memory(ann.ID, id); err == nil {
					t.Errorf("%s still stored", id)
				}
			}
		})
	}
	mustCode(t, c.get("/panel/memories/"+a.ID), http.StatusNotFound, "a forgotten memory's page")
}

// A task is marked done from its page; a fact is not.
func TestDone(t *testing.T) {
	e := newEnv(t)
	ann := e.person("ann")
	task := e.remember(ann.ID, "Renew the passport", func(m *memory.Memory) { m.Type = memory.TypeTask; m.Lifecycle = memory.LifecycleTemporary })
	fact := e.remember(ann.ID, "Has a passport")
	c := e.signIn(ann.ID)
	if !strings.Contains(c.get("/panel/memories/"+task.ID).Body.String(), `id="done"`) {
		t.Error("no done form on a task")
	}
	mustCode(t, c.submit("/panel/memories/"+task.ID+"/done", nil), http.StatusSeeOther, "done")
	if got, _ := e.memory(ann.ID, task.ID); got.Status != memory.StatusDone {
		t.Errorf("task is %s", got.Status)
	}
	mustCode(t, c.submit("/panel/memories/"+fact.ID+"/done", nil), http.StatusUnprocessableEntity, "done of a fact")
	if got, _ := e.memory(ann.ID, fact.ID); got.Status != memory.StatusActive {
		t.Errorf("fact is %s", got.Status)
	}
}

// A memory awaiting review is resolved from its page as the owner
// chooses.
func TestReviewResolution(t *testing.T) {
	tests := []struct {
		choice, text     string
		wantOld, wantNew memory.Status
	}{
		{"keep_this", "", memory.StatusActive, memory.StatusSuperseded},
		{"keep_other", "", memory.StatusSuperseded, memory.StatusActive},
		{"keep_both", "", memory.StatusActive, memory.StatusActive},
		{"merge", "Works at Globex since May", memory.StatusSuperseded, memory.StatusActive},
	}
	for _, tt := range tests {
		t.Run(tt.choice, func(t *testing.T) {
			e := newEnv(t)
			ann := e.person("ann")
			old := e.remember(ann.ID, "Works at Acme", func(m *memory.Memory) { m.Subject = "employer" })
			e.advance(time.Hour)
			nw := e.remember(ann.ID, "Works at Globex", func(m *memory.Memory) { m.Subject = "employer" })
			c := e.signIn(ann.ID)
			page := c.get("/panel/memories/" + old.ID).Body.String()
			if !strings.Contains(page, `<form id="review"`) || !strings.Contains(page, `name="other" value="`+nw.ID+`"`) {
				t.Fatalf("no review form against the newer memory:\n%s", page)
			}
			res := c.submit("/panel/memories/"+old.ID+"/review", url.Values{"choice": {tt.choice}, "other": {nw.ID}, "text": {tt.text}})
			mustCode(t, res, http.StatusSeeOther, "resolve")
			o, _ := e.memory(ann.ID, old.ID)
			n, _ := e.memory(ann.ID, nw.ID)
			if o.Status != tt.wantOld || n.Status != tt.wantNew {
				t.Errorf("old %s, new %s; want %s, %s", o.Status, n.Status, tt.wantOld, tt.wantNew)
			}
			if tt.text != "" && n.Text != tt.text {
				t.Errorf("merged text %q", n.Text)
			}
		})
	}
}

// The export is every memory of the person, in every status, as the JSON
// of "/memories export".
func TestExport(t *testing.T) {
	e := newEnv(t)
	ann, bob := e.person("ann"), e.person("bob")
	e.remember(ann.ID, "Fact A")
	e.remember(ann.ID, "Old fact", func(m *memory.Memory) { m.Status = memory.StatusArchived })
	e.remember(bob.ID, "Bob's")
	res := e.signIn(ann.ID).get("/panel/export")
	mustCode(t, res, http.StatusOK, "export")
	doc, err := decode(res.Body.String())
	if err != nil {
		t.Fatal(err)
	}
	if doc.Format != "membot-memories/1" || doc.PersonID != ann.ID || len(doc.Memories) != 2 {
		t.Fatalf("export %+v", doc)
	}
	for _, m := range doc.Memories {
		if m.Owner != ann.ID {
			t.Errorf("exported %s's memory", m.Owner)
		}
	}
}
