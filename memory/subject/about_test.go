package subject

import "testing"

func TestRelationIn(t *testing.T) {
	tests := []struct {
		subject, want string
		ok            bool
	}{
		{"sister Maria", "sister", true}, {"husband's job", "husband", true}, {"son Leo's school", "son", true},
		{"family:daughter", "daughter", true}, {"wife", "wife", true}, {"Granddaughter", "granddaughter", true},
		{"老婆小美", "wife", true}, {"儿子的学校", "son", true}, {"大女儿学的乐器", "daughter", true}, {"小儿子", "son", true},
		{"老伴", "spouse", true}, {"外孙女的爱好", "granddaughter", true},
		{"Leo's hobby", "", false}, {"brotherhood", "", false}, {"妈祖庙", "", false}, {"exercise", "", false}, {"", "", false},
	}
	for _, tt := range tests {
		got, ok := RelationIn(tt.subject)
		if got != tt.want || ok != tt.ok {
			t.Errorf("RelationIn(%q) = %q, %v, want %q, %v", tt.subject, got, ok, tt.want, tt.ok)
		}
	}
}
