package preprocess

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Reason says why IsNoise judged a message to carry nothing worth
// remembering; it is logged and counted.
type Reason string

// The reasons IsNoise reports. ReasonNone goes with a false verdict.
const (
	ReasonNone         Reason = ""
	ReasonEmpty        Reason = "empty"
	ReasonPunctuation  Reason = "punctuation"
	ReasonEmoji        Reason = "emoji"
	ReasonFiller       Reason = "filler"
	ReasonSystemNotice Reason = "system-notice"
	ReasonAutoReply    Reason = "auto-reply"
	ReasonStackTrace   Reason = "stack-trace"
	ReasonLog          Reason = "log"
	ReasonMemoryBlock  Reason = "memory-block"
)

// maxFillerRunes bounds how long a message made only of fillers can be
// ("好的好的谢谢", "ok thx lol"); anything longer has room for content.
const maxFillerRunes = 16

// IsNoise reports whether text should be left out of memory extraction, and
// why: empty text, punctuation or emoji only, interjections and fillers in
// Chinese or English ("嗯", "哈哈哈哈", "好的", "ok", "lol", "thx"), platform
// system notices ("X joined the group", "消息已撤回"), stack traces and log
// output, auto-reply templates, and the bot's own memory block echoed back.
//
// Answers that can carry meaning on their own, such as "no" or "不是", are
// not noise: a negation flips what the previous message said.
func IsNoise(text string) (bool, Reason) {
	trimmed := strings.TrimSpace(text)
	if trimmed == "" {
		return true, ReasonEmpty
	}
	if stripped := StripMemoryBlock(trimmed); stripped != trimmed {
		if strings.TrimSpace(stripped) == "" {
			return true, ReasonMemoryBlock
		}
		trimmed = strings.TrimSpace(stripped)
	}
	if r := symbolsOnly(trimmed); r != ReasonNone {
		return true, r
	}
	if isFiller(trimmed) {
		return true, ReasonFiller
	}
	if isSystemNotice(trimmed) {
		return true, ReasonSystemNotice
	}
	if isAutoReply(trimmed) {
		return true, ReasonAutoReply
	}
	if r := traceOrLog(trimmed); r != ReasonNone {
		return true, r
	}
	return false, ReasonNone
}

// symbolsOnly reports ReasonEmoji or ReasonPunctuation when text has no
// letters or digits at all.
func symbolsOnly(text string) Reason {
	emoji := false
	for _, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			return ReasonNone
		case isEmojiRune(r):
			emoji = true
		}
	}
	if emoji {
		return ReasonEmoji
	}
	return ReasonPunctuation
}

// isEmojiRune reports whether r is a pictographic symbol rather than
// punctuation.
func isEmojiRune(r rune) bool {
	return unicode.Is(unicode.So, r) || (r >= 0x1F000 && r <= 0x1FAFF) || (r >= 0x2600 && r <= 0x27BF)
}

// fillers are interjections, acknowledgements, thanks and greetings, in
// normalised form (lower case, no spaces or punctuation, runs of a repeated
// character collapsed to one). A message that is a concatenation of them is
// noise. Built once; never modified.
var fillers = wordSet(`
	嗯 恩 嗯呢 哦 噢 喔 啊 呃 额 唉 哎 诶 欸 嘿 嘻 哈 呵 嗨 哇 耶 咦 嘛 呀 啦 吧 哟 喲 哼
	嘻嘻 嘿嘿 呵呵 哈哈 嗯嗯 哦哦 哇哦 哈喽 哈罗
	好 好的 好滴 好哒 好吧 好呀 好啊 好嘞 好好 行 行吧 可以 收到 了解 明白 知道 知道了 懂 懂了
	对 对的 对啊 是 是的 是啊 没错 谢谢 多谢 谢了 谢啦 感谢 不客气 没事 没关系
	早 早安 晚安 拜拜 再见 辛苦了 辛苦 牛 厉害 赞 棒 666 233 88
	ok okay okey k kk hm hmm mm uh um uhh ah oh ha haha hah he hehe heh hi hey hello yo
	lol lmao lmfao rofl xd thx thanks thank thankyou youtoo ty tysm np yw yep yup yeah yea ya ye yes
	sure cool nice great good goodnight goodmorning gotcha gotit alright right bye gn gm brb wow omg
	soundsgood same true indeed welcome noted ack roger
`)

// wordSet builds a set from whitespace-separated words.
func wordSet(words string) map[string]bool {
	set := map[string]bool{}
	for _, w := range strings.Fields(words) {
		set[w] = true
	}
	return set
}

// isFiller reports whether text, once normalised, is made only of fillers.
func isFiller(text string) bool {
	if strings.TrimSpace(text) == "+1" {
		return true
	}
	norm := normalizeFiller(text)
	if norm == nil || len(norm) > maxFillerRunes {
		return false
	}
	// ok[i]: norm[:i] splits into fillers.
	var ok [maxFillerRunes + 1]bool
	ok[0] = true
	for i := 1; i <= len(norm); i++ {
		for j := 0; j < i && !ok[i]; j++ {
			ok[i] = ok[j] && fillers[string(norm[j:i])]
		}
	}
	return ok[len(norm)]
}

// normalizeFiller lower-cases text, drops everything but letters and
// digits, and collapses runs of three or more identical letters to one
// ("哈哈哈哈" and "hahaha" stay composable from "哈" and "ha"; "okkk" becomes
// "ok"). It returns nil when the text is too long to be a filler.
func normalizeFiller(text string) []rune {
	if utf8.RuneCountInString(text) > 8*maxFillerRunes {
		return nil
	}
	var out []rune
	for _, r := range strings.ToLower(text) {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			continue
		}
		out = append(out, r)
	}
	// Collapse runs of 3+ identical runes.
	res := out[:0]
	for i := 0; i < len(out); {
		j := i
		for j < len(out) && out[j] == out[i] {
			j++
		}
		n := j - i
		if n >= 3 && !isDigit(out[i]) {
			n = 1
		}
		for k := 0; k < n; k++ {
			res = append(res, out[i])
		}
		i = j
	}
	return res
}
