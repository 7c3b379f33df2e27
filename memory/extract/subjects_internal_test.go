package extract

import (
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

func TestDropExpiredKeepsWhatIsNotOver(t *testing.T) {
	now := time.Date(2026, 3, 14, 12, 0, 0, 0, time.UTC)
	ms := []memory.Memory{
		{Text: "lasting"},
		{Text: "over", ExpiresAt: now.Add(-time.Hour)},
		{Text: "ends now", ExpiresAt: now},
		{Text: "ahead", ExpiresAt: now.Add(time.Hour)},
	}
	var got []string
	for _, m := range dropExpired(ms, now) {
		got = append(got, m.Text)
	}
	if len(got) != 2 || got[0] != "lasting" || got[1] != "ahead" {
		t.Errorf("dropExpired kept %q, want [lasting ahead]", got)
	}
}
