package recall

// worldExpansions are bridges of common knowledge between what people ask
// and the things in their lives it turns on (see DefaultExpansions):
// something to listen to on the music they love, a cake or balloons on
// the party and birthday ahead, a lens or a flash on the camera they
// shoot with, milk and calving on the animals kept, watering young trees
// on what was planted.
func worldExpansions() []Expansion {
	return []Expansion{
		{
			Topic: "listening",
			Triggers: []string{"listen to", "something to listen", "put on in the background", "podcast", "radio",
				"听点", "听什么", "听歌", "听听", "收音机", "广播"},
			Terms: []string{"music", "band", "bands", "brass", "choir", "orchestra", "folk", "jazz", "opera", "sings", "songs",
				"音乐", "唱歌", "合唱", "戏曲", "京剧", "越剧", "黄梅戏", "评书", "相声"},
		},
		{
			Topic: "celebration",
			Triggers: []string{"cake", "balloons", "decorations", "party bags", "invitations", "candles for",
				"蛋糕", "气球", "布置", "请柬", "派对"},
			Terms: []string{"party", "birthday", "birthdays", "turns", "themed", "celebrate", "celebration",
				"生日", "过生日", "派对", "聚会", "周岁"},
			Plans: true,
		},
		{
			Topic: "camera",
			Triggers: []string{"lens", "lenses", "flash", "tripod", "low light", "shutter", "aperture",
				"镜头", "闪光灯", "三脚架", "光圈", "快门"},
			Terms: []string{"camera", "cameras", "shoots", "shoot", "photographer", "photography", "canon", "nikon", "sony", "fuji",
				"相机", "摄影", "拍照", "佳能", "尼康", "索尼", "富士"},
		},
		{
			Topic: "livestock",
			Triggers: []string{"milk yield", "how much milk", "milking", "calving", "feed for", "fodder", "grazing",
				"产奶", "挤奶", "饲料", "喂料", "下崽", "产蛋"},
			Terms: []string{"cow", "cows", "dairy", "heifer", "goats", "sheep", "hens", "chickens", "herd", "cattle",
				"奶牛", "牛", "羊", "猪", "鸡", "鸭", "养殖"},
		},
		{
			Topic: "planting",
			Triggers: []string{"young trees", "saplings", "seedlings", "water the trees", "watering", "fruit trees", "orchard",
				"树苗", "浇水", "果树", "幼苗", "种树"},
			Terms: []string{"planted", "seedlings", "saplings", "orchard", "trees", "grows", "acres", "farm",
				"种了", "树苗", "果园", "种植", "亩"},
		},
	}
}
