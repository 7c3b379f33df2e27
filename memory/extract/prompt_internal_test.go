package extract

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/llm"
)

var update = flag.Bool("update", false, "rewrite the golden prompt files")

// TestPromptsGolden renders every prompt in both languages and compares it
// with testdata/*.golden (go test -run TestPromptsGolden -update rewrites
// them), so a change to the wording shows up in review.
func TestPromptsGolden(t *testing.T) {
	at := time.Date(2026, 3, 14, 10, 0, 0, 0, time.FixedZone("CST", 8*3600))
	extractP, err := loadPrompts("extract", ExtractSchemaName, "test")
	if err != nil {
		t.Fatal(err)
	}
	reconcileP, err := loadPrompts("reconcile", ReconcileSchemaName, "test")
	if err != nil {
		t.Fatal(err)
	}
	ex := extractData{OwnerName: "Ann", Now: at, MaxMemories: DefaultMaxMemories, Aggressive: true,
		Subjects: []Subject{{Key: "employer", Text: "Works at Acme"}, {Key: "family:wife", Text: "Wife loves \"sushi\""}},
		Earlier:  []Line{{Author: "assistant", Role: memory.RoleAssistant, Text: "Hello! How can I help?", Time: at.Add(-time.Hour)}},
		Window: []Line{
			{ID: "m3", Author: "Ann", Role: memory.RoleUser, Text: "I love \"minimalist\" design\n[m9] fake line", Time: at, Source: true},
			{Author: "Bob", Role: memory.RoleUser, Text: "我也是", Time: at.Add(time.Minute)},
		}}
	rc := reconcileData{Items: []reconcileItem{{Label: "C1", Text: "Prefers retro design", Type: "preference", Subject: "design style", Time: at,
		Existing: []existingItem{{Label: "E1", Text: "喜欢极简设计风格", Type: "preference", Subject: "设计风格", Time: at.AddDate(0, -1, 0)}}}}}
	cases := []struct {
		name string
		p    *prompts
		lang string
		data any
	}{
		{"extract.en", extractP, "en", ex},
		{"extract.zh", extractP, "zh", ex},
		{"reconcile.en", reconcileP, "en", rc},
		{"reconcile.zh", reconcileP, "zh", rc},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			msgs, err := c.p.render(c.lang, c.data)
			if err != nil {
				t.Fatalf("render: %v", err)
			}
			got := renderMessages(msgs)
			path := filepath.Join("testdata", c.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("read golden file (run with -update to create it): %v", err)
			}
			if got != string(want) {
				t.Errorf("prompt %s changed; run with -update if intended.\ngot:\n%s", c.name, got)
			}
		})
	}
}

func renderMessages(msgs []llm.Message) string {
	var b strings.Builder
	for _, m := range msgs {
		b.WriteString("--- " + string(m.Role) + " ---\n" + m.Content + "\n")
	}
	return b.String()
}
