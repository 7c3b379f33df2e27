package text

import (
	"slices"
	"testing"
)

func TestSubQuestions(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"我的猫叫什么名字？", nil},
		{"我的猫叫什么名字？另外，我下周去哪儿出差？", []string{"我的猫叫什么名字", "我下周去哪儿出差"}},
		{"我的车是什么牌子另外我住在哪个小区", []string{"我的车是什么牌子", "我住在哪个小区"}},
		{"Where does Ana work? And when did she move to Lyon?", []string{"Where does Ana work", "And when did she move to Lyon"}},
		{"Dr. Li said 3.5 mg. Is that a lot?", nil},
		{"ok? what time is the dentist on Friday?", nil},
		{"", nil},
	}
	for _, tt := range tests {
		if got := SubQuestions(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("SubQuestions(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
