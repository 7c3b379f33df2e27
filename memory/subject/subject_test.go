package subject

import "testing"

func TestKey(t *testing.T) {
	tests := []struct{ in, want string }{
		{"employer", Employer}, {"Company", Employer}, {"works at", Employer}, {"工作单位", Employer}, {"公司", Employer},
		{" Employer ", Employer}, {"ＣＯＭＰＡＮＹ", Employer},
		{"job title", Occupation}, {"职业", Occupation}, {"职位", Occupation}, {"job", Occupation}, {"Job", Occupation}, {"工作", Occupation},
		{"home city", Residence}, {"居住地", Residence}, {"所在城市", Residence},
		{"名字", Name}, {"姓名", Name}, {"Name", Name},
		{"diet", Diet}, {"饮食", Diet}, {"忌口", Diet},
		{"relationship status", Relationship}, {"婚姻状况", Relationship},
		{"birthday", Birthday}, {"生日", Birthday},
		{"allergy:peanuts", "allergy:peanuts"}, {"Allergy to peanuts", "allergy:peanuts"}, {"peanut allergy", "allergy:peanut"},
		{"过敏：花生", "allergy:花生"}, {"花生过敏", "allergy:花生"}, {"对花生过敏", "allergy:花生"},
		{"allergy", Allergy}, {"过敏", Allergy},
		{"wife", "family:wife"}, {"老婆", "family:wife"}, {"family: 妻子", "family:wife"}, {"家人:女儿", "family:daughter"},
		{"老伴", "family:spouse"}, {"闺女", "family:daughter"}, {"granddaughter", "family:granddaughter"}, {"外孙", "family:grandson"}, {"niece", "family:niece"},
		{"pet", Pet}, {"宠物", Pet}, {"pet: Pip", "pet:pip"}, {"宠物:豆豆", "pet:豆豆"},
		{"editor", "tool:editor"}, {"编辑器", "tool:editor"}, {"preferred browser", "tool:browser"}, {"tool: 浏览器", "tool:browser"},
		{"wife's birthday", "birthday:wife"}, {"老婆的生日", "birthday:wife"}, {"妈妈生日", "birthday:mother"},
		{"health: back", "health:back"}, {"健康：腰", "health:腰"},
		{"work base", WorkBase}, {"Base", WorkBase}, {"home base", WorkBase},
		// Free topics pass through.
		{"design style", "design style"}, {"设计风格", "设计风格"}, {"猫", "猫"}, {"", ""},
		{"favourite colour", "favourite colour"},
	}
	for _, tt := range tests {
		if got := Key(tt.in); got != tt.want {
			t.Errorf("Key(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestSingleValued(t *testing.T) {
	tests := []struct {
		subject string
		want    bool
	}{
		{"employer", true}, {"公司", true}, {"居住地", true}, {"diet", true}, {"饮食", true}, {"名字", true},
		{"allergy:peanuts", true}, {"花生过敏", true}, {"editor", true}, {"浏览器", true}, {"wife's birthday", true}, {"work base", true},
		{"allergy", false}, {"过敏", false}, {"wife", false}, {"老婆", false}, {"pet:pip", false}, {"宠物", false},
		{"health:back", false}, {"design style", false}, {"设计风格", false}, {"identity", false}, {"身份", false},
	}
	for _, tt := range tests {
		if got := SingleValued(Key(tt.subject)); got != tt.want {
			t.Errorf("SingleValued(Key(%q)=%q) = %v, want %v", tt.subject, Key(tt.subject), got, tt.want)
		}
	}
}

func TestSameAndTools(t *testing.T) {
	same := []struct {
		a, b string
		want bool
	}{
		{"employer", "工作单位", true}, {"company", "公司", true}, {"residence", "居住地", true}, {"residence", "城市", false},
		{"老公", "husband", true}, {"employer", "occupation", false}, {"", "", false}, {"猫", "狗", false},
	}
	for _, tt := range same {
		if got := Same(tt.a, tt.b); got != tt.want {
			t.Errorf("Same(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	tools := []struct{ object, want string }{
		{"Vim", "tool:editor"}, {"VS Code", "tool:editor"}, {"neovim with plugins", "tool:editor"},
		{"Firefox", "tool:browser"}, {"用Vim", "tool:editor"}, {"using Emacs", "tool:editor"}, {"hiking", ""}, {"极简设计", ""},
	}
	for _, tt := range tools {
		if got := ToolOf(tt.object); got != tt.want {
			t.Errorf("ToolOf(%q) = %q, want %q", tt.object, got, tt.want)
		}
	}
	if r, ok := Relation("女朋友"); !ok || r != "girlfriend" {
		t.Errorf("Relation(女朋友) = %q, %v", r, ok)
	}
}
