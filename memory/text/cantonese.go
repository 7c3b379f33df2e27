package text

import (
	"regexp"
	"strings"
)

// Written Cantonese ("我唔跑美团喇，转咗去顺丰", "屋企喺番禺") uses words of its
// own for the commonest things: 唔 for 不, 咗 for 了, 喺 for 在, 佢 for 他.
// The extraction rules and the query analysis read standard written
// Chinese, so a Cantonese message is rewritten into it, as a listener
// would understand it. The rewrite restores what the writer meant and
// adds no fact of its own.

// zhCantoneseMark is a character or word only Cantonese writes: a
// message with one is read as Cantonese.
var zhCantoneseMark = regexp.MustCompile(`[唔咗喺嘅佢哋啲冇嗰睇嚟畀乜噉嘢㗎啱攞揸嘞喎瞓谂冚]|屋企|而家|钟意|点样|边度|边个|返工`)

// zhCantoneseWords rewrites Cantonese words into standard written Chinese.
// Longer words come first; words of standard Chinese that share a
// character with a Cantonese word ("食堂", "关系", "认识") are listed as
// themselves before it, so that they are left alone.
var zhCantoneseWords = strings.NewReplacer(
	// Left as they are.
	"食堂", "食堂", "食物", "食物", "食品", "食品", "饮食", "饮食", "人工智能", "人工智能",
	"个女朋友", "个女朋友", "个女仔", "个女仔", "个女人", "个女人", "个女孩", "个女孩", "个女生", "个女生",
	"一个女", "一个女", "一个仔", "一个仔", "十一日", "十一日", "零食", "零食", "美食", "美食", "素食", "素食",
	"食谱", "食谱", "食材", "食材", "粮食", "粮食", "伙食", "伙食", "饮料", "饮料", "饮品", "饮品",
	"关系", "关系", "系统", "系统", "体系", "体系", "联系", "联系", "系列", "系列", "派系", "派系",
	"认识", "认识", "知识", "知识", "意识", "意识", "常识", "常识", "识别", "识别",
	"电话", "电话", "说话", "说话", "话题", "话题", "对话", "对话", "笑话", "笑话", "讲话", "讲话",
	"废话", "废话", "回话", "回话", "中国话", "中国话", "大白话", "大白话", "家常话", "家常话", "童话", "童话", "普通话", "普通话", "话费", "话费",
	// Words.
	"佢哋", "他们", "我哋", "我们", "你哋", "你们", "唔系", "不是", "唔使", "不用", "唔该", "谢谢",
	"唔好", "不要", "乜嘢", "什么", "而家", "现在", "钟意", "喜欢", "屋企", "家里", "点样", "怎样",
	"边度", "哪里", "边个", "谁", "返工", "上班", "揸车", "开车", "老细", "老板",
	"人工", "工资", "夹租", "合租", "膝头哥", "膝盖", "行路", "走路", "搬屋", "搬家", "倾偈", "聊天",
	"饮早茶", "喝早茶", "饮茶", "喝茶", "饮酒", "喝酒", "返去", "回去", "返嚟", "回来",
	"同你讲", "跟你说", "转咗去", "转去", "返夜班", "上夜班", "返早班", "上早班", "返学", "上学",
	"一日", "一天", "果边", "那边", "成日", "整天", "从细", "从小", "一齐", "一起", "今日", "今天",
	"琴日", "昨天", "听日", "明天", "宜家", "现在", "个仔", "儿子", "个女", "女儿", "边日", "哪天",
	"几时", "什么时候", "落机", "下飞机", "得闲", "有空", "条腰", "腰",
	// Characters.
	"佢", "他", "唔", "不", "咗", "了", "喺", "在", "嘅", "的", "啲", "些", "冇", "没有", "嗰", "那",
	"睇", "看", "嚟", "来", "畀", "给", "俾", "给", "乜", "什么", "嘢", "东西", "噉", "这样", "咁", "这么",
	"攞", "拿", "谂", "想", "瞓", "睡", "食", "吃", "系", "是", "仲", "还", "识", "会", "饮", "喝", "话", "说", "喇", "了", "嘞", "了",
	"㗎", "", "喎", "", "啩", "吧",
)

// zhDialectWords are words of Mandarin dialects that say plainly who or
// what they name, whatever the message: Sichuan 屋头 (home), 我婆娘 (my
// wife), 幺儿 (the youngest child), 老汉儿 (father), 莫得 (have not), 吃不得 (cannot
// eat), 啥子 (what).
var zhDialectWords = strings.NewReplacer(
	"屋头", "家里", "我婆娘", "我老婆", "我家婆娘", "我家老婆", "幺儿", "孩子", "老汉儿", "爸爸", "莫得", "没得", "吃不得", "不能吃", "啥子", "什么",
)

// zhNorthernWords are the words of a message in the speech of Henan,
// Shandong and the north-east, read when it says 俺 (I): 俺 and 俺们, 恁
// (you) and the particle 哩 (的, "定哩明年五月" ); 哔哩 (Bilibili) stays.
var zhNorthernWords = strings.NewReplacer("俺们", "我们", "俺", "我", "恁", "你", "哔哩", "哔哩", "哩", "的")

// zhShanghaiMark is a word only Shanghainese writes ("阿拉", "侬",
// "覅"): a message with one is read as Shanghainese.
var zhShanghaiMark = regexp.MustCompile(`阿拉|侬|覅|交关|白相|搿|辰光|夜饭|结棍`)

// zhShanghaiLookalike are standard words holding a mark's characters
// ("阿拉伯"), left out when looking for a mark.
var zhShanghaiLookalike = strings.NewReplacer("阿拉伯", "", "阿拉斯加", "", "阿拉善", "")

// zhShanghaiWords rewrites Shanghainese words into standard written
// Chinese; standard words sharing a character are listed as themselves
// first ("伊拉克", "伊朗").
var zhShanghaiWords = strings.NewReplacer(
	// Left as they are.
	"阿拉伯", "阿拉伯", "阿拉斯加", "阿拉斯加", "伊拉克", "伊拉克", "伊朗", "伊朗", "伊斯兰", "伊斯兰",
	"伊利", "伊利", "伊犁", "伊犁", "伊春", "伊春", "木乃伊", "木乃伊", "伊甸", "伊甸",
	"伊丽莎白", "伊丽莎白", "伊斯坦布尔", "伊斯坦布尔", "伊万", "伊万", "伊凡", "伊凡", "伊索", "伊索",
	"伊藤", "伊藤", "伊豆", "伊豆", "伊莎", "伊莎", "伊人", "伊人", "伊始", "伊始", "阿拉善", "阿拉善",
	// Words.
	"阿拉屋里", "我家", "阿拉", "我", "侬", "你", "覅吃", "不吃", "覅喝", "不喝", "覅", "不要",
	// 额 closing a clause is 的: "我覅吃香菜额，".
	"额，", "的，", "额。", "的。", "额！", "的！", "交关", "很", "白相", "玩", "搿", "这",
	"辰光", "时候", "夜饭", "晚饭", "结棍", "厉害", "屋里", "家里", "下半天", "下午", "上半天", "上午",
	"拨我", "给我", "拨伊", "给他", "欢喜", "喜欢", "伊拉", "他们", "伊", "他",
)

// StandardChinese is msg in standard written Chinese: rewritten when it
// is Cantonese or Shanghainese, with the dialect words of zhDialectWords
// replaced, else as it is. It expects simplified characters
// (Simplified).
func StandardChinese(msg string) string {
	msg = zhDialectWords.Replace(msg)
	if strings.Contains(msg, "俺") {
		msg = zhNorthernWords.Replace(msg)
	}
	if zhShanghaiMark.MatchString(zhShanghaiLookalike.Replace(msg)) {
		msg = zhShanghaiWords.Replace(msg)
	}
	if !zhCantoneseMark.MatchString(msg) {
		return msg
	}
	return zhCantoneseWords.Replace(msg)
}
