package fakeopenai

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strings"
	"testing"

	oai "github.com/openai/openai-go/v3"
)

func embed(t *testing.T, c *oai.Client, params oai.EmbeddingNewParams) (*oai.CreateEmbeddingResponse, error) {
	t.Helper()
	if params.Model == "" {
		params.Model = "fake-embed"
	}
	return c.Embeddings.New(context.Background(), params)
}

func strs(texts ...string) oai.EmbeddingNewParamsInputUnion {
	return oai.EmbeddingNewParamsInputUnion{OfArrayOfStrings: texts}
}

func TestEmbeddingsDeterministicAndSimilar(t *testing.T) {
	s := New(t, WithEmbeddingDims(128))
	c := newClient(s.URL())
	texts := []string{"prefers TypeScript for web projects", "likes TypeScript for web work", "allergic to peanuts"}
	res, err := embed(t, c, oai.EmbeddingNewParams{Input: strs(texts...)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Data) != 3 {
		t.Fatalf("got %d vectors", len(res.Data))
	}
	vecs := make([][]float32, 3)
	for i, d := range res.Data {
		if int(d.Index) != i || len(d.Embedding) != 128 {
			t.Fatalf("item %d: index %d, %d dims", i, d.Index, len(d.Embedding))
		}
		for _, x := range d.Embedding {
			vecs[i] = append(vecs[i], float32(x))
		}
	}
	if Cosine(vecs[0], Vector(texts[0], 128)) < 0.9999 {
		t.Error("served vector differs from Vector")
	}
	near, far := Cosine(vecs[0], vecs[1]), Cosine(vecs[0], vecs[2])
	if near <= far {
		t.Fatalf("similar texts cos %.3f <= unrelated cos %.3f", near, far)
	}
	if res.Usage.PromptTokens == 0 {
		t.Error("no usage reported")
	}
	if got := s.EmbeddingRequests(); len(got) != 1 || len(got[0].Input) != 3 || got[0].Model != "fake-embed" {
		t.Fatalf("recorded = %+v", got)
	}
}

func TestEmbeddingsSingleStringDimensionsAndBase64(t *testing.T) {
	s := New(t)
	c := newClient(s.URL())
	res, err := embed(t, c, oai.EmbeddingNewParams{
		Input:          oai.EmbeddingNewParamsInputUnion{OfString: oai.String("你好世界")},
		Dimensions:     oai.Int(16),
		EncodingFormat: oai.EmbeddingNewParamsEncodingFormatBase64,
	})
	if err != nil {
		t.Fatal(err)
	}
	want := Vector("你好世界", 16)
	if len(res.Data) != 1 || len(res.Data[0].Embedding) != 16 {
		t.Fatalf("answer = %+v", res.Data)
	}
	for i, x := range res.Data[0].Embedding {
		if float32(x) != want[i] {
			t.Fatalf("base64 component %d = %v, want %v", i, x, want[i])
		}
	}
}

func TestEmbeddingsInjection(t *testing.T) {
	tests := []struct {
		name string
		resp Response
	}{
		{"server error", Status(500)},
		{"rate limited", RateLimited(0)},
		{"garbage", Response{Garbage: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(t)
			s.EnqueueEmbedding(tt.resp)
			if _, err := embed(t, newClient(s.URL()), oai.EmbeddingNewParams{Input: strs("x")}); err == nil {
				t.Fatal("want an error")
			}
		})
	}
	s := New(t)
	s.SetEmbeddingHandler(func(req *EmbeddingRequest) Response {
		return Response{Vectors: [][]float32{{1, 0}, {0, 1}}}
	})
	res, err := embed(t, newClient(s.URL()), oai.EmbeddingNewParams{Input: strs("a", "b")})
	if err != nil || len(res.Data) != 2 || res.Data[1].Embedding[1] != 1 {
		t.Fatalf("override vectors: %+v, %v", res, err)
	}
}

func TestEmbeddingsBadInputIs400(t *testing.T) {
	s := New(t)
	for _, in := range []oai.EmbeddingNewParamsInputUnion{strs(""), {OfArrayOfTokens: []int64{1, 2}}} {
		_, err := embed(t, newClient(s.URL()), oai.EmbeddingNewParams{Input: in})
		var apiErr *oai.Error
		if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusBadRequest {
			t.Errorf("input %+v: err = %v, want 400", in, err)
		}
	}
}

func TestVectorProperties(t *testing.T) {
	tests := []struct {
		name string
		text string
		dims int
	}{
		{"english", "The quick brown fox", 64},
		{"chinese", "我喜欢用 TypeScript 写代码", 32},
		{"empty", "", 8},
		{"symbols only", "!!! ???", 8},
		{"invalid utf8", "ab\xff\xfecd", 8},
		{"default dims", "x", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Vector(tt.text, tt.dims)
			want := tt.dims
			if want <= 0 {
				want = DefaultDims
			}
			if len(v) != want {
				t.Fatalf("len = %d, want %d", len(v), want)
			}
			var norm float64
			for _, x := range v {
				if math.IsNaN(float64(x)) {
					t.Fatal("NaN component")
				}
				norm += float64(x) * float64(x)
			}
			if math.Abs(norm-1) > 1e-5 {
				t.Fatalf("norm = %v, want 1", norm)
			}
			if Cosine(v, Vector(tt.text, tt.dims)) < 0.9999 {
				t.Fatal("not deterministic")
			}
		})
	}
	zh1, zh2, en := Vector("我喜欢喝咖啡", 64), Vector("我很喜欢咖啡", 64), Vector(strings.Repeat("unrelated words ", 3), 64)
	if Cosine(zh1, zh2) <= Cosine(zh1, en) {
		t.Fatal("Chinese texts sharing characters are not closer than unrelated text")
	}
}
