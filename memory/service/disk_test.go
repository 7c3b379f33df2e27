package service_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/sqlite"
	"github.com/membot/membot/memory/storetest"
)

// vectorMarker is an embedding no other data resembles, and markerBytes
// its stored form (little-endian float32, as the embedded store keeps it).
func vectorMarker() ([]float32, []byte) {
	v := make([]float32, 16)
	var raw []byte
	for i := range v {
		v[i] = 1234.5678 + float32(i)
		raw = binary.LittleEndian.AppendUint32(raw, math.Float32bits(v[i]))
	}
	return v, raw
}

// onDisk reports which files of dir (the database, its write-ahead log and
// shared-memory index, anything else) hold marker, raw and in any case.
func onDisk(t *testing.T, dir string, marker []byte) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var in []string
	for _, e := range entries {
		raw, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(bytes.ToLower(raw), bytes.ToLower(marker)) {
			in = append(in, e.Name())
		}
	}
	return in
}

// sqliteEnv is an env on the embedded store in dir, kept open.
func sqliteEnv(t *testing.T, dir string) *env {
	t.Helper()
	st, err := sqlite.Open(context.Background(), dir, sqlite.WithLogger(slog.New(slog.DiscardHandler)))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	e := &env{t: t, ctx: context.Background(), store: st, fault: storetest.NewFaulty(st), now: t0}
	e.svc = e.service(st)
	return e
}

// TestErasureLeavesNothingOnDisk forgets memories through the service
// while the store is open and reads the data directory raw: the text of
// every version, its vector, the messages it came from and the bot's
// replies to them are in none of the files, the write-ahead log included.
func TestErasureLeavesNothingOnDisk(t *testing.T) {
	vec, vecRaw := vectorMarker()
	for _, tc := range []struct {
		name  string
		erase func(e *env, owner, id string) error
	}{
		{"forget", func(e *env, owner, id string) error { _, err := e.svc.Forget(e.ctx, owner, id); return err }},
		{"forget all", func(e *env, owner, _ string) error { _, err := e.svc.ForgetAll(e.ctx, owner); return err }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			e := sqliteEnv(t, dir)
			ann := e.person("ann")
			e.say("console:dm", ann, "m1", "I live in Quokkaberg-Old")
			e.say("console:dm", ann, "m2", "I moved to Quokkaberg-New")
			old := e.remember(ann.ID, "Lives in Quokkaberg-Old", "console:dm", "m1")
			head := memory.Memory{
				Owner: ann.ID, Text: "Lives in Quokkaberg-New", Type: memory.TypeFact, Lifecycle: memory.LifecycleFact,
				Importance: 0.6, Confidence: 0.9, Status: memory.StatusActive,
				Source: memory.Source{Platform: "console", ConversationID: "console:dm", MessageIDs: []string{"m2"}},
			}
			if linked, err := e.svc.Supersede(e.ctx, ann.ID, old.ID, &head, "moved"); err != nil || !linked {
				t.Fatalf("supersede: linked %v, %v", linked, err)
			}
			got, err := e.store.Memory(e.ctx, ann.ID, head.ID)
			if err != nil {
				t.Fatal(err)
			}
			if err := e.svc.SetEmbedding(e.ctx, ann.ID, head.ID, got.Version, &memory.Embedding{Model: "m", Vector: vec}); err != nil {
				t.Fatal(err)
			}
			if in := onDisk(t, dir, []byte("quokkaberg")); len(in) == 0 {
				t.Fatal("marker not on disk before the erasure: the test cannot see what it looks for")
			}
			if in := onDisk(t, dir, vecRaw); len(in) == 0 {
				t.Fatal("vector not on disk before the erasure: the test cannot see what it looks for")
			}
			if err := tc.erase(e, ann.ID, head.ID); err != nil {
				t.Fatal(err)
			}
			if in := onDisk(t, dir, []byte("quokkaberg")); len(in) != 0 {
				t.Errorf("erased text still in %v", in)
			}
			if in := onDisk(t, dir, vecRaw); len(in) != 0 {
				t.Errorf("erased vector still in %v", in)
			}
		})
	}
}

// TestForgetAllLeavesNoAnswerBehind: what the person said that no memory
// came from (the bot's reply repeating it), a message still queued for an
// answer and an answer kept for delivery are erased by forget all, from
// every file; another person's stay.
func TestForgetAllLeavesNoAnswerBehind(t *testing.T) {
	dir := t.TempDir()
	e := sqliteEnv(t, dir)
	e.svc = e.service(e.fault)
	ann, bob := e.person("ann"), e.person("bob")
	for _, p := range []struct {
		who    memory.Person
		marker string
	}{{ann, "Wombat-Ann"}, {bob, "Wombat-Bob"}} {
		conv := "console:" + p.who.ID
		e.say(conv, p.who, "m1", "my word is "+p.marker)
		a := memory.Answer{ConversationID: conv, PlatformID: "m2", Platform: "console", PersonID: p.who.ID,
			Payload: `{"text":"queued ` + p.marker + `"}`, ReceivedAt: t0, Holder: "r1", LeaseUntil: t0}
		if err := e.store.QueueAnswer(e.ctx, a); err != nil {
			t.Fatal(err)
		}
		if err := e.store.PutSetting(e.ctx, memory.UndeliveredKey(p.who.ID, conv), "kept "+p.marker, time.Time{}); err != nil {
			t.Fatal(err)
		}
		if err := e.store.PutSetting(e.ctx, memory.WhyKey(p.who.ID), `{"items":[]}`, time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	if in := onDisk(t, dir, []byte("wombat-ann")); len(in) == 0 {
		t.Fatal("marker not on disk before the erasure: the test cannot see what it looks for")
	}
	e.fault.FailOn("DeletePersonMessages", 1, errInjected)
	if _, err := e.svc.ForgetAll(e.ctx, ann.ID); !errors.Is(err, errInjected) {
		t.Fatalf("ForgetAll = %v, want the failure reported", err)
	}
	if _, err := e.svc.ForgetAll(e.ctx, ann.ID); err != nil {
		t.Fatalf("retried ForgetAll: %v", err)
	}
	if in := onDisk(t, dir, []byte("wombat-ann")); len(in) != 0 {
		t.Errorf("erased text still in %v", in)
	}
	if got := e.messages("console:" + bob.ID); !slices.Equal(got, []string{"m1", "reply:m1"}) {
		t.Errorf("bob's messages after ann's erasure: %v", got)
	}
	if _, err := e.store.Setting(e.ctx, memory.WhyKey(ann.ID)); !errors.Is(err, memory.ErrNotFound) {
		t.Errorf("ann's last-reply record after her erasure: %v, want ErrNotFound", err)
	}
	if _, err := e.store.Setting(e.ctx, memory.WhyKey(bob.ID)); err != nil {
		t.Errorf("bob's last-reply record after ann's erasure: %v", err)
	}
	if v, err := e.store.Setting(e.ctx, memory.UndeliveredKey(bob.ID, "console:"+bob.ID)); err != nil || v != "kept Wombat-Bob" {
		t.Errorf("bob's kept answer after ann's erasure: %q, %v", v, err)
	}
	a, err := e.store.ClaimAnswer(e.ctx, memory.ClaimQuery{Platform: "console", Holder: "r2", Now: t0, Until: t0.Add(time.Minute)})
	if err != nil || a.PersonID != bob.ID {
		t.Errorf("claimable after ann's erasure: %+v, %v; want bob's entry", a, err)
	}
	if _, err := e.store.ClaimAnswer(e.ctx, memory.ClaimQuery{Platform: "console", Holder: "r2", Now: t0, Until: t0.Add(time.Minute)}); !errors.Is(err, memory.ErrNotFound) {
		t.Errorf("a second entry is claimable after ann's erasure: %v", err)
	}
}
