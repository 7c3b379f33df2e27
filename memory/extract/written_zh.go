package extract

import (
	"regexp"
	"strings"
)

// People type Chinese without its punctuation: voice input and quick
// chat put a space where a comma belongs ("我不喝奶茶 太甜了 只喝美式"),
// list their news as numbered items ("说几个事：1.我在… 2.…"), and write
// internet or input-method variants of common words ("木有", "以经").
// zhWritten rewrites such a line into the punctuated, standard form the
// clause rules read, leaving spaces around Latin words alone ("在一家
// fintech 公司做 backend" stays one clause).

// zhSpaceBreak is a run of spaces between two Chinese characters, or
// after a number that no unit follows: a clause boundary.
var zhSpaceBreak = regexp.MustCompile(`([\p{Han}])[ \t\x{3000}]+([\p{Han}])|(\d)[ \t\x{3000}]+([^号日月年岁点个次块元分秒周天小公斤米度层楼\P{Han}])`)

// zhListItem is the number of a list item inside a line ("1.", "2、",
// "3）") after a break, followed by the item's Chinese text.
var zhListItem = regexp.MustCompile(`(^|[\s：:，,；;。])\d{1,2}[.．、)）]\s*([\p{Han}])`)

// zhCircled is a circled item number ("①"), which needs no break before it.
var zhCircled = regexp.MustCompile(`\s*[①②③④⑤⑥⑦⑧⑨⑩]\s*`)

// zhSpaceBeforeStop is the space left before a list item's full stop.
var zhSpaceBeforeStop = regexp.MustCompile(`[ \t\x{3000}]+。`)

// zhSelfWord is 本人 opening a clause ("本人终于从回龙观搬到望京了"), the
// writer speaking of themself; "他本人也同意" is someone else's.
var zhSelfWord = regexp.MustCompile(`(^|[，,。！!？?：:；;\s])本人`)

// zhVariants maps internet and input-method spellings to the standard
// word the rules know.
var zhVariants = strings.NewReplacer(
	"木有", "没有", "没木有", "没有", "以经", "已经", "己经", "已经",
	"肿么", "怎么", "神马", "什么", "酱紫", "这样子", "灰常", "非常",
	"一礼拜", "一个礼拜", "下礼拜", "下周", "上礼拜", "上周", "这礼拜", "这周",
)

// zhWritten returns line punctuated and spelt the way the rules read it;
// a line without Chinese is returned as it is.
func zhWritten(line string) string {
	if !hasHan(line) {
		return line
	}
	line = zhSelfWord.ReplaceAllString(zhVariants.Replace(line), "${1}我")
	line = zhSpaceBeforeStop.ReplaceAllString(zhCircled.ReplaceAllString(zhListItem.ReplaceAllString(line, "$1。$2"), "。"), "。")
	// Twice: a match consumes the character after the space, so "甲 乙 丙"
	// needs a second pass for the space after 乙.
	for range 2 {
		line = zhSpaceBreak.ReplaceAllString(line, "$1$3，$2$4")
	}
	return line
}
