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
	"github.com/membot/membot/internal/lifecycle"
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

// Adapter connects a Handler to one Telegram bot. New builds it idle;
// Start connects and starts receiving updates; Close stops receiving,
// waits for the replies in flight and stops. Run does all three.
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
	// sent holds the ids of messages this process posted.
	sent   *sentMessages
	admins *adminCache
	// maxLen is the longest message text; tests lower it.
	maxLen int

	// handleMu makes captures (Handler.Handle and Handler.Edited calls)
	// run one at a time, also when webhook requests arrive concurrently.
	// It does not order them: concurrent webhook requests are captured in
	// whichever order they take it. Polling needs no lock for order, as it
	// processes updates one by one in update order.
	handleMu sync.Mutex

	started     atomic.Bool
	ready       chan struct{}
	readyOnce   sync.Once
	startErr    error       // set before ready is closed
	me          models.User // set before ready is closed
	webhookAddr string      // set before ready is closed

	// group owns every goroutine the adapter starts: the intake (polling
	// loop or webhook server) and the replies.
	group lifecycle.Group
	// replyCtx is the context of captures and replies, derived from
	// Start's: it outlives the intake, until Close has waited for the
	// replies in flight or gives up on them.
	replyCtx    context.Context
	replyCancel context.CancelFunc

	mu         sync.Mutex
	stopIntake context.CancelFunc // set once the intake runs
	srv        *http.Server       // the webhook server, in webhook mode
	// intakeDone is closed when the intake has ended, by itself or by
	// Close; intakeErr, set before, is why it ended by itself.
	intakeDone chan struct{}
	intakeErr  error
}

// New checks opts and prepares an adapter delivering to h. It makes no
// network call and starts nothing: Start connects.
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
		buttons: newButtonTokens(buttonTokenCapacity, opts.ButtonSettings, opts.Logger.With("platform", Platform)),
		sent:    newSentMessages(sentCapacity),
		ready:   make(chan struct{}),
		maxLen:  maxMessageLen,

		intakeDone: make(chan struct{}),
	}
	a.admins = newAdminCache(opts.AdminCacheTTL)
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

// Ready is closed once Start has either started (the bot's identity is
// known and updates are being received) or failed to start; StartErr
// tells which. Waiters never hang on a start-up that failed.
func (a *Adapter) Ready() <-chan struct{} { return a.ready }

// StartErr is why Start failed, once Ready is closed; nil after a
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

// Start connects (getMe), registers the command menus and starts
// receiving updates by long polling or webhook, in goroutines living
// under a context derived from ctx; it returns once updates are being
// received. A failed start (Ready is then closed with StartErr set)
// leaves nothing running. Start may be called once.
func (a *Adapter) Start(ctx context.Context) (err error) {
	if !a.started.CompareAndSwap(false, true) {
		return errors.New("telegram: Start called twice")
	}
	defer func() {
		if err != nil {
			a.markReady(err)
		}
	}()
	a.mu.Lock()
	a.replyCtx, a.replyCancel = context.WithCancel(ctx)
	a.mu.Unlock()
	if err := a.group.Start(a.replyCtx); err != nil {
		a.replyCancel()
		return fmt.Errorf("telegram: start: %w", err)
	}
	me, err := a.getMe(ctx)
	if err != nil {
		a.replyCancel()
		return fmt.Errorf("telegram: start: %w", err)
	}
	a.me = me
	a.log = a.log.With("bot", me.Username)
	a.registerCommands(ctx)

	intake, stop := context.WithCancel(ctx)
	var run func(context.Context) error
	release := func() {}
	if a.opts.Webhook.enabled() {
		run, release, err = a.startWebhook(ctx, intake)
		if err != nil {
			stop()
			a.replyCancel()
			return err
		}
	} else {
		run = a.startPolling(ctx)
	}
	a.mu.Lock()
	a.stopIntake = stop
	a.mu.Unlock()
	if !a.group.Go(func(context.Context) {
		defer close(a.intakeDone)
		a.intakeErr = run(intake)
	}) {
		release()
		stop()
		a.replyCancel()
		return errors.New("telegram: start: closed while starting")
	}
	a.resume(ctx)
	a.markReady(nil)
	return nil
}

// Done is closed when the adapter has stopped receiving updates: after
// Close, or by itself (the token was rejected, the webhook server
// failed), when Err says why.
func (a *Adapter) Done() <-chan struct{} { return a.intakeDone }

// Err is why the adapter stopped receiving updates by itself, once Done
// is closed; nil after Close.
func (a *Adapter) Err() error {
	select {
	case <-a.intakeDone:
		return a.intakeErr
	default:
		return nil
	}
}

// Close stops receiving updates (confirming the processed ones), waits
// for the replies in flight and stops, never longer than ctx allows: when
// ctx ends first, the replies still running are cancelled and Close
// returns ctx's error (a later Close waits for them again). Close may be
// called more than once, and before Start.
func (a *Adapter) Close(ctx context.Context) error {
	a.mu.Lock()
	stop, srv, cancel := a.stopIntake, a.srv, a.replyCancel
	a.mu.Unlock()
	if cancel == nil {
		cancel = func() {}
	}
	if stop != nil {
		stop()
		if srv != nil {
			if err := srv.Shutdown(ctx); err != nil {
				a.log.Warn("telegram webhook: shutdown", "err", err)
			}
		}
		select {
		case <-a.intakeDone:
		case <-ctx.Done():
			return a.giveUp(ctx, cancel, "telegram: close: stop receiving updates")
		}
	}
	if err := a.group.Drain(ctx); err != nil {
		return a.giveUp(ctx, cancel, "telegram: close: replies still in flight")
	}
	cancel()
	return nil
}

// giveUp cancels whatever still runs once Close's ctx has ended.
func (a *Adapter) giveUp(ctx context.Context, cancel context.CancelFunc, what string) error {
	cancel()
	_ = a.group.Stop(ctx)
	a.log.Warn("telegram: giving up on work still running at shutdown", "err", ctx.Err())
	return fmt.Errorf("%s: %w", what, ctx.Err())
}

// Run is Start, then receiving updates until ctx is cancelled (or the
// adapter stops by itself), then Close, which waits at most
// ShutdownTimeout for the replies in flight before cancelling them. It
// returns an error if start-up fails or the token is rejected; a clean
// shutdown returns nil. The work outlives ctx until Close ends it.
func (a *Adapter) Run(ctx context.Context) error {
	life := context.WithoutCancel(ctx)
	if err := a.Start(life); err != nil {
		return err
	}
	select {
	case <-ctx.Done():
	case <-a.Done():
	}
	closeCtx, cancel := context.WithTimeout(life, a.opts.ShutdownTimeout)
	err := a.Close(closeCtx)
	cancel()
	if err != nil {
		// The replies were cancelled: wait for them to return.
		_ = a.Close(life)
	}
	return a.Err()
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

// spawn runs fn in a goroutine that Close waits for, as a reply in
// flight; nothing runs once Close has begun waiting.
func (a *Adapter) spawn(fn func(ctx context.Context)) {
	a.group.Go(func(context.Context) {
		defer a.recoverPanic("sending a reply")
		fn(a.replyCtx)
	})
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
	if !a.group.Go(func(context.Context) {
		defer a.recoverPanic("completing a reply")
		select {
		case <-done:
		case <-a.replyCtx.Done():
		}
		r.finish()
	}) {
		r.finish()
	}
}
