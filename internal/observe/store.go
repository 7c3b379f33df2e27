package observe

import (
	"context"
	"errors"
	"reflect"
	"sort"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/membot/membot/memory"
)

// Store is a memory.Store that counts every call, and every call that
// failed, by method: in Metrics (when it has one) for /metrics, and in the
// process for Counts, so that a benchmark or a test can read how many
// store operations one answered message cost.
type Store struct {
	s memory.Store
	// ops has one entry per method of memory.Store, made at
	// construction; it is only read afterwards.
	ops map[string]*op
}

var _ memory.Store = (*Store)(nil)

// op counts one method.
type op struct {
	method        string
	m             *Metrics // nil: in the process only
	calls, errors atomic.Int64
	counter       prometheus.Counter // nil without Metrics
}

// OpCount is what Counts reports for one method.
type OpCount struct {
	Calls  int64
	Errors int64
}

// NewStore wraps s, counting into m; a nil m counts in the process only.
func NewStore(s memory.Store, m *Metrics) *Store {
	st := &Store{s: s, ops: make(map[string]*op)}
	t := reflect.TypeFor[memory.Store]()
	for i := range t.NumMethod() {
		name := t.Method(i).Name
		o := &op{method: name, m: m}
		if m != nil {
			o.counter = m.storeOps.WithLabelValues(name)
		}
		st.ops[name] = o
	}
	return st
}

// Unwrap returns the wrapped store.
func (s *Store) Unwrap() memory.Store { return s.s }

// begin counts one call of method, before it runs (so that a call that
// never returns is counted too).
func (s *Store) begin(method string) *op {
	o := s.ops[method]
	o.calls.Add(1)
	if o.counter != nil {
		o.counter.Inc()
	}
	return o
}

// end counts the call's error, if any.
func (o *op) end(err error) {
	if err == nil {
		return
	}
	o.errors.Add(1)
	if o.m != nil {
		o.m.storeErrors.WithLabelValues(o.method, ErrorKind(err)).Inc()
	}
}

// Counts returns the calls so far of every method called at least once.
func (s *Store) Counts() map[string]OpCount {
	out := make(map[string]OpCount)
	for name, o := range s.ops {
		if c := o.calls.Load(); c > 0 {
			out[name] = OpCount{Calls: c, Errors: o.errors.Load()}
		}
	}
	return out
}

// Total is the calls so far of all methods together.
func (s *Store) Total() OpCount {
	var t OpCount
	for _, o := range s.ops {
		t.Calls += o.calls.Load()
		t.Errors += o.errors.Load()
	}
	return t
}

// Methods lists the methods counted, sorted: those of memory.Store.
func (s *Store) Methods() []string {
	out := make([]string, 0, len(s.ops))
	for name := range s.ops {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// ErrorKind names the kind of a store error for the errors metric:
// not_found, conflict, invalid, unavailable, read_only, locked, canceled
// (the caller gave up) or other.
func ErrorKind(err error) string {
	switch {
	case errors.Is(err, memory.ErrNotFound):
		return "not_found"
	case errors.Is(err, memory.ErrConflict):
		return "conflict"
	case errors.Is(err, memory.ErrInvalid):
		return "invalid"
	case errors.Is(err, memory.ErrUnavailable):
		return "unavailable"
	case errors.Is(err, memory.ErrReadOnly):
		return "read_only"
	case errors.Is(err, memory.ErrLocked):
		return "locked"
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "canceled"
	}
	return "other"
}
