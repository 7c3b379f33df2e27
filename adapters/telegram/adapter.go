package telegram

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	tgbot "github.com/go-telegram/bot"
	"github.com/go-telegram/bot/models"

	"github.com/membot/membot/bot"
)

// Platform is the bot.Message.Platform of Telegram messages.
const Platform = "telegram"

// Handler is the conversation engine as an adapter sees it.
type Handler interface {
	// Handle captures msg (persisting it before anything else) and, when
	// the message needs an answer, answers through r, in order per
	// conversation. It returns once the message is captured (so the
	// adapter may then confirm the update to the platform); done is
	// closed when every reply to this message has been delivered (closed
	// at once if there is none).
	Handle(ctx context.Context, msg bot.Message, r bot.Responder) (done <-chan struct{}, err error)
	// Edited updates a captured message after the platform reports an
	// edit.
	Edited(ctx context.Context, msg bot.Message) error
	// Deleted removes a captured message.
	Deleted(ctx context.Context, platform, chatID, threadID, messageID string) error
}

// allowedUpdates are the update kinds the bot asks Telegram for.
var allowedUpdates = []string{
	models.AllowedUpdateMessage,
	models.AllowedUpdateEditedMessage,
	models.AllowedUpdateCallbackQuery,
}

// Adapter connects a Handler to one Telegram bot. Create it with New and
// run it with Run.
type Adapter struct {
	opts   Options
	h      Handler
	log    *slog.Logger
	api    *tgbot.Bot
	client *http.Client
	redact redactor

	// now and sleep are the clock; tests replace them.
	now   func() time.Time
	sleep func(ctx context.Context, d time.Duration) error

	buttons *buttonTokens
	admins  *adminCache
	// maxLen is the longest message text; tests lower it.
	maxLen int

	// handleMu makes captures (Handler.Handle and Handler.Edited calls)
	// run one at a time, also when webhook requests arrive concurrently.
	// It does not order them: concurrent webhook requests are captured in
	// whichever order they take it. Polling needs no lock for order, as it
	// processes updates one by one in update order.
	handleMu sync.Mutex

	running     atomic.Bool
	ready       chan struct{}
	readyOnce   sync.Once
	startErr    error       // set before ready is closed
	me          models.User // set before ready is closed
	startedAt   time.Time   // set before ready is closed
	webhookAddr string      // set before ready is closed

	// replyCtx outlives Run's context until in-flight replies are done or
	// ShutdownTimeout has passed.
	replyCtx    context.Context
	replyCancel context.CancelFunc
	wg          sync.WaitGroup // every goroutine the adapter starts
	inflight    sync.WaitGroup // replies not yet delivered
}

// New checks opts and prepares an adapter delivering to h. It makes no
// network call: Run connects.
func New(opts Options, h Handler) (*Adapter, error) {
	if h == nil {
		return nil, errors.New("telegram: nil handler")
	}
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	a := &Adapter{
		opts:    opts,
		h:       h,
		log:     opts.Logger.With("platform", Platform),
		client:  newHTTPClient(opts.HTTPClient),
		redact:  redactor{token: opts.Token},
		now:     time.Now,
		sleep:   sleepContext,
		buttons: newButtonTokens(buttonTokenCapacity),
		ready:   make(chan struct{}),
		maxLen:  maxMessageLen,
	}
	a.admins = newAdminCache(opts.AdminCacheTTL)
	a.replyCtx, a.replyCancel = context.WithCancel(context.Background())
	api, err := tgbot.New(opts.Token,
		tgbot.WithSkipGetMe(),
		tgbot.WithServerURL(opts.APIURL),
		tgbot.WithHTTPClient(opts.PollTimeout, a.client),
		tgbot.WithErrorsHandler(func(err error) {
			a.log.Warn("telegram client error", "err", a.redact.err(err))
		}),
		tgbot.WithDefaultHandler(func(context.Context, *tgbot.Bot, *models.Update) {}),
	)
	if err != nil {
		return nil, a.redact.err(fmt.Errorf("telegram: create client: %w", err))
	}
	a.api = api
	return a, nil
}

// Ready is closed once Run has either started (the bot's identity is
// known and updates are being received) or failed to start; StartErr
// tells which. Waiters never hang on a start-up that failed.
func (a *Adapter) Ready() <-chan struct{} { return a.ready }

// StartErr is why Run failed to start, once Ready is closed; nil after a
// successful start (and while still starting).
func (a *Adapter) StartErr() error {
	select {
	case <-a.ready:
		return a.startErr
	default:
		return nil
	}
}

// markReady closes Ready, recording err as the start-up's outcome; only
// the first call counts.
func (a *Adapter) markReady(err error) {
	a.readyOnce.Do(func() {
		a.startErr = err
		close(a.ready)
	})
}

// Username is the bot's @username (without @), known once Ready is
// closed after a successful start.
func (a *Adapter) Username() string {
	select {
	case <-a.ready:
		return a.me.Username
	default:
		return ""
	}
}

// WebhookAddr is the address the webhook server listens on, known once
// Ready is closed in webhook mode (useful with a ":0" ListenAddr).
func (a *Adapter) WebhookAddr() string {
	select {
	case <-a.ready:
		return a.webhookAddr
	default:
		return ""
	}
}

// Run connects (getMe), registers the command menus, and receives updates
// by long polling or webhook until ctx is cancelled. It then stops taking
// updates, waits for replies in flight (at most ShutdownTimeout) and
// returns. It returns an error if start-up fails (Ready is then closed
// with StartErr set) or the token is rejected; a clean shutdown returns
// nil. Run may be called once.
func (a *Adapter) Run(ctx context.Context) (err error) {
	if !a.running.CompareAndSwap(false, true) {
		return errors.New("telegram: Run called twice")
	}
	defer a.replyCancel()
	defer func() {
		// A no-op after a successful start.
		startErr := err
		if startErr == nil {
			startErr = errors.New("telegram: Run ended before start-up finished")
		}
		a.markReady(startErr)
	}()

	me, err := a.getMe(ctx)
	if err != nil {
		return fmt.Errorf("telegram: start: %w", err)
	}
	a.me = me
	a.startedAt = a.now()
	a.log = a.log.With("bot", me.Username)
	a.registerCommands(ctx)

	var runErr error
	if a.opts.Webhook.enabled() {
		runErr = a.runWebhook(ctx)
	} else {
		runErr = a.runPolling(ctx)
	}
	a.drain()
	return runErr
}

func (a *Adapter) getMe(ctx context.Context) (models.User, error) {
	var me *models.User
	err := a.call(ctx, "getMe", func(ctx context.Context) error {
		var err error
		me, err = a.api.GetMe(ctx)
		return err
	})
	if err != nil {
		return models.User{}, err
	}
	if me == nil || me.Username == "" {
		return models.User{}, errors.New("telegram getMe: no bot username in the answer")
	}
	return *me, nil
}

// drain waits for replies in flight, at most ShutdownTimeout, then stops
// whatever is left and waits for every goroutine.
func (a *Adapter) drain() {
	done := make(chan struct{})
	go func() {
		a.inflight.Wait()
		close(done)
	}()
	t := time.NewTimer(a.opts.ShutdownTimeout)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
		a.log.Warn("telegram shutdown: giving up on replies still in flight", "timeout", a.opts.ShutdownTimeout)
	}
	a.replyCancel()
	<-done
	a.wg.Wait()
}

// spawn runs fn in a goroutine that shutdown waits for, as a reply in
// flight.
func (a *Adapter) spawn(fn func(ctx context.Context)) {
	a.inflight.Add(1)
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		defer a.inflight.Done()
		defer a.recoverPanic("sending a reply")
		fn(a.replyCtx)
	}()
}

// recoverPanic is deferred by goroutines the adapter starts: a panic is
// logged with its stack instead of ending the process.
func (a *Adapter) recoverPanic(what string) {
	if v := recover(); v != nil {
		a.log.Error("telegram: recovered from a panic while "+what, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
	}
}

// track keeps r alive until the engine reports its replies delivered.
func (a *Adapter) track(done <-chan struct{}, r *responder) {
	if done == nil {
		r.finish()
		return
	}
	a.inflight.Add(1)
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		defer a.inflight.Done()
		defer a.recoverPanic("completing a reply")
		select {
		case <-done:
		case <-a.replyCtx.Done():
		}
		r.finish()
	}()
}
