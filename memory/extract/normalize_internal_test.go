package extract

import "testing"

func TestNormalize(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"Prefers TypeScript.", "prefers typescript", true},
		{"喜欢极简设计风格。", "喜欢极简设计风格", true},
		{"ＴｙｐｅＳｃｒｉｐｔ", "TypeScript", true},
		{"喜欢　极简", "喜欢极简", true},
		{"Likes C++", "Likes C", false},
		{"Likes C#", "Likes C", false},
		{"Budget 3.5k", "Budget 35k", false},
		{"Likes tea", "Likes coffee", false},
	}
	for _, tt := range tests {
		if got := Normalize(tt.a) == Normalize(tt.b); got != tt.same {
			t.Errorf("Normalize(%q) == Normalize(%q) is %v, want %v (%q vs %q)", tt.a, tt.b, got, tt.same, Normalize(tt.a), Normalize(tt.b))
		}
	}
}

func TestNumbersDiffer(t *testing.T) {
	tests := []struct {
		a, b   string
		differ bool
	}{
		{"Budget is 5,000 yuan", "Budget is 8000 yuan", true},
		{"Budget is 5,000 yuan", "预算 5000 元", false},
		{"Runs 5 km", "Runs every morning", false},
		{"Age 30", "Age 30 and lives in Paris", false},
		{"２０２６年去日本", "2026年去日本", false},
		{"Sleeps 7-8 hours", "Sleeps 6-8 hours", true},
	}
	for _, tt := range tests {
		if got := numbersDiffer(tt.a, tt.b); got != tt.differ {
			t.Errorf("numbersDiffer(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.differ)
		}
	}
}

func TestSameSubject(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"设计风格", "风格", true},
		{"Design Style", "design style", true},
		{"web design", "design", true},
		{"", "", false},
		{"tea", "coffee", false},
		{"a", "ba", false},
	}
	for _, tt := range tests {
		if got := sameSubject(tt.a, tt.b); got != tt.same {
			t.Errorf("sameSubject(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
}
