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

func TestIsPet(t *testing.T) {
	tests := []struct {
		subject string
		want    bool
	}{
		{"pet", true}, {"pet:rex", true}, {"dog Biscuit", true}, {"cat", true}, {"parrot's cage", true},
		{"猫", true}, {"猫咪花花", true}, {"小狗豆豆", true}, {"金毛", true},
		{"catering", false}, {"马路", false}, {"鱼香肉丝", false}, {"hobby", false}, {"", false},
	}
	for _, tt := range tests {
		if got := IsPet(tt.subject); got != tt.want {
			t.Errorf("IsPet(%q) = %v, want %v", tt.subject, got, tt.want)
		}
	}
}
