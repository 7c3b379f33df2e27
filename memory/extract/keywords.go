package extract

import (
	"strings"

	"github.com/membot/membot/memory"
)

// glossary pairs common English and Chinese words, so that a memory the
// rules extracted in one language can be found by a question in the other.
// It is deliberately small: the model path writes bilingual keywords
// itself; this only covers everyday preferences, facts and plans.
var glossary = [][2]string{
	{"like", "喜欢"}, {"love", "爱"}, {"prefer", "偏好"}, {"dislike", "不喜欢"}, {"hate", "讨厌"},
	{"style", "风格"}, {"design", "设计"}, {"minimalist", "极简"}, {"minimalism", "极简"}, {"retro", "复古"},
	{"vintage", "复古"}, {"music", "音乐"}, {"movie", "电影"}, {"film", "电影"}, {"game", "游戏"},
	{"book", "书"}, {"novel", "小说"}, {"coffee", "咖啡"}, {"tea", "茶"}, {"food", "食物"},
	{"spicy", "辣"}, {"sweet", "甜"}, {"hotpot", "火锅"}, {"noodles", "面条"}, {"rice", "米饭"},
	{"cat", "猫"}, {"dog", "狗"}, {"pet", "宠物"}, {"color", "颜色"}, {"colour", "颜色"},
	{"blue", "蓝色"}, {"red", "红色"}, {"green", "绿色"}, {"black", "黑色"}, {"white", "白色"},
	{"work", "工作"}, {"job", "工作"}, {"company", "公司"}, {"employer", "工作单位"}, {"occupation", "职业"},
	{"engineer", "工程师"}, {"designer", "设计师"}, {"teacher", "老师"}, {"student", "学生"}, {"doctor", "医生"},
	{"programmer", "程序员"}, {"live", "住"}, {"residence", "居住地"}, {"hometown", "家乡"}, {"city", "城市"},
	{"name", "名字"}, {"age", "年龄"}, {"birthday", "生日"}, {"allergy", "过敏"}, {"allergic", "过敏"},
	{"family", "家庭"}, {"daughter", "女儿"}, {"son", "儿子"}, {"wife", "妻子"}, {"husband", "丈夫"},
	{"school", "学校"}, {"learn", "学习"}, {"learning", "学习"}, {"goal", "目标"}, {"skill", "技能"},
	{"plan", "计划"}, {"trip", "旅行"}, {"travel", "旅行"}, {"business trip", "出差"}, {"meeting", "会议"},
	{"report", "报告"}, {"deadline", "截止日期"}, {"exam", "考试"}, {"interview", "面试"}, {"flight", "航班"},
	{"programming", "编程"}, {"language", "语言"}, {"english", "英语"}, {"chinese", "中文"}, {"japanese", "日语"},
	{"python", "Python"}, {"typescript", "TypeScript"}, {"swimming", "游泳"}, {"running", "跑步"}, {"hiking", "徒步"},
	{"cooking", "做饭"}, {"guitar", "吉他"}, {"piano", "钢琴"}, {"sports", "运动"}, {"basketball", "篮球"},
	{"football", "足球"}, {"reading", "阅读"}, {"photography", "摄影"}, {"beijing", "北京"}, {"shanghai", "上海"},
	{"tokyo", "东京"}, {"london", "伦敦"}, {"instruction", "要求"}, {"vegetarian", "素食"}, {"tomorrow", "明天"},
}

// bilingualKeywords lists keywords for a rule-extracted memory: its
// subject and object, and the glossary words it contains in either
// language together with their translations.
func bilingualKeywords(f found) []string {
	out := []string{f.subject, f.object}
	out = append(out, f.terms...)
	lower := strings.ToLower(f.text + " " + f.object + " " + f.subject)
	for _, pair := range glossary {
		if containsWord(lower, pair[0]) || strings.Contains(lower, strings.ToLower(pair[1])) {
			out = append(out, pair[0], pair[1])
		}
	}
	out = append(out, typeWords[f.typ]...)
	var kept []string
	for _, k := range out {
		if k = strings.TrimSpace(k); k != "" && len([]rune(k)) <= maxTermRunes {
			kept = append(kept, k)
		}
	}
	return kept
}

// typeWords name each type in both languages.
var typeWords = map[memory.Type][]string{
	memory.TypePreference: {"preference", "偏好"},
	memory.TypeFact:       {"fact", "事实"},
	memory.TypeSkill:      {"skill", "技能"},
	memory.TypeObjective:  {"goal", "目标"},
	memory.TypeEvent:      {"event", "事件"},
	memory.TypeTask:       {"task", "任务"},
}

// containsWord reports whether word occurs in s on word boundaries (ASCII).
func containsWord(s, word string) bool {
	for i := 0; ; {
		j := strings.Index(s[i:], word)
		if j < 0 {
			return false
		}
		start, end := i+j, i+j+len(word)
		if (start == 0 || !isASCIILetter(s[start-1])) && (end == len(s) || !isASCIILetter(s[end])) {
			return true
		}
		i = start + 1
	}
}

func isASCIILetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
