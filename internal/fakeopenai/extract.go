package fakeopenai

import (
	"encoding/json"
	"strings"
)

// Fact is one memory a literal extractor reads off a source line.
type Fact struct {
	Text    string
	Subject string
	// Type and Lifecycle default to "fact" and "long_term".
	Type, Lifecycle string
}

// extractedMemory is one memory in an extract_memories answer.
type extractedMemory struct {
	Text       string   `json:"text"`
	Type       string   `json:"type"`
	Lifecycle  string   `json:"lifecycle"`
	Subject    string   `json:"subject"`
	Tags       []string `json:"tags"`
	Keywords   []string `json:"keywords"`
	Importance float64  `json:"importance"`
	Confidence float64  `json:"confidence"`
	EventTime  *string  `json:"event_time"`
	ExpiresAt  *string  `json:"expires_at"`
	SourceIDs  []string `json:"source_ids"`
}

// ExtractLines answers extract_memories requests as a small, literal model
// would: each source line of the window (a line starting "[id]", never a
// "[context]" one) for which fact reports a memory gives that memory,
// citing the line; the same text from several lines is one memory citing
// them all. Lines are passed whole ("[m3] time | "Ann" (author) | "…"").
func ExtractLines(fact func(line string) (Fact, bool)) ChatHandler {
	return func(req *ChatRequest) Response {
		var window strings.Builder
		for _, m := range req.Messages {
			window.WriteString(m.Content)
			window.WriteByte('\n')
		}
		out := struct {
			Memories []extractedMemory `json:"memories"`
		}{Memories: []extractedMemory{}}
		index := map[string]int{}
		for _, line := range strings.Split(window.String(), "\n") {
			end := strings.IndexByte(line, ']')
			if !strings.HasPrefix(line, "[") || strings.HasPrefix(line, "[context]") || end < 2 {
				continue
			}
			f, ok := fact(line)
			if !ok {
				continue
			}
			id := line[1:end]
			if i, seen := index[f.Text]; seen {
				out.Memories[i].SourceIDs = append(out.Memories[i].SourceIDs, id)
				continue
			}
			typ, lifecycle := f.Type, f.Lifecycle
			if typ == "" {
				typ = "fact"
			}
			if lifecycle == "" {
				lifecycle = "long_term"
			}
			index[f.Text] = len(out.Memories)
			out.Memories = append(out.Memories, extractedMemory{
				Text: f.Text, Type: typ, Lifecycle: lifecycle, Subject: f.Subject,
				Tags: []string{f.Subject}, Keywords: strings.Fields(strings.ToLower(f.Text)),
				Importance: 0.8, Confidence: 0.95, SourceIDs: []string{id},
			})
		}
		raw, _ := json.Marshal(out)
		return Text(string(raw))
	}
}
