package storetest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// takers is how many goroutines race for one single-use setting.
const takers = 20

func settingContracts() []contract {
	return []contract{
		{name: "SettingRoundTrip", run: testSettingRoundTrip},
		{name: "SettingExpiry", run: testSettingExpiry},
		{name: "TakeSetting", run: testTakeSetting},
		{name: "DeleteSetting", run: testDeleteSetting},
		{name: "CountSettings", run: testCountSettings},
		{name: "DeleteSettings", run: testDeleteSettings},
		{name: "SettingsRejectInvalid", run: testSettingsRejectInvalid},
		{name: "ConcurrentTakeSetting", concurrent: true, run: testConcurrentTakeSetting},
	}
}

// settingTimes are an expiry already past and one still ahead.
type settingTimes struct{ past, future time.Time }

// expiries returns expiries an hour to either side of the real time:
// settings expire against the store's own clock, which the suite cannot
// set, and no test may depend on how fast it runs.
func expiries() settingTimes {
	now := time.Now()
	return settingTimes{past: now.Add(-time.Hour), future: now.Add(time.Hour)}
}

// mustPut stores a setting or fails the test.
func mustPut(t *testing.T, s memory.Store, key, value string, expires time.Time) {
	t.Helper()
	if err := s.PutSetting(t.Context(), key, value, expires); err != nil {
		t.Fatalf("PutSetting(%q): %v", key, err)
	}
}

// wantSetting fails t unless key holds value.
func wantSetting(t *testing.T, s memory.Store, key, value string) {
	t.Helper()
	got, err := s.Setting(t.Context(), key)
	if err != nil {
		t.Errorf("Setting(%q): %v, want %q", key, err, value)
		return
	}
	if got != value {
		t.Errorf("Setting(%q) = %q, want %q", key, got, value)
	}
}

// wantNoSetting fails t unless key reads as absent.
func wantNoSetting(t *testing.T, s memory.Store, key string) {
	t.Helper()
	got, err := s.Setting(t.Context(), key)
	if !errors.Is(err, memory.ErrNotFound) {
		t.Errorf("Setting(%q) = %q, %v; want ErrNotFound", key, got, err)
	}
}

// mustCount counts settings or fails the test.
func mustCount(t *testing.T, s memory.Store, prefix string) int64 {
	t.Helper()
	n, err := s.CountSettings(t.Context(), prefix)
	if err != nil {
		t.Fatalf("CountSettings(%q): %v", prefix, err)
	}
	return n
}

func testSettingRoundTrip(t *testing.T, s memory.Store) {
	wantNoSetting(t, s, "guild:1:config")
	for _, tc := range []struct{ key, value string }{
		{"guild:1:config", `{"channels":["general"],"shared_notes":true}`},
		{"person:小明:语言", "中文 🀄"},
		{"empty", ""},
		{"with spaces and \n newline", "value\twith\ttabs"},
		{"control characters", "NUL \x00 inside, BEL \a"},
		{strings.Repeat("k", memory.MaxSettingKey), "longest key"},
		{"largest value", strings.Repeat("值", memory.MaxSettingValue/3) + "x"},
	} {
		mustPut(t, s, tc.key, tc.value, time.Time{})
		wantSetting(t, s, tc.key, tc.value)
	}
	mustPut(t, s, "guild:1:config", "replaced", time.Time{})
	wantSetting(t, s, "guild:1:config", "replaced")
	wantNoSetting(t, s, "guild:1:Config")
	wantNoSetting(t, s, "guild:1:")
}

func testSettingExpiry(t *testing.T, s memory.Store) {
	at := expiries()
	mustPut(t, s, "code:live", "1234", at.future)
	mustPut(t, s, "code:dead", "5678", at.past)
	wantSetting(t, s, "code:live", "1234")
	wantNoSetting(t, s, "code:dead")
	if v, err := s.TakeSetting(t.Context(), "code:dead"); !errors.Is(err, memory.ErrNotFound) {
		t.Errorf("TakeSetting of an expired setting = %q, %v; want ErrNotFound", v, err)
	}
	if n := mustCount(t, s, "code:"); n != 1 {
		t.Errorf("CountSettings(code:) = %d, want 1 (the expired one does not count)", n)
	}

	// Writing again replaces the expiry too: into the past, and back to
	// never.
	mustPut(t, s, "code:live", "1234", at.past)
	wantNoSetting(t, s, "code:live")
	mustPut(t, s, "code:live", "again", time.Time{})
	wantSetting(t, s, "code:live", "again")
	mustPut(t, s, "code:dead", "revived", at.future)
	wantSetting(t, s, "code:dead", "revived")
	if n := mustCount(t, s, "code:"); n != 2 {
		t.Errorf("CountSettings(code:) after renewals = %d, want 2", n)
	}
}

func testTakeSetting(t *testing.T, s memory.Store) {
	ctx := t.Context()
	mustPut(t, s, "link:ABC123", "person-1", expiries().future)
	mustPut(t, s, "link:ABC124", "person-2", time.Time{})
	got, err := s.TakeSetting(ctx, "link:ABC123")
	if err != nil || got != "person-1" {
		t.Fatalf("TakeSetting = %q, %v; want person-1", got, err)
	}
	if got, err := s.TakeSetting(ctx, "link:ABC123"); !errors.Is(err, memory.ErrNotFound) {
		t.Errorf("second TakeSetting = %q, %v; want ErrNotFound (single use)", got, err)
	}
	wantNoSetting(t, s, "link:ABC123")
	wantSetting(t, s, "link:ABC124", "person-2")
	if got, err := s.TakeSetting(ctx, "link:never"); !errors.Is(err, memory.ErrNotFound) {
		t.Errorf("TakeSetting of an unknown key = %q, %v; want ErrNotFound", got, err)
	}
}

func testDeleteSetting(t *testing.T, s memory.Store) {
	ctx := t.Context()
	mustPut(t, s, "a", "1", time.Time{})
	mustPut(t, s, "ab", "2", time.Time{})
	if err := s.DeleteSetting(ctx, "a"); err != nil {
		t.Fatalf("DeleteSetting: %v", err)
	}
	wantNoSetting(t, s, "a")
	wantSetting(t, s, "ab", "2")
	if err := s.DeleteSetting(ctx, "a"); err != nil {
		t.Errorf("DeleteSetting of a deleted key: %v, want nil", err)
	}
	if err := s.DeleteSetting(ctx, "never-there"); err != nil {
		t.Errorf("DeleteSetting of an unknown key: %v, want nil", err)
	}
}

func testCountSettings(t *testing.T, s memory.Store) {
	at := expiries()
	for _, k := range []string{
		"link:alice:1", "link:alice:2", "link:alicia:1", "link:bob:1", "linkage", "Link:alice:3",
		"链接:1", "链接:2", "链接", "é1", "ê1", "¿1", "À1", "a.b", "a%b", "a_b",
	} {
		mustPut(t, s, k, "x", time.Time{})
	}
	mustPut(t, s, "link:alice:old", "x", at.past)
	mustPut(t, s, "link:alice:new", "x", at.future)
	for _, tc := range []struct {
		prefix string
		want   int64
	}{
		{"link:alice:", 3},
		{"link:ali", 4},
		{"link:", 5},
		{"link", 6},
		{"Link", 1},
		{"link:carol:", 0},
		{"链接:", 2},
		{"链接", 3},
		{"é", 1},
		{"¿", 1},
		{"À", 1},
		{"a.", 1},
		{".", 0},
		{".*", 0},
		{"a%", 1},
		{"%", 0},
		{"a_", 1},
		{"_", 0},
		{"link:alice:1", 1},
		{"link:alice:1x", 0},
		{"", 17},
	} {
		if got := mustCount(t, s, tc.prefix); got != tc.want {
			t.Errorf("CountSettings(%q) = %d, want %d", tc.prefix, got, tc.want)
		}
	}
}

// testDeleteSettings: every key with the prefix goes, expired or not, and
// the prefix is matched byte for byte (no wildcards, no case folding).
func testDeleteSettings(t *testing.T, s memory.Store) {
	ctx := t.Context()
	at := expiries()
	for _, k := range []string{"undelivered:alice:c1", "undelivered:alice:c2", "undelivered:alicia:c1",
		"Undelivered:alice:c3", "undelivered:a.ice:c1", "undelivered:bob:c1"} {
		mustPut(t, s, k, "x", time.Time{})
	}
	mustPut(t, s, "undelivered:alice:old", "x", at.past)
	mustPut(t, s, "undelivered:alice:new", "x", at.future)
	n, err := s.DeleteSettings(ctx, "undelivered:alice:")
	if err != nil || n < 3 || n > 4 {
		// The expired key may have been purged already by a later write.
		t.Fatalf("DeleteSettings(undelivered:alice:) = %d, %v; want 3 or 4, nil", n, err)
	}
	for _, k := range []string{"undelivered:alice:c1", "undelivered:alice:c2", "undelivered:alice:new"} {
		wantNoSetting(t, s, k)
	}
	for _, k := range []string{"undelivered:alicia:c1", "Undelivered:alice:c3", "undelivered:a.ice:c1", "undelivered:bob:c1"} {
		wantSetting(t, s, k, "x")
	}
	if got := mustCount(t, s, "undelivered:alice"); got != 0 {
		t.Errorf("after DeleteSettings, %d keys of alice counted, want 0", got)
	}
	if n, err := s.DeleteSettings(ctx, "undelivered:alice:"); err != nil || n != 0 {
		t.Errorf("second DeleteSettings = %d, %v; want 0, nil", n, err)
	}
	_, err = s.DeleteSettings(ctx, "")
	wantErr(t, "DeleteSettings of every key", err, memory.ErrInvalid)
	if got := mustCount(t, s, ""); got != 4 {
		t.Errorf("after a rejected DeleteSettings, %d keys, want 4", got)
	}
}

func testSettingsRejectInvalid(t *testing.T, s memory.Store) {
	ctx := t.Context()
	mustPut(t, s, "kept", "value", time.Time{})
	badKeys := map[string]string{
		"empty":         "",
		"too long":      strings.Repeat("k", memory.MaxSettingKey+1),
		"invalid UTF-8": "key\xff",
		"NUL byte":      "key\x00x",
	}
	for name, key := range badKeys {
		wantErr(t, "PutSetting with a key "+name, s.PutSetting(ctx, key, "v", time.Time{}), memory.ErrInvalid)
		_, err := s.Setting(ctx, key)
		wantErr(t, "Setting with a key "+name, err, memory.ErrInvalid)
		_, err = s.TakeSetting(ctx, key)
		wantErr(t, "TakeSetting with a key "+name, err, memory.ErrInvalid)
		wantErr(t, "DeleteSetting with a key "+name, s.DeleteSetting(ctx, key), memory.ErrInvalid)
		if key != "" {
			_, err = s.CountSettings(ctx, key)
			wantErr(t, "CountSettings with a prefix "+name, err, memory.ErrInvalid)
		}
	}
	for name, value := range map[string]string{
		"too long":      strings.Repeat("v", memory.MaxSettingValue+1),
		"invalid UTF-8": "bad \xfe bytes",
	} {
		wantErr(t, "PutSetting with a value "+name, s.PutSetting(ctx, "new", value, time.Time{}), memory.ErrInvalid)
		wantErr(t, "PutSetting replacing with a value "+name, s.PutSetting(ctx, "kept", value, time.Time{}), memory.ErrInvalid)
	}
	if n := mustCount(t, s, ""); n != 1 {
		t.Errorf("after rejected writes %d settings exist, want 1", n)
	}
	wantSetting(t, s, "kept", "value")
}

func testConcurrentTakeSetting(t *testing.T, s memory.Store) {
	ctx := t.Context()
	for round := range 3 {
		key := fmt.Sprintf("link:code-%d", round)
		mustPut(t, s, key, "winner", expiries().future)
		got := make([]string, takers)
		start := newBarrier(takers)
		parallel(t, takers, func(i int) error {
			start.wait(ctx)
			v, err := s.TakeSetting(ctx, key)
			if errors.Is(err, memory.ErrNotFound) {
				return nil
			}
			got[i] = v
			return err
		})
		var winners int
		for _, v := range got {
			if v != "" {
				winners++
				if v != "winner" {
					t.Errorf("round %d: TakeSetting returned %q, want winner", round, v)
				}
			}
		}
		if winners != 1 {
			t.Errorf("round %d: %d of %d concurrent takers got the code, want exactly 1", round, winners, takers)
		}
		wantNoSetting(t, s, key)
	}
}
