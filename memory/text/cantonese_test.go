package text

import "testing"

func TestStandardChineseRewritesCantonese(t *testing.T) {
	tests := []struct{ in, want string }{
		{"我唔食辣㗎", "我不吃辣"},
		{"佢哋而家喺屋企", "他们现在在家里"},
		{"我钟意饮早茶，一个礼拜饮两次", "我喜欢喝早茶，一个礼拜喝两次"},
		{"转咗去做销售喇", "转去做销售了"},
		// Standard Chinese that shares a character stays as it is.
		{"我在食堂吃饭，跟同事关系不错", "我在食堂吃饭，跟同事关系不错"},
		{"佢讲普通话，打电话畀我", "他讲普通话，打电话给我"},
		{"我不吃辣", "我不吃辣"},
		// 俺 marks northern speech: 俺, 恁 and 哩 read as 我, 你 and 的.
		{"俺闺女定哩下个月回来，恁说中不中", "我闺女定的下个月回来，你说中不中"},
		{"俺们在哔哩哔哩看的", "我们在哔哩哔哩看的"},
		{"哩哩啦啦下了一天雨", "哩哩啦啦下了一天雨"},
		// Mandarin dialect words, in any message.
		{"屋头就我婆娘和幺儿", "家里就我老婆和孩子"},
		{"那个婆娘又来了", "那个婆娘又来了"},
		// Standard words that hold a Cantonese one stay whole.
		{"我喺做人工智能嘅，佢系我个女朋友，三月二十一日返工", "我在做人工智能的，他是我个女朋友，三月二十一日上班"},
		{"佢唔嚟啩", "他不来吧"},
		// Shanghainese, and the standard words that share its characters.
		{"阿拉已经搬到浦东了，新房子交关好", "我已经搬到浦东了，新房子很好"},
		{"侬覅放香菜，伊闻到就难过", "你不要放香菜，他闻到就难过"},
		{"我覅吃香菜额，闻到就难过", "我不吃香菜的，闻到就难过"},
		{"阿拉屋里去伊拉克白相", "我家去伊拉克玩"},
		{"伊朗和阿拉伯的新闻", "伊朗和阿拉伯的新闻"},
		{"我把屋里打扫了", "我把屋里打扫了"},
	}
	for _, tt := range tests {
		if got := StandardChinese(tt.in); got != tt.want {
			t.Errorf("StandardChinese(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
