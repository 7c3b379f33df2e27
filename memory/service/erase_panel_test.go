package service_test

import (
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// Forgetting everything of a person ends their memory panel sessions; a
// session of another person stays.
func TestForgetAllEndsPanelSessions(t *testing.T) {
	e := sqliteEnv(t, t.TempDir())
	e.svc = e.service(e.fault)
	ann, bob := e.person("ann"), e.person("bob")
	for _, key := range []string{
		memory.PanelSessionPrefix(ann.ID) + "s1", memory.PanelSessionPrefix(ann.ID) + "s2", memory.PanelSessionPrefix(bob.ID) + "s1",
	} {
		if err := e.store.PutSetting(e.ctx, key, `{"person_id":"x"}`, time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := e.svc.ForgetAll(e.ctx, ann.ID); err != nil {
		t.Fatal(err)
	}
	if n, err := e.store.CountSettings(e.ctx, memory.PanelSessionPrefix(ann.ID)); err != nil || n != 0 {
		t.Errorf("ann's panel sessions after her erasure: %d, %v; want 0", n, err)
	}
	if _, err := e.store.Setting(e.ctx, memory.PanelSessionPrefix(bob.ID)+"s1"); err != nil {
		t.Errorf("bob's panel session after ann's erasure: %v", err)
	}
}
