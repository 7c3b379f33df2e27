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
		// Mandarin dialect words, in any message.
		{"屋头就我和婆娘，幺儿在外地读书", "家里就我和老婆，儿子在外地读书"},
	}
	for _, tt := range tests {
		if got := StandardChinese(tt.in); got != tt.want {
			t.Errorf("StandardChinese(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
