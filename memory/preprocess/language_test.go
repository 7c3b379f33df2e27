package preprocess

import "testing"

func TestDetectLanguage(t *testing.T) {
	cases := []struct{ in, want string }{
		{"我喜欢喝咖啡", "zh"},
		{"用TypeScript写代码", "zh"},
		{"我在用 Go 和 Rust 写后端服务", "zh"},
		{"I prefer tea over coffee", "en"},
		{"Let's meet at 北京 tomorrow afternoon", "en"},
		{"Café au lait, s'il vous plaît", "en"},
		{"日本語を話せますか", ""},
		{"한국어 할 줄 알아요?", ""},
		{"Привет, как дела?", ""},
		{"12345 !!!", ""},
		{"", ""},
		{"👍", ""},
	}
	for _, tc := range cases {
		if got := DetectLanguage(tc.in); got != tc.want {
			t.Errorf("DetectLanguage(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
