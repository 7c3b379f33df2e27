package recall

import (
	"slices"
	"unicode/utf8"

	"github.com/membot/membot/memory/text"
)

// Expansion widens questions about one everyday topic to the words that
// memories about it use: "What should I order at the team dinner?" shares
// no word with "Is vegetarian", yet a careful friend would think of it.
// When a query's own text holds one of Triggers, the words of Terms join
// it, counting less than the query's own words (Options.ExpansionWeight).
type Expansion struct {
	// Topic names the expansion, for tests and diagnostics.
	Topic string
	// Triggers are words (English or Chinese) that raise it.
	Triggers []string
	// Terms are the words memories on the topic use.
	Terms []string
}

// DefaultExpansions returns the topics membot expands, in English and
// Chinese: food and eating out to diet and allergies, drinks to beverage
// preferences, medicine to health and allergies, children to the family,
// trips and packing to travel plans, sleep to shifts, exercise to
// injuries and sports, books to reading tastes, courses and exams to
// studies, music to tastes and instruments, gifts and partners to the
// relationship, free time to hobbies, the garden to what is grown, and
// smoking to having quit.
func DefaultExpansions() []Expansion {
	return []Expansion{
		{
			Topic: "diet",
			Triggers: []string{"eat", "eating", "ate", "dinner", "lunch", "breakfast", "brunch", "meal", "restaurant",
				"order", "cook", "cooking", "recipe", "menu", "snack", "food", "dish", "takeout", "barbecue",
				"吃", "晚饭", "午饭", "早饭", "晚餐", "午餐", "早餐", "餐厅", "饭店", "点菜", "点餐", "做饭", "菜谱", "外卖", "聚餐"},
			Terms: []string{"vegetarian", "vegan", "pescatarian", "diet", "allergic", "allergy", "intolerant",
				"gluten", "lactose", "dairy", "nuts", "peanut", "shellfish", "meat", "halal", "kosher", "spicy",
				"cilantro", "coriander", "fasting",
				"素食", "吃素", "过敏", "忌口", "不吃", "清真", "乳糖", "海鲜", "花生", "辣", "香菜"},
		},
		{
			Topic:    "beverages",
			Triggers: []string{"drink", "drinks", "coffee", "tea", "beer", "wine", "juice", "cocktail", "bar", "cafe", "café", "提神", "喝", "饮料", "咖啡", "茶", "酒"},
			Terms: []string{"coffee", "tea", "espresso", "latte", "decaf", "caffeine", "beer", "wine", "alcohol",
				"sober", "drink", "milk", "oat", "咖啡", "奶茶", "绿茶", "红茶", "啤酒", "红酒", "喝酒", "戒酒", "咖啡因", "燕麦奶"},
		},
		{
			Topic: "health",
			Triggers: []string{"medicine", "medication", "painkiller", "pill", "drug", "pharmacy", "doctor", "dentist",
				"hospital", "clinic", "prescription", "sick", "ill", "symptom", "headache", "fever", "vaccine",
				"药", "吃药", "医生", "医院", "看病", "处方", "感冒", "发烧", "头疼", "生病"},
			Terms: []string{"allergic", "allergy", "asthma", "diabetes", "diabetic", "blood", "pressure", "condition",
				"pregnant", "migraine", "injury", "surgery", "medication", "health", "heart", "back", "kidney",
				"过敏", "哮喘", "糖尿病", "高血压", "怀孕", "偏头痛", "手术", "腰", "心脏", "胃"},
		},
		{
			Topic: "family",
			Triggers: []string{"kid", "kids", "child", "children", "family", "son", "daughter", "parents", "baby",
				"grandson", "granddaughter", "grandchildren", "grandkids",
				"孩子", "家人", "家里", "儿子", "女儿", "父母", "宝宝", "小孩", "孙子", "孙女", "外孙"},
			Terms: []string{"son", "daughter", "wife", "husband", "partner", "children", "kids", "mother", "father",
				"mom", "dad", "brother", "sister", "family", "baby", "twins", "grandson", "granddaughter",
				"儿子", "女儿", "老婆", "老公", "妻子", "丈夫", "妈妈", "爸爸", "孩子", "家人", "哥哥", "姐姐", "弟弟", "妹妹", "孙子", "孙女"},
		},
		{
			Topic: "travel",
			Triggers: []string{"trip", "travel", "travelling", "traveling", "vacation", "holiday", "flight", "fly",
				"hotel", "journey", "abroad", "pack", "packing", "suitcase", "luggage",
				"旅行", "旅游", "出差", "出国", "机票", "航班", "酒店", "度假", "行李"},
			Terms: []string{"travel", "trip", "flight", "flying", "passport", "visa", "hotel", "airline", "seat",
				"aisle", "window", "seasick", "motion", "luggage", "tour",
				"旅行", "出差", "护照", "签证", "航班", "酒店", "靠窗", "过道", "晕车", "晕机", "行李"},
		},
		{
			Topic: "sleep",
			Triggers: []string{"sleep", "sleeping", "nap", "bedtime", "tired",
				"睡觉", "睡眠", "失眠", "熬夜", "作息"},
			Terms: []string{"shift", "shifts", "night", "insomnia", "夜班", "倒班", "值班", "失眠", "加班"},
		},
		{
			Topic: "fitness",
			Triggers: []string{"exercise", "exercises", "workout", "workouts", "gym", "training", "fitness", "sport",
				"sports", "running", "jogging", "game",
				"运动", "锻炼", "健身", "跑步", "训练", "比赛", "爬山"},
			Terms: []string{"injury", "injured", "hurt", "knee", "physio", "fasting", "runs", "running", "10k",
				"marathon", "football", "soccer", "basketball", "tennis", "swimming", "yoga",
				"受伤", "膝盖", "跑步", "公里", "游泳", "羽毛球", "篮球", "足球", "瑜伽"},
		},
		{
			Topic:    "reading",
			Triggers: []string{"read", "reading", "book", "books", "看书", "读书", "小说", "书"},
			Terms:    []string{"novel", "novels", "fiction", "sci-fi", "mystery", "thriller", "fantasy", "小说", "悬疑", "科幻", "推理"},
		},
		{
			Topic: "study",
			Triggers: []string{"course", "exam", "exams", "homework", "revision", "tutor",
				"考试", "课程", "复习", "学习", "补习", "备考", "练琴"},
			Terms: []string{"studies", "studying", "student", "university", "degree", "exam", "course",
				"大学", "专业", "考试", "科目", "上学", "年级", "钢琴", "学"},
		},
		{
			Topic:    "music",
			Triggers: []string{"music", "playlist", "音乐", "曲子", "歌单"},
			Terms:    []string{"jazz", "rock", "classical", "pop", "piano", "guitar", "violin", "band", "opera", "钢琴", "吉他", "小提琴", "爵士", "古典"},
		},
		{
			Topic: "partner",
			Triggers: []string{"fiancée", "fiancee", "fiance", "fiancé", "girlfriend", "boyfriend", "gift", "gifts",
				"未婚妻", "未婚夫", "对象", "女朋友", "男朋友", "礼物"},
			Terms: []string{"engaged", "dating", "married", "wedding", "relationship", "订婚", "结婚", "婚礼", "恋爱"},
		},
		{
			Topic: "leisure",
			Triggers: []string{"relax", "relaxing", "unwind",
				"放松", "休息", "爱好", "活动"},
			Terms: []string{"hobby", "fishing", "hiking", "drama", "series", "garden", "钓鱼", "爬山", "追剧", "韩剧", "爱好"},
		},
		{
			Topic:    "garden",
			Triggers: []string{"plant", "planting", "garden", "gardening", "seeds", "种花", "种菜", "花园", "阳台"},
			Terms:    []string{"grow", "grows", "garden", "vegetables", "tomatoes", "herbs", "flowers", "菜园", "种"},
		},
		{
			Topic:    "smoking",
			Triggers: []string{"smoke", "smoking", "cigarette", "cigarettes", "抽烟", "递烟", "香烟", "烟"},
			Terms:    []string{"smoking", "smoke", "cigarettes", "戒烟", "抽烟"},
		},
	}
}

// expander is a compiled set of expansions: the index terms that trigger
// each topic and the index terms it adds.
type expander struct {
	triggers map[string][]int
	terms    [][]string
}

// newExpander compiles es with tok. A Chinese word is added as its
// character pairs only (a single character is too loose a match), unless
// it is one character.
func newExpander(es []Expansion, tok text.Tokenizer) *expander {
	if len(es) == 0 {
		return nil
	}
	x := &expander{triggers: make(map[string][]int), terms: make([][]string, len(es))}
	terms := func(w string) []string {
		ts := tok.Tokens(w)
		if utf8.RuneCountInString(w) > 1 && len(ts) > 1 {
			ts = slices.DeleteFunc(ts, func(t string) bool {
				r, n := utf8.DecodeRuneInString(t)
				return n == len(t) && text.IsCJK(r)
			})
		}
		return ts
	}
	for i, e := range es {
		for _, w := range e.Triggers {
			for _, t := range terms(w) {
				if !slices.Contains(x.triggers[t], i) {
					x.triggers[t] = append(x.triggers[t], i)
				}
			}
		}
		for _, w := range e.Terms {
			for _, t := range terms(w) {
				if !slices.Contains(x.terms[i], t) {
					x.terms[i] = append(x.terms[i], t)
				}
			}
		}
	}
	return x
}

// expand returns the terms the topics of own raise, less own's terms.
func (x *expander) expand(own map[string]float64) []string {
	if x == nil {
		return nil
	}
	var topics []int
	for t := range own {
		for _, i := range x.triggers[t] {
			if !slices.Contains(topics, i) {
				topics = append(topics, i)
			}
		}
	}
	slices.Sort(topics)
	var out []string
	for _, i := range topics {
		for _, t := range x.terms[i] {
			if _, ok := own[t]; !ok && !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	return out
}
