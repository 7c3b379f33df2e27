package storetest

import (
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// testConcurrentRenewFinishAnswer: a replica renews (and, closing,
// releases) its leases while its answers finish: an entry marked done by
// FinishAnswer or SettleAnswer stays done whatever the renewal running
// beside it read. A server that writes back the whole document it read
// (FerretDB v1) loses the mark here, and another replica answers again.
func testConcurrentRenewFinishAnswer(t *testing.T, s memory.Store) {
	ctx := t.Context()
	keep := answerT0.Add(48 * time.Hour)
	for i := range takers {
		mustQueue(t, s, newAnswer("telegram:1", fmt.Sprint(i), "r1"))
	}
	var finished atomic.Int64
	parallel(t, takers+2, func(i int) error {
		if i >= takers {
			// Renew and release until every entry is marked, then once more.
			for last := false; !last; {
				last = finished.Load() == takers
				var err error
				if i == takers {
					_, err = s.RenewAnswers(ctx, "r1", answerT0.Add(time.Hour))
				} else {
					_, err = s.ReleaseAnswers(ctx, "r1")
				}
				if err != nil {
					return err
				}
			}
			return nil
		}
		defer finished.Add(1)
		id := fmt.Sprint(i)
		if i%2 == 0 {
			return s.FinishAnswer(ctx, "telegram:1", id, "r1", answerT0, keep)
		}
		return s.SettleAnswer(ctx, "telegram:1", id, "r1", answerT0, keep)
	})
	if n, err := s.RenewAnswers(ctx, "r1", answerT0.Add(time.Hour)); err != nil || n != 0 {
		t.Errorf("RenewAnswers after every entry was marked done = %d, %v; want 0", n, err)
	}
	for {
		a, err := claim(t, s, "r2", keep.Add(-time.Second))
		if errors.Is(err, memory.ErrNotFound) {
			break
		}
		if err != nil {
			t.Fatalf("ClaimAnswer: %v", err)
		}
		t.Errorf("entry %s pending again after it was marked done beside a renewal", a.PlatformID)
	}
}
