package upkeep

import "github.com/membot/membot/memory"

// maxSkipped bounds the skip list, so a model that refuses most texts
// cannot grow it without end; past it, refused texts are simply tried
// again on later passes.
const maxSkipped = 10000

// skipKey names one version of one memory: an edit gives the new text a
// fresh chance.
type skipKey struct {
	owner, id string
	version   int64
}

// skipList remembers, for one embedding model, the memories whose text the
// model refused, so that back-fill does not send them again and again and
// they do not crowd out the rest. It lives as long as the process: a
// restart or a change of model tries them once more.
type skipList struct {
	model string
	keys  map[skipKey]struct{}
}

// reset empties the list when the model changed.
func (l *skipList) reset(model string) {
	if l.model != model || l.keys == nil {
		l.model, l.keys = model, make(map[skipKey]struct{})
	}
}

// add sets m aside.
func (l *skipList) add(m memory.Memory) {
	if len(l.keys) < maxSkipped {
		l.keys[skipKey{m.Owner, m.ID, m.Version}] = struct{}{}
	}
}

// has reports whether m was set aside.
func (l *skipList) has(m memory.Memory) bool {
	_, ok := l.keys[skipKey{m.Owner, m.ID, m.Version}]
	return ok
}
