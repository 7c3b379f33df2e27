package web

import (
	"errors"
	"net/http"
	"time"

	"github.com/membot/membot/memory"
)

// RecentReplies is how many replies the replies page shows.
const RecentReplies = 10

// injected is one memory that went into a reply, as it stands now.
type injected struct {
	ID     string
	Text   string
	Shared bool // a server's shared note, not the person's own
	Gone   bool // forgotten since
	Score  float64
	Parts  map[string]float64
}

// reply is one reply and what went into it.
type reply struct {
	At       time.Time
	Memories []injected
}

// replies shows, for each of the person's last replies, when it was made
// and which memories went into it with their scores. Each memory is read
// again, so that a forgotten or edited one never shows in its old form.
func (p *Panel) replies(w http.ResponseWriter, r *http.Request, s *session) {
	var out []reply
	if p.opts.Replies != nil {
		got, err := p.opts.Replies.RecentReplies(r.Context(), s.person, RecentReplies)
		if err != nil {
			p.fail(w, r, "read recent replies", err)
			return
		}
		for _, in := range got {
			rp := reply{At: in.At}
			for _, x := range in.Memories {
				owner := x.Memory.Owner
				if owner != s.person && !memory.IsGuildOwner(owner) {
					continue
				}
				it := injected{ID: x.Memory.ID, Score: x.Score, Parts: x.Parts, Shared: owner != s.person}
				m, err := p.opts.Memories.Memory(r.Context(), owner, x.Memory.ID)
				switch {
				case errors.Is(err, memory.ErrNotFound):
					it.Gone = true
				case err != nil:
					p.fail(w, r, "read an injected memory", err)
					return
				default:
					it.Text = m.Text
				}
				rp.Memories = append(rp.Memories, it)
			}
			out = append(out, rp)
		}
	}
	p.render(w, http.StatusOK, "replies", pageOf(s, "Recent replies", out))
}
