package openai

import (
	"context"
	"fmt"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
	"github.com/membot/membot/memory/llm"
)

func TestEmbedReturnsVectorsInOrder(t *testing.T) {
	s := fakeopenai.New(t, fakeopenai.WithEmbeddingDims(32))
	c := newTestClient(t, s, nil)
	texts := []string{"prefers TypeScript", "喜欢喝茶", "lives in Berlin"}
	vecs, err := c.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != len(texts) {
		t.Fatalf("got %d vectors", len(vecs))
	}
	for i, text := range texts {
		want := fakeopenai.Vector(text, 32)
		if len(vecs[i]) != 32 || fakeopenai.Cosine(vecs[i], want) < 0.9999 {
			t.Fatalf("vector %d does not match %q", i, text)
		}
	}
	reqs := s.EmbeddingRequests()
	if len(reqs) != 1 || reqs[0].Model != "embed-model" || len(reqs[0].Input) != 3 {
		t.Fatalf("server saw %+v", reqs)
	}
	if c.EmbeddingModel() != "embed-model" {
		t.Fatalf("EmbeddingModel = %q", c.EmbeddingModel())
	}
}

func TestEmbedSplitsLargeBatches(t *testing.T) {
	s := fakeopenai.New(t, fakeopenai.WithEmbeddingDims(8))
	c := newTestClient(t, s, nil)
	texts := make([]string, 2*embedBatch+10)
	for i := range texts {
		texts[i] = fmt.Sprintf("text number %d", i)
	}
	vecs, err := c.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	if len(vecs) != len(texts) || s.Count(fakeopenai.KindEmbeddings) != 3 {
		t.Fatalf("%d vectors over %d requests", len(vecs), s.Count(fakeopenai.KindEmbeddings))
	}
	last := len(texts) - 1
	if fakeopenai.Cosine(vecs[last], fakeopenai.Vector(texts[last], 8)) < 0.9999 {
		t.Fatal("batches reassembled out of order")
	}
}

func TestEmbedWithoutModel(t *testing.T) {
	s := fakeopenai.New(t)
	c := newTestClient(t, s, func(o *Options) { o.EmbeddingModel = "" })
	_, err := c.Embed(context.Background(), []string{"x"})
	wantKind(t, err, llm.ErrNoEmbeddings)
	if c.EmbeddingModel() != "" || len(s.Requests()) != 0 {
		t.Fatal("embedding call without a model")
	}
}

func TestEmbedEmptyInput(t *testing.T) {
	s := fakeopenai.New(t)
	c := newTestClient(t, s, nil)
	vecs, err := c.Embed(context.Background(), nil)
	if err != nil || len(vecs) != 0 {
		t.Fatalf("Embed(nil) = %v, %v", vecs, err)
	}
	_, err = c.Embed(context.Background(), []string{"ok", ""})
	wantKind(t, err, llm.ErrBadRequest)
	if len(s.Requests()) != 0 {
		t.Fatal("empty input reached the server")
	}
}

func TestEmbedBadAnswers(t *testing.T) {
	tests := []struct {
		name string
		resp fakeopenai.Response
		kind error
	}{
		{"too few vectors", fakeopenai.Response{Vectors: [][]float32{{1, 0}}}, llm.ErrBadResponse},
		{"unequal dims", fakeopenai.Response{Vectors: [][]float32{{1, 0}, {1, 0, 0}}}, llm.ErrBadResponse},
		{"empty vector", fakeopenai.Response{Vectors: [][]float32{{}, {}}}, llm.ErrBadResponse},
		{"garbage", fakeopenai.Response{Garbage: true}, llm.ErrBadResponse},
		{"repeated index", fakeopenai.Response{RawBody: `{"data":[{"index":0,"embedding":[1]},{"index":0,"embedding":[1]}]}`}, llm.ErrBadResponse},
		{"negative index", fakeopenai.Response{RawBody: `{"data":[{"index":-1,"embedding":[1]},{"index":1,"embedding":[1]}]}`}, llm.ErrBadResponse},
		{"huge index", fakeopenai.Response{RawBody: `{"data":[{"index":99,"embedding":[1]},{"index":1,"embedding":[1]}]}`}, llm.ErrBadResponse},
		{"overflowing component", fakeopenai.Response{RawBody: `{"data":[{"index":0,"embedding":[1e300]},{"index":1,"embedding":[1]}]}`}, llm.ErrBadResponse},
		{"vector not a list", fakeopenai.Response{RawBody: `{"data":[{"index":0,"embedding":"!!"},{"index":1,"embedding":{}}]}`}, llm.ErrBadResponse},
		{"server error", fakeopenai.Status(500), llm.ErrServer},
		{"rate limited", fakeopenai.RateLimited(0), llm.ErrRateLimited},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := fakeopenai.New(t)
			s.SetEmbeddingHandler(func(*fakeopenai.EmbeddingRequest) fakeopenai.Response { return tt.resp })
			c := newTestClient(t, s, nil)
			vecs, err := c.Embed(context.Background(), []string{"a", "b"})
			le := wantKind(t, err, tt.kind)
			if vecs != nil || le.Purpose != llm.PurposeEmbedding {
				t.Fatalf("vectors %v, purpose %q", vecs, le.Purpose)
			}
		})
	}
}
