package observe

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/membot/membot/internal/lifecycle"
)

// ReadyTimeout bounds each readiness check of one /readyz request.
const ReadyTimeout = 2 * time.Second

// maxReason bounds the reason /readyz gives, so a verbose driver error
// stays one short line.
const maxReason = 300

// Check is one condition of readiness: Run returns nil when it holds.
type Check struct {
	// Name is shown before the reason it fails for ("store", "model").
	Name string
	Run  func(ctx context.Context) error
}

// ServerOptions configure the listener.
type ServerOptions struct {
	// Addr is the host:port to listen on (":9090", "127.0.0.1:0").
	Addr    string
	Metrics *Metrics
	// Checks must all hold for /readyz to answer 200; they run in order
	// and the first that fails is the reason of the 503.
	Checks []Check
	Logger *slog.Logger
	// Extra, when set, serves everything under /panel/ (the memory
	// panel) on the same listener.
	Extra http.Handler
}

// Server is the operator's HTTP listener: /healthz answers 200 while the
// process runs, /readyz 200 when every check holds and 503 with a one-line
// reason otherwise, /metrics the Prometheus text format. NewServer builds
// it idle; Start listens; Close shuts it down gracefully.
type Server struct {
	opts ServerOptions
	srv  *http.Server
	life lifecycle.Group

	mu   sync.Mutex
	addr net.Addr
}

// NewServer builds an idle listener.
func NewServer(o ServerOptions) *Server {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	s := &Server{opts: o}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", s.ready)
	mux.Handle("GET /metrics", promhttp.HandlerFor(o.Metrics.Registry(), promhttp.HandlerOpts{
		ErrorLog:      slogPrinter{o.Logger},
		ErrorHandling: promhttp.ContinueOnError,
		Registry:      o.Metrics.Registry(),
	}))
	if o.Extra != nil {
		mux.Handle("/panel/", o.Extra)
	}
	s.srv = &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: 5 * time.Second,
		ErrorLog:          slog.NewLogLogger(o.Logger.Handler(), slog.LevelWarn),
	}
	return s
}

// Start listens on the configured address and serves under a context
// derived from ctx. A port already taken fails here, not later.
func (s *Server) Start(ctx context.Context) error {
	if err := s.life.Start(ctx); err != nil {
		return fmt.Errorf("http listener: %w", err)
	}
	var lc net.ListenConfig
	ln, err := lc.Listen(ctx, "tcp", s.opts.Addr)
	if err != nil {
		return fmt.Errorf("http listener: %w", err)
	}
	s.mu.Lock()
	s.addr = ln.Addr()
	s.mu.Unlock()
	s.opts.Logger.Info("http listener started", "addr", ln.Addr().String())
	s.life.Go(func(ctx context.Context) {
		s.srv.BaseContext = func(net.Listener) context.Context { return ctx }
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.opts.Logger.Error("http listener stopped", "err", err)
		}
	})
	return nil
}

// Addr is the address listened on once started (the port chosen when
// the configured one is 0), else nil.
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// Close stops taking connections, lets the requests in flight finish
// within ctx, then closes what is left. Closing before Start, or twice,
// is fine.
func (s *Server) Close(ctx context.Context) error {
	err := s.srv.Shutdown(ctx)
	if err != nil {
		err = errors.Join(fmt.Errorf("http listener shutdown: %w", err), s.srv.Close())
	}
	return errors.Join(err, s.life.Stop(ctx))
}

// ready answers /readyz.
func (s *Server) ready(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if err := s.Ready(r.Context()); err != nil {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, oneLine(err.Error()))
		return
	}
	fmt.Fprintln(w, "ready")
}

// Ready runs the checks in order, each within ReadyTimeout, and returns
// the first failure, named after its check.
func (s *Server) Ready(ctx context.Context) error { return Ready(ctx, s.opts.Checks) }

// Ready runs checks in order, each within ReadyTimeout, and returns the
// first failure, named after its check.
func Ready(ctx context.Context, checks []Check) error {
	for _, c := range checks {
		cctx, cancel := context.WithTimeout(ctx, ReadyTimeout)
		err := c.Run(cctx)
		cancel()
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
	}
	return nil
}

// oneLine folds s onto one line of at most maxReason bytes.
func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > maxReason {
		s = strings.ToValidUTF8(s[:maxReason], "") + "…"
	}
	return s
}

// slogPrinter gives promhttp's error log to slog.
type slogPrinter struct{ log *slog.Logger }

func (p slogPrinter) Println(v ...any) {
	p.log.Warn("metrics scrape", "err", strings.TrimSpace(fmt.Sprintln(v...)))
}
