package fakeopenai

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestMinimalJSON(t *testing.T) {
	tests := []struct {
		name, schema, want string
	}{
		{"invalid", `{`, `{}`},
		{"empty", ``, `{}`},
		{"object", `{"type":"object","properties":{"b":{"type":"boolean"},"a":{"type":"integer","minimum":1},"s":{"type":"string","enum":["x","y"]}}}`, `{"a":1,"b":false,"s":"x"}`},
		{"nullable type list", `{"type":"object","properties":{"n":{"type":["null","string"]}}}`, `{"n":""}`},
		{"anyOf", `{"anyOf":[{"type":"array"},{"type":"string"}]}`, `[]`},
		{"const", `{"const":"fixed"}`, `"fixed"`},
		{"untyped properties", `{"properties":{"x":{"type":"number"}}}`, `{"x":0}`},
		{"unknown", `{"$ref":"#/defs/x"}`, `null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := MinimalJSON(json.RawMessage(tt.schema))
			if string(got) != tt.want {
				t.Fatalf("MinimalJSON = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestMinimalJSONDeepSchemaStops(t *testing.T) {
	schema := strings.Repeat(`{"type":"object","properties":{"x":`, 100) + `{"type":"string"}` + strings.Repeat(`}}`, 100)
	got := MinimalJSON(json.RawMessage(schema))
	if !json.Valid(got) || !strings.Contains(string(got), "null") {
		t.Fatalf("deep schema gave %s", got)
	}
}

func TestSplitRunes(t *testing.T) {
	tests := []struct {
		s    string
		n    int
		want int
	}{
		{"", 3, 0},
		{"abcdefghij", 4, 4},
		{"abcdefghij", 0, 4},
		{"ab", 5, 2},
		{"你好世界再见", 3, 3},
		{"one", 1, 1},
	}
	for _, tt := range tests {
		pieces := splitRunes(tt.s, tt.n)
		if len(pieces) != tt.want {
			t.Errorf("splitRunes(%q, %d) = %q, want %d pieces", tt.s, tt.n, pieces, tt.want)
		}
		if strings.Join(pieces, "") != tt.s {
			t.Errorf("splitRunes(%q, %d) lost text: %q", tt.s, tt.n, pieces)
		}
		for _, p := range pieces {
			if p == "" || !utf8.ValidString(p) {
				t.Errorf("splitRunes(%q, %d) gave bad piece %q", tt.s, tt.n, p)
			}
		}
	}
}
