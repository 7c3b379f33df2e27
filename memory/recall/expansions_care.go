package recall

// careExpansions bridge questions about the teeth and about a night at
// the theatre or the opera to the memories that answer them: a dentist
// booked, a love of Verdi or of 越剧.
func careExpansions() []Expansion {
	return []Expansion{
		{
			// "my molar is killing me", "拔智齿疼不疼": the appointment or
			// the dentist the person goes to.
			Topic: "teeth",
			Triggers: []string{"tooth", "teeth", "toothache", "molar", "molars", "wisdom tooth", "root canal",
				"cavity", "cavities", "gums",
				"牙", "牙齿", "智齿", "补牙", "拔牙", "洗牙", "根管", "蛀牙", "牙疼", "牙龈", "种牙", "牙套"},
			Terms: []string{"dentist", "dental", "orthodontist", "hygienist", "牙医", "牙科", "看牙", "口腔"},
		},
		{
			// "what should I see at the theatre?", "推荐几出戏": what the
			// person goes to or listens to on a stage. A lone 戏 is left
			// out: 游戏 holds it.
			Topic: "stage",
			Triggers: []string{"theatre", "theater", "musical", "musicals", "west end", "broadway", "matinee",
				"听戏", "看戏", "出戏", "戏曲", "曲艺", "唱段", "戏剧", "剧场", "戏院"},
			Terms: []string{"opera", "operas", "ballet", "musicals", "theatre", "theater", "operetta",
				"京剧", "越剧", "豫剧", "秦腔", "评弹", "昆曲", "川剧", "粤剧", "黄梅戏", "评剧", "沪剧", "二人转",
				"相声", "评书", "话剧", "音乐剧", "歌剧", "芭蕾", "戏曲"},
		},
	}
}
