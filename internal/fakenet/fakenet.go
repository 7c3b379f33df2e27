// Package fakenet is a TCP proxy on 127.0.0.1 for tests of what a client
// does when its server's connections break: a database failover, a load
// balancer dropping connections. It forwards bytes both ways and, on
// demand or at a chosen client→server message, resets every connection
// (RST, not a clean close), so the client sees "connection reset by peer"
// exactly as it would when a primary steps down or a host dies.
//
// Messages are framed as in the MongoDB wire protocol: each starts with
// its total length as a little-endian int32 that counts itself. A fault
// picks the message it strikes with a predicate over the message's bytes,
// so a test can aim at one command.
package fakenet

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// Point is where in a message's round trip a fault strikes.
type Point int

// Where a fault strikes.
const (
	// DropRequest resets the connections before any byte of the request
	// reaches the server: the server never sees it.
	DropRequest Point = iota
	// CutRequest sends half the request's bytes, then resets: the server
	// sees a truncated message and drops it.
	CutRequest
	// LoseReply sends the whole request, waits until the server starts
	// replying (so the server has executed it), discards the reply and
	// resets: the write is done, the client does not know.
	LoseReply
)

// String names the point, for test names.
func (p Point) String() string {
	switch p {
	case DropRequest:
		return "DropRequest"
	case CutRequest:
		return "CutRequest"
	case LoseReply:
		return "LoseReply"
	}
	return fmt.Sprintf("Point(%d)", int(p))
}

// Fault is a one-shot reset armed with Proxy.Arm.
type Fault struct {
	// Match picks the messages the fault counts; nil counts every one.
	Match func(msg []byte) bool
	// Skip is how many matching messages pass first: the fault strikes
	// the (Skip+1)-th.
	Skip int
	// At is where in that message's round trip the connections reset.
	At Point
	// ThenRefuse resets every other connection too and refuses new ones
	// until Refuse(false): the server went away with the write in
	// flight, and the client cannot even ask what became of it.
	ThenRefuse bool
}

// maxMessage bounds a framed message; the MongoDB server's own limit is
// 48 MB.
const maxMessage = 64 << 20

// replyWait bounds how long LoseReply waits for the server to answer.
const replyWait = 10 * time.Second

// Proxy forwards connections from its address to a target address.
type Proxy struct {
	ln     net.Listener
	target string

	mu       sync.Mutex
	conns    map[*link]struct{}
	fault    *Fault
	seen     int // messages the armed fault matched
	fired    int
	refusing bool
	messages int
	resets   int
	closed   bool
	wg       sync.WaitGroup
}

// link is one proxied connection: the client's side and the server's.
type link struct {
	client, server *net.TCPConn
	// swallow is set while LoseReply waits for the reply; the
	// server→client copier then reports the reply on replied instead
	// of forwarding it.
	mu      sync.Mutex
	swallow chan struct{}
	once    sync.Once
}

// Start listens on a free port of 127.0.0.1 and forwards every connection
// to target (host:port).
func Start(target string) (*Proxy, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("fakenet: listen: %w", err)
	}
	p := &Proxy{ln: ln, target: target, conns: map[*link]struct{}{}}
	p.wg.Add(1)
	go p.accept()
	return p, nil
}

// Addr is the proxy's host:port.
func (p *Proxy) Addr() string { return p.ln.Addr().String() }

// Close stops listening, resets every connection and waits for the
// copiers to end.
func (p *Proxy) Close() error {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	err := p.ln.Close()
	p.ResetAll()
	p.wg.Wait()
	return err
}

// Arm sets the fault the next matching messages count towards,
// replacing one not yet fired.
func (p *Proxy) Arm(f Fault) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fault, p.seen = &f, 0
}

// Disarm removes a fault not yet fired.
func (p *Proxy) Disarm() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.fault = nil
}

// Fired is how many armed faults have struck.
func (p *Proxy) Fired() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.fired
}

// Messages is how many client→server messages were forwarded whole.
func (p *Proxy) Messages() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.messages
}

// Resets is how many connections were reset, by faults, ResetAll or
// refusal.
func (p *Proxy) Resets() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.resets
}

// Refuse, while on, resets every new connection as soon as it is accepted,
// as a server that is down or failing over; with ResetAll it cuts the
// client off until Refuse(false).
func (p *Proxy) Refuse(on bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.refusing = on
}

// ResetAll resets every open connection now and reports how many there
// were.
func (p *Proxy) ResetAll() int { return p.resetAllBut(nil) }

// resetAllBut resets every open connection except keep and reports how
// many it reset.
func (p *Proxy) resetAllBut(keep *link) int {
	p.mu.Lock()
	links := make([]*link, 0, len(p.conns))
	for l := range p.conns {
		if l != keep {
			links = append(links, l)
		}
	}
	p.mu.Unlock()
	for _, l := range links {
		p.reset(l)
	}
	return len(links)
}

func (p *Proxy) accept() {
	defer p.wg.Done()
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		client := c.(*net.TCPConn)
		p.mu.Lock()
		refuse, closed := p.refusing, p.closed
		p.mu.Unlock()
		if refuse || closed {
			p.count(1)
			rst(client)
			continue
		}
		d := net.Dialer{Timeout: 5 * time.Second}
		s, err := d.Dial("tcp", p.target)
		if err != nil {
			rst(client)
			continue
		}
		l := &link{client: client, server: s.(*net.TCPConn)}
		// Refusing may have begun while the server was dialled: a
		// ResetAll then would have missed this link.
		p.mu.Lock()
		refuse, closed = p.refusing, p.closed
		if !refuse && !closed {
			p.conns[l] = struct{}{}
		}
		p.mu.Unlock()
		if refuse || closed {
			p.count(1)
			rst(client)
			rst(l.server)
			continue
		}
		p.wg.Add(2)
		go p.upstream(l)
		go p.downstream(l)
	}
}

func (p *Proxy) count(resets int) {
	p.mu.Lock()
	p.resets += resets
	p.mu.Unlock()
}

// reset sends RST on both sides of l, once.
func (p *Proxy) reset(l *link) {
	l.once.Do(func() {
		p.mu.Lock()
		delete(p.conns, l)
		p.resets++
		p.mu.Unlock()
		rst(l.client)
		rst(l.server)
	})
}

// rst closes c with SO_LINGER 0, which makes the kernel send RST.
func rst(c *net.TCPConn) {
	_ = c.SetLinger(0)
	_ = c.Close()
}

// strike reports where the message msg is to fail, if the armed fault
// takes it.
func (p *Proxy) strike(msg []byte) (Fault, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	f := p.fault
	if f == nil || (f.Match != nil && !f.Match(msg)) {
		p.messages++
		return Fault{}, false
	}
	p.seen++
	if p.seen <= f.Skip {
		p.messages++
		return Fault{}, false
	}
	p.fault = nil
	p.fired++
	if f.ThenRefuse {
		p.refusing = true
	}
	return *f, true
}

// upstream copies client→server message by message, applying faults.
func (p *Proxy) upstream(l *link) {
	defer p.wg.Done()
	defer p.reset(l)
	for {
		msg, err := readMessage(l.client)
		if err != nil {
			return
		}
		f, hit := p.strike(msg)
		if !hit {
			if _, err := l.server.Write(msg); err != nil {
				return
			}
			continue
		}
		if f.ThenRefuse {
			// The others go first: the faulted client learns of the
			// fault from its own reset, and by then no other connection
			// can still carry a message.
			p.resetAllBut(l)
		}
		switch f.At {
		case DropRequest:
		case CutRequest:
			_, _ = l.server.Write(msg[:len(msg)/2])
		case LoseReply:
			replied := make(chan struct{})
			l.mu.Lock()
			l.swallow = replied
			l.mu.Unlock()
			if _, err := l.server.Write(msg); err == nil {
				select {
				case <-replied:
				case <-time.After(replyWait):
				}
			}
		}
		return
	}
}

// downstream copies server→client, or swallows the reply LoseReply waits
// for.
func (p *Proxy) downstream(l *link) {
	defer p.wg.Done()
	defer p.reset(l)
	buf := make([]byte, 32<<10)
	for {
		n, err := l.server.Read(buf)
		if n > 0 {
			l.mu.Lock()
			replied := l.swallow
			l.mu.Unlock()
			if replied != nil {
				close(replied)
				return
			}
			if _, werr := l.client.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			return
		}
	}
}

// readMessage reads one length-prefixed message.
func readMessage(r io.Reader) ([]byte, error) {
	var head [4]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return nil, err
	}
	n := binary.LittleEndian.Uint32(head[:])
	if n < 4 || n > maxMessage {
		return nil, errors.New("fakenet: bad message length")
	}
	msg := make([]byte, n)
	copy(msg, head[:])
	if _, err := io.ReadFull(r, msg[4:]); err != nil {
		return nil, err
	}
	return msg, nil
}
