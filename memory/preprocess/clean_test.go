package preprocess

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestClean(t *testing.T) {
	cases := []struct {
		name  string
		in    string
		want  string
		noise bool
		kinds []Kind
	}{
		{"plain", "I live in Hangzhou", "I live in Hangzhou", false, nil},
		{"redacts", "my email is a@b.co and pw: hunter2", "my email is [email] and pw: [password]", false, []Kind{KindEmail, KindPassword}},
		{"filler", "好的", "好的", true, nil},
		{"only memory block", MemoryBlockStart + "\n- [fact · 2026-01] x\n" + MemoryBlockEnd, "", true, nil},
		{"memory block stripped", "I moved to Paris\n" + MemoryBlockStart + "\n- [fact · 2026-01] Lives in Berlin\n" + MemoryBlockEnd, "I moved to Paris", false, nil},
		{"invalid utf8", "hi \xff there 13800138000", "hi \uFFFD there [phone]", false, []Kind{KindPhone}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, noise, findings := Clean(tc.in)
			if got != tc.want || noise != tc.noise {
				t.Errorf("Clean(%q) = %q, %v; want %q, %v", tc.in, got, noise, tc.want, tc.noise)
			}
			if len(findings) != len(tc.kinds) {
				t.Fatalf("findings %v, want kinds %v", findings, tc.kinds)
			}
			for i, f := range findings {
				if f.Kind != tc.kinds[i] {
					t.Errorf("finding %d kind %s, want %s", i, f.Kind, tc.kinds[i])
				}
			}
		})
	}
}

func TestCleanTruncates(t *testing.T) {
	in := strings.Repeat("猫", MaxTextRunes+1000)
	got, _, _ := Clean(in)
	if n := utf8.RuneCountInString(got); n != MaxTextRunes {
		t.Errorf("Clean kept %d runes, want %d", n, MaxTextRunes)
	}
	// A secret straddling the limit is redacted whole, not left half
	// exposed, and no placeholder is cut in two.
	key := "sk-abcdefghijklmnop1234567890"
	in = strings.Repeat("a ", (MaxTextRunes-10)/2) + key + " tail"
	got, _, findings := Clean(in)
	if strings.Contains(got, "sk-abc") || strings.HasSuffix(got, "[sec") {
		t.Errorf("secret at the limit leaked or placeholder cut: ...%q", got[len(got)-40:])
	}
	if utf8.RuneCountInString(got) > MaxTextRunes {
		t.Errorf("Clean kept %d runes", utf8.RuneCountInString(got))
	}
	for _, f := range findings {
		if f.Kind != KindSecret {
			t.Errorf("unexpected finding %v", f)
		}
	}
}
