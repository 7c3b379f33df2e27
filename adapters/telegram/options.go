package telegram

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/membot/membot/internal/buttontoken"
)

// DefaultAPIURL is Telegram's Bot API server.
const DefaultAPIURL = "https://api.telegram.org"

// Defaults of Options.
const (
	DefaultPollTimeout     = 50 * time.Second
	DefaultRequestTimeout  = 30 * time.Second
	DefaultEditInterval    = time.Second
	DefaultTypingInterval  = 4 * time.Second
	DefaultMaxAttempts     = 5
	DefaultMaxRetryAfter   = 30 * time.Second
	DefaultShutdownTimeout = 15 * time.Second
	DefaultAdminCacheTTL   = time.Minute
	defaultWebhookPath     = "/telegram"
)

// Options configure an Adapter. Zero values take the documented defaults;
// only Token is required.
type Options struct {
	// Token is the bot token from @BotFather. It is never logged.
	Token string
	// APIURL is the Bot API base URL (default DefaultAPIURL); point it at
	// a self-hosted Bot API server to use one.
	APIURL string
	// Webhook selects webhook mode when its ListenAddr is set; long
	// polling is used otherwise.
	Webhook Webhook
	// PollTimeout is the long-poll timeout of getUpdates (default 50 s).
	PollTimeout time.Duration
	// RequestTimeout bounds each attempt of every other API call (default
	// 30 s).
	RequestTimeout time.Duration
	// HTTPClient makes the requests (default a new http.Client). Its
	// Timeout is ignored: PollTimeout and RequestTimeout bound requests.
	HTTPClient *http.Client
	// EditInterval is the least time between two edits of a streamed
	// message (default 1 s), to stay within Telegram's edit limits.
	EditInterval time.Duration
	// TypingInterval is how often the typing action is renewed while an
	// answer is being prepared (default 4 s; Telegram shows it for 5 s).
	TypingInterval time.Duration
	// MaxAttempts bounds the attempts of one API call on 429, 5xx and
	// network errors (default 5). Calls that post a message are repeated
	// on 429, when the request never left, and once on a 5xx answer, never
	// after a timeout, so that a lost answer cannot post it twice.
	MaxAttempts int
	// MaxRetryAfter bounds the waits of one API call between its
	// attempts, in total: a 429 asking for more than is left gives up the
	// call (default 30 s, so that a reply never waits minutes; the engine
	// then keeps it for the person's next message).
	MaxRetryAfter time.Duration
	// MaxHandleAttempts, when positive, skips an update whose Handle
	// failed that many times in a row, so one poisonous update cannot stop
	// the bot. Zero (the default) retries it until it is captured.
	MaxHandleAttempts int
	// ShutdownTimeout bounds how long Run waits for replies in flight
	// once its context is cancelled (default 15 s); Close is bounded by
	// its own context instead.
	ShutdownTimeout time.Duration
	// AdminCacheTTL is how long a group admin check is cached (default
	// 1 min).
	AdminCacheTTL time.Duration
	// Logger receives the adapter's logs (default slog.Default()).
	Logger *slog.Logger
	// ButtonSettings, when set, keep the buttons whose command does not
	// fit in Telegram's callback data where every replica, and this one
	// after a restart, can resolve them; nil keeps them in this process.
	ButtonSettings buttontoken.Settings
}

// Webhook configures webhook mode, for deployments behind a load balancer.
type Webhook struct {
	// ListenAddr is where the webhook HTTP server listens ("host:port");
	// setting it selects webhook mode.
	ListenAddr string
	// PublicURL is the https URL Telegram posts updates to. When set, it
	// is registered with setWebhook at start-up; when empty, the operator
	// registers it.
	PublicURL string
	// Path is the URL path served (default: PublicURL's path, else
	// "/telegram").
	Path string
	// SecretToken is checked on every request (the
	// X-Telegram-Bot-Api-Secret-Token header); required in webhook mode.
	// 1–256 characters of A-Z, a-z, 0-9, _ and -.
	SecretToken string
}

// enabled reports whether webhook mode is selected.
func (w Webhook) enabled() bool { return w.ListenAddr != "" }

// withDefaults validates o and fills in its defaults.
func (o Options) withDefaults() (Options, error) {
	var errs []error
	o.Token = strings.TrimSpace(o.Token)
	switch {
	case o.Token == "":
		errs = append(errs, errors.New("token is empty"))
	case strings.ContainsAny(o.Token, "/?#% \t\r\n"):
		errs = append(errs, errors.New("token contains characters a bot token cannot have"))
	}
	if o.APIURL == "" {
		o.APIURL = DefaultAPIURL
	}
	o.APIURL = strings.TrimRight(o.APIURL, "/")
	if u, err := url.Parse(o.APIURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("API URL %q is not an http(s) URL", o.APIURL))
	}
	if o.Webhook.enabled() {
		if err := o.Webhook.check(); err != nil {
			errs = append(errs, err)
		}
		if o.Webhook.Path == "" {
			o.Webhook.Path = defaultWebhookPath
			if u, err := url.Parse(o.Webhook.PublicURL); err == nil && u.Path != "" && u.Path != "/" {
				o.Webhook.Path = u.Path
			}
		}
	}
	o.PollTimeout = positive(o.PollTimeout, DefaultPollTimeout)
	if o.PollTimeout < time.Second {
		o.PollTimeout = time.Second
	}
	o.RequestTimeout = positive(o.RequestTimeout, DefaultRequestTimeout)
	o.EditInterval = positive(o.EditInterval, DefaultEditInterval)
	o.TypingInterval = positive(o.TypingInterval, DefaultTypingInterval)
	o.MaxRetryAfter = positive(o.MaxRetryAfter, DefaultMaxRetryAfter)
	o.ShutdownTimeout = positive(o.ShutdownTimeout, DefaultShutdownTimeout)
	o.AdminCacheTTL = positive(o.AdminCacheTTL, DefaultAdminCacheTTL)
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = DefaultMaxAttempts
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if err := errors.Join(errs...); err != nil {
		return o, fmt.Errorf("telegram options: %w", err)
	}
	return o, nil
}

func (w Webhook) check() error {
	if w.SecretToken == "" {
		return errors.New("webhook mode needs a secret token")
	}
	if len(w.SecretToken) > 256 {
		return errors.New("webhook secret token is longer than 256 characters")
	}
	for _, r := range w.SecretToken {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			return errors.New("webhook secret token may hold only A-Z, a-z, 0-9, _ and -")
		}
	}
	if w.PublicURL != "" {
		if u, err := url.Parse(w.PublicURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return fmt.Errorf("webhook public URL %q is not an http(s) URL", w.PublicURL)
		}
	}
	if w.Path != "" && !strings.HasPrefix(w.Path, "/") {
		return fmt.Errorf("webhook path %q does not start with /", w.Path)
	}
	return nil
}

func positive(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return d
}
