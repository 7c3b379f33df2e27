package text

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSimplified(t *testing.T) {
	tests := []struct{ in, want string }{
		{"我換工作了，現在在台積電", "我换工作了，现在在台积电"},
		{"後來她說們會過來", "后来她说们会过来"},
		{"已经是简体", "已经是简体"},
		{"mixed 醫生 text", "mixed 医生 text"},
		// Characters simplified Chinese writes too are left alone.
		{"俱乐部的著名作家", "俱乐部的著名作家"},
		{"", ""},
	}
	for _, tt := range tests {
		got := Simplified(tt.in)
		if got != tt.want {
			t.Errorf("Simplified(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if utf8.RuneCountInString(got) != utf8.RuneCountInString(tt.in) {
			t.Errorf("Simplified(%q) changed the rune count", tt.in)
		}
	}
}

func TestUnfolderWritesBackTheWritersCharacters(t *testing.T) {
	source := "醫生說我換藥了"
	u := NewUnfolder(source)
	if got, want := u.Unfold("医生说用户换药了"), "醫生說用户換藥了"; got != want {
		t.Errorf("Unfold = %q, want %q", got, want)
	}
	// A character written two ways in the source stays simplified.
	if got, want := NewUnfolder("我發現頭髮掉了，皇后大道，後來").Unfold("发现头发掉了，皇后大道，后来"), "发現頭发掉了，皇后大道，后來"; got != want {
		t.Errorf("Unfold = %q, want %q", got, want)
	}
	if NewUnfolder("医生说") != nil {
		t.Error("a simplified source should need no unfolding")
	}
}

func TestTokensFoldTraditionalCharacters(t *testing.T) {
	tok := NewTokenizer()
	trad, simp := tok.Tokens("換了藥"), tok.Tokens("换了药")
	if !slices.Equal(trad, simp) {
		t.Errorf("tokens %q, want those of the simplified text %q", trad, simp)
	}
}

// Malformed text folds without a panic, to as many runes; what it folds
// is valid UTF-8, and text with nothing to fold is returned as it was.
func TestSimplifiedOfMalformedText(t *testing.T) {
	for _, s := range []string{"換\xff工作", "\xe6\x8f", strings.Repeat("們", 10000) + "\x80"} {
		got := Simplified(s)
		if got != s && !utf8.ValidString(got) {
			t.Errorf("Simplified(%q) = %q, not valid UTF-8", s, got)
		}
		if utf8.RuneCountInString(got) != utf8.RuneCountInString(s) {
			t.Errorf("Simplified(%q) changed the rune count", s)
		}
	}
	if u := NewUnfolder("換\xff"); u.Unfold("换") != "換" {
		t.Error("an invalid byte beside a traditional character stopped the unfold")
	}
}
