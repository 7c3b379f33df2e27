package eval

import (
	"errors"
	"strings"
	"testing"
)

// validBench is a small well-formed bench file.
const validBench = `{
  "format": "recall-bench/1",
  "name": "tiny",
  "cases": [{
    "id": "c1",
    "speakers": ["Ann", "Bob"],
    "messages": [
      {"id": "m1", "speaker": "Ann", "time": "2024-01-01T10:00:00Z", "text": "hello"},
      {"id": "m2", "speaker": "Bob", "time": "2024-01-02T10:00:00Z", "text": "world"}
    ],
    "memories": [{"id": "x1", "owner": "Ann", "time": "2024-01-01T10:00:00Z", "text": "Ann says hello", "source": ["m1"]}],
    "queries": [{"id": "q1", "text": "who said hello?", "time": "2024-02-01T00:00:00Z",
                 "evidence": ["m1", "m1"], "category": "single-hop", "answer": "Ann"}]
  }]
}`

func TestLoadValid(t *testing.T) {
	b, err := Load(strings.NewReader(validBench), "tiny.json")
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "tiny" || len(b.Cases) != 1 || b.Queries() != 1 {
		t.Fatalf("bench = %+v", b)
	}
	c := b.Cases[0]
	if len(c.Messages) != 2 || c.Messages[1].Time.Day() != 2 || len(c.Memories) != 1 || c.Memories[0].Source[0] != "m1" {
		t.Errorf("case = %+v", c)
	}
	if q := c.Queries[0]; len(q.Evidence) != 1 || q.Category != "single-hop" || q.Answer != "Ann" {
		t.Errorf("query = %+v (evidence should be deduplicated)", q)
	}
}

func TestLoadWithoutFormatOrName(t *testing.T) {
	in := strings.Replace(validBench, `"format": "recall-bench/1",`, "", 1)
	in = strings.Replace(in, `"name": "tiny",`, "", 1)
	b, err := Load(strings.NewReader(in), "file.json")
	if err != nil {
		t.Fatal(err)
	}
	if b.Name != "file.json" {
		t.Errorf("name = %q, want the file name", b.Name)
	}
}

func TestLoadMalformed(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // substrings of the error
	}{
		{"empty", "", []string{"empty"}},
		{"not json", "hello", []string{"invalid JSON", "line 1"}},
		{"truncated", `{"cases": [`, []string{"truncated"}},
		{"trailing data", `{"cases": []} {}`, []string{"after the JSON value"}},
		{"invalid utf8", "{\"name\": \"\xff\"}", []string{"UTF-8", "offset 10"}},
		{"wrong format", `{"format": "recall-bench/2", "cases": []}`, []string{`field "format"`, "recall-bench/2"}},
		{"no cases", `{"cases": []}`, []string{`field "cases"`, "no cases"}},
		{"cases not array", `{"cases": {}}`, []string{`field "cases"`, "expected an array"}},
		{"case null", `{"cases": [null]}`, []string{"case 0", "null"}},
		{"case without id", `{"cases": [{"messages": [{"id":"m","text":"t"}], "queries": []}]}`, []string{"case 0", `field "id"`}},
		{"duplicate case", replace(validBench, `"cases": [{`, `"cases": [{"id":"c1","messages":[{"id":"m","text":"t"}],"queries":[{"id":"qq","text":"t","evidence":["m"],"category":"c"}]},{`), []string{`case 1 ("c1")`, "duplicate case id"}},
		{"no queries", `{"cases": [{"id": "c", "messages": [{"id":"m","text":"t"}]}]}`, []string{`case 0 ("c")`, `field "queries"`}},
		{"nothing to index", `{"cases": [{"id": "c", "queries": [{"id":"q"}]}]}`, []string{`case 0 ("c")`, "neither messages nor memories"}},
		{"message text type", replace(validBench, `"text": "world"`, `"text": 42`), []string{`case 0 ("c1")`, "message 1", `field "text"`, "expected a string, got number"}},
		{"message empty text", replace(validBench, `"text": "world"`, `"text": "  "`), []string{`message 1 ("m2")`, `field "text"`}},
		{"message bad time", replace(validBench, `"2024-01-02T10:00:00Z"`, `"yesterday"`), []string{`message 1 ("m2")`, `field "time"`, "RFC 3339"}},
		{"duplicate message", replace(validBench, `"id": "m2"`, `"id": "m1"`), []string{`message 1 ("m1")`, "duplicate message id"}},
		{"memory unknown source", replace(validBench, `"source": ["m1"]`, `"source": ["m9"]`), []string{`memory 0 ("x1")`, `field "source"`, `"m9"`}},
		{"memory no text", replace(validBench, `"text": "Ann says hello"`, `"text": ""`), []string{`memory 0 ("x1")`, `field "text"`}},
		{"query no evidence", replace(validBench, `"evidence": ["m1", "m1"]`, `"evidence": []`), []string{`query 0 ("q1")`, `field "evidence"`}},
		{"query unknown evidence", replace(validBench, `"evidence": ["m1", "m1"]`, `"evidence": ["x1"]`), []string{`query 0 ("q1")`, `field "evidence"`, `"x1" is not a message`}},
		{"query no category", replace(validBench, `"category": "single-hop",`, ``), []string{`query 0 ("q1")`, `field "category"`}},
		{"query evidence type", replace(validBench, `"evidence": ["m1", "m1"]`, `"evidence": "m1"`), []string{"query 0", `field "evidence"`, "expected an array of strings"}},
		{"query bad time", replace(validBench, `"2024-02-01T00:00:00Z"`, `"2024-13-01"`), []string{`query 0 ("q1")`, `field "time"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Load(strings.NewReader(tt.in), "bad.json")
			if err == nil {
				t.Fatal("Load accepted malformed input")
			}
			if !errors.Is(err, ErrMalformed) {
				t.Errorf("error %v is not ErrMalformed", err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "bad.json") {
				t.Errorf("error %q does not name the file", msg)
			}
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q lacks %q", msg, w)
				}
			}
		})
	}
}

func TestLoadEvidenceNamesMemoriesWithoutMessages(t *testing.T) {
	in := `{"cases": [{"id": "u1",
	  "memories": [{"id": "1", "text": "Bart danced"}, {"id": "2", "text": "Bart sang"}],
	  "queries": [{"id": "q", "text": "dance", "evidence": ["1"], "category": "memory-recall"}]}]}`
	if _, err := Load(strings.NewReader(in), "m.json"); err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(in, `"evidence": ["1"]`, `"evidence": ["7"]`, 1)
	_, err := Load(strings.NewReader(bad), "m.json")
	if err == nil || !strings.Contains(err.Error(), `"7" is not a memory`) {
		t.Errorf("err = %v, want unknown memory", err)
	}
}

// replace substitutes old once and fails loudly (via a broken result) if
// old is absent, so a stale fixture cannot pass silently.
func replace(s, old, new string) string {
	if !strings.Contains(s, old) {
		return "fixture lacks " + old
	}
	return strings.Replace(s, old, new, 1)
}
