package openai

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"

	"github.com/membot/membot/memory/llm"
)

// Stream runs a streamed chat completion, handing each piece of text to
// onDelta as it arrives, and returns the whole answer. A delivery failure
// is not a model failure: once onDelta returns an error it is not called
// again, but the answer is still read to its end and returned, so a
// platform that refuses one edit never costs the answer. Usage is asked for
// but servers that send none are tolerated (the usage is then zero). An
// answer that stops before the server marks it finished is reported as
// llm.ErrBadResponse together with the text received so far.
func (c *Client) Stream(ctx context.Context, req llm.Request, onDelta func(delta string) error) (string, llm.Usage, error) {
	start := time.Now()
	text, usage, err := c.stream(ctx, req, onDelta)
	c.record(ctx, "stream", req.Purpose, start, usage, err)
	return text, usage, err
}

func (c *Client) stream(ctx context.Context, req llm.Request, onDelta func(delta string) error) (string, llm.Usage, error) {
	p := req.Purpose
	params, err := c.chatParams(p, req.Messages, req.Temperature, req.MaxTokens)
	if err != nil {
		return "", llm.Usage{}, err
	}
	params.StreamOptions = oai.ChatCompletionStreamOptionsParam{IncludeUsage: oai.Bool(true)}

	var httpResp *http.Response
	stream := c.chat.NewStreaming(ctx, params, option.WithResponseInto(&httpResp))
	defer func() { _ = stream.Close() }()

	var text strings.Builder
	var usage llm.Usage
	chunks, finish := 0, ""
	for stream.Next() {
		chunk := stream.Current()
		chunks++
		if u := chunk.Usage; u.PromptTokens > 0 || u.CompletionTokens > 0 {
			usage = usageOf(u)
		}
		for _, choice := range chunk.Choices {
			if choice.Index != 0 {
				continue
			}
			piece := choice.Delta.Content
			if piece == "" {
				piece = choice.Delta.Refusal
			}
			if piece != "" {
				text.WriteString(piece)
				if onDelta != nil {
					if err := onDelta(piece); err != nil {
						c.log.LogAttrs(ctx, slog.LevelDebug, "delivery of a streamed answer stopped; reading it to the end",
							slog.String("purpose", string(p)), slog.String("err", err.Error()))
						onDelta = nil
					}
				}
			}
			if choice.FinishReason != "" {
				finish = choice.FinishReason
			}
		}
	}
	if err := stream.Err(); err != nil {
		return text.String(), usage, classify(p, err, httpResp)
	}
	switch {
	case chunks == 0:
		return "", usage, badResponse(p, errors.New("stream carried no chunks"))
	case finish == "":
		return text.String(), usage, badResponse(p, errors.New("stream ended before the answer was finished"))
	case finish == "length":
		c.log.LogAttrs(ctx, slog.LevelWarn, "model answer cut at the token limit",
			slog.String("purpose", string(p)), slog.Int("max_tokens", req.MaxTokens))
	}
	return text.String(), usage, nil
}
