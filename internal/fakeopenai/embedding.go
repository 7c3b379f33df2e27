package fakeopenai

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
)

// EmbeddingRequest is a parsed embeddings request.
type EmbeddingRequest struct {
	Model string
	// Input holds the texts, one per vector asked for.
	Input []string
	// Dimensions is the requested vector length (0 when absent).
	Dimensions int
	// EncodingFormat is "float", "base64" or "".
	EncodingFormat string
	// Raw is the request body as received.
	Raw []byte
}

func (e *EmbeddingRequest) clone() *EmbeddingRequest {
	out := *e
	out.Input = slices.Clone(e.Input)
	out.Raw = slices.Clone(e.Raw)
	return &out
}

type wireEmbeddingRequest struct {
	Model          string          `json:"model"`
	Input          json.RawMessage `json:"input"`
	Dimensions     int             `json:"dimensions"`
	EncodingFormat string          `json:"encoding_format"`
}

// parseEmbeddingRequest decodes an embeddings body; token-array input is
// refused because the fake has no tokenizer.
func parseEmbeddingRequest(body []byte) (*EmbeddingRequest, error) {
	var w wireEmbeddingRequest
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("decode embeddings request: %w", err)
	}
	if w.Model == "" {
		return nil, fmt.Errorf("decode embeddings request: model is required")
	}
	e := &EmbeddingRequest{Model: w.Model, Dimensions: w.Dimensions, EncodingFormat: w.EncodingFormat, Raw: slices.Clone(body)}
	in := bytes.TrimSpace(w.Input)
	switch {
	case len(in) == 0:
		return nil, fmt.Errorf("decode embeddings request: input is required")
	case in[0] == '"':
		var s string
		if err := json.Unmarshal(in, &s); err != nil {
			return nil, fmt.Errorf("decode embeddings request: input: %w", err)
		}
		e.Input = []string{s}
	default:
		if err := json.Unmarshal(in, &e.Input); err != nil {
			return nil, fmt.Errorf("decode embeddings request: input must be a string or a list of strings: %w", err)
		}
	}
	if len(e.Input) == 0 {
		return nil, fmt.Errorf("decode embeddings request: input must not be empty")
	}
	for i, s := range e.Input {
		if s == "" {
			return nil, fmt.Errorf("decode embeddings request: input %d is an empty string", i)
		}
	}
	if e.Dimensions < 0 {
		return nil, fmt.Errorf("decode embeddings request: dimensions must be positive")
	}
	return e, nil
}

func (s *Server) serveEmbeddings(w http.ResponseWriter, r *http.Request, rec Request) {
	req, err := parseEmbeddingRequest(rec.Body)
	if err != nil {
		s.record(rec)
		writeError(w, Response{Status: http.StatusBadRequest, Message: err.Error()})
		return
	}
	rec.Embedding = req.clone()
	s.record(rec)
	resp := s.embeddingResponse(req)
	if !s.pause(r.Context(), resp.Delay, resp.Hang) {
		panic(http.ErrAbortHandler)
	}
	resp.applyHeaders(w)
	switch {
	case resp.RawBody != "":
		resp.writeRaw(w)
	case resp.failed():
		writeError(w, resp)
	case resp.Garbage || resp.Truncate:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte(`{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.1,`))
	default:
		s.writeEmbeddings(w, req, resp)
	}
}

func (s *Server) embeddingResponse(req *EmbeddingRequest) Response {
	s.mu.Lock()
	if len(s.embedQueue) > 0 {
		resp := s.embedQueue[0]
		s.embedQueue = s.embedQueue[1:]
		s.mu.Unlock()
		return resp
	}
	fn := s.embedHandler
	s.mu.Unlock()
	if fn == nil {
		return Response{}
	}
	return fn(req.clone())
}

func (s *Server) writeEmbeddings(w http.ResponseWriter, req *EmbeddingRequest, resp Response) {
	dims := s.dims
	if req.Dimensions > 0 {
		dims = req.Dimensions
	}
	type item struct {
		Object    string `json:"object"`
		Index     int    `json:"index"`
		Embedding any    `json:"embedding"`
	}
	out := struct {
		Object string    `json:"object"`
		Data   []item    `json:"data"`
		Model  string    `json:"model"`
		Usage  wireUsage `json:"usage"`
	}{Object: "list", Data: []item{}, Model: req.Model}
	vectors := resp.Vectors
	if vectors == nil {
		for _, text := range req.Input {
			vectors = append(vectors, Vector(text, dims))
		}
	}
	for i, v := range vectors {
		var enc any = v
		if req.EncodingFormat == "base64" {
			enc = encodeBase64(v)
		}
		out.Data = append(out.Data, item{Object: "embedding", Index: i, Embedding: enc})
	}
	for _, text := range req.Input {
		out.Usage.PromptTokens += estimateTokens(text)
	}
	out.Usage.TotalTokens = out.Usage.PromptTokens
	writeJSON(w, http.StatusOK, out)
}

func encodeBase64(v []float32) string {
	buf := make([]byte, 4*len(v))
	for i, f := range v {
		binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(f))
	}
	return base64.StdEncoding.EncodeToString(buf)
}
