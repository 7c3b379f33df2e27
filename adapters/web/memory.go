package web

import (
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/service"
	"github.com/membot/membot/memory/subject"
)

// maxBulk bounds the memories one forget names.
const maxBulk = 200

// memoryView is a memory page's data.
type memoryView struct {
	Memory   memory.Memory
	Timeline []version
	Sources  []memory.Message
	// Subject is the subject's key, and Related every memory of the
	// person on it, oldest first, this one included.
	Subject string
	Related []memory.Memory
	// Other is the memory a pending review stands against.
	Other *memory.Memory
	Error string
}

// load reads the person's memory named by the path's id; an id that is
// not the person's answers exactly as an unknown one.
func (p *Panel) load(w http.ResponseWriter, r *http.Request, owner string) (memory.Memory, bool) {
	id := r.PathValue("id")
	if !validID(id) {
		p.notFound(w)
		return memory.Memory{}, false
	}
	m, err := p.opts.Memories.Memory(r.Context(), owner, id)
	switch {
	case errors.Is(err, memory.ErrNotFound), err == nil && m.Owner != owner:
		p.notFound(w)
		return memory.Memory{}, false
	case err != nil:
		p.fail(w, r, "read memory", err)
		return memory.Memory{}, false
	}
	return m, true
}

// memoryPage shows one memory: its fields, the forms that change it, its
// timeline, its source messages and the subject's whole history.
func (p *Panel) memoryPage(w http.ResponseWriter, r *http.Request, s *session) {
	m, ok := p.load(w, r, s.person)
	if !ok {
		return
	}
	p.showMemory(w, r, s, m, http.StatusOK, "")
}

// showMemory renders m's page with status and an error to show, if any.
func (p *Panel) showMemory(w http.ResponseWriter, r *http.Request, s *session, m memory.Memory, status int, problem string) {
	ctx := r.Context()
	v := memoryView{Memory: m, Error: problem}
	chain, err := p.opts.Memories.History(ctx, s.person, m.ID)
	if err != nil {
		p.fail(w, r, "read memory history", err)
		return
	}
	v.Timeline = timeline(chain, m.ID, s.lang)
	if v.Sources, err = p.opts.Memories.SourceMessages(ctx, m); err != nil {
		p.fail(w, r, "read source messages", err)
		return
	}
	if v.Subject = subject.Of(m.Subject); v.Subject != "" {
		if v.Related, err = p.related(r, s.person, v.Subject); err != nil {
			p.fail(w, r, "read the subject's memories", err)
			return
		}
	}
	if m.Status == memory.StatusPendingReview {
		if v.Other, err = p.opts.Memories.Counterpart(ctx, m); err != nil {
			p.fail(w, r, "find the memory under review against", err)
			return
		}
	}
	p.render(w, status, "memory", withTitle(pageOf(s, "Memory", v), shortID(m.ID)))
}

// related is every memory of owner on the subject key, in every status,
// oldest first.
func (p *Panel) related(r *http.Request, owner, key string) ([]memory.Memory, error) {
	all, err := p.opts.Memories.List(r.Context(), memory.MemoryQuery{Owner: owner})
	if err != nil {
		return nil, err
	}
	var out []memory.Memory
	for _, m := range all {
		if subject.Of(m.Subject) == key {
			out = append(out, m)
		}
	}
	slices.SortStableFunc(out, func(a, b memory.Memory) int { return a.CreatedAt.Compare(b.CreatedAt) })
	return out, nil
}

// edit replaces a memory's text, redacted as a chat edit is; the old
// text stays in its history.
func (p *Panel) edit(w http.ResponseWriter, r *http.Request, s *session) {
	m, ok := p.load(w, r, s.person)
	if !ok {
		return
	}
	text := strings.TrimSpace(r.PostFormValue("text")) // the service redacts it
	if text == "" || len(text) > memory.MaxMemoryText {
		p.showMemory(w, r, s, m, http.StatusUnprocessableEntity, "The text must be 1 to 2000 bytes long.")
		return
	}
	if text != m.Text {
		if _, err := p.opts.Memories.Edit(r.Context(), s.person, m.ID, text); err != nil {
			p.fail(w, r, "edit memory", err)
			return
		}
		p.log.InfoContext(r.Context(), "panel: memory edited", "person", s.person, "memory", m.ID)
	}
	http.Redirect(w, r, "/panel/memories/"+m.ID, http.StatusSeeOther)
}

// done marks a task done.
func (p *Panel) done(w http.ResponseWriter, r *http.Request, s *session) {
	m, ok := p.load(w, r, s.person)
	if !ok {
		return
	}
	_, err := p.opts.Memories.Done(r.Context(), s.person, m.ID)
	if errors.Is(err, memory.ErrInvalid) {
		p.showMemory(w, r, s, m, http.StatusUnprocessableEntity, "Only a current task can be marked done.")
		return
	}
	if err != nil {
		p.fail(w, r, "mark memory done", err)
		return
	}
	http.Redirect(w, r, "/panel/memories/"+m.ID, http.StatusSeeOther)
}

// review resolves a memory awaiting review as its owner chose.
func (p *Panel) review(w http.ResponseWriter, r *http.Request, s *session) {
	m, ok := p.load(w, r, s.person)
	if !ok {
		return
	}
	if m.Status != memory.StatusPendingReview {
		p.showMemory(w, r, s, m, http.StatusUnprocessableEntity, "This memory is not awaiting review.")
		return
	}
	other := r.PostFormValue("other")
	if other != "" && !validID(other) {
		p.notFound(w)
		return
	}
	text := strings.TrimSpace(r.PostFormValue("text")) // a merge's edit redacts it
	err := p.opts.Memories.Resolve(r.Context(), s.person, m.ID, service.Resolution(r.PostFormValue("choice")), other, text)
	switch {
	case errors.Is(err, memory.ErrNotFound):
		p.notFound(w)
		return
	case errors.Is(err, memory.ErrInvalid):
		p.showMemory(w, r, s, m, http.StatusUnprocessableEntity, "Choose an answer; a merge needs its text (1 to 2000 bytes).")
		return
	case err != nil:
		p.fail(w, r, "resolve review", err)
		return
	}
	p.log.InfoContext(r.Context(), "panel: review resolved", "person", s.person, "memory", m.ID)
	http.Redirect(w, r, "/panel/memories/"+m.ID, http.StatusSeeOther)
}

// forgetView is the confirmation page's data.
type forgetView struct {
	Memories []memory.Memory
	// Action is where the confirmation posts.
	Action string
}

// forget erases the memories the form names, every one the person's:
// without confirm=yes it only asks for confirmation.
func (p *Panel) forget(w http.ResponseWriter, r *http.Request, s *session) {
	list, ok := p.named(w, r, s.person, r.PostForm["id"])
	if !ok {
		return
	}
	if len(list) == 0 {
		http.Redirect(w, r, "/panel/memories", http.StatusSeeOther)
		return
	}
	if r.PostFormValue("confirm") != "yes" {
		p.render(w, http.StatusOK, "forget", pageOf(s, "Forget?", forgetView{Memories: list, Action: "/panel/forget"}))
		return
	}
	for _, m := range list {
		_, err := p.opts.Memories.Forget(r.Context(), s.person, m.ID)
		if err != nil && !errors.Is(err, memory.ErrNotFound) {
			p.fail(w, r, "forget memory", err)
			return
		}
	}
	p.log.InfoContext(r.Context(), "panel: memories forgotten", "person", s.person, "count", len(list))
	http.Redirect(w, r, "/panel/memories", http.StatusSeeOther)
}

// named reads the memories of owner that ids name, once each; an id that
// is not owner's answers 404 and nothing is done.
func (p *Panel) named(w http.ResponseWriter, r *http.Request, owner string, ids []string) ([]memory.Memory, bool) {
	if len(ids) > maxBulk {
		p.message(w, http.StatusRequestEntityTooLarge, "too-large", "Too many", "Forget at most 200 memories at a time.")
		return nil, false
	}
	var out []memory.Memory
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		if !validID(id) {
			p.notFound(w)
			return nil, false
		}
		m, err := p.opts.Memories.Memory(r.Context(), owner, id)
		switch {
		case errors.Is(err, memory.ErrNotFound), err == nil && m.Owner != owner:
			p.notFound(w)
			return nil, false
		case err != nil:
			p.fail(w, r, "read memory", err)
			return nil, false
		}
		out = append(out, m)
	}
	return out, true
}
