package extract

import (
	"regexp"
	"strings"
	"time"

	"github.com/membot/membot/memory/subject"
)

// A medicine is said by its dose more often than by the word 药: "每天早上
// 吃一片X", "医生开了X，每天一片", "给我换了个X，一天一粒". The dose is what
// marks the name as a medicine; a change of prescription replaces the
// old one (the subject is the same, and 换/改 marks the change).

// zhDose is how much and how often ("每天一片", "一天两粒", "早晚各一次").
const zhDose = `(?:每天|一天|每日|一日|每晚|每早|早晚各?|早上|晚上|睡前)(?:吃|服|用)?[一两半\d]+(?:片|粒|颗|次|支|袋)`

// zhMedication are the sentence rules of medicines taken.
var zhMedication = []lifeRule{
	// The dose first: "每天早上吃一片氨氯地平".
	{regexp.MustCompile(`((?:每天|一天|每日|每晚|每早)(?:早上|晚上|睡前|饭后|饭前)?(?:吃|服|用)[一两半\d]+(?:片|粒|颗|支|袋))(\p{Han}{2,8}?)(?:[，,。！!；;\s]|$)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		return zhMedicine(m[2], m[1]+m[2], sentence, false)
	}},
	// The medicine first, its dose in the next clause: "医生开了非布司他，每天一片".
	// Voice input leaves spaces for commas and words between: "吃那个X 缓释片
	// 一天一片", "给我换成X了 早上一片".
	{regexp.MustCompile(`(开了|换了个?|换成了?|改成了?|改吃|换吃|吃上了?|在吃|吃(?:那个|这个|的是))(?:一种|种)?\s*(\p{Han}{2,8}?)(?:[，,\s]*(?:缓释片|控释片|胶囊))?了?(?:[，,]\s*|\s+)(?:还是|也是|照样|仍然)?(` + zhDose + `(?:[，,\s]*` + zhDoseAmount + `)?)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		changed := strings.ContainsAny(m[1], "换改")
		t := "在吃" + m[2] + "，" + m[3]
		if changed {
			t = "药换成了" + m[2] + "，" + m[3]
		}
		return zhMedicine(m[2], t, sentence, changed)
	}},
}

// zhDoseAmount is an amount of a medicine ("十毫克", "5mg", "两片").
const zhDoseAmount = `[一二三四五六七八九十百千两半\d.]+\s*(?:毫克|微克|mg|片|粒|颗)`

// zhDoseChanges are a medicine's dose said or changed by its name:
// "氨氯地平现在吃十毫克了", "氨氯地平已增至每日十毫克", "每日晨服苯磺酸氨氯地平片五毫克".
var zhDoseChanges = []lifeRule{
	{regexp.MustCompile(`(?:^|[，,。；;：:\s])(?:我的|我)?(?:现在|已经)?(\p{Han}{2,8}?)(?:片)?(?:现在|已经|已)?(?:加量到|加到|增至|增加到|加至|减量到|减到|减至|降到|降至|改成|改为|现在吃|吃到)(?:每日|每天|一天)?(` + zhDoseAmount + `)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		name := zhMedicineName(m[1])
		return zhMedicine(name, name+"的剂量改为"+m[2], sentence, true)
	}},
	{regexp.MustCompile(`(?:每日|每天|一天)(?:早上|晨|晚上|睡前)?(?:服用?|吃)(\p{Han}{2,10}?)(?:片|胶囊)?(` + zhDoseAmount + `)`), func(m []string, sentence string, _ time.Time) (found, bool) {
		name := zhMedicineName(m[1])
		return zhMedicine(name, "每天吃"+name+m[2], sentence, false)
	}},
}

// zhNotMedicine rejects a "medicine" taken at a dose that is food.
var zhNotMedicine = regexp.MustCompile(`蛋|苹果|枣|核桃|糖|巧克力|坚果|葡萄|草莓|饺子|汤圆|包子|面包|吐司|饼干|维生素软糖|馒头|香蕉`)

// zhMedicine builds the author's medicine, with the words of what it
// treats so a question about that condition finds it.
func zhMedicine(name, t, sentence string, change bool) (found, bool) {
	name = zhMedicineName(name)
	if zhNotMedicine.MatchString(name) || zhAmountOnly.MatchString(name) || zhOther.MatchString(name) || name == "药" {
		return found{}, false
	}
	if i := strings.Index(sentence, name); i >= 0 && zhOther.MatchString(sentence[:i]) && !strings.Contains(sentence[:i], "给我") {
		return found{}, false // "我妈每天吃一片…": hers; "医生给我开了…": the author's
	}
	f, ok := zhFact(t, subject.HealthPrefix+"用药", name)
	f.terms = append(f.terms, "药", "吃药", "用药", "健康", "health", "medication")
	for _, c := range zhTreats {
		if strings.Contains(sentence, c[0]) {
			f.terms = append(f.terms, c[1:]...)
		}
	}
	f.change = change
	return f, ok
}

// zhMedicineName is a medicine's name without the fillers spoken
// before it ("就是", "那个").
func zhMedicineName(name string) string {
	for _, f := range []string{"就是", "那个", "这个"} {
		name = strings.TrimPrefix(name, f)
	}
	return name
}

// zhAmountOnly is a "name" that is only an amount ("十毫克").
var zhAmountOnly = regexp.MustCompile(`^` + zhDoseAmount + `$`)

// zhTreats maps a word of a sentence to what the medicine is for.
var zhTreats = [][]string{
	{"血压", "降压药", "血压"}, {"降压", "降压药", "血压"}, {"尿酸", "降尿酸", "尿酸", "痛风"},
	{"痛风", "痛风", "尿酸"}, {"血糖", "降糖药", "血糖"}, {"糖尿病", "降糖药", "血糖"}, {"血脂", "降脂药", "血脂"},
}
