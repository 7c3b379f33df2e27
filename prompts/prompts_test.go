package prompts

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/membot/membot/memory/preprocess"
)

var update = flag.Bool("update", false, "rewrite golden files")

func TestSystemGolden(t *testing.T) {
	s := MustLoad()
	for _, lang := range []string{"en", "zh"} {
		for _, withMem := range []bool{false, true} {
			d := SystemData{BotName: "membot", Platform: "telegram", GroupChat: withMem, PersonName: "Alice", Today: "2026-11-30"}
			name := "system." + lang
			if withMem {
				name += ".memories"
				d.Memories = []MemoryLine{
					{Label: TypeLabel("preference", lang), Date: "2026-03", Text: "Prefers TypeScript"},
					{Label: TypeLabel("event", lang), Date: "2026-11", Text: "Flies to Tokyo on 2026-12-05"},
				}
				d.Notes = []MemoryLine{{Label: TypeLabel("context", lang), Date: "2026-10", Text: "Meetups are on Fridays"}}
			}
			got, err := s.System(lang, d)
			if err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./prompts -update)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from golden:\n%s", name, got)
			}
		}
	}
}

func TestTypeLabel(t *testing.T) {
	tests := []struct{ typ, lang, want string }{
		{"preference", "zh", "偏好"},
		{"preference", "en", "preference"},
		{"objective", "en", "goal"},
		{"unknown", "zh", "unknown"},
	}
	for _, tt := range tests {
		if got := TypeLabel(tt.typ, tt.lang); got != tt.want {
			t.Errorf("TypeLabel(%q,%q) = %q, want %q", tt.typ, tt.lang, got, tt.want)
		}
	}
}

// The pipeline must recognise every rendered memory line, or an echoed
// block could be extracted as new memories.
func TestRenderedMemoriesAreRecognised(t *testing.T) {
	s := MustLoad()
	for _, lang := range []string{"en", "zh"} {
		var lines []MemoryLine
		for typ := range typeLabels {
			lines = append(lines, MemoryLine{Label: TypeLabel(typ, lang), Date: "2026-03", Text: "x y z"})
		}
		out, err := s.System(lang, SystemData{PersonName: "A", Memories: lines})
		if err != nil {
			t.Fatal(err)
		}
		if stripped := preprocess.StripMemoryBlock(out); strings.Contains(stripped, "x y z") {
			t.Errorf("%s: memory block survives StripMemoryBlock:\n%s", lang, stripped)
		}
		for _, l := range strings.Split(out, "\n") {
			if strings.HasPrefix(l, "- [") && !preprocess.IsMemoryLine(l) {
				t.Errorf("%s: line %q not recognised as a memory line", lang, l)
			}
		}
	}
}
