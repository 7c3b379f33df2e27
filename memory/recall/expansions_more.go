package recall

// moreExpansions are the topics of errands and worries that turn on a
// fact about the person they do not name (see DefaultExpansions): writing
// up a thesis on the degree, fitting a statistical model on the tools
// used, a card to post on the birthdays, godparents on the christening,
// childcare on going back to work, a warm-up on the training done, a
// weekend away on the trip planned, how much to drink on a fluid limit,
// a bird, fish or rabbit on the pet of that kind, glue and a hull on the
// models built, cheap ideas on a tight budget, the boss on who the boss
// is, a college application on the subject chosen, drawing customers on
// where the shop is.
func moreExpansions() []Expansion {
	return []Expansion{
		{
			Topic: "research",
			Triggers: []string{"thesis", "dissertation", "viva", "lab meeting", "literature review",
				"论文", "开题", "组会", "写论文", "毕业论文"},
			Terms: []string{"phd", "doctorate", "doctoral", "postdoc", "master's", "msc", "mphil", "researcher",
				"读博", "博士", "硕士", "研究生", "博士生", "课题组"},
		},
		{
			Topic: "statistics",
			Triggers: []string{"regression", "mixed model", "anova", "statistics", "statistical", "p-value", "dataset",
				"data analysis", "回归", "统计", "数据分析", "画图", "显著性"},
			Terms: []string{"rstudio", "python", "spss", "stata", "matlab", "pandas", "jupyter", "sas", "julia", "r"},
		},
		{
			Topic:    "cards",
			Triggers: []string{"card", "cards", "greeting card", "postage", "贺卡", "明信片", "寄卡片"},
			Terms:    []string{"birthday", "birthdays", "turns", "anniversary", "生日", "过生日", "纪念日"},
		},
		{
			Topic: "ceremonies",
			Triggers: []string{"godparents", "godparent", "godmother", "godfather", "baptism", "christening", "communion",
				"bar mitzvah", "bat mitzvah", "满月酒", "百日宴", "周岁宴", "洗礼", "抓周"},
			Terms: []string{"christening", "baptism", "baptised", "baptized", "communion", "mitzvah", "满月", "百日", "周岁", "洗礼"},
			Plans: true,
		},
		{
			Topic: "childcare",
			Triggers: []string{"creche", "crèche", "nursery", "daycare", "childminder", "childcare", "nanny", "au pair",
				"托儿所", "托班", "早教", "保姆", "育儿嫂", "带娃"},
			Terms: []string{"returning", "maternity", "paternity", "leave", "return",
				"产假", "复工", "回去上班", "上班", "育儿假"},
			Plans: true,
		},
		{
			Topic:    "workouts",
			Triggers: []string{"warm-up", "warmup", "cool down", "热身", "拉伸", "健身", "锻炼"},
			Terms: []string{"rows", "rowing", "kettlebell", "kettlebells", "weights", "lifting", "lifts", "crossfit", "spin",
				"treadmill", "划船机", "撸铁", "壶铃", "举铁", "跑步机", "动感单车"},
		},
		{
			Topic: "getaway",
			Triggers: []string{"weekend away", "getaway", "city break", "short break", "staycation", "road trip", "away for the weekend",
				"出去玩", "短途", "自驾游", "周边游", "度假"},
			Terms: []string{"trip", "staying", "booked", "break", "旅行", "订了"},
			Plans: true,
		},
		{
			Topic: "fluids",
			Triggers: []string{"drink", "drinks", "thirsty", "hydrated", "hydration", "heatwave",
				"喝水", "口渴", "补水", "中暑"},
			Terms: []string{"fluid", "fluids", "litre", "litres", "liter", "liters", "ml", "限水", "饮水", "喝水", "毫升"},
		},
		{
			Topic: "pet kinds",
			Triggers: []string{"bird", "birds", "parrot", "fish", "tank", "aquarium", "rabbit", "bunny", "hamster", "reptile",
				"tortoise", "鸟", "鹦鹉", "鱼缸", "兔子", "仓鼠", "乌龟"},
			Terms: []string{"budgie", "budgerigar", "cockatiel", "canary", "parrot", "lovebird", "finch", "goldfish", "guppy",
				"betta", "koi", "rabbit", "bunny", "hamster", "gerbil", "guinea pig", "tortoise", "turtle", "gecko",
				"虎皮鹦鹉", "玄凤", "鹦鹉", "金鱼", "锦鲤", "孔雀鱼", "兔子", "仓鼠", "龙猫", "乌龟"},
		},
		{
			Topic: "modelling",
			Triggers: []string{"glue", "varnish", "sanding", "sandpaper", "hull", "rigging", "decals", "airbrush", "kit",
				"胶水", "打磨", "喷漆", "上色"},
			Terms: []string{"model", "models", "modelling", "modeling", "kits", "miniatures", "scale",
				"模型", "拼装", "手办", "高达"},
		},
		{
			Topic: "cost",
			Triggers: []string{"cheap", "cheaply", "inexpensive", "affordable", "on a budget", "pricey", "cost much",
				"便宜", "实惠", "性价比", "不贵", "省点钱"},
			Terms: []string{"budget", "tight", "broke", "skint", "saving", "savings", "money",
				"预算", "省钱", "手头紧", "没钱", "存钱", "攒钱"},
		},
		{
			Topic:    "boss",
			Triggers: []string{"my boss", "line manager", "my supervisor", "老板", "领导", "上司", "导师", "主管"},
			Terms:    []string{"supervisor", "advisor", "adviser", "line manager", "老板", "领导", "上司", "导师", "主管", "经理"},
		},
		{
			Topic: "applications",
			Triggers: []string{"college application", "ucas", "which universities", "which colleges", "choose a major",
				"填志愿", "志愿", "报志愿", "选专业", "报考", "选学校"},
			Terms: []string{"major", "degree", "medicine", "computer science",
				"专业", "想报", "报考", "学医", "医学", "计算机", "大学"},
		},
		{
			Topic: "footfall",
			Triggers: []string{"footfall", "foot traffic", "passing trade", "walk-ins", "draw customers",
				"引流", "客流", "拉客", "揽客", "人流"},
			Terms: []string{"shop", "moved", "location", "street", "road", "stall", "店", "搬到", "地段", "位置", "门面", "路"},
		},
	}
}
