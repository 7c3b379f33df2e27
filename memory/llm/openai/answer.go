package openai

import (
	"encoding/json"
	"errors"
	"strings"
)

// extractJSON returns the JSON document in a model's answer. Besides a bare
// document it accepts what local models commonly wrap around one: a leading
// <think>…</think> reasoning block, a ``` or ```json code fence, or a
// sentence before and after the object.
func extractJSON(content string) (json.RawMessage, error) {
	s := stripReasoning(strings.TrimSpace(content))
	if s == "" {
		return nil, errors.New("answer is empty")
	}
	candidates := []string{s}
	if inner, ok := fenced(s); ok {
		candidates = append(candidates, inner)
	}
	if outer, ok := outermost(s); ok {
		candidates = append(candidates, outer)
	}
	for _, c := range candidates {
		c = strings.TrimSpace(c)
		if c != "" && json.Valid([]byte(c)) {
			return json.RawMessage(c), nil
		}
	}
	return nil, errors.New("answer is not valid JSON")
}

// stripReasoning drops a leading <think>…</think> block.
func stripReasoning(s string) string {
	const open, closing = "<think>", "</think>"
	if !strings.HasPrefix(s, open) {
		return s
	}
	if i := strings.Index(s, closing); i >= 0 {
		return strings.TrimSpace(s[i+len(closing):])
	}
	return s
}

// fenced returns the body of the first ``` code fence; an unterminated fence
// runs to the end of the text.
func fenced(s string) (string, bool) {
	const fence = "```"
	i := strings.Index(s, fence)
	if i < 0 {
		return "", false
	}
	rest := s[i+len(fence):]
	// Skip a language tag such as "json" on the opening line.
	if nl := strings.IndexByte(rest, '\n'); nl >= 0 && !strings.ContainsAny(rest[:nl], "{[") {
		rest = rest[nl+1:]
	}
	if j := strings.Index(rest, fence); j >= 0 {
		rest = rest[:j]
	}
	return rest, true
}

// outermost returns the text from the first '{' or '[' to the last matching
// closer.
func outermost(s string) (string, bool) {
	i := strings.IndexAny(s, "{[")
	if i < 0 {
		return "", false
	}
	closer := byte('}')
	if s[i] == '[' {
		closer = ']'
	}
	j := strings.LastIndexByte(s, closer)
	if j <= i {
		return "", false
	}
	return s[i : j+1], true
}
