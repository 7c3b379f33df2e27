package recall

// careExpansions bridge questions about the teeth, aching joints, a dizzy
// spell and a night at the theatre or the opera to the memories that
// answer them: a dentist booked, arthritis, high blood pressure, a love
// of Verdi or of 越剧.
func careExpansions() []Expansion {
	return []Expansion{
		{
			// "my molar is killing me", "拔智齿疼不疼": the appointment or
			// the dentist the person goes to.
			Topic: "teeth",
			Triggers: []string{"tooth", "teeth", "toothache", "molar", "molars", "wisdom tooth", "root canal",
				"cavity", "cavities", "gums",
				"牙齿", "智齿", "补牙", "拔牙", "洗牙", "根管", "蛀牙", "牙疼", "牙龈", "种牙", "牙套"},
			Terms: []string{"dentist", "dental", "orthodontist", "hygienist", "牙医", "牙科", "看牙", "口腔"},
		},
		{
			// "明天要下雨，腿又该遭罪了", "my knees hate the cold": the
			// joints that ache and what they ache with.
			Topic: "joints",
			Triggers: []string{"knee", "knees", "joints", "achy", "stiff", "stiffness", "sore hip", "hip pain",
				"腿疼", "腿痛", "腿脚", "膝盖", "关节", "腰疼", "腰痛", "遭罪", "风湿", "老寒腿"},
			Terms: []string{"arthritis", "rheumatism", "rheumatoid", "knee", "knees", "joint", "joints", "hip", "replacement", "osteoarthritis",
				"关节炎", "风湿", "膝盖", "关节", "腰椎", "腰间盘", "椎间盘", "骨质增生", "半月板", "痛风"},
		},
		{
			// "头有点晕乎，是不是那毛病又犯了", "feeling dizzy after flights":
			// the conditions that make one dizzy or flare up.
			Topic: "dizzy",
			Triggers: []string{"dizzy", "dizziness", "lightheaded", "light-headed", "faint", "fainting", "woozy", "flare up", "flare-up",
				"头晕", "晕乎", "头昏", "眼花", "老毛病", "毛病又犯", "又犯了"},
			Terms: []string{"blood pressure", "hypertension", "anaemia", "anemia", "anaemic", "anemic", "iron", "diabetes", "diabetic", "sugar", "migraine", "vertigo",
				"高血压", "血压", "低血糖", "贫血", "血糖", "糖尿病", "颈椎", "美尼尔", "偏头痛", "降压药"},
		},
		{
			// "what should I see at the theatre?", "推荐几出戏": what the
			// person goes to or listens to on a stage. A lone 戏 is left
			// out (游戏 holds it), and 戏剧, which the memories it would
			// bring share with the question already.
			Topic: "stage",
			Triggers: []string{"theatre", "theater", "musical", "musicals", "west end", "broadway", "matinee",
				"听戏", "看戏", "出戏", "戏曲", "曲艺", "唱段", "剧场", "戏院"},
			Terms: []string{"opera", "operas", "ballet", "musicals", "theatre", "theater", "operetta",
				"京剧", "越剧", "豫剧", "秦腔", "评弹", "昆曲", "川剧", "粤剧", "黄梅戏", "评剧", "沪剧", "二人转",
				"相声", "评书", "话剧", "音乐剧", "歌剧", "芭蕾", "戏曲"},
		},
	}
}
