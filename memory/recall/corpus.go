package recall

import (
	"fmt"
	"sort"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/membot/membot/memory/text"
)

// MaxDocText bounds the text of one document, in bytes; longer text is an
// error rather than a silent truncation.
const MaxDocText = 1 << 20

// Doc is one retrievable item: a memory or a note.
type Doc struct {
	// ID identifies the document within its corpus.
	ID   string
	Text string
	// Keywords are extra terms (tags, bilingual keywords) weighted above
	// the text.
	Keywords []string
	// Time is when it was said or happened.
	Time time.Time
	// Vector is the document's embedding, if any.
	Vector []float32
}

// posting is one document holding a term, with the term's weighted
// frequency in it.
type posting struct {
	slot int32
	tf   float32
}

// slotDoc is what the corpus keeps of one document.
type slotDoc struct {
	id   string
	time time.Time
	// tie orders documents of equal score by what they say, so that a
	// ranking is the same from run to run whatever ids the store drew.
	tie uint64
	// terms and tfs are the distinct term ids of the document and their
	// weighted frequencies.
	terms []int32
	tfs   []float32
	// length is the weighted number of terms.
	length float32
	// temporal is true when the text holds a time expression.
	temporal bool
	// vec is where the document's quantised unit embedding lives.
	vec vecRef
}

// Corpus is a searchable collection of documents: a BM25 inverted index
// with optional vectors, ranked as Options say. Add, Remove and Update are
// incremental; a removed document is gone from the index at once. It is
// safe for concurrent use.
type Corpus struct {
	mu   sync.RWMutex
	opts Options

	slots []*slotDoc
	free  []int32
	byID  map[string]int32

	termIDs  map[string]int32
	terms    []string
	postings [][]posting
	freeTerm []int32

	totalLen float64
	live     int
	// vecs holds the document vectors.
	vecs vectorSet
	// expand holds the compiled query expansions; nil for none.
	expand *expander
	// scratch recycles the working arrays of searches.
	scratch scratchPool
}

// NewCorpus returns an empty corpus ranked with opts.
func NewCorpus(opts Options) *Corpus {
	opts = opts.withDefaults()
	return &Corpus{
		opts:    opts,
		expand:  newExpander(opts.Expansions, opts.Tokenizer),
		byID:    make(map[string]int32),
		termIDs: make(map[string]int32),
	}
}

// Len returns the number of documents.
func (c *Corpus) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.live
}

// Has reports whether a document with id is indexed.
func (c *Corpus) Has(id string) bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	_, ok := c.byID[id]
	return ok
}

// Add indexes d, replacing any document with the same id.
func (c *Corpus) Add(d Doc) error {
	if err := validateDoc(d); err != nil {
		return err
	}
	sd := c.analyse(d)
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.byID[d.ID]; ok {
		c.removeSlot(old)
	}
	c.insert(sd, d)
	return nil
}

// Update is Add under the name a caller replacing a document expects.
func (c *Corpus) Update(d Doc) error { return c.Add(d) }

// Remove deletes the document with id, reporting whether it was there.
func (c *Corpus) Remove(id string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.byID[id]
	if ok {
		c.removeSlot(s)
	}
	return ok
}

// validateDoc rejects documents the index cannot hold.
func validateDoc(d Doc) error {
	switch {
	case d.ID == "":
		return fmt.Errorf("index document: empty id")
	case len(d.Text) > MaxDocText:
		return fmt.Errorf("index document %q: text is %d bytes, over %d", d.ID, len(d.Text), MaxDocText)
	case !utf8.ValidString(d.ID):
		return fmt.Errorf("index document: id is not valid UTF-8")
	}
	for _, v := range d.Vector {
		if v != v || v > 1e30 || v < -1e30 {
			return fmt.Errorf("index document %q: vector holds NaN or infinity", d.ID)
		}
	}
	return nil
}

// pendingDoc is an analysed document waiting for term ids.
type pendingDoc struct {
	terms    map[string]float32
	length   float32
	temporal bool
	vec      quantVec
	tie      uint64
}

// analyse tokenises d outside the lock.
func (c *Corpus) analyse(d Doc) pendingDoc {
	pd := pendingDoc{terms: make(map[string]float32)}
	add := func(text string, w float32) {
		for _, t := range c.opts.Tokenizer.Tokens(text) {
			pd.terms[t] += w
			pd.length += w
		}
	}
	add(d.Text, 1)
	for _, k := range d.Keywords {
		add(k, float32(c.opts.KeywordWeight))
	}
	if c.opts.TemporalBoost > 0 {
		pd.temporal = text.HasTimeExpression(d.Text)
	}
	pd.vec = quantise(d.Vector)
	pd.tie = textHash(d.Text)
	return pd
}

// textHash is the 64-bit FNV-1a hash of s, without allocating: the tie
// order of documents that score alike.
func textHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// insert places an analysed document in a free slot. c.mu is held.
func (c *Corpus) insert(pd pendingDoc, d Doc) {
	sd := &slotDoc{
		id: d.ID, time: d.Time, tie: pd.tie,
		length: pd.length, temporal: pd.temporal,
		terms: make([]int32, 0, len(pd.terms)), tfs: make([]float32, 0, len(pd.terms)),
	}
	var slot int32
	if n := len(c.free); n > 0 {
		slot = c.free[n-1]
		c.free = c.free[:n-1]
		c.slots[slot] = sd
	} else {
		slot = int32(len(c.slots))
		c.slots = append(c.slots, sd)
	}
	sd.vec = c.vecs.put(pd.vec, slot)
	for t, tf := range pd.terms {
		id := c.termID(t)
		sd.terms = append(sd.terms, id)
		sd.tfs = append(sd.tfs, tf)
		c.postings[id] = append(c.postings[id], posting{slot: slot, tf: tf})
	}
	// Term ids in ascending order let two documents be compared by merge.
	sort.Sort(byTerm{sd})
	c.byID[d.ID] = slot
	c.totalLen += float64(pd.length)
	c.live++
}

// termID returns the id of term t, assigning one if new. c.mu is held.
func (c *Corpus) termID(t string) int32 {
	if id, ok := c.termIDs[t]; ok {
		return id
	}
	var id int32
	if n := len(c.freeTerm); n > 0 {
		id = c.freeTerm[n-1]
		c.freeTerm = c.freeTerm[:n-1]
		c.terms[id] = t
	} else {
		id = int32(len(c.terms))
		c.terms = append(c.terms, t)
		c.postings = append(c.postings, nil)
	}
	c.termIDs[t] = id
	return id
}

// removeSlot deletes the document in slot from every structure. c.mu is
// held.
func (c *Corpus) removeSlot(slot int32) {
	sd := c.slots[slot]
	for _, id := range sd.terms {
		ps := c.postings[id]
		for i := range ps {
			if ps[i].slot == slot {
				ps[i] = ps[len(ps)-1]
				ps = ps[:len(ps)-1]
				break
			}
		}
		if len(ps) == 0 {
			delete(c.termIDs, c.terms[id])
			c.terms[id] = ""
			c.postings[id] = nil
			c.freeTerm = append(c.freeTerm, id)
			continue
		}
		c.postings[id] = ps
	}
	c.vecs.drop(sd.vec)
	delete(c.byID, sd.id)
	c.totalLen -= float64(sd.length)
	c.live--
	if c.live == 0 || c.totalLen < 0 {
		// No rounding drift survives an emptied corpus.
		c.totalLen = 0
	}
	c.slots[slot] = nil
	c.free = append(c.free, slot)
}

// ApproxBytes estimates the heap held by the index, for capacity
// planning: postings, per-document term lists, vectors and dictionaries.
func (c *Corpus) ApproxBytes() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	const (
		mapEntry   = 48 // bucket share of a map entry, excluding key data
		sliceHdr   = 24
		stringHdr  = 16
		slotStruct = 160
	)
	n := len(c.slots)*8 + len(c.free)*4 + c.vecs.bytes()
	for _, sd := range c.slots {
		if sd == nil {
			continue
		}
		n += slotStruct + len(sd.id)
		n += cap(sd.terms)*4 + cap(sd.tfs)*4
		n += mapEntry + stringHdr + len(sd.id) // byID
	}
	for id, t := range c.terms {
		n += stringHdr + len(t) + sliceHdr + cap(c.postings[id])*8
		if t != "" {
			n += mapEntry + stringHdr + 4
		}
	}
	return n
}

// likeness compares two documents for near-duplicate detection: the
// Jaccard overlap of their terms and, when both have vectors, their cosine
// similarity. ok is false when either document is missing.
func (c *Corpus) likeness(a, b string) (jaccard, cosine float64, hasVec, ok bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	sa, okA := c.byID[a]
	sb, okB := c.byID[b]
	if !okA || !okB {
		return 0, 0, false, false
	}
	da, db := c.slots[sa], c.slots[sb]
	inter, i, j := 0, 0, 0
	for i < len(da.terms) && j < len(db.terms) {
		switch {
		case da.terms[i] == db.terms[j]:
			inter++
			i++
			j++
		case da.terms[i] < db.terms[j]:
			i++
		default:
			j++
		}
	}
	if union := len(da.terms) + len(db.terms) - inter; union > 0 {
		jaccard = float64(inter) / float64(union)
	}
	cosine, hasVec = c.vecs.cosine(da.vec, db.vec)
	return jaccard, cosine, hasVec, true
}

// byTerm sorts a document's term ids, keeping frequencies aligned.
type byTerm struct{ sd *slotDoc }

// Len, Less and Swap implement sort.Interface.
func (b byTerm) Len() int           { return len(b.sd.terms) }
func (b byTerm) Less(i, j int) bool { return b.sd.terms[i] < b.sd.terms[j] }
func (b byTerm) Swap(i, j int) {
	b.sd.terms[i], b.sd.terms[j] = b.sd.terms[j], b.sd.terms[i]
	b.sd.tfs[i], b.sd.tfs[j] = b.sd.tfs[j], b.sd.tfs[i]
}
