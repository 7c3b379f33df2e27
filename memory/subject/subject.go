// Package subject is the closed, bilingual vocabulary of subject keys for
// facts a person holds one value of at a time (where they live, who they
// work for, what they eat, …) and for the people and pets in their life.
// Extraction stores these keys as a memory's Subject so that a correction
// said in other words or in the other language ("company", "工作单位",
// "works at") lands on the same key, reconciliation can supersede the old
// value, and recall can tell two values of one fact apart. Subjects outside
// the vocabulary are free topics and pass through unchanged.
package subject

import (
	"strings"
	"unicode"
)

// The plain keys of the vocabulary.
const (
	Name         = "name"
	Age          = "age"
	Birthday     = "birthday"
	Anniversary  = "anniversary"
	Residence    = "residence"
	Hometown     = "hometown"
	Employer     = "employer"
	Occupation   = "occupation"
	School       = "school"
	Diet         = "diet"
	Relationship = "relationship"
	Identity     = "identity"
	Pet          = "pet"
	Family       = "family"
	Allergy      = "allergy"
	Health       = "health"
	Tool         = "tool"
	// WorkSchedule is when and where someone works: night shifts, from
	// home on Fridays, in the office every day.
	WorkSchedule = "work schedule"
	// WorkBase is the place someone works from (an airport, a depot, an
	// office), apart from where they live.
	WorkBase = "work base"
)

// Prefixes of the keys that carry what they are about: "allergy:peanuts",
// "family:wife", "pet:pip", "tool:editor", "health:back",
// "birthday:wife" (someone else's birthday).
const (
	AllergyPrefix  = Allergy + ":"
	FamilyPrefix   = Family + ":"
	PetPrefix      = Pet + ":"
	ToolPrefix     = Tool + ":"
	HealthPrefix   = Health + ":"
	BirthdayPrefix = Birthday + ":"
)

// aliases maps the folded spellings of a plain key, in both languages, to
// it. It is read-only after package initialisation.
var aliases = func() map[string]string {
	out := make(map[string]string)
	for key, words := range map[string][]string{
		Name:         {"name", "full name", "first name", "names", "名字", "姓名", "称呼"},
		Age:          {"age", "年龄", "岁数"},
		Birthday:     {"birthday", "date of birth", "birth date", "dob", "生日", "出生日期"},
		Anniversary:  {"anniversary", "wedding anniversary", "纪念日", "结婚纪念日"},
		Residence:    {"residence", "home city", "current city", "lives in", "where they live", "place of residence", "居住地", "住址", "住处", "所在城市", "居住城市", "住在"},
		Hometown:     {"hometown", "home town", "origin", "birthplace", "家乡", "老家", "籍贯", "出生地"},
		Employer:     {"employer", "company", "works at", "workplace", "current job", "employment", "工作单位", "公司", "单位", "东家", "就职单位"},
		Occupation:   {"occupation", "job", "job title", "job role", "position", "profession", "career", "职业", "工作", "职位", "岗位", "头衔", "工作岗位"},
		School:       {"school", "university", "college", "学校", "大学", "母校"},
		Diet:         {"diet", "dietary", "dietary restriction", "dietary restrictions", "eating habits", "food restrictions", "饮食", "饮食习惯", "忌口", "吃素"},
		Relationship: {"relationship", "relationship status", "marital status", "dating", "感情", "感情状况", "婚姻状况", "恋爱状态", "婚姻"},
		Identity:     {"identity", "身份"},
		Pet:          {"pet", "pets", "宠物"},
		Family:       {"family", "家庭", "家人"},
		Allergy:      {"allergy", "allergies", "过敏"},
		Health:       {"health", "medical", "medical condition", "健康", "病史"},
		WorkBase:     {"work base", "base", "home base", "base of work", "duty station"},
		WorkSchedule: {"work schedule", "schedule", "shifts", "shift", "shift pattern", "work pattern", "working hours", "work hours", "班次", "上班时间", "工作时间", "排班", "上班方式"},
	} {
		for _, w := range words {
			out[w] = key
		}
	}
	return out
}()

// relations maps a family relation, in either language, to its English
// key word.
var relations = map[string]string{
	"wife": "wife", "老婆": "wife", "妻子": "wife", "太太": "wife", "媳妇": "wife",
	"husband": "husband", "老公": "husband", "丈夫": "husband", "先生": "husband",
	"spouse": "spouse", "爱人": "spouse", "老伴": "spouse", "老伴儿": "spouse", "partner": "partner", "对象": "partner",
	"girlfriend": "girlfriend", "女朋友": "girlfriend", "女友": "girlfriend",
	"boyfriend": "boyfriend", "男朋友": "boyfriend", "男友": "boyfriend",
	"son": "son", "儿子": "son", "daughter": "daughter", "女儿": "daughter", "闺女": "daughter",
	"child": "child", "kid": "child", "孩子": "child", "children": "children", "kids": "children",
	"mother": "mother", "mom": "mother", "mum": "mother", "妈妈": "mother", "母亲": "mother", "老妈": "mother",
	"father": "father", "dad": "father", "爸爸": "father", "父亲": "father", "老爸": "father",
	"parents": "parents", "父母": "parents", "爸妈": "parents",
	"sister": "sister", "姐姐": "sister", "妹妹": "sister", "brother": "brother", "哥哥": "brother", "弟弟": "brother",
	"grandmother": "grandmother", "grandma": "grandmother", "奶奶": "grandmother", "外婆": "grandmother", "姥姥": "grandmother",
	"grandfather": "grandfather", "grandpa": "grandfather", "爷爷": "grandfather", "外公": "grandfather", "姥爷": "grandfather",
	"grandson": "grandson", "孙子": "grandson", "外孙": "grandson", "granddaughter": "granddaughter", "孙女": "granddaughter", "外孙女": "granddaughter",
	"grandchildren": "grandchildren", "grandkids": "grandchildren",
	"niece": "niece", "侄女": "niece", "外甥女": "niece", "nephew": "nephew", "侄子": "nephew", "外甥": "nephew",
	"cousin": "cousin", "aunt": "aunt", "uncle": "uncle",
	// Everyday Chinese names of the same people: "老伴" for a spouse of
	// many years, "闺女" and "娃" for children, a child by birth order,
	// "妈"/"爸" as in "我妈", and in-laws.
	"孩子他爸": "husband", "孩子爸": "husband", "娃他爸": "husband", "孩子他妈": "wife", "孩子妈": "wife", "娃他妈": "wife", "那口子": "spouse",
	"娃": "child", "妈": "mother", "爸": "father",
	"大女儿": "daughter", "小女儿": "daughter", "二女儿": "daughter", "大儿子": "son", "小儿子": "son", "二儿子": "son",
	"婆婆": "mother-in-law", "岳母": "mother-in-law", "丈母娘": "mother-in-law", "公公": "father-in-law", "岳父": "father-in-law", "老丈人": "father-in-law",
	"mother-in-law": "mother-in-law", "father-in-law": "father-in-law",
	// The wider family, in English.
	"grandchild": "grandchild", "grandkid": "grandchild", "auntie": "aunt",
	"stepson": "stepson", "stepdaughter": "stepdaughter", "stepmum": "stepmother", "stepdad": "stepfather",
}

// Relation returns the English key word of a family relation ("老婆" →
// "wife"), and whether s is one.
func Relation(s string) (string, bool) {
	r, ok := relations[fold(s)]
	return r, ok
}

// toolKinds maps a kind of tool, in either language, to its key word.
var toolKinds = map[string]string{
	"editor": "editor", "text editor": "editor", "code editor": "editor", "ide": "editor", "编辑器": "editor",
	"browser": "browser", "web browser": "browser", "浏览器": "browser",
	"os": "os", "operating system": "os", "操作系统": "os",
	"phone": "phone", "手机": "phone", "laptop": "laptop", "笔记本": "laptop", "笔记本电脑": "laptop",
	"shell": "shell", "terminal": "terminal", "终端": "terminal",
	"note-taking app": "notes", "notes app": "notes", "笔记软件": "notes",
}

// toolNames maps well-known products to the kind of tool they are, so
// that "I prefer Vim" and "I switched to VS Code" meet on tool:editor.
var toolNames = map[string]string{
	"vim": "editor", "neovim": "editor", "nvim": "editor", "emacs": "editor", "vs code": "editor", "vscode": "editor",
	"visual studio code": "editor", "sublime": "editor", "sublime text": "editor", "intellij": "editor", "goland": "editor",
	"cursor": "editor", "zed": "editor", "helix": "editor", "nano": "editor",
	"chrome": "browser", "firefox": "browser", "safari": "browser", "edge": "browser", "brave": "browser", "arc": "browser",
	"linux": "os", "ubuntu": "os", "macos": "os", "windows": "os", "arch linux": "os", "fedora": "os",
	"iphone": "phone", "android": "phone", "pixel": "phone",
	"obsidian": "notes", "notion": "notes", "evernote": "notes", "logseq": "notes",
	"zsh": "shell", "bash": "shell", "fish": "shell",
	"photoshop": "design", "figma": "design", "sketch": "design", "illustrator": "design", "canva": "design", "gimp": "design",
	"affinity designer": "design", "procreate": "design",
	"premiere": "video", "final cut": "video", "davinci resolve": "video", "剪映": "video", "capcut": "video",
	"ynab": "bookkeeping", "随手记": "bookkeeping", "鲨鱼记账": "bookkeeping",
	"excel": "spreadsheet", "microsoft excel": "spreadsheet", "google sheets": "spreadsheet", "libreoffice calc": "spreadsheet",
	"wps表格": "spreadsheet", "airtable": "spreadsheet", "spreadsheet": "spreadsheet", "spreadsheets": "spreadsheet",
	"做报表": "spreadsheet", "做表格": "spreadsheet", "做表": "spreadsheet", "表格": "spreadsheet",
	// Tasks name the kind of tool used for them: "用笔记本记账" and
	// "改用手机App记账" meet on tool:bookkeeping.
	"做图": "design", "作图": "design", "画图": "design", "修图": "design", "设计": "design", "design": "design",
	"记账": "bookkeeping", "bookkeeping": "bookkeeping", "budgeting": "bookkeeping", "budget": "bookkeeping",
	"剪视频": "video", "剪辑": "video", "video editing": "video",
	"记笔记": "notes", "做笔记": "notes", "notes": "notes", "note-taking": "notes",
	"写代码": "editor", "编程": "editor", "coding": "editor",
}

// ToolOf returns the tool key of a product name ("VS Code" →
// "tool:editor"), or "" when it is not a known tool.
func ToolOf(object string) string {
	o := fold(object)
	for _, verb := range []string{"使用", "用", "using ", "use "} {
		o = strings.TrimPrefix(o, verb)
	}
	if k, ok := toolNames[o]; ok {
		return ToolPrefix + k
	}
	// "vim for everything", "neovim with plugins": the first words name
	// it, when what follows them says how it is used ("fish fingers" is
	// no shell).
	words := strings.Fields(o)
	for n := min(3, len(words)); n > 0; n-- {
		if k, ok := toolNames[strings.Join(words[:n], " ")]; ok && (n == len(words) || toolTail[words[n]]) {
			return ToolPrefix + k
		}
	}
	return ""
}

// toolTail are the words that may follow a tool's name in what is said of
// it.
var toolTail = map[string]bool{
	"for": true, "with": true, "as": true, "on": true, "in": true, "over": true, "because": true, "instead": true,
	"now": true, "and": true, "mostly": true, "daily": true, "at": true, "since": true, "all": true, "every": true,
	"these": true, "to": true, "from": true, "plus": true, "+": true, "too": true, "only": true, "exclusively": true,
}

// prefixes maps the spellings of a key prefix to it.
var prefixes = map[string]string{
	"allergy": AllergyPrefix, "allergic": AllergyPrefix, "过敏": AllergyPrefix,
	"family": FamilyPrefix, "家人": FamilyPrefix, "家庭": FamilyPrefix,
	"pet": PetPrefix, "宠物": PetPrefix,
	"tool": ToolPrefix, "工具": ToolPrefix, "preferred tool": ToolPrefix,
	"health": HealthPrefix, "健康": HealthPrefix,
	"birthday": BirthdayPrefix, "生日": BirthdayPrefix,
}

// Key maps a subject as written by a rule, a model or a person to its key
// in the vocabulary: "Company", "works at", "工作单位" → "employer";
// "allergy to peanuts", "花生过敏" → "allergy:peanuts"/"allergy:花生";
// "wife", "老婆" → "family:wife"; "editor" → "tool:editor". A subject
// outside the vocabulary is a free topic and is returned trimmed.
func Key(s string) string {
	t := fold(s)
	if t == "" {
		return ""
	}
	if k, ok := aliases[t]; ok {
		return k
	}
	if i := strings.IndexAny(t, ":："); i > 0 {
		head, rest := strings.TrimSpace(t[:i]), strings.TrimSpace(strings.TrimLeft(t[i:], ":："))
		if p, ok := prefixes[head]; ok && rest != "" {
			return withPrefix(p, rest)
		}
	}
	if r, ok := relations[t]; ok {
		return FamilyPrefix + r
	}
	if k, ok := toolKinds[t]; ok {
		return ToolPrefix + k
	}
	for _, f := range []struct{ pre, suf, prefix string }{
		{"allergy to ", "", AllergyPrefix}, {"allergic to ", "", AllergyPrefix}, {"", " allergy", AllergyPrefix},
		{"对", "过敏", AllergyPrefix}, {"", "过敏", AllergyPrefix},
		{"preferred ", "", ToolPrefix}, {"favourite ", "", ToolPrefix}, {"favorite ", "", ToolPrefix}, {"常用", "", ToolPrefix},
		{"", "'s birthday", BirthdayPrefix}, {"", "的生日", BirthdayPrefix}, {"", "生日", BirthdayPrefix},
	} {
		if strings.HasPrefix(t, f.pre) && strings.HasSuffix(t, f.suf) && len(t) > len(f.pre)+len(f.suf) {
			rest := strings.TrimSpace(t[len(f.pre) : len(t)-len(f.suf)])
			if f.prefix == ToolPrefix {
				if k, ok := toolKinds[rest]; ok {
					return ToolPrefix + k
				}
				continue
			}
			if f.prefix == BirthdayPrefix {
				if r, ok := relations[rest]; ok {
					return BirthdayPrefix + r
				}
				continue
			}
			return withPrefix(f.prefix, rest)
		}
	}
	return strings.TrimSpace(s)
}

// withPrefix builds a prefixed key, mapping what it is about when the
// vocabulary knows it ("family:老婆" → "family:wife").
func withPrefix(prefix, rest string) string {
	switch prefix {
	case FamilyPrefix, BirthdayPrefix:
		if r, ok := relations[rest]; ok {
			return prefix + r
		}
	case ToolPrefix:
		if k, ok := toolKinds[rest]; ok {
			return prefix + k
		}
	}
	return prefix + rest
}

// singleValued are the plain keys a person has one value of at a time.
var singleValued = map[string]bool{
	Name: true, Age: true, Birthday: true, Anniversary: true, Residence: true, Hometown: true,
	Employer: true, Occupation: true, School: true, Diet: true, Relationship: true, WorkSchedule: true,
	WorkBase: true,
}

// SingleValued reports whether key (as Key returns it) names a fact a
// person holds one value of at a time, so that a new value replaces the
// old: residence, employer, diet, one allergy, one preferred tool of a
// kind, someone's birthday. Family members, pets, health and free topics
// can carry many memories each.
func SingleValued(key string) bool {
	switch {
	case singleValued[key]:
		return true
	case strings.HasPrefix(key, AllergyPrefix), strings.HasPrefix(key, ToolPrefix), strings.HasPrefix(key, BirthdayPrefix):
		return len(key) > strings.IndexByte(key, ':')+1
	}
	return false
}

// Same reports whether two subjects, as written, come to the same key.
func Same(a, b string) bool {
	ka, kb := Key(a), Key(b)
	return ka != "" && strings.EqualFold(ka, kb)
}

// Of is the key the memory's subject comes to, ready to compare.
func Of(s string) string { return strings.ToLower(Key(s)) }

// fold lower-cases s, maps full-width characters to ASCII, collapses
// whitespace and drops surrounding punctuation.
func fold(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.TrimSpace(s) {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E && r != 0xFF1A:
			r -= 0xFEE0
		case r == 0x3000:
			r = ' '
		}
		if unicode.IsSpace(r) {
			space = true
			continue
		}
		if space && b.Len() > 0 {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(unicode.ToLower(r))
	}
	return strings.TrimFunc(b.String(), func(r rune) bool {
		return unicode.IsPunct(r) && r != ':' && r != '：' && r != '+' && r != '#'
	})
}
