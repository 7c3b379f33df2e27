package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"slices"
	"time"

	oai "github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/membot/membot/memory/llm"
)

// schemaName is what OpenAI accepts as a response_format schema name.
var schemaName = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// JSON runs a chat completion constrained to schema (response_format
// json_schema, strict) and returns the answer as syntactically valid JSON;
// code fences and reasoning blocks some local models add are removed. When
// the server rejects json_schema with HTTP 400, as some local servers do,
// the call is retried once with response_format json_object and the schema
// spelled out in the system message; a local server that accepts that is
// asked that way from then on.
func (c *Client) JSON(ctx context.Context, req llm.Request, schema llm.Schema) (json.RawMessage, llm.Usage, error) {
	start := time.Now()
	out, usage, err := c.structured(ctx, req, schema)
	c.record(ctx, "json", req.Purpose, start, usage, err)
	return out, usage, err
}

func (c *Client) structured(ctx context.Context, req llm.Request, schema llm.Schema) (json.RawMessage, llm.Usage, error) {
	p := req.Purpose
	if err := validateSchema(schema); err != nil {
		return nil, llm.Usage{}, badRequest(p, err)
	}
	objectFormat := oai.ChatCompletionNewParamsResponseFormatUnion{OfJSONObject: &shared.ResponseFormatJSONObjectParam{}}
	if c.jsonObjectOnly.Load() {
		return c.complete(ctx, req, objectFormat, withSchemaInstruction(req.Messages, schema))
	}
	out, usage, err := c.complete(ctx, req, schemaFormat(schema), req.Messages)
	var le *llm.Error
	if err == nil || !errors.As(err, &le) || le.Status != http.StatusBadRequest {
		return out, usage, err
	}
	c.log.LogAttrs(ctx, slog.LevelWarn, "model server rejected json_schema output; retrying with json_object",
		slog.String("purpose", string(p)), slog.String("schema", schema.Name), slog.String("err", err.Error()))
	out, second, err := c.complete(ctx, req, objectFormat, withSchemaInstruction(req.Messages, schema))
	usage.PromptTokens += second.PromptTokens
	usage.CompletionTokens += second.CompletionTokens
	if err == nil && !c.official {
		c.jsonObjectOnly.Store(true)
	}
	return out, usage, err
}

func schemaFormat(schema llm.Schema) oai.ChatCompletionNewParamsResponseFormatUnion {
	js := shared.ResponseFormatJSONSchemaJSONSchemaParam{
		Name:   schema.Name,
		Schema: json.RawMessage(schema.Schema),
		Strict: oai.Bool(true),
	}
	if schema.Description != "" {
		js.Description = oai.String(schema.Description)
	}
	return oai.ChatCompletionNewParamsResponseFormatUnion{OfJSONSchema: &shared.ResponseFormatJSONSchemaParam{JSONSchema: js}}
}

// complete runs one non-streamed completion and extracts its JSON answer.
func (c *Client) complete(ctx context.Context, req llm.Request, format oai.ChatCompletionNewParamsResponseFormatUnion, msgs []llm.Message) (json.RawMessage, llm.Usage, error) {
	p := req.Purpose
	params, err := c.chatParams(p, msgs, req.Temperature, req.MaxTokens)
	if err != nil {
		return nil, llm.Usage{}, err
	}
	params.ResponseFormat = format
	var httpResp *http.Response
	res, err := c.chat.New(ctx, params, option.WithResponseInto(&httpResp))
	if err != nil {
		return nil, llm.Usage{}, classify(p, err, httpResp)
	}
	if res == nil {
		return nil, llm.Usage{}, badResponse(p, errors.New("empty answer body"))
	}
	usage := usageOf(res.Usage)
	if len(res.Choices) == 0 {
		return nil, usage, badResponse(p, errors.New("answer has no choices"))
	}
	choice := res.Choices[0]
	if choice.Message.Content == "" && choice.Message.Refusal != "" {
		return nil, usage, badResponse(p, fmt.Errorf("model refused: %.200s", choice.Message.Refusal))
	}
	out, err := extractJSON(choice.Message.Content)
	if err != nil {
		if choice.FinishReason == "length" {
			err = fmt.Errorf("%w (answer cut at the token limit)", err)
		}
		return nil, usage, badResponse(p, err)
	}
	return out, usage, nil
}

// validateSchema refuses schemas no server would take, before any call.
func validateSchema(s llm.Schema) error {
	if !schemaName.MatchString(s.Name) {
		return fmt.Errorf("schema name %q must be 1-64 letters, digits, '_' or '-'", s.Name)
	}
	trimmed := bytes.TrimSpace(s.Schema)
	if len(trimmed) == 0 || trimmed[0] != '{' || !json.Valid(trimmed) {
		return fmt.Errorf("schema %s is not a JSON object", s.Name)
	}
	return nil
}

// withSchemaInstruction adds the schema to the system message, for servers
// that only offer plain JSON mode.
func withSchemaInstruction(msgs []llm.Message, s llm.Schema) []llm.Message {
	var compact bytes.Buffer
	schema := string(s.Schema)
	if err := json.Compact(&compact, s.Schema); err == nil {
		schema = compact.String()
	}
	instr := "Answer with a single JSON object and nothing else (no prose, no code fences). It must conform to this JSON schema"
	if s.Description != "" {
		instr += " (" + s.Description + ")"
	}
	instr += ":\n" + schema
	out := slices.Clone(msgs)
	if len(out) > 0 && out[0].Role == llm.RoleSystem {
		out[0].Content += "\n\n" + instr
		return out
	}
	return append([]llm.Message{{Role: llm.RoleSystem, Content: instr}}, out...)
}
