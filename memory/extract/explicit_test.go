package extract_test

import (
	"testing"

	"github.com/membot/membot/memory/extract"
)

func TestIsExplicit(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"Remember that I'm allergic to peanuts", true},
		{"please remember my wife's birthday is May 3", true},
		{"Don't forget I have a dentist appointment tomorrow", true},
		{"ok. From now on answer in English", true},
		{"记住我不吃香菜", true},
		{"帮我记一下，周五交报告", true},
		{"以后回答我请用中文", true},
		{"别忘了我下周要出差", true},
		{"Do you remember what I said?", false},
		{"I can't remember the name", false},
		{"以后再说吧", false},
		{"translate this", false},
		{"", false},
	}
	for _, tt := range tests {
		if got := extract.IsExplicit(tt.text); got != tt.want {
			t.Errorf("IsExplicit(%q) = %v, want %v", tt.text, got, tt.want)
		}
	}
}
