package text

// IsNounChar reports whether r is a Chinese character that is, alone, an
// everyday noun of the kind memories are about — an animal kept or
// eaten, a food or drink, a part of the body, a thing owned ("家里的狗",
// "腰不好", "买了车"). The tokenizer indexes every character and every
// pair; in a question these characters are a word of their own, yet as
// one character among a dozen they weigh no more than 的 or 么, and the
// one memory they name falls below the relevance threshold.
func IsNounChar(r rune) bool {
	_, ok := nounChars[r]
	return ok
}

// nounChars is read-only after package initialisation.
var nounChars = func() map[rune]struct{} {
	m := make(map[rune]struct{})
	for _, r := range "狗猫鸟鱼兔龟猪牛羊鸡鸭鹅马虾蟹" + // animals
		"茶酒烟药糖盐油醋奶蛋肉饭面粥米菜果" + // food, drink, medicine
		"腰胃牙眼耳鼻腿膝脚肩颈背肝肾肺心皮" + // the body
		"车房船琴书画花树草表" + // things owned and kept
		"歌剧店" { // what is listened to, watched, run
		m[r] = struct{}{}
	}
	return m
}()
