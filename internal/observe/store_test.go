package observe_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/membot/membot/internal/observe"
	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/storetest"
)

// absent is a store with no backend: every call panics, after the
// wrapper has counted it.
type absent struct{ memory.Store }

// Every method of memory.Store is counted under its own name, once per
// call: a method passed through uncounted (or counted under another
// name) fails here.
func TestStoreCountsEveryMethod(t *testing.T) {
	s := observe.NewStore(absent{}, nil)
	v := reflect.ValueOf(s)
	methods := reflect.TypeFor[memory.Store]()
	if got := len(s.Methods()); got != methods.NumMethod() {
		t.Fatalf("%d methods counted, memory.Store has %d", got, methods.NumMethod())
	}
	for i := range methods.NumMethod() {
		name := methods.Method(i).Name
		m := v.MethodByName(name)
		args := make([]reflect.Value, m.Type().NumIn())
		for j := range args {
			in := m.Type().In(j)
			if in == reflect.TypeFor[context.Context]() {
				args[j] = reflect.ValueOf(context.Background())
			} else {
				args[j] = reflect.Zero(in)
			}
		}
		func() {
			defer func() { _ = recover() }()
			m.Call(args)
		}()
		counts := s.Counts()
		if len(counts) != i+1 || counts[name].Calls != 1 {
			t.Fatalf("after calling %s once: counts %v", name, counts)
		}
	}
	if got := s.Total().Calls; got != int64(methods.NumMethod()) {
		t.Fatalf("total %d, want %d", got, methods.NumMethod())
	}
}

// Errors are counted by method and kind, in the process and in the
// metrics; calls that succeed are not errors.
func TestStoreCountsErrorsByKind(t *testing.T) {
	ctx := context.Background()
	inner, err := sqlite.Open(ctx, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	faulty := storetest.NewFaulty(inner)
	m := observe.NewMetrics()
	s := observe.NewStore(faulty, m)
	t.Cleanup(func() { _ = s.Close() })

	if _, err := s.Setting(ctx, "absent"); !errors.Is(err, memory.ErrNotFound) {
		t.Fatalf("Setting = %v, want not found", err)
	}
	faulty.FailAlways("Revision", memory.ErrUnavailable)
	for range 2 {
		if _, err := s.Revision(ctx, "p1"); !errors.Is(err, memory.ErrUnavailable) {
			t.Fatalf("Revision = %v", err)
		}
	}
	faulty.Heal()
	if _, err := s.Revision(ctx, "p1"); err != nil {
		t.Fatal(err)
	}
	if got := s.Counts()["Revision"]; got != (observe.OpCount{Calls: 3, Errors: 2}) {
		t.Fatalf("Revision counts %+v", got)
	}
	tests := []struct {
		collector string
		labels    []string
		want      float64
	}{
		{"ops", []string{"Revision"}, 3},
		{"ops", []string{"Setting"}, 1},
		{"errors", []string{"Revision", "unavailable"}, 2},
		{"errors", []string{"Setting", "not_found"}, 1},
	}
	for _, tt := range tests {
		got := scrape(t, m.Registry())
		name := "membot_store_operations_total"
		labels := map[string]string{"method": tt.labels[0]}
		if tt.collector == "errors" {
			name = "membot_store_errors_total"
			labels["kind"] = tt.labels[1]
		}
		if v := got.value(t, name, labels); v != tt.want {
			t.Errorf("%s%v = %v, want %v", name, labels, v, tt.want)
		}
	}
	if n := len(scrape(t, m.Registry()).f["membot_store_errors_total"].GetMetric()); n != 2 {
		t.Fatalf("%d error series, want 2", n)
	}
}

func TestErrorKind(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{memory.ErrNotFound, "not_found"},
		{memory.ErrConflict, "conflict"},
		{memory.ErrInvalid, "invalid"},
		{memory.ErrUnavailable, "unavailable"},
		{memory.ErrReadOnly, "read_only"},
		{memory.ErrLocked, "locked"},
		{context.Canceled, "canceled"},
		{context.DeadlineExceeded, "canceled"},
		{errors.New("disk on fire"), "other"},
	}
	for _, tt := range tests {
		wrapped := errors.Join(errors.New("context"), tt.err)
		if got := observe.ErrorKind(wrapped); got != tt.want {
			t.Errorf("ErrorKind(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}
