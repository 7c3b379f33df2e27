package text

import "testing"

func TestParseDateRef(t *testing.T) {
	tests := []struct {
		in          string
		year, month int
		when        bool
	}{
		{"When did Melanie go camping in June?", 0, 6, true},
		{"What did she do in May 2023?", 2023, 5, false},
		{"May I ask what you like?", 0, 0, false},
		{"Where did they march?", 0, 0, false},
		{"她2023年6月去了哪里？", 2023, 6, false},
		{"十二月发生了什么", 0, 12, false},
		{"你什么时候去的北京", 0, 0, true},
		{"How long ago was her birthday?", 0, 0, true},
	}
	for _, tt := range tests {
		w := Words(tt.in)
		d := ParseDateRef(w, tt.in)
		if d.Year != tt.year || d.Month != tt.month {
			t.Errorf("ParseDateRef(%q) = %d-%d, want %d-%d", tt.in, d.Year, d.Month, tt.year, tt.month)
		}
		if got := IsWhenQuestion(w, tt.in); got != tt.when {
			t.Errorf("IsWhenQuestion(%q) = %v, want %v", tt.in, got, tt.when)
		}
	}
}
