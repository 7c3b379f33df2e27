package fakeopenai

import (
	"encoding/json"
	"fmt"
	"net/http"
	"unicode/utf8"
)

type wireUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

type wireCompletion struct {
	ID      string       `json:"id"`
	Object  string       `json:"object"`
	Created int64        `json:"created"`
	Model   string       `json:"model"`
	Choices []wireChoice `json:"choices"`
	Usage   *wireUsage   `json:"usage,omitempty"`
}

type wireChoice struct {
	Index        int             `json:"index"`
	Message      *wireAssistant  `json:"message,omitempty"`
	Delta        *wireAssistant  `json:"delta,omitempty"`
	FinishReason *string         `json:"finish_reason"`
	Logprobs     json.RawMessage `json:"logprobs"`
}

type wireAssistant struct {
	Role    string  `json:"role,omitempty"`
	Content *string `json:"content,omitempty"`
	Refusal *string `json:"refusal,omitempty"`
}

var null = json.RawMessage("null")

func (s *Server) serveChat(w http.ResponseWriter, r *http.Request, rec Request) {
	req, err := parseChatRequest(rec.Body)
	if err != nil {
		s.record(rec)
		writeError(w, Response{Status: http.StatusBadRequest, Message: err.Error()})
		return
	}
	rec.Chat = req.clone()
	seq := s.record(rec)
	resp := s.chatResponse(req)
	if !s.pause(r.Context(), resp.Delay, resp.Hang) {
		panic(http.ErrAbortHandler)
	}
	switch {
	case resp.RawBody != "":
		resp.applyHeaders(w)
		resp.writeRaw(w)
	case resp.failed():
		writeError(w, resp)
	case req.Stream:
		resp.applyHeaders(w)
		s.writeStream(w, r, req, resp, seq)
	default:
		resp.applyHeaders(w)
		writeCompletion(w, req, resp, seq)
	}
}

// chatResponse picks the answer: queue first, then a schema handler, then
// the general handler, then Default. Handlers run without the lock held.
func (s *Server) chatResponse(req *ChatRequest) Response {
	s.mu.Lock()
	if len(s.queue) > 0 {
		resp := s.queue[0]
		s.queue = s.queue[1:]
		s.mu.Unlock()
		return resp
	}
	fn := s.handler
	if req.SchemaName != "" {
		if h, ok := s.schemas[req.SchemaName]; ok {
			fn = h
		}
	}
	s.mu.Unlock()
	if fn == nil {
		return Default(req)
	}
	return fn(req.clone())
}

func usageOf(req *ChatRequest, resp Response) *wireUsage {
	if resp.NoUsage {
		return nil
	}
	u := Usage{CompletionTokens: estimateTokens(resp.Content)}
	for _, m := range req.Messages {
		u.PromptTokens += estimateTokens(m.Content)
	}
	if resp.Usage != nil {
		u = *resp.Usage
	}
	return &wireUsage{PromptTokens: u.PromptTokens, CompletionTokens: u.CompletionTokens, TotalTokens: u.PromptTokens + u.CompletionTokens}
}

func finishReason(resp Response) *string {
	fr := resp.FinishReason
	if fr == "" {
		fr = "stop"
	}
	return &fr
}

func writeCompletion(w http.ResponseWriter, req *ChatRequest, resp Response, seq int) {
	out := wireCompletion{
		ID:      fmt.Sprintf("chatcmpl-fake-%d", seq),
		Object:  "chat.completion",
		Created: fixedCreated,
		Model:   req.Model,
		Choices: []wireChoice{},
		Usage:   usageOf(req, resp),
	}
	if !resp.NoChoices {
		msg := &wireAssistant{Role: "assistant", Content: &resp.Content}
		if resp.Refusal != "" {
			msg.Refusal = &resp.Refusal
		}
		out.Choices = append(out.Choices, wireChoice{Message: msg, FinishReason: finishReason(resp), Logprobs: null})
	}
	data, err := json.Marshal(out)
	if err != nil {
		writeError(w, Response{Status: http.StatusInternalServerError, Message: "encode answer: " + err.Error()})
		return
	}
	if resp.Garbage || resp.Truncate {
		data = data[:len(data)/2]
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(data)
}

func (s *Server) writeStream(w http.ResponseWriter, r *http.Request, req *ChatRequest, resp Response, seq int) {
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	id := fmt.Sprintf("chatcmpl-fake-%d", seq)
	send := func(choices []wireChoice, usage *wireUsage) {
		chunk := wireCompletion{ID: id, Object: "chat.completion.chunk", Created: fixedCreated, Model: req.Model, Choices: choices, Usage: usage}
		data, err := json.Marshal(chunk)
		if err != nil {
			panic(http.ErrAbortHandler)
		}
		_, _ = fmt.Fprintf(w, "data: %s\n\n", data)
		_ = rc.Flush()
	}
	delta := func(d wireAssistant) []wireChoice {
		return []wireChoice{{Delta: &d, Logprobs: null}}
	}
	empty := ""
	send(delta(wireAssistant{Role: "assistant", Content: &empty}), nil)

	pieces := splitRunes(resp.Content, resp.Chunks)
	if resp.NoChoices {
		pieces = nil
	}
	if resp.Garbage {
		if len(pieces) > 0 {
			send(delta(wireAssistant{Content: &pieces[0]}), nil)
		}
		_, _ = fmt.Fprint(w, "data: {\"id\":\""+id+"\",\"choices\":[{\"index\":0,\"delta\":{\"content\":\"tr\n\n")
		_ = rc.Flush()
		return
	}
	for i := range pieces {
		if !s.pause(r.Context(), resp.ChunkDelay, false) {
			panic(http.ErrAbortHandler)
		}
		send(delta(wireAssistant{Content: &pieces[i]}), nil)
	}
	if resp.Refusal != "" {
		send(delta(wireAssistant{Refusal: &resp.Refusal}), nil)
	}
	if resp.Truncate {
		return
	}
	if !resp.NoChoices {
		send([]wireChoice{{Delta: &wireAssistant{}, FinishReason: finishReason(resp), Logprobs: null}}, nil)
	}
	if req.IncludeUsage {
		if u := usageOf(req, resp); u != nil {
			send([]wireChoice{}, u)
		}
	}
	_, _ = fmt.Fprint(w, "data: [DONE]\n\n")
	_ = rc.Flush()
}

// splitRunes cuts s into n pieces of nearly equal rune counts (up to 4 when
// n <= 0), never splitting a multi-byte character.
func splitRunes(s string, n int) []string {
	total := utf8.RuneCountInString(s)
	if total == 0 {
		return nil
	}
	if n <= 0 {
		n = 4
	}
	n = min(n, total)
	pieces := make([]string, 0, n)
	start, count, piece := 0, 0, 0
	for i := range s {
		if count == (piece+1)*total/n && piece < n-1 {
			pieces = append(pieces, s[start:i])
			start = i
			piece++
		}
		count++
	}
	return append(pieces, s[start:])
}
