package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/membot/membot/internal/fakeopenai"
)

// tinyPersonas is one persona whose allergy the offline rules keep and a
// follow-up that names it.
const tinyPersonas = `{"format":"membot-personas/1","name":"tiny","personas":[{"id":"p1","language":"en","name":"Ana",
"sessions":[{"time":"2025-01-06T10:00:00Z","turns":[{"user":"hi"},{"user":"I'm allergic to penicillin"}]}],
"gold":[{"id":"g1","text":"Is allergic to penicillin","kind":"fact","subject":"allergy","keys":["penicillin"]},
{"id":"g2","text":"Has a cat named Tofu","kind":"fact","subject":"pet","keys":["tofu"]}],
"followups":[{"text":"is penicillin safe for me?","gold":"g1"}]}]}`

func TestEvalPersonasOffline(t *testing.T) {
	file := writeBench(t, tinyPersonas)
	out, errOut, code := run(t, "", nil, "eval", "personas", file, "--json", "--log-level", "warn")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	var rep struct {
		Data   string `json:"data"`
		Model  string `json:"model"`
		Pooled struct {
			Stored    int     `json:"stored"`
			Correct   int     `json:"correct"`
			Gold      int     `json:"gold"`
			GoldFound int     `json:"gold_found"`
			Answered  int     `json:"answered"`
			Recall    float64 `json:"recall"`
		} `json:"pooled"`
		ByLanguage map[string]json.RawMessage `json:"by_language"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	p := rep.Pooled
	if rep.Data != "tiny" || rep.Model != "" || p.Stored != 1 || p.Correct != 1 || p.Gold != 2 || p.GoldFound != 1 || p.Answered != 1 || p.Recall != 0.5 {
		t.Errorf("report = %+v", rep)
	}
	if _, ok := rep.ByLanguage["en"]; !ok {
		t.Errorf("no English figures: %s", out)
	}
	text, _, code := run(t, "", nil, "eval", "personas", file, "--log-level", "warn")
	for _, want := range []string{"personas tiny (offline rules)", "missed gold: g2", "0.500 (1/2)"} {
		if code != 0 || !strings.Contains(text, want) {
			t.Errorf("text report (exit %d) lacks %q:\n%s", code, want, text)
		}
	}
}

func TestEvalPersonasPerfect(t *testing.T) {
	file := writeBench(t, tinyPersonas)
	out, errOut, code := run(t, "", nil, "eval", "personas", file, "--perfect", "--json", "--log-level", "warn")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	var rep struct {
		Model  string `json:"model"`
		Pooled struct {
			Stored     int `json:"stored"`
			GoldFound  int `json:"gold_found"`
			Answered   int `json:"answered"`
			ModelCalls int `json:"model_calls"`
		} `json:"pooled"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	// Both gold memories are stored as given, without extraction.
	if p := rep.Pooled; rep.Model != "perfect extractor" || p.Stored != 2 || p.GoldFound != 2 || p.Answered != 1 || p.ModelCalls != 0 {
		t.Errorf("report = %+v", rep)
	}
}

func TestEvalPersonasErrors(t *testing.T) {
	bad := writeBench(t, `{"format":"membot-personas/1","name":"x","personas":[]}`)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no file", nil, "persona file comes first"},
		{"flag first", []string{"--json"}, "persona file comes first"},
		{"missing file", []string{"/nonexistent/personas.json"}, "no such file"},
		{"empty set", []string{bad}, "no personas"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errOut, code := run(t, "", nil, append([]string{"eval", "personas"}, tt.args...)...)
			if code == 0 || !strings.Contains(errOut, tt.want) || out != "" {
				t.Errorf("exit %d, stderr lacks %q or stdout not empty:\nstdout:\n%s\nstderr:\n%s", code, tt.want, out, errOut)
			}
		})
	}
}

// TestEvalPersonasPerfectEmbedsGold checks that with an embedding model
// configured the perfect extractor stores every gold memory with its
// vector, as the extraction pipeline stores what it extracts, so that the
// follow-ups are recalled as replies recall them.
func TestEvalPersonasPerfectEmbedsGold(t *testing.T) {
	fake := fakeopenai.New(t)
	file := writeBench(t, tinyPersonas)
	env := map[string]string{"OPENAI_BASE_URL": fake.URL(), "MEMBOT_MODEL": "m", "MEMBOT_EMBEDDING_MODEL": "emb", "MEMBOT_LOG_LEVEL": "warn"}
	out, errOut, code := run(t, "", env, "eval", "personas", file, "--perfect", "--json")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	// The two gold memories and the follow-up's question.
	if n := fake.Count(fakeopenai.KindEmbeddings); n < 3 {
		t.Errorf("%d embedding requests, want each gold memory and the follow-up embedded", n)
	}
}
