package mongo

import (
	"context"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// blackHole listens on 127.0.0.1 and accepts connections without ever
// answering, like a firewall that drops packets after the handshake.
func blackHole(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		_ = ln.Close()
		<-done
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			_ = c.Close()
		}
	})
	return ln.Addr().String()
}

// closedPort returns an address on 127.0.0.1 where nothing listens.
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("listen: %v", err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatalf("close listener: %v", err)
	}
	return addr
}

func TestOpenUnreachable(t *testing.T) {
	const password = "s3cr%40t-pw"
	for _, tc := range []struct {
		name string
		addr string
	}{
		{"nothing listening", closedPort(t)},
		{"never answers", blackHole(t)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			uri := "mongodb://membot:" + password + "@" + tc.addr + "/?authSource=admin"
			s, err := Open(t.Context(), uri, "membot", WithTimeout(300*time.Millisecond))
			if err == nil {
				_ = s.Close()
				t.Fatal("Open succeeded against a server that is not there")
			}
			if !errors.Is(err, memory.ErrUnavailable) {
				t.Errorf("error %v, want memory.ErrUnavailable", err)
			}
			msg := err.Error()
			if !strings.Contains(msg, tc.addr) {
				t.Errorf("error %q does not name the server %s", msg, tc.addr)
			}
			for _, secret := range []string{password, "s3cr@t-pw"} {
				if strings.Contains(msg, secret) {
					t.Errorf("error %q reveals the password", msg)
				}
			}
			for e := errors.Unwrap(err); e != nil; e = errors.Unwrap(e) {
				if strings.Contains(e.Error(), "s3cr") {
					t.Errorf("a wrapped error reveals the password: %q", e.Error())
				}
			}
		})
	}
}

func TestOpenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := Open(ctx, "mongodb://"+blackHole(t)+"/", "membot", WithTimeout(time.Minute))
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Open with a cancelled context: %v, want context.Canceled", err)
	}
}

func TestOpenInvalid(t *testing.T) {
	addr := closedPort(t)
	for _, tc := range []struct {
		name, uri, db string
	}{
		{"empty uri", "", "membot"},
		{"blank uri", "  ", "membot"},
		{"not a mongodb uri", "http://" + addr, "membot"},
		{"bad option", "mongodb://" + addr + "/?connectTimeoutMS=soon", "membot"},
		{"empty database", "mongodb://" + addr, ""},
		{"database with a dot", "mongodb://" + addr, "mem.bot"},
		{"database with a slash", "mongodb://" + addr, "a/b"},
		{"database with NUL", "mongodb://" + addr, "a\x00b"},
		{"long database", "mongodb://" + addr, strings.Repeat("d", 64)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Open(t.Context(), tc.uri, tc.db, WithTimeout(200*time.Millisecond))
			if err == nil {
				_ = s.Close()
				t.Fatal("Open succeeded")
			}
			if !errors.Is(err, memory.ErrInvalid) {
				t.Errorf("error %v, want memory.ErrInvalid", err)
			}
		})
	}
}

func TestOpenInvalidHidesPassword(t *testing.T) {
	uri := "mongodb://membot:hunter2@" + closedPort(t) + "/?connectTimeoutMS=soon"
	_, err := Open(t.Context(), uri, "membot")
	if err == nil || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("Open with a malformed URI: %v, want an error without the password", err)
	}
}
