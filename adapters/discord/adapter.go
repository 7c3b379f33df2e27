package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"
)

// maxRemembered bounds the adapter's small caches (seen event ids, DM
// channels, threads, reported channels).
const maxRemembered = 10000

// Adapter connects a Handler to Discord. New builds it idle; Start
// connects; Close disconnects, waits for the replies in progress and
// stops. Run does all three.
type Adapter struct {
	opts Options
	h    Handler
	log  *slog.Logger
	s    *discordgo.Session

	selfID atomic.Value // string: the bot's user id, from READY
	appID  atomic.Value // string: the application id, from READY

	seen     *recentSet // message and interaction ids already handled
	threads  *recentSet // threads the bot takes part in
	reported *recentSet // channel:user pairs told about missing permissions
	buttons  *buttonTokens

	dmMu sync.Mutex
	dms  map[string]string // user id → DM channel id

	started  atomic.Bool
	spawnMu  sync.Mutex // orders spawn's wg.Add before shutdown's wg.Wait
	stopping atomic.Bool
	work     context.Context // lives until Close gives up waiting
	wg       sync.WaitGroup
	lanes    *lanes

	// closeMu guards cancelWork, set by Start.
	closeMu    sync.Mutex
	cancelWork context.CancelFunc
	closeOnce  sync.Once
	// finished is closed once every goroutine the adapter started has
	// returned, after Close began.
	finished chan struct{}

	connMu sync.Mutex
	conns  map[net.Conn]struct{} // gateway connections, to abort a hung Open
}

// New prepares an adapter; nothing touches the network or runs until
// Start.
func New(opts Options, h Handler) (*Adapter, error) {
	if h == nil {
		return nil, errors.New("discord: nil handler")
	}
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	s, err := discordgo.New("Bot " + o.Token)
	if err != nil {
		return nil, fmt.Errorf("discord: create session: %w", err)
	}
	a := &Adapter{
		opts:     o,
		h:        h,
		log:      o.Logger.With("adapter", platform),
		s:        s,
		seen:     newRecentSet(maxRemembered),
		threads:  newRecentSet(maxRemembered),
		reported: newRecentSet(maxRemembered),
		dms:      map[string]string{},
		conns:    map[net.Conn]struct{}{},
		finished: make(chan struct{}),
	}
	a.buttons = newButtonTokens(maxRemembered, o.ButtonSettings, a.log)
	a.selfID.Store("")
	a.appID.Store("")
	s.Client = httpClient(o, s.Client)
	// discordgo repeats a 502 up to three times, creates included; rest
	// repeats a 5xx once itself (see doc.go).
	s.MaxRestRetries = 0
	s.Dialer = &websocket.Dialer{
		Proxy:            http.ProxyFromEnvironment,
		HandshakeTimeout: 30 * time.Second,
		NetDialContext:   a.dial,
	}
	// Rate limits are waited out by Adapter.rest, boundedly and
	// cancellably; discordgo's own retry sleeps without either bound.
	s.ShouldRetryOnRateLimit = false
	s.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsGuildMessages |
		discordgo.IntentsDirectMessages | discordgo.IntentsMessageContent
	s.ShardID, s.ShardCount = o.ShardID, o.ShardCount
	// Handlers run on the gateway goroutine, in event order; they only
	// queue work, so per-conversation order is kept.
	s.SyncEvents = true
	s.StateEnabled = true
	s.State.MaxMessageCount = 0
	a.addHandlers()
	return a, nil
}

// dial opens gateway connections and remembers them, so that a gateway
// that never answers can be cut when Start gives up.
func (a *Adapter) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	a.connMu.Lock()
	if len(a.conns) > 16 {
		a.conns = map[net.Conn]struct{}{}
	}
	a.conns[c] = struct{}{}
	a.connMu.Unlock()
	return c, nil
}

func (a *Adapter) cutConnections() {
	a.connMu.Lock()
	defer a.connMu.Unlock()
	for c := range a.conns {
		_ = c.Close()
	}
	a.conns = map[net.Conn]struct{}{}
}

func (a *Adapter) self() string { return a.selfID.Load().(string) }

// Start connects to the gateway and registers the slash commands; the
// work it then does (handling events, replies) lives under a context
// derived from ctx. A failed start leaves nothing running. Start may be
// called once.
func (a *Adapter) Start(ctx context.Context) error {
	if !a.started.CompareAndSwap(false, true) {
		return errors.New("discord: Start called twice")
	}
	work, cancelWork := context.WithCancel(ctx)
	a.closeMu.Lock()
	a.work, a.cancelWork = work, cancelWork
	a.lanes = newLanes(work, &a.wg, a.log)
	a.closeMu.Unlock()
	if err := a.open(ctx); err != nil {
		cancelWork()
		return err
	}
	a.log.Info("connected to Discord", "user", a.self(), "shard", a.opts.ShardID, "shards", a.opts.ShardCount)
	if a.opts.ShardID == 0 && !a.opts.SkipCommandRegistration {
		a.registerCommands(ctx)
	}
	a.resume(ctx)
	return nil
}

// Run is Start, then serving until ctx is cancelled, then Close, which
// waits at most Options.ShutdownTimeout for replies in progress before
// cancelling them (and as long again for them to stop). The work
// outlives ctx until Close ends it. It returns nil after a clean
// shutdown.
func (a *Adapter) Run(ctx context.Context) error {
	life := context.WithoutCancel(ctx)
	if err := a.Start(life); err != nil {
		return err
	}
	<-ctx.Done()
	for range 2 {
		closeCtx, cancel := context.WithTimeout(life, a.opts.ShutdownTimeout)
		err := a.Close(closeCtx)
		cancel()
		if err == nil {
			return nil
		}
	}
	a.log.Error("replies did not stop after cancellation")
	return nil
}

// open connects the gateway, bounded by ctx and Options.OpenTimeout
// (discordgo's Open has no timeout of its own).
func (a *Adapter) open(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- a.s.Open() }()
	timer := time.NewTimer(a.opts.OpenTimeout)
	defer timer.Stop()
	var cause error
	select {
	case err := <-errc:
		if err != nil {
			return fmt.Errorf("discord: open gateway: %w", err)
		}
		return nil
	case <-ctx.Done():
		cause = ctx.Err()
	case <-timer.C:
		cause = fmt.Errorf("no READY within %s", a.opts.OpenTimeout)
	}
	a.stopping.Store(true)
	a.cutConnections()
	if err := <-errc; err == nil {
		a.closeGateway()
	}
	return fmt.Errorf("discord: open gateway: %w", cause)
}

// Close stops taking events, closes the gateway and waits for work in
// progress, never longer than ctx allows: when ctx ends first, it cancels
// what is left by cancelling the work context, which every Handler call
// and every responder call is bound to (see bind), whatever context the
// engine passed, and returns ctx's error (a later Close waits again).
// Close may be called more than once, and before Start.
func (a *Adapter) Close(ctx context.Context) error {
	a.closeMu.Lock()
	cancelWork, ln := a.cancelWork, a.lanes
	a.closeMu.Unlock()
	if cancelWork == nil {
		a.spawnMu.Lock()
		a.stopping.Store(true)
		a.spawnMu.Unlock()
		return nil
	}
	a.closeOnce.Do(func() {
		a.spawnMu.Lock()
		a.stopping.Store(true)
		a.spawnMu.Unlock()
		ln.close()
		a.closeGateway()
		go func() {
			a.wg.Wait()
			close(a.finished)
		}()
	})
	select {
	case <-a.finished:
		cancelWork()
		a.log.Info("disconnected from Discord")
		return nil
	case <-ctx.Done():
	}
	a.log.Warn("replies still in progress at shutdown; cancelling them", "err", ctx.Err())
	cancelWork()
	return fmt.Errorf("discord: close: replies still in progress: %w", ctx.Err())
}

// closeGateway disconnects without letting discordgo reconnect.
func (a *Adapter) closeGateway() {
	a.s.Lock()
	a.s.ShouldReconnectOnError = false
	a.s.Unlock()
	if err := a.s.Close(); err != nil {
		a.log.Warn("closing the gateway", "err", err)
	}
}

// spawn runs fn in a goroutine Close waits for; it reports false once
// shutting down.
func (a *Adapter) spawn(fn func(ctx context.Context)) bool {
	a.spawnMu.Lock()
	if a.stopping.Load() {
		a.spawnMu.Unlock()
		return false
	}
	a.wg.Add(1)
	a.spawnMu.Unlock()
	go func() {
		defer a.wg.Done()
		defer a.recoverPanic("handling an event")
		fn(a.work)
	}()
	return true
}

// bind derives a context from ctx that also ends when the adapter's work
// is cancelled at shutdown, so a reply stops when shutdown gives up
// waiting even if the engine's context lives on.
func (a *Adapter) bind(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(a.work, cancel)
	return ctx, func() {
		stop()
		cancel()
	}
}

// await runs then once done is closed (or the work is cancelled), in a
// goroutine Close waits for. It must be called from a goroutine Close
// already waits for, so that it may add to the wait group during shutdown.
func (a *Adapter) await(done <-chan struct{}, then func(ctx context.Context)) {
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		defer a.recoverPanic("completing a reply")
		if done != nil {
			select {
			case <-done:
			case <-a.work.Done():
			}
		}
		then(a.work)
	}()
}

// registerCommands overwrites the slash commands globally or in the
// configured guilds. Failures are logged: the bot still works by
// mentions and DMs.
func (a *Adapter) registerCommands(ctx context.Context) {
	app, _ := a.appID.Load().(string)
	if app == "" {
		app = a.self()
	}
	guilds := a.opts.CommandGuildIDs
	if len(guilds) == 0 {
		guilds = []string{""}
	}
	for _, g := range guilds {
		err := a.rest(ctx, func(opts ...discordgo.RequestOption) error {
			_, err := a.s.ApplicationCommandBulkOverwrite(app, g, slashCommands(), opts...)
			return err
		})
		if err != nil {
			a.log.Error("registering slash commands", "guild", g, "err", err)
			continue
		}
		a.log.Info("registered slash commands", "guild", g)
	}
}
