package recall

// DefaultExpansions returns the topics membot expands, in English and
// Chinese: food, dishes and eating out to diet, allergies and the
// conditions that limit what one eats; drinks and the pub to beverage
// preferences and not drinking; medicine to health, conditions and
// medicines taken; children to the family; gifts and surprises to what
// relatives love and their dates; trips and packing to travel plans;
// getting ready to plans; the weather to what is done outdoors; what to
// wear to the occasions it is for; which day to schedules; the weekend to
// weekend routines; pets' care to the pets; sleep, tiredness and the
// body clock to shifts; the commute to where home and work are; exercise
// and soreness to the sports done; books to reading tastes; courses,
// exams, cramming and putting it off to studies and the exams ahead; a
// language's words to the language
// learnt; software to the tools used; the car to driving; music to tastes
// and instruments; partners to the relationship; free time to hobbies;
// the garden and hives to what is grown and kept; pupils, grades and
// marking to teaching; jobs, shifts and side
// gigs to the work done; timber, wool and clay to the crafts made with
// them; screens to the eyes, headaches and necks they strain; money to
// budgeting; smoking to having quit; a craving to what was given up;
// customers and live selling to what is sold and where; a hoarse voice
// to the work done talking (teaching, streaming, calls); a rainy or
// empty afternoon indoors to what the household loves; a timetable to
// the exams and shifts ahead; a party to the birthdays; a post, caption
// or email to write to how the person likes writing done; forms and
// renewals to the visa or permit held; skincare to the skin's condition;
// the rent, the landlord and flatmates to where and how one lives. A CV
// or a promotion raises the work done, the school run the children, a
// religious fast the diet. A dog or a cat raises the breeds a memory may
// name it by, and the car's upkeep the makes. Whether a purchase is
// affordable raises the saving up, a talk or presentation a stammer or
// nerves, headphones and a concert the ears. A stomach, reflux or kidney stones weigh on
// what to eat and drink as an allergy does. What is in the fridge and a
// cheese by name
// raise the diet (a pregnancy rules foods out), the heat and thirst raise
// drinks, a child's nickname, Christmas or a festival the family and
// gifts, an anniversary or a couple's day out the partner, hills and pace
// the sports done, stations, airports and picking someone up how the
// person gets about, learning to drive the driving test. Trips, getting
// ready, the weather, what to wear, which day and a timetable also lift
// the upcoming plans (Expansion.Plans). The errands of moreExpansions
// (a thesis, a card to post, childcare, a weekend away, a fluid limit,
// the boss, a college application) follow.
func DefaultExpansions() []Expansion {
	return append([]Expansion{
		{
			Topic: "diet",
			Triggers: []string{"eat", "eating", "ate", "dinner", "lunch", "breakfast", "brunch", "meal", "restaurant",
				"order", "cook", "cooking", "recipe", "menu", "snack", "food", "dish", "takeout", "takeaway", "barbecue",
				"bake", "baking", "cake", "soup", "grab", "hungry", "calories", "weight",
				"pizza", "curry", "burger", "sushi", "pasta", "salad", "sandwich", "dessert", "picnic", "buffet",
				"fridge", "leftovers", "ingredients", "cheese", "ramadan", "iftar", "suhoor", "lent", "斋月", "开斋", "菜", "啥菜", "什么菜", "做点", "冰箱", "食材", "剩菜",
				"吃", "晚饭", "午饭", "早饭", "晚餐", "午餐", "早餐", "餐厅", "饭店", "点菜", "点餐", "做饭", "菜谱", "外卖", "聚餐",
				"配方", "蛋糕", "煮", "炒菜", "做菜", "饿", "减肥", "体重", "卡路里", "火锅", "烧烤", "饺子", "甜点", "零食", "自助餐"},
			Terms: []string{"vegetarian", "vegan", "pescatarian", "diet", "allergic", "allergy", "intolerant",
				"gluten", "lactose", "dairy", "nuts", "peanut", "shellfish", "meat", "halal", "kosher", "spicy",
				"cilantro", "coriander", "fasting", "diabetes", "diabetic", "coeliac", "celiac", "ibs", "fodmap",
				"cholesterol", "sesame", "egg", "eggs", "garlic", "onion", "pregnant", "pregnancy", "avoids", "cheese",
				"keto", "carbs", "low-carb", "paleo", "calories", "veggie", "plant-based", "reflux", "heartburn", "gastritis",
				"stomach", "ulcer", "kidney", "stones", "gout", "crohn's", "colitis", "blood pressure", "hypertension", "sodium",
				"素食", "吃素", "过敏", "忌口", "不吃", "清真", "乳糖", "海鲜", "花生", "辣", "香菜",
				"糖尿病", "脂肪肝", "痛风", "高血压", "胆固醇", "鸡蛋", "少油", "少盐", "控糖", "怀孕", "孕期", "尿酸", "生酮", "碳水", "热量",
				"蛋奶素", "纯素", "全素", "胃", "反酸", "胃炎", "肠胃", "结石", "肾结石", "三高", "血糖", "血压", "血脂", "高血脂"},
		},
		{
			Topic: "beverages",
			Triggers: []string{"drink", "drinks", "drinking", "coffee", "tea", "beer", "wine", "juice", "cocktail", "bar",
				"pub", "pint", "pints", "cafe", "café",
				"thirsty", "refreshing", "提神", "喝", "饮料", "咖啡", "茶", "酒", "酒吧", "来杯", "解暑", "消暑", "解渴", "口渴", "冷饮", "来点啥"},
			Terms: []string{"coffee", "tea", "espresso", "latte", "decaf", "caffeine", "beer", "wine", "alcohol",
				"sober", "teetotal", "drink", "milk", "oat", "soda", "sparkling", "reflux", "kidney", "stones", "gout",
				"pregnant", "diabetes", "lactose", "sugar", "sugary",
				"咖啡", "奶茶", "绿茶", "红茶", "啤酒", "红酒", "喝酒", "戒酒", "咖啡因", "燕麦奶", "少喝酒", "不喝酒", "苏打水", "气泡水",
				"胃", "反酸", "结石", "痛风", "尿酸", "糖尿病", "怀孕", "乳糖", "控糖", "少糖", "无糖", "戒糖"},
		},
		{
			Topic: "health",
			Triggers: []string{"medicine", "medication", "painkiller", "painkillers", "pill", "pills", "tablet", "tablets",
				"drug", "pharmacy", "chemist", "doctor", "dentist", "hospital", "clinic", "prescription", "sick", "ill",
				"symptom", "headache", "fever", "vaccine", "flu", "cough", "throat", "antibiotic", "antibiotics",
				"ibuprofen", "paracetamol", "aspirin", "antihistamine", "antihistamines", "ache", "aching", "pain", "painful", "swollen",
				"药", "吃药", "医生", "医院", "看病", "处方", "感冒", "发烧", "头疼", "头痛", "生病", "药店", "嗓子", "咳嗽",
				"发炎", "消炎", "止痛", "牙疼", "体检", "布洛芬", "感冒药", "退烧药", "止痛药", "阿司匹林", "疼", "痛", "肿", "关节"},
			Terms: []string{"allergic", "allergy", "asthma", "diabetes", "diabetic", "blood", "pressure", "condition",
				"pregnant", "migraine", "injury", "surgery", "medication", "health", "heart", "back", "kidney",
				"tablet", "tablets", "insulin", "warfarin", "thinner", "inhaler", "penicillin", "antibiotics",
				"过敏", "哮喘", "糖尿病", "高血压", "怀孕", "偏头痛", "手术", "腰", "心脏", "胃", "胰岛素", "药",
				"青霉素", "头孢", "抗生素", "甲亢", "脂肪肝", "痛风", "尿酸", "关节炎", "gout", "arthritis",
				"三高", "血糖", "血压", "血脂"},
		},
		{
			Topic: "family",
			Triggers: []string{"kid", "kids", "child", "children", "family", "son", "daughter", "parents", "baby",
				"grandson", "granddaughter", "grandchildren", "grandkids", "toddler", "teenager", "nephew", "niece",
				"boy", "girl", "youngest", "eldest", "stepson", "stepdaughter", "little fellow", "little one", "little ones",
				"little guy", "kiddo", "grandchild", "grandchildren",
				"孩子", "家人", "家里", "儿子", "女儿", "父母", "宝宝", "小孩", "孙子", "孙女", "外孙",
				"老大", "老二", "老三", "娃", "闺女", "带娃", "小家伙", "小朋友", "大宝", "二宝", "小宝", "小的", "孙辈",
				"school run", "school gate", "playdate", "babysitter", "接孩子", "送孩子", "接娃", "送娃", "保姆"},
			Terms: []string{"son", "daughter", "wife", "husband", "partner", "children", "kids", "mother", "father",
				"mom", "dad", "brother", "sister", "family", "baby", "twins", "grandson", "granddaughter", "niece", "nephew",
				"儿子", "女儿", "老婆", "老公", "妻子", "丈夫", "妈妈", "爸爸", "孩子", "家人", "哥哥", "姐姐", "弟弟", "妹妹",
				"孙子", "孙女", "闺女"},
		},
		{
			Topic: "gifts",
			Triggers: []string{"gift", "gifts", "present", "presents", "surprise", "birthday", "anniversary", "christmas", "xmas",
				"礼物", "惊喜", "生日", "送点", "送啥", "送什么", "圣诞", "圣诞节", "红包",
				"holidays", "valentine", "valentine's", "mother's day", "father's day", "thanksgiving", "eid", "diwali", "hanukkah",
				"过节", "节日", "过年", "春节", "中秋", "中秋节", "端午", "七夕", "情人节", "母亲节", "父亲节", "元宵", "重阳"},
			Terms: []string{"loves", "likes", "favourite", "favorite", "fan", "collects", "birthday", "anniversary",
				"son", "daughter", "granddaughter", "grandson", "wife", "husband", "mum", "mother", "dad", "father",
				"sister", "brother", "niece", "nephew", "friend",
				"喜欢", "爱", "最爱", "生日", "纪念日", "儿子", "女儿", "老婆", "老公", "老伴", "妈妈", "爸爸", "姐姐", "妹妹", "侄子", "侄女", "农历"},
		},
		{
			Topic: "travel",
			Triggers: []string{"trip", "travel", "travelling", "traveling", "vacation", "holiday", "flight", "fly",
				"hotel", "journey", "abroad", "pack", "packing", "suitcase", "luggage",
				"旅行", "旅游", "出差", "出国", "机票", "航班", "酒店", "度假", "行李"},
			Terms: []string{"travel", "trip", "flight", "flying", "passport", "visa", "hotel", "airline", "seat",
				"aisle", "window", "seasick", "motion", "luggage", "tour",
				"旅行", "出差", "护照", "签证", "航班", "酒店", "靠窗", "过道", "晕车", "晕机", "行李"},
			Plans: true,
		},
		{
			Topic: "plans",
			Triggers: []string{"prepare", "preparing", "preparation", "ready", "plan", "plans", "planning", "upcoming",
				"organise", "organize", "guest", "guests", "visitor", "visitors",
				"准备", "提前", "安排", "计划", "打算", "大事", "收拾", "带什么"},
			Plans: true,
		},
		{
			Topic: "weather",
			Triggers: []string{"weather", "forecast", "rain", "raining", "rainy", "umbrella", "snow", "snowing", "windy", "storm",
				"freezing", "pour", "pouring", "downpour", "drizzle", "heatwave",
				"天气", "下雨", "带伞", "雨伞", "下雪", "降温", "风大", "刮风", "冷", "太阳", "暴雨", "大雨", "高温"},
			Terms: []string{"swim", "swimming", "hiking", "cycling", "running", "fishing", "camping", "sailing", "golf",
				"garden", "drone", "trip", "flight",
				"冬泳", "游泳", "爬山", "徒步", "骑行", "跑步", "钓鱼", "露营", "航拍", "出差", "旅行"},
			Plans: true,
		},
		{
			Topic:    "occasions",
			Triggers: []string{"wear", "wearing", "outfit", "dress", "suit", "穿", "穿搭", "衣服", "礼服"},
			Terms: []string{"wedding", "graduation", "ceremony", "funeral", "party", "interview", "christening", "gala",
				"婚礼", "毕业", "典礼", "葬礼", "聚会", "面试", "年会", "婚宴"},
			Plans: true,
		},
		{
			Topic: "schedule",
			Triggers: []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekday",
				"appointment", "available", "reschedule",
				"哪天", "周几", "星期几", "有空", "空闲", "约", "改天"},
			Terms: []string{"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekend",
				"shift", "shifts", "nights",
				"周一", "周二", "周三", "周四", "周五", "周六", "周日", "星期", "周末", "休息", "上班", "值班", "夜班", "白班", "轮休"},
			Plans: true,
		},
		{
			Topic:    "weekend",
			Triggers: []string{"weekend", "weekends", "周末", "双休"},
			Terms:    []string{"saturday", "saturdays", "sunday", "sundays", "周六", "周日", "星期六", "星期天", "礼拜天"},
		},
		{
			Topic: "pets",
			Triggers: []string{"pet", "pets", "vet", "cage", "feed", "feeding", "fur", "shedding", "moulting", "molting",
				"litter", "leash", "lead", "kennel", "grooming", "groomer", "treats", "flea", "fleas", "walkies",

				"宠物", "兽医", "掉毛", "笼子", "喂食", "喂养", "遛", "猫粮", "狗粮", "鸟食", "驱虫"},
			Terms: []string{"dog", "cat", "puppy", "kitten", "budgie", "parrot", "bird", "rabbit", "hamster", "tortoise",
				"goldfish", "pet", "retriever", "labrador", "spaniel", "terrier", "collie", "poodle", "dachshund", "beagle",
				"corgi", "pug", "husky", "whippet", "greyhound", "schnauzer", "shih tzu", "tabby", "siamese", "ragdoll",
				"狗", "猫", "鹦鹉", "鸟", "兔子", "仓鼠", "乌龟", "金鱼", "宠物", "金毛", "拉布拉多", "柯基", "泰迪", "哈士奇",
				"柴犬", "边牧", "比熊", "博美", "萨摩耶", "德牧", "柯基犬", "布偶", "英短", "橘猫", "狸花"},
		},
		{
			Topic: "sleep",
			Triggers: []string{"sleep", "sleeping", "asleep", "nap", "bedtime", "tired", "exhausted", "knackered", "drowsy",
				"groggy", "body clock", "jet lag", "insomnia", "bed",
				"睡觉", "睡眠", "失眠", "熬夜", "作息", "睡", "困", "累", "好累", "疲劳", "疲惫", "犯困", "睡不着", "睡不够", "生物钟", "补觉", "起不来", "倒时差"},
			Terms: []string{"shift", "shifts", "night", "nights", "overnight", "earlies", "lates", "rota", "on call", "insomnia",
				"夜班", "倒班", "值班", "失眠", "加班", "早班", "晚班", "三班倒", "通宵", "值夜"},
		},
		{
			Topic: "fitness",
			Triggers: []string{"exercise", "exercises", "workout", "workouts", "gym", "training", "fitness", "sport",
				"sports", "running", "jogging", "game", "stretch", "stretches", "stretching", "sore", "muscles", "swim",
				"racket", "racquet", "trainers", "goggles", "laps", "pool", "climbing", "climb", "bouldering", "yoga", "cycling",
				"marathon", "hills", "hill", "uphill", "pace", "stamina", "endurance", "mileage", "race", "races",
				"运动", "锻炼", "健身", "跑步", "训练", "比赛", "爬山", "拉伸", "酸痛", "肌肉", "游泳",
				"下水", "游一圈", "球拍", "球鞋", "跑鞋", "泳镜", "泳池", "攀岩", "骑车", "瑜伽", "爬坡", "上坡", "配速", "耐力", "体能"},
			Terms: []string{"injury", "injured", "hurt", "knee", "physio", "fasting", "runs", "running", "10k",
				"marathon", "football", "soccer", "basketball", "tennis", "swimming", "swims", "yoga", "pilates",
				"bouldering", "climbing", "cycling", "bowls", "golf", "badminton", "squash",
				"受伤", "膝盖", "跑步", "长跑", "马拉松", "半马", "全马", "越野", "田径", "公里", "游泳", "冬泳", "羽毛球", "篮球", "足球", "瑜伽", "普拉提", "攀岩", "骑行"},
		},
		{
			Topic:    "reading",
			Triggers: []string{"read", "reading", "book", "books", "看书", "读书", "小说", "书"},
			Terms:    []string{"novel", "novels", "fiction", "sci-fi", "mystery", "thriller", "fantasy", "小说", "悬疑", "科幻", "推理"},
		},
		{
			Topic: "study",
			Triggers: []string{"course", "exam", "exams", "homework", "revision", "revise", "revising", "tutor", "test",
				"study", "studying", "cram", "cramming", "flashcards", "past papers", "procrastinating", "procrastination",
				"考试", "课程", "复习", "学习", "补习", "备考", "练琴", "考前", "刷题", "背书", "自习", "拖延", "专注"},
			Terms: []string{"studies", "studying", "student", "university", "degree", "exam", "exams", "course",
				"ielts", "toefl", "gcse", "certificate", "finals",
				"大学", "专业", "考试", "科目", "上学", "年级", "钢琴", "学", "高考", "中考", "考研", "自考", "考证", "雅思", "托福",
				"期末", "期中", "论文", "答辩", "考公", "考编"},
		},
		{
			Topic: "languages",
			Triggers: []string{"translate", "translation", "pronounce", "pronunciation", "grammar", "vocabulary", "duolingo",
				"accent", "fluent", "fluency", "conjugation",
				"翻译", "发音", "语法", "单词", "口语", "听力", "播客", "背单词", "口音"},
			Terms: []string{"learning", "lessons", "class", "spanish", "french", "german", "italian", "japanese", "korean",
				"chinese", "mandarin", "english", "portuguese", "arabic",
				"英语", "日语", "韩语", "法语", "德语", "西班牙语", "口语"},
		},
		{
			Topic: "software",
			Triggers: []string{"software", "app", "apps", "program", "tool", "tools", "spreadsheet", "editor",
				"formula", "formulas", "column", "columns", "pivot", "macro",
				"软件", "工具", "应用", "表格", "编辑器", "公式", "函数"},
			Terms: []string{"excel", "sheets", "spreadsheet", "figma", "photoshop", "canva", "illustrator", "notion",
				"obsidian", "vim", "emacs", "vscode", "lightroom", "premiere",
				"wps", "剪映", "表格"},
		},
		{
			Topic: "driving",
			Triggers: []string{"car", "drive", "driving", "petrol", "diesel", "tyres", "tires", "traffic", "commute",
				"commuting", "airport", "station", "directions", "route", "transit", "parking", "parallel park",
				"pick someone up", "drop someone off", "need a lift", "give someone a lift", "get a ride",
				"车", "开车", "停车", "加油", "堵车", "通勤", "充电", "机场", "接机", "送机", "车站", "火车站", "高铁站",
				"路线", "怎么去", "练车", "学车", "驾校", "倒车", "轮胎", "胎压", "保养", "洗车", "车险", "年检", "mot", "tyre pressure"},
			Terms: []string{"car", "cars", "drives", "van", "motorbike", "electric", "licence", "license", "commute",
				"transit", "bus", "subway", "metro", "train", "bike", "cycles", "road test", "driving test", "lessons",
				"toyota", "honda", "ford", "tesla", "bmw", "audi", "kia", "hyundai", "volkswagen", "nissan", "mazda", "volvo",
				"corolla", "prius", "civic", "丰田", "本田", "卡罗拉", "特斯拉", "比亚迪", "宝马", "奔驰", "奥迪", "五菱", "日产",
				"开车", "驾照", "电动车", "网约车", "出租车", "自驾", "地铁", "公交", "骑车", "路考", "驾考", "科目二", "科目三", "驾校"},
		},
		{
			Topic:    "music",
			Triggers: []string{"music", "playlist", "音乐", "曲子", "歌单"},
			Terms:    []string{"jazz", "rock", "classical", "pop", "piano", "guitar", "violin", "band", "opera", "钢琴", "吉他", "小提琴", "爵士", "古典"},
		},
		{
			Topic: "partner",
			Triggers: []string{"fiancée", "fiancee", "fiance", "fiancé", "girlfriend", "boyfriend", "gift", "gifts",
				"anniversary", "romantic", "date night", "couple",
				"未婚妻", "未婚夫", "对象", "女朋友", "男朋友", "礼物", "纪念日", "周年", "约会", "浪漫", "二人世界", "我俩", "我们俩",
				"老婆子", "老头子", "老太婆", "老伴", "媳妇", "爱人"},
			Terms: []string{"engaged", "dating", "married", "wedding", "relationship", "anniversary", "wife", "husband",
				"订婚", "结婚", "婚礼", "恋爱", "周年", "纪念日", "老婆", "老公", "老伴"},
		},
		{
			Topic: "leisure",
			Triggers: []string{"relax", "relaxing", "unwind", "outing", "day out", "excursion",
				"放松", "休息", "爱好", "活动", "出去玩", "好玩"},
			Terms: []string{"hobby", "fishing", "hiking", "drama", "series", "garden", "钓鱼", "爬山", "追剧", "韩剧", "爱好"},
		},
		{
			Topic:    "garden",
			Triggers: []string{"plant", "planting", "garden", "gardening", "seeds", "种花", "种菜", "花园", "阳台"},
			Terms:    []string{"grow", "grows", "garden", "vegetables", "tomatoes", "herbs", "flowers", "菜园", "种"},
		},
		{
			Topic: "bees",
			Triggers: []string{"bee", "bees", "hive", "hives", "honey", "swarm", "brood", "varroa", "beekeeping",
				"蜜蜂", "蜂箱", "蜂蜜", "蜂王", "分蜂", "养蜂"},
			Terms: []string{"beehive", "beehives", "hive", "hives", "bees", "beekeeping", "apiary", "蜜蜂", "蜂箱", "养蜂"},
		},
		{
			Topic: "teaching",
			Triggers: []string{"grades", "grading", "marks", "pupils", "students", "classroom", "lesson", "lessons", "syllabus",
				"学生", "批改", "成绩", "作业", "备课", "班级", "家长会"},
			Terms: []string{"marking", "teaches", "teacher", "teaching", "school", "class", "tutor", "lecturer",
				"老师", "教", "学校", "批改", "班主任", "教书", "家教"},
		},
		{
			Topic: "work",
			Triggers: []string{"job", "jobs", "gig", "gigs", "hustle", "shift", "shifts", "workplace", "colleague", "colleagues",
				"boss", "business", "customers", "cv", "resume", "résumé", "promotion", "payslip",
				"兼职", "打工", "上班", "同事", "老板", "领导", "生意", "铺子", "店里", "客户", "简历", "升职", "加薪", "跳槽", "工资条"},
			Terms: []string{"job", "works", "part-time", "gig", "shift", "shifts", "employer", "business", "shop", "runs",
				"兼职", "打工", "上班", "工作", "公司", "生意", "批发", "开店", "铺子", "店"},
		},
		{
			Topic: "crafts",
			Triggers: []string{"timber", "wood", "wooden", "lumber", "plank", "chisel", "lathe", "whittle", "yarn", "wool",
				"fabric", "stitch", "glaze", "clay", "木头", "木料", "木材", "刻刀", "毛线", "布料", "针线", "陶土", "手工"},
			Terms: []string{"woodturning", "woodwork", "woodworking", "carves", "carving", "whittling", "turning",
				"knits", "knitting", "sews", "sewing", "crochet", "quilting", "pottery", "ceramics",
				"木工", "雕刻", "木雕", "织毛衣", "编织", "钩针", "缝纫", "陶艺", "手工"},
		},
		{
			Topic:    "screens",
			Triggers: []string{"laptop", "screen", "screens", "computer", "monitor", "phone", "电脑", "屏幕", "手机", "显示器"},
			Terms: []string{"migraine", "migraines", "eyes", "eyesight", "headaches", "glasses", "screens", "neck",
				"偏头痛", "眼睛", "近视", "干眼", "颈椎", "视力"},
		},
		{
			Topic: "money",
			Triggers: []string{"money", "spending", "spend", "budget", "expenses", "savings", "save", "bills", "finances",
				"afford", "splurge", "worth buying", "开销", "花销", "花钱", "预算", "存钱", "省钱", "理财", "账单", "工资",
				"买得起", "划算", "值不值", "剁手"},
			Terms: []string{"budget", "budgeting", "bookkeeping", "spreadsheet", "savings", "saving", "ynab", "app", "deposit",
				"debt", "loan", "记账", "账本", "预算", "存钱", "攒钱", "理财", "首付", "还贷", "房贷"},
		},
		{
			Topic:    "smoking",
			Triggers: []string{"smoke", "smoking", "cigarette", "cigarettes", "抽烟", "递烟", "香烟", "烟"},
			Terms:    []string{"smoking", "smoke", "cigarettes", "戒烟", "抽烟"},
		},
	}, append(lifeExpansions(), moreExpansions()...)...)
}
