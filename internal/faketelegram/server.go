// Package faketelegram is a fake Telegram Bot API server for tests. It
// listens on 127.0.0.1, speaks the subset of the Bot API a chat bot uses
// (getMe, getUpdates long polling, sendMessage, editMessageText,
// deleteMessage, sendChatAction, sendDocument, setMyCommands,
// answerCallbackQuery, getChatMember, setWebhook, deleteWebhook), and keeps
// what a user would see: the visible text of every message after its edits.
//
// Tests script incoming updates with NewMessage/PushMessage/PushEdit/
// PushCallback, inject errors per method or chat with Fail/FailChat, and
// assert on Sent, Calls, Commands and ConfirmedOffsets. Every call is
// recorded with its parsed form fields, whether it succeeded or not.
//
// The fake is strict where Telegram is: HTML text must be well formed
// ("can't parse entities" otherwise), visible text is limited to 4,096
// UTF-16 units, and an edit that changes nothing is refused as "message is
// not modified". That keeps a client honest without a real server.
package faketelegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-telegram/bot/models"
)

// Defaults of Config.
const (
	DefaultToken       = "123456789:TEST-fake-token_abcdefghijklmnop"
	DefaultBotUsername = "membot"
	DefaultPollHold    = time.Second
	// MaxTextLen is Telegram's limit on a message's visible text, in UTF-16
	// code units.
	MaxTextLen = 4096
)

// Config shapes a fake server. Zero values take the defaults above.
type Config struct {
	// Token the server accepts in /bot<token>/<method>; other tokens get
	// 401 Unauthorized.
	Token string
	// BotUsername is the bot's @username reported by getMe.
	BotUsername string
	// PollHold is how long an empty getUpdates is held before answering
	// [] (bounded by the request's own timeout), so a polling client does
	// not spin.
	PollHold time.Duration
}

// Call is one recorded Bot API request.
type Call struct {
	Method string
	// Fields are the request's form fields; JSON-valued fields (reply
	// parameters, markup, commands) are kept as their JSON text.
	Fields map[string]string
	// Files are uploaded files by form field name.
	Files map[string]File
	// ErrorCode is the error the server answered with, 0 on success.
	ErrorCode int
	Time      time.Time
}

// File is an uploaded file.
type File struct {
	Name string
	Data []byte
}

// Server is a running fake Bot API server. Its methods are safe for
// concurrent use.
type Server struct {
	// URL is the base URL to give the client (bot.WithServerURL).
	URL string
	// Token is the accepted bot token.
	Token string
	// Bot is the bot's own user, as getMe reports it.
	Bot models.User

	srv      *httptest.Server
	pollHold time.Duration
	// closed is closed by Close, releasing hung requests.
	closed    chan struct{}
	closeOnce sync.Once

	// inflight is read-held by each request from its handler's first
	// effect until its call is recorded, so that readers can wait for
	// requests under way to be recorded (settle) and never see a message
	// whose call is missing. Long polls and hung requests do not hold it.
	inflight sync.RWMutex

	mu            sync.Mutex
	changed       chan struct{}
	calls         []Call
	counts        map[string]int
	nextUpdateID  int64
	nextMessageID int
	queue         []models.Update
	offsets       []int64
	delivered     map[int64]int
	messages      []*Message
	faults        []*fault
	members       map[[2]int64]models.ChatMemberType
	commands      []CommandSet
	webhookURL    string
	webhookSecret string
	callbackSeq   int
}

// New starts a fake server and stops it when the test ends.
func New(tb testing.TB, cfg Config) *Server {
	tb.Helper()
	s := Start(cfg)
	tb.Cleanup(s.Close)
	return s
}

// Start starts a fake server outside a test (benchmarks, examples); call
// Close when done.
func Start(cfg Config) *Server {
	if cfg.Token == "" {
		cfg.Token = DefaultToken
	}
	if cfg.BotUsername == "" {
		cfg.BotUsername = DefaultBotUsername
	}
	if cfg.PollHold <= 0 {
		cfg.PollHold = DefaultPollHold
	}
	botID, _ := strconv.ParseInt(strings.SplitN(cfg.Token, ":", 2)[0], 10, 64)
	if botID == 0 {
		botID = 1
	}
	s := &Server{
		Token:         cfg.Token,
		Bot:           models.User{ID: botID, IsBot: true, FirstName: "Membot", Username: cfg.BotUsername},
		pollHold:      cfg.PollHold,
		changed:       make(chan struct{}),
		closed:        make(chan struct{}),
		nextUpdateID:  1000,
		nextMessageID: 1,
		delivered:     map[int64]int{},
		counts:        map[string]int{},
		members:       map[[2]int64]models.ChatMemberType{},
	}
	s.srv = httptest.NewServer(s)
	s.URL = s.srv.URL
	return s
}

// Close stops the server, releasing held long polls.
func (s *Server) Close() {
	s.closeOnce.Do(func() { close(s.closed) })
	s.mu.Lock()
	s.notifyLocked()
	s.mu.Unlock()
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// notifyLocked wakes everything waiting for a change (held polls, Wait).
func (s *Server) notifyLocked() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// Wait blocks until cond (called under no lock, after every change) is
// true, failing the test after timeout. It is for waiting on the client's
// effects, not for measuring time.
func (s *Server) Wait(tb testing.TB, timeout time.Duration, what string, cond func() bool) {
	tb.Helper()
	if err := s.WaitContext(context.Background(), timeout, cond); err != nil {
		tb.Fatalf("waiting for %s: %v", what, err)
	}
}

// WaitContext is Wait for code without a testing.TB: it returns an error
// when ctx ends or timeout passes before cond holds.
func (s *Server) WaitContext(ctx context.Context, timeout time.Duration, cond func() bool) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		if cond() {
			return nil
		}
		select {
		case <-ch:
		case <-deadline.C:
			return fmt.Errorf("not done after %v", timeout)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Calls returns the recorded calls of method (every call when method is
// empty), oldest first, once the requests under way are recorded.
func (s *Server) Calls(method string) []Call {
	s.settle()
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Call
	for _, c := range s.calls {
		if method == "" || c.Method == method {
			out = append(out, c)
		}
	}
	return out
}

// CallCount is len(Calls(method)), in constant time.
func (s *Server) CallCount(method string) int {
	s.settle()
	s.mu.Lock()
	defer s.mu.Unlock()
	if method == "" {
		return len(s.calls)
	}
	return s.counts[method]
}

// ServeHTTP routes POST|GET /bot<token>/<method>.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, "/bot")
	if !ok {
		writeError(w, Fault{Code: http.StatusNotFound, Description: "Not Found"})
		return
	}
	token, method, _ := strings.Cut(rest, "/")
	if token != s.Token {
		writeError(w, Fault{Code: http.StatusUnauthorized, Description: "Unauthorized"})
		return
	}
	fields, files, err := parseRequest(r)
	if err != nil {
		writeError(w, Fault{Code: http.StatusBadRequest, Description: "Bad Request: " + err.Error()})
		return
	}
	h, ok := s.handlers()[method]
	if !ok {
		s.record(Call{Method: method, Fields: fields, Files: files, ErrorCode: http.StatusNotFound})
		writeError(w, Fault{Code: http.StatusNotFound, Description: "Not Found: method not found"})
		return
	}
	call := Call{Method: method, Fields: fields, Files: files}
	if method == "getUpdates" {
		result, f := h(r.Context(), fields, files)
		s.answer(w, call, result, f)
		return
	}
	s.inflight.RLock()
	f, hit := s.takeFault(method, fields)
	if hit && f.hang {
		s.record(call)
		s.inflight.RUnlock()
		select {
		case <-r.Context().Done():
		case <-s.closed:
		}
		writeError(w, Fault{Code: http.StatusGatewayTimeout, Description: "Gateway Timeout"})
		return
	}
	defer s.inflight.RUnlock()
	if hit {
		if f.after {
			_, _ = h(r.Context(), fields, files)
		}
		s.answer(w, call, nil, &f.f)
		return
	}
	result, fault := h(r.Context(), fields, files)
	s.answer(w, call, result, fault)
}

// answer records call with the outcome and writes it.
func (s *Server) answer(w http.ResponseWriter, call Call, result any, f *Fault) {
	if f != nil {
		call.ErrorCode = f.Code
	}
	s.record(call)
	if f != nil {
		writeError(w, *f)
		return
	}
	writeResult(w, result)
}

// settle waits until every request under way (but long polls and hung
// ones) is recorded.
func (s *Server) settle() {
	s.inflight.Lock()
	//lint:ignore SA2001 an empty critical section is the point: it waits for the readers
	s.inflight.Unlock()
}

type handlerFunc func(ctx context.Context, fields map[string]string, files map[string]File) (any, *Fault)

func (s *Server) handlers() map[string]handlerFunc {
	return map[string]handlerFunc{
		"getMe":               s.getMe,
		"getUpdates":          s.getUpdates,
		"sendMessage":         s.sendMessage,
		"editMessageText":     s.editMessageText,
		"deleteMessage":       s.deleteMessage,
		"sendChatAction":      s.ok,
		"sendDocument":        s.sendDocument,
		"setMyCommands":       s.setMyCommands,
		"answerCallbackQuery": s.ok,
		"getChatMember":       s.getChatMember,
		"setWebhook":          s.setWebhook,
		"deleteWebhook":       s.deleteWebhook,
	}
}

func (s *Server) record(c Call) {
	c.Time = time.Now()
	s.mu.Lock()
	s.calls = append(s.calls, c)
	s.counts[c.Method]++
	s.notifyLocked()
	s.mu.Unlock()
}

func (s *Server) getMe(context.Context, map[string]string, map[string]File) (any, *Fault) {
	return s.Bot, nil
}

func (s *Server) ok(context.Context, map[string]string, map[string]File) (any, *Fault) {
	return true, nil
}

// parseRequest reads multipart, urlencoded or JSON bodies (and the query
// string) into flat fields, as the Bot API accepts all of them.
func parseRequest(r *http.Request) (map[string]string, map[string]File, error) {
	fields := map[string]string{}
	files := map[string]File{}
	for k, v := range r.URL.Query() {
		fields[k] = v[0]
	}
	if r.Body == nil {
		return fields, files, nil
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "multipart/form-data":
		if err := r.ParseMultipartForm(64 << 20); err != nil {
			if errors.Is(err, io.EOF) {
				return fields, files, nil // parameterless calls send an empty form
			}
			return nil, nil, fmt.Errorf("parse multipart form: %w", err)
		}
		for k, v := range r.MultipartForm.Value {
			fields[k] = v[0]
		}
		for k, fh := range r.MultipartForm.File {
			f, err := fh[0].Open()
			if err != nil {
				return nil, nil, fmt.Errorf("open upload %s: %w", k, err)
			}
			data, err := io.ReadAll(f)
			_ = f.Close()
			if err != nil {
				return nil, nil, fmt.Errorf("read upload %s: %w", k, err)
			}
			files[k] = File{Name: fh[0].Filename, Data: data}
		}
	case "application/x-www-form-urlencoded":
		if err := r.ParseForm(); err != nil {
			return nil, nil, fmt.Errorf("parse form: %w", err)
		}
		for k, v := range r.PostForm {
			fields[k] = v[0]
		}
	case "application/json":
		var raw map[string]json.RawMessage
		if err := json.NewDecoder(r.Body).Decode(&raw); err != nil {
			return nil, nil, fmt.Errorf("decode json body: %w", err)
		}
		for k, v := range raw {
			var str string
			if json.Unmarshal(v, &str) == nil {
				fields[k] = str
			} else {
				fields[k] = string(v)
			}
		}
	default:
		_, _ = io.Copy(io.Discard, r.Body)
	}
	return fields, files, nil
}

func writeResult(w http.ResponseWriter, result any) {
	body, err := json.Marshal(map[string]any{"ok": true, "result": result})
	if err != nil {
		writeError(w, Fault{Code: http.StatusInternalServerError, Description: "encode result: " + err.Error()})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

func writeError(w http.ResponseWriter, f Fault) {
	resp := map[string]any{"ok": false, "error_code": f.Code, "description": f.Description}
	if f.RetryAfter > 0 {
		resp["parameters"] = map[string]any{"retry_after": f.RetryAfter}
	}
	body, _ := json.Marshal(resp)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(f.Code)
	_, _ = w.Write(body)
}

func intField(fields map[string]string, name string) int64 {
	v, _ := strconv.ParseInt(strings.TrimSpace(fields[name]), 10, 64)
	return v
}
