package web

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/membot/membot/bot"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/preprocess"
	"github.com/membot/membot/memory/recall"
	"github.com/membot/membot/memory/text"
)

// PageSize is how many memories a list page shows.
const PageSize = 50

// statusFilters are the list's status choices; "" is the default view
// (active and awaiting review), "all" every status.
var statusFilters = []string{"", "active", "pending_review", "done", "superseded", "archived", "all"}

// filter is the list's query, from the URL.
type filter struct {
	Type      string
	Lifecycle string
	Status    string
	Page      int
}

// listView is the list page's data.
type listView struct {
	Filter     filter
	Memories   []memory.Memory
	Total      int64
	From, To   int
	Prev, Next string
	Types      []memory.Type
	Lifecycles []memory.Lifecycle
	Statuses   []string
}

// parseFilter reads the list's filters; unknown values are dropped.
func parseFilter(q url.Values) filter {
	f := filter{Page: 1}
	if t := memory.Type(q.Get("type")); t.Valid() {
		f.Type = string(t)
	}
	if l := memory.Lifecycle(q.Get("lifecycle")); l.Valid() {
		f.Lifecycle = string(l)
	}
	for _, s := range statusFilters {
		if q.Get("status") == s {
			f.Status = s
		}
	}
	if n, err := strconv.Atoi(q.Get("page")); err == nil && n > 1 && n < 1_000_000 {
		f.Page = n
	}
	return f
}

// query is the filter as a store query of owner.
func (f filter) query(owner string) memory.MemoryQuery {
	q := memory.MemoryQuery{Owner: owner, Limit: PageSize, Offset: (f.Page - 1) * PageSize}
	if f.Type != "" {
		q.Types = []memory.Type{memory.Type(f.Type)}
	}
	if f.Lifecycle != "" {
		q.Lifecycle = []memory.Lifecycle{memory.Lifecycle(f.Lifecycle)}
	}
	switch f.Status {
	case "":
		q.Statuses = []memory.Status{memory.StatusActive, memory.StatusPendingReview}
	case "all":
	default:
		q.Statuses = []memory.Status{memory.Status(f.Status)}
	}
	return q
}

// link is the list's URL for page n of the same filters.
func (f filter) link(n int) string {
	v := url.Values{}
	for k, s := range map[string]string{"type": f.Type, "lifecycle": f.Lifecycle, "status": f.Status} {
		if s != "" {
			v.Set(k, s)
		}
	}
	if n > 1 {
		v.Set("page", strconv.Itoa(n))
	}
	if len(v) == 0 {
		return "/panel/memories"
	}
	return "/panel/memories?" + v.Encode()
}

// list is the person's memories, filtered and paged, with the total.
func (p *Panel) list(w http.ResponseWriter, r *http.Request, s *session) {
	ctx := r.Context()
	f := parseFilter(r.URL.Query())
	q := f.query(s.person)
	total, err := p.opts.Memories.Count(ctx, q)
	if err != nil {
		p.fail(w, r, "count memories", err)
		return
	}
	list, err := p.opts.Memories.List(ctx, q)
	if err != nil {
		p.fail(w, r, "list memories", err)
		return
	}
	v := listView{Filter: f, Memories: list, Total: total, Types: memory.Types, Lifecycles: memory.Lifecycles, Statuses: statusFilters}
	if len(list) > 0 {
		v.From, v.To = q.Offset+1, q.Offset+len(list)
	}
	if f.Page > 1 {
		v.Prev = f.link(f.Page - 1)
	}
	if int64(q.Offset+len(list)) < total {
		v.Next = f.link(f.Page + 1)
	}
	p.render(w, http.StatusOK, "memories", pageOf(s, "Your memories", v))
}

// searchView is the search page's data.
type searchView struct {
	Query   string
	Results []recall.Result
	Done    bool
}

// search ranks the person's memories for the words as replies rank
// them (the production recall), each with its score and its parts. The
// words come by POST: in a URL they would stay in the browser's history
// and in every proxy's access log; a GET shows the empty form.
func (p *Panel) search(w http.ResponseWriter, r *http.Request, s *session) {
	q := ""
	if r.Method == http.MethodPost {
		q = strings.TrimSpace(r.PostFormValue("q"))
	}
	v := searchView{Query: q}
	if q != "" {
		q = text.Truncate(q, 500)
		q, _ = preprocess.Redact(q) // the query may go to an embedding API
		got, err := p.opts.Memories.Recall(r.Context(), s.person, recall.Query{Text: q, Limit: bot.SearchLimit, Literal: true})
		if err != nil {
			p.fail(w, r, "search memories", err)
			return
		}
		for _, x := range got {
			if x.Memory.Owner == s.person {
				v.Results = append(v.Results, x)
			}
		}
		v.Done = true
	}
	p.render(w, http.StatusOK, "search", pageOf(s, "Search", v))
}

// export is every memory of the person, in every status, as the JSON of
// "/memories export".
func (p *Panel) export(w http.ResponseWriter, r *http.Request, s *session) {
	all, err := p.opts.Memories.List(r.Context(), memory.MemoryQuery{Owner: s.person})
	if err != nil {
		p.fail(w, r, "export memories", err)
		return
	}
	if all == nil {
		all = []memory.Memory{}
	}
	doc := bot.Export{Format: "membot-memories/1", PersonID: s.person, ExportedAt: p.now().UTC(), Memories: all}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		p.fail(w, r, "encode export", err)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Disposition", `attachment; filename="membot-memories.json"`)
	_, _ = w.Write(data)
}
