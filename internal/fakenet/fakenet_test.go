package fakenet

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"net"
	"slices"
	"sync"
	"syscall"
	"testing"
	"time"
)

// echoServer answers each framed message with the same message and
// records what it received whole.
type echoServer struct {
	ln  net.Listener
	mu  sync.Mutex
	got []string
	wg  sync.WaitGroup
}

func newEcho(t *testing.T) *echoServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	e := &echoServer{ln: ln}
	e.wg.Add(1)
	go func() {
		defer e.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			e.wg.Add(1)
			go func() {
				defer e.wg.Done()
				defer c.Close()
				for {
					msg, err := readMessage(c)
					if err != nil {
						return
					}
					e.mu.Lock()
					e.got = append(e.got, string(msg[4:]))
					e.mu.Unlock()
					if _, err := c.Write(msg); err != nil {
						return
					}
				}
			}()
		}
	}()
	t.Cleanup(func() { ln.Close(); e.wg.Wait() })
	return e
}

func (e *echoServer) received() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.got...)
}

func frame(s string) []byte {
	b := make([]byte, 4+len(s))
	binary.LittleEndian.PutUint32(b, uint32(len(b)))
	copy(b[4:], s)
	return b
}

// roundTrip sends s and reads the echo.
func roundTrip(c net.Conn, s string) (string, error) {
	if _, err := c.Write(frame(s)); err != nil {
		return "", err
	}
	_ = c.SetReadDeadline(time.Now().Add(5 * time.Second))
	msg, err := readMessage(c)
	if err != nil {
		return "", err
	}
	return string(msg[4:]), nil
}

func start(t *testing.T, target string) *Proxy {
	t.Helper()
	p, err := Start(target)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Close() })
	return p
}

func dial(t *testing.T, p *Proxy) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", p.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// isReset reports whether err is the peer's RST (not a clean EOF).
func isReset(err error) bool {
	return errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE)
}

func TestForwards(t *testing.T) {
	e := newEcho(t)
	p := start(t, e.ln.Addr().String())
	c := dial(t, p)
	for _, s := range []string{"a", "bb", string(bytes.Repeat([]byte("x"), 100_000))} {
		got, err := roundTrip(c, s)
		if err != nil || got != s {
			t.Fatalf("round trip of %d bytes: %d bytes, %v", len(s), len(got), err)
		}
	}
	if p.Messages() != 3 {
		t.Errorf("Messages = %d, want 3", p.Messages())
	}
}

func TestFaultPoints(t *testing.T) {
	for _, tc := range []struct {
		at        Point
		delivered bool // the server got the faulted message whole
	}{
		{DropRequest, false},
		{CutRequest, false},
		{LoseReply, true},
	} {
		t.Run(tc.at.String(), func(t *testing.T) {
			e := newEcho(t)
			p := start(t, e.ln.Addr().String())
			p.Arm(Fault{Match: func(msg []byte) bool { return bytes.HasPrefix(msg[4:], []byte("w")) }, Skip: 1, At: tc.at})
			c := dial(t, p)
			for _, s := range []string{"r1", "w1", "r2"} {
				if _, err := roundTrip(c, s); err != nil {
					t.Fatalf("%s before the fault: %v", s, err)
				}
			}
			_, err := roundTrip(c, "w2")
			if !isReset(err) {
				t.Fatalf("w2: %v, want connection reset", err)
			}
			if p.Fired() != 1 {
				t.Errorf("Fired = %d, want 1", p.Fired())
			}
			want := []string{"r1", "w1", "r2"}
			if tc.delivered {
				want = append(want, "w2")
			}
			if got := e.received(); !equal(got, want) {
				t.Errorf("server received %q, want %q", got, want)
			}
			// One-shot: a new connection works.
			c2 := dial(t, p)
			if got, err := roundTrip(c2, "w3"); err != nil || got != "w3" {
				t.Errorf("after the fault: %q, %v", got, err)
			}
		})
	}
}

func TestResetAllAndRefuse(t *testing.T) {
	e := newEcho(t)
	p := start(t, e.ln.Addr().String())
	c := dial(t, p)
	if _, err := roundTrip(c, "a"); err != nil {
		t.Fatal(err)
	}
	p.Refuse(true)
	if n := p.ResetAll(); n != 1 {
		t.Errorf("ResetAll = %d, want 1", n)
	}
	if _, err := roundTrip(c, "b"); !isReset(err) {
		t.Errorf("after ResetAll: %v, want connection reset", err)
	}
	refused, err := net.Dial("tcp", p.Addr())
	if err == nil {
		_, err = roundTrip(refused, "c")
		refused.Close()
	}
	if !isReset(err) && !errors.Is(err, io.EOF) {
		t.Errorf("while refusing: %v, want connection reset", err)
	}
	p.Refuse(false)
	healed := dial(t, p)
	if got, err := roundTrip(healed, "d"); err != nil || got != "d" {
		t.Errorf("healed: %q, %v", got, err)
	}
	if got := e.received(); !equal(got, []string{"a", "d"}) {
		t.Errorf("server received %q, want [a d]", got)
	}
}

func equal(a, b []string) bool { return slices.Equal(a, b) }

func TestMongoCommand(t *testing.T) {
	// An OP_MSG whose body is {insert: "answers", ...}.
	doc := []byte{0x02}
	doc = append(doc, "insert\x00"...)
	doc = binary.LittleEndian.AppendUint32(doc, uint32(len("answers")+1))
	doc = append(doc, "answers\x00"...)
	doc = append(doc, 0)
	body := binary.LittleEndian.AppendUint32(nil, uint32(4+len(doc)))
	body = append(body, doc...)
	msg := make([]byte, 16, 64)
	binary.LittleEndian.PutUint32(msg[12:], opMsg)
	msg = append(msg, 0, 0, 0, 0, 0)
	msg = append(msg, body...)
	binary.LittleEndian.PutUint32(msg, uint32(len(msg)))
	for _, tc := range []struct {
		command, collection string
		want                bool
	}{
		{"insert", "answers", true},
		{"insert", "answer", false},
		{"insert", "answersx", false},
		{"update", "answers", false},
	} {
		if got := MongoCommand(tc.command, tc.collection)(msg); got != tc.want {
			t.Errorf("MongoCommand(%s, %s) = %v, want %v", tc.command, tc.collection, got, tc.want)
		}
	}
	if MongoCommand("insert", "answers")(msg[:20]) {
		t.Error("a truncated message matched")
	}
}

func TestThenRefuse(t *testing.T) {
	e := newEcho(t)
	p := start(t, e.ln.Addr().String())
	other := dial(t, p)
	if _, err := roundTrip(other, "a"); err != nil {
		t.Fatal(err)
	}
	p.Arm(Fault{At: LoseReply, ThenRefuse: true})
	c := dial(t, p)
	if _, err := roundTrip(c, "w"); !isReset(err) {
		t.Fatalf("faulted write: %v, want connection reset", err)
	}
	if _, err := roundTrip(other, "b"); !isReset(err) {
		t.Errorf("the other connection after the fault: %v, want connection reset", err)
	}
	if c2, err := net.Dial("tcp", p.Addr()); err == nil {
		if _, err := roundTrip(c2, "c"); !isReset(err) && !errors.Is(err, io.EOF) {
			t.Errorf("a new connection while refusing: %v, want connection reset", err)
		}
		c2.Close()
	}
	p.Refuse(false)
	if got, err := roundTrip(dial(t, p), "d"); err != nil || got != "d" {
		t.Errorf("healed: %q, %v", got, err)
	}
	if got := e.received(); !slices.Equal(got, []string{"a", "w", "d"}) {
		t.Errorf("server received %q, want [a w d]", got)
	}
}
