package recall

import (
	"slices"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// soleMatch is the one memory kept when none but those q.Carried reaches
// minScore (Config.SoleMatchShare): the recallable hit of the highest
// relevance outside q.Carried, if it reaches SoleMatchShare of minScore,
// leads the next by SoleMatchLead and shares a word with q
// (Corpus.sharesWord). e.mu is read-locked.
func (x *Index) soleMatch(e *ownerIndex, q Query, hits []Hit, minScore float64, now time.Time) (candidate, bool) {
	share, lead := x.cfg.SoleMatchShare, max(x.cfg.SoleMatchLead, 1)
	if share <= 0 || minScore <= 0 {
		return candidate{}, false
	}
	var best, next Hit
	var mem *memory.Memory
	for _, h := range hits {
		m, ok := e.get(h.ID)
		if !ok || !recallable(m, now) || slices.Contains(q.Carried, h.ID) {
			continue
		}
		switch {
		case h.Relevance > best.Relevance:
			best, next, mem = h, best, m
		case h.Relevance > next.Relevance:
			next = h
		}
	}
	if mem == nil || best.Relevance < share*minScore || best.Relevance < lead*next.Relevance ||
		!e.corpus.sharesWord(best.ID, q) {
		return candidate{}, false
	}
	p := x.cfg.prior(mem, now)
	return candidate{mem: mem, hit: best, prior: p, score: best.Score * p.Value}, true
}

// sharesWord reports whether document id holds a word of q's text: an
// alphabetic term, a pair of Chinese characters, a Chinese character that
// is a noun alone (text.IsNounChar), or, for a question asking when or
// what time, any of its terms in a document holding a time. A Chinese
// character of some other word ("天" of 今天 and 每天) is no word.
func (c *Corpus) sharesWord(id string, q Query) bool {
	aq := c.opts.analyse(Query{Text: q.Text}, nil)
	c.mu.RLock()
	defer c.mu.RUnlock()
	slot, ok := c.byID[id]
	if !ok {
		return false
	}
	sd := c.slots[slot]
	for t := range aq.own {
		tid, ok := c.termIDs[t]
		if !ok {
			continue
		}
		if _, held := slices.BinarySearch(sd.terms, tid); !held {
			continue
		}
		r, size := utf8.DecodeRuneInString(t)
		if size != len(t) || !unicode.Is(unicode.Han, r) || text.IsNounChar(r) || (aq.when && sd.temporal) {
			return true
		}
	}
	return false
}
