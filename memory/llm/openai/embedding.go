package openai

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strings"
	"time"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/membot/membot/memory/llm"
)

// embedBatch is how many texts go into one embeddings request; OpenAI takes
// up to 2048, local servers are happier with fewer.
const embedBatch = 256

// Embed returns one vector per text, in order, all of the same length. It
// fails with llm.ErrNoEmbeddings when no embedding model is configured and
// with llm.ErrBadRequest for an empty text. Large batches are split into
// several requests.
func (c *Client) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	p := llm.PurposeEmbedding
	if c.embeddingModel == "" {
		return nil, &llm.Error{Kind: llm.ErrNoEmbeddings, Purpose: p}
	}
	if len(texts) == 0 {
		return [][]float32{}, nil
	}
	start := time.Now()
	out := make([][]float32, 0, len(texts))
	var usage llm.Usage
	var err error
	for i, t := range texts {
		if t == "" {
			err = badRequest(p, fmt.Errorf("text %d of %d is empty", i, len(texts)))
			break
		}
	}
	for lo := 0; lo < len(texts) && err == nil; lo += embedBatch {
		batch := texts[lo:min(lo+embedBatch, len(texts))]
		var vecs [][]float32
		var u llm.Usage
		vecs, u, err = c.embedBatch(ctx, batch)
		usage.PromptTokens += u.PromptTokens
		out = append(out, vecs...)
	}
	if err == nil {
		err = sameDims(p, out)
	}
	c.record(ctx, "embed", p, start, usage, err)
	if err != nil {
		return nil, err
	}
	return out, nil
}

func (c *Client) embedBatch(ctx context.Context, texts []string) ([][]float32, llm.Usage, error) {
	p := llm.PurposeEmbedding
	input := make([]string, len(texts))
	for i, t := range texts {
		input[i] = strings.ToValidUTF8(t, "\uFFFD")
	}
	var httpResp *http.Response
	res, err := c.embeddings.New(ctx, oai.EmbeddingNewParams{
		Model: c.embeddingModel,
		Input: oai.EmbeddingNewParamsInputUnion{OfArrayOfStrings: input},
	}, option.WithResponseInto(&httpResp))
	if err != nil {
		return nil, llm.Usage{}, classify(p, err, httpResp)
	}
	if res == nil {
		return nil, llm.Usage{}, badResponse(p, fmt.Errorf("empty embeddings answer"))
	}
	usage := llm.Usage{PromptTokens: res.Usage.PromptTokens}
	if len(res.Data) != len(texts) {
		return nil, usage, badResponse(p, fmt.Errorf("asked %d embeddings, got %d", len(texts), len(res.Data)))
	}
	out := make([][]float32, len(texts))
	for _, d := range res.Data {
		i := int(d.Index)
		if d.Index < 0 || i >= len(out) || out[i] != nil {
			return nil, usage, badResponse(p, fmt.Errorf("embedding index %d out of range or repeated", d.Index))
		}
		v, err := toFloat32(d.Embedding)
		if err != nil {
			return nil, usage, badResponse(p, fmt.Errorf("embedding %d: %w", d.Index, err))
		}
		out[i] = v
	}
	return out, usage, nil
}

func toFloat32(in []float64) ([]float32, error) {
	if len(in) == 0 {
		return nil, fmt.Errorf("empty vector")
	}
	out := make([]float32, len(in))
	for i, x := range in {
		f := float32(x)
		if math.IsNaN(x) || math.IsInf(float64(f), 0) {
			return nil, fmt.Errorf("component %d is not a finite number", i)
		}
		out[i] = f
	}
	return out, nil
}

func sameDims(p llm.Purpose, vecs [][]float32) error {
	for i, v := range vecs {
		if len(v) != len(vecs[0]) {
			return badResponse(p, fmt.Errorf("embedding %d has %d dimensions, embedding 0 has %d", i, len(v), len(vecs[0])))
		}
	}
	return nil
}
