package recall

// lifeExpansions are the topics of situations that turn on a fact the
// question does not name (see DefaultExpansions): a craving on what was
// given up, selling on what is sold, a hoarse voice on the work done
// talking, a timetable on the exams ahead, an afternoon indoors on what
// the household loves, a party on the birthdays, a dog on its breed,
// writing on how it is wanted, forms on the visa held, skincare on the
// skin, the rent on the home, a talk on nerves, headphones on the ears,
// the commute on where home and work are.
func lifeExpansions() []Expansion {
	return []Expansion{
		{
			Topic: "cravings",
			Triggers: []string{"craving", "cravings", "crave", "urge", "urges", "tempted", "temptation", "relapse", "withdrawal",
				"馋", "嘴馋", "忍住", "忍不住", "憋不住", "犯瘾", "瘾", "戒断", "破戒"},
			Terms: []string{"quit", "quitting", "stopped", "smoking", "cigarettes", "vaping", "alcohol", "sober", "drinking", "sugar",
				"戒了", "戒掉", "戒烟", "戒酒", "戒糖", "烟", "没抽", "喝酒", "糖", "奶茶"},
		},
		{
			Topic: "selling",
			Triggers: []string{"sell", "selling", "sales", "customers", "buyers", "listing", "listings", "marketing", "livestream",
				"卖", "卖货", "带货", "直播", "顾客", "买家", "客人", "销量", "推销", "吆喝"},
			Terms: []string{"sells", "selling", "shop", "stall", "market", "etsy", "ebay", "online", "livestream", "streams",
				"卖", "直播", "抖音", "快手", "淘宝", "拼多多", "网店", "摆摊", "收购", "批发", "开店"},
		},
		{
			Topic:    "voice",
			Triggers: []string{"hoarse", "voice", "throat", "laryngitis", "嗓子", "哑", "沙哑", "失声", "喉咙", "嗓音"},
			Terms: []string{"streams", "streaming", "streamer", "teaches", "teacher", "sings", "singer", "choir", "calls", "call centre",
				"call center", "podcast", "直播", "开播", "主播", "讲课", "老师", "唱歌", "客服", "带货"},
		},
		{
			Topic: "timetable",
			Triggers: []string{"timetable", "split my evenings", "split my weekends", "split my time", "balance my time", "time management", "study plan", "revision plan",
				"时间安排", "时间表", "分配时间", "怎么分配", "作息表", "计划表", "学习计划"},
			Terms: []string{"exam", "exams", "test", "deadline", "studying", "revision", "shift", "shifts",
				"考试", "备考", "复习", "上班", "夜班"},
			Plans: true,
		},
		{
			Topic: "indoors",
			Triggers: []string{"indoors", "indoor", "rainy", "bored", "boredom", "keep busy", "entertain",
				"室内", "在家玩", "无聊", "下雨天", "解闷"},
			Terms: []string{"loves", "enjoys", "favourite", "favorite", "obsessed", "hobby", "hobbies",
				"喜欢", "最爱", "爱好", "迷"},
		},
		{
			Topic:    "birthdays",
			Triggers: []string{"party", "parties", "派对", "生日会", "庆生", "办个趴"},
			Terms:    []string{"birthday", "birthdays", "turns", "生日", "过生日", "庆生", "周岁"},
		},
		{
			Topic:    "breeds",
			Triggers: []string{"dog", "dogs", "puppy", "cat", "cats", "kitten", "狗", "狗狗", "猫", "猫咪"},
			Terms: []string{"retriever", "labrador", "spaniel", "terrier", "collie", "poodle", "dachshund", "beagle",
				"corgi", "pug", "husky", "whippet", "greyhound", "schnauzer", "shih tzu", "tabby", "siamese", "ragdoll",
				"金毛", "拉布拉多", "柯基", "泰迪", "哈士奇", "柴犬", "边牧", "比熊", "博美", "萨摩耶", "德牧", "布偶", "英短", "橘猫", "狸花"},
		},
		{
			Topic: "writing",
			Triggers: []string{"caption", "proofread", "rewrite", "blurb", "write a post", "write an email", "draft an email",
				"write a letter", "write a speech", "write my bio", "cover letter", "帮我写", "写条", "写个", "写篇", "写段", "写封", "文案", "朋友圈", "小红书", "帖子",
				"发帖", "邮件", "致辞", "改写", "润色"},
			Terms: []string{"spelling", "tone", "style", "emoji", "emojis", "exclamation", "formal", "casual", "british", "american",
				"文案", "风格", "语气", "感叹号", "表情", "口吻", "正式"},
		},
		{
			Topic: "paperwork",
			Triggers: []string{"paperwork", "documents", "forms", "application", "renewal", "renew", "embassy", "consulate",
				"immigration", "材料", "证件", "办证", "续签", "申请", "大使馆", "领事馆", "移民局"},
			Terms: []string{"visa", "permit", "passport", "residency", "citizenship", "pr", "green card", "sponsorship",
				"签证", "工签", "学签", "绿卡", "身份", "移民", "护照", "居留", "入籍"},
		},
		{
			Topic: "skin",
			Triggers: []string{"skincare", "moisturiser", "moisturizer", "sunscreen", "suncream", "lotion", "cream", "rash", "itchy",
				"护肤", "防晒", "面霜", "乳液", "护肤品", "化妆品", "起疹子", "痒"},
			Terms: []string{"eczema", "psoriasis", "sensitive", "allergic", "allergy", "acne", "rosacea",
				"湿疹", "敏感肌", "过敏", "痘", "皮炎"},
		},
		{
			Topic: "housing",
			Triggers: []string{"rent", "landlord", "lease", "deposit", "flatmate", "flatmates", "roommate", "roommates", "neighbours",
				"neighbors", "mortgage", "房租", "房东", "押金", "租房", "室友", "邻居", "房贷", "物业"},
			Terms: []string{"lives", "flat", "apartment", "house", "shares", "studio", "moved", "rents", "renting",
				"住", "住在", "合租", "租", "公寓", "小区", "搬"},
		},
		{
			Topic: "speaking",
			Triggers: []string{"presentation", "presentations", "public speaking", "give a talk", "pitch", "toast",
				"演讲", "发言", "汇报", "讲话", "致辞", "答辩"},
			Terms: []string{"stammer", "stutter", "anxiety", "anxious", "nervous", "shy", "introvert",
				"口吃", "结巴", "社恐", "紧张", "焦虑", "内向"},
		},
		{
			Topic:    "hearing",
			Triggers: []string{"headphones", "earphones", "earbuds", "concert", "noisy", "loud", "耳机", "音响", "演唱会"},
			Terms:    []string{"deaf", "hearing", "tinnitus", "ear", "ears", "耳聋", "听力", "耳鸣", "助听器", "耳朵"},
		},
		{
			Topic: "commute",
			Triggers: []string{"commute", "commuting", "rush hour", "leave for work", "journey to work",
				"通勤", "早高峰", "晚高峰", "上班路上", "下班路上"},
			Terms: []string{"lives", "based", "office", "depot", "moved", "suburbs", "住", "住在", "搬", "公司", "单位"},
		},
		{
			// "a good feed store near the house", "这附近有啥地方能溜达":
			// what is near is near where they live.
			Topic: "nearby",
			Triggers: []string{"nearby", "near me", "near the house", "near home", "near our place", "near my place",
				"around here", "round here", "in the area", "my area", "closest", "nearest",
				"附近", "周边", "离家近", "家门口"},
			Terms: []string{"lives", "live", "living", "based", "moved", "house", "flat", "apartment", "place",
				"住", "住在", "搬", "家", "小区"},
		},
	}
}
