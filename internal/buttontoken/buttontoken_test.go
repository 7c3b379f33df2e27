package buttontoken

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func TestRememberLookupEvict(t *testing.T) {
	ctx := context.Background()
	s := New(2)
	a, _ := s.Remember(ctx, Button{Command: "/a", Owner: "1"})
	b, _ := s.Remember(ctx, Button{Command: "/b", Owner: "2"})
	if len(a) != Len || !IsToken(a) || a == b {
		t.Fatalf("tokens %q %q", a, b)
	}
	if got, err := s.Lookup(ctx, b); err != nil || got.Command != "/b" || got.Owner != "2" {
		t.Fatalf("lookup b = %+v %v", got, err)
	}
	s.Remember(ctx, Button{Command: "/c", Owner: "3"})
	if _, err := s.Lookup(ctx, a); !errors.Is(err, ErrUnknown) {
		t.Fatalf("oldest token not evicted at capacity: %v", err)
	}
	for _, forged := range []string{"", "~", "~AAAAAAAAAAAAAAAA", "/a"} {
		if _, err := s.Lookup(ctx, forged); !errors.Is(err, ErrUnknown) {
			t.Fatalf("forged token %q resolved: %v", forged, err)
		}
	}
}

// settingsMap is the store's settings in memory, with expiry and the
// store's key rules.
type settingsMap struct {
	mu   sync.Mutex
	now  func() time.Time
	vals map[string]string
	exp  map[string]time.Time
	fail error
}

func newSettingsMap(now func() time.Time) *settingsMap {
	return &settingsMap{now: now, vals: map[string]string{}, exp: map[string]time.Time{}}
}

func (m *settingsMap) PutSetting(_ context.Context, key, value string, expires time.Time) error {
	if err := memory.ValidateSettingKey(key); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.vals[key], m.exp[key] = value, expires
	return nil
}

func (m *settingsMap) Setting(_ context.Context, key string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail != nil {
		return "", m.fail
	}
	v, ok := m.vals[key]
	if !ok || !m.now().Before(m.exp[key]) {
		return "", fmt.Errorf("setting %q: %w", key, ErrUnknown)
	}
	return v, nil
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// A token made by one process resolves in another over the same
// settings (a replica, or this one restarted), any number of times until
// it expires, and then in none.
func TestSharedTokens(t *testing.T) {
	ctx := context.Background()
	clk := &clock{t: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)}
	shared := newSettingsMap(clk.now)
	made := New(10, WithSettings(shared), WithClock(clk.now))
	other := New(10, WithSettings(shared), WithClock(clk.now))
	long := "/memories list 2 with a filter long enough not to fit in the button data"
	token, err := made.Remember(ctx, Button{Command: long, Owner: "42"})
	if err != nil {
		t.Fatal(err)
	}
	for press := range 2 {
		for name, s := range map[string]*Store{"maker": made, "other": other} {
			if got, err := s.Lookup(ctx, token); err != nil || got != (Button{Command: long, Owner: "42"}) {
				t.Fatalf("press %d on %s: %+v, %v", press, name, got, err)
			}
		}
	}
	if _, err := other.Lookup(ctx, Prefix+"AAAAAAAAAAAAAAAA"); !errors.Is(err, ErrUnknown) {
		t.Errorf("forged token on a shared store: %v, want ErrUnknown", err)
	}
	clk.add(TTL + time.Second)
	for name, s := range map[string]*Store{"maker": made, "other": other} {
		if _, err := s.Lookup(ctx, token); !errors.Is(err, ErrUnknown) {
			t.Errorf("expired token on %s: %v, want ErrUnknown", name, err)
		}
	}
}

// A settings failure is reported as such, not as an unknown token, and a
// token that could not be shared still works where it was made.
func TestSharedTokenFailures(t *testing.T) {
	ctx := context.Background()
	shared := newSettingsMap(time.Now)
	s := New(10, WithSettings(shared))
	token, _ := s.Remember(ctx, Button{Command: "/a", Owner: "1"})
	down := errors.New("connection refused")
	shared.fail = down
	other := New(10, WithSettings(shared))
	if _, err := other.Lookup(ctx, token); !errors.Is(err, down) || errors.Is(err, ErrUnknown) {
		t.Errorf("lookup with the settings down: %v, want the failure", err)
	}
	if got, err := s.Lookup(ctx, token); err != nil || got.Command != "/a" {
		t.Errorf("lookup where it was made, settings down: %+v, %v", got, err)
	}
}
