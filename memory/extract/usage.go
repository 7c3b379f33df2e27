package extract

import (
	"time"

	"github.com/membot/membot/memory/llm"
	"github.com/membot/membot/memory/text"
)

// UsageRecorder records the model calls made for a person, so that what
// extraction costs shows per person (`membot memories stats`): every
// extraction call is made for the one author of its window, every
// reconcile call for the one owner of its candidates. Implementations
// must be safe for concurrent use and must not block on I/O (gather and
// write later): they are called once per model call.
type UsageRecorder interface {
	// RecordCall counts one call of purpose for person that spent tokens,
	// made at at.
	RecordCall(person string, purpose llm.Purpose, tokens int64, at time.Time)
}

// callTokens is what one call spent: the tokens the model reported, or,
// when it reported none, an estimate from the prompt and the answer.
func callTokens(req llm.Request, answer []byte, u llm.Usage) int64 {
	if n := u.PromptTokens + u.CompletionTokens; n > 0 {
		return n
	}
	n := text.EstimateTokens(string(answer))
	for _, m := range req.Messages {
		n += text.EstimateTokens(m.Content)
	}
	return int64(n)
}

// recordFor returns what structuredCall calls after each model call of
// req: the call counted for person on usage, or nil when nothing records.
func recordFor(usage UsageRecorder, now func() time.Time, person string, purpose llm.Purpose) func(req llm.Request, answer []byte, u llm.Usage) {
	if usage == nil || person == "" {
		return nil
	}
	return func(req llm.Request, answer []byte, u llm.Usage) {
		usage.RecordCall(person, purpose, callTokens(req, answer, u), now())
	}
}
