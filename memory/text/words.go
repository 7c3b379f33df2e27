package text

// IsStopword reports whether an English word (lower case, apostrophes
// removed) carries too little meaning to index: articles, pronouns,
// auxiliaries, conjunctions and the filler of chat ("yeah", "gonna").
func IsStopword(w string) bool {
	_, ok := englishStopwords[w]
	return ok
}

// englishStopwords is read-only after package initialisation.
var englishStopwords = setOf(
	"a", "about", "above", "after", "again", "against", "all", "am", "an", "and", "any", "are",
	"as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but",
	"by", "can", "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for",
	"from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "herself",
	"him", "himself", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just",
	"me", "more", "most", "my", "myself", "no", "nor", "not", "now", "of", "off", "on", "once",
	"only", "or", "other", "our", "ours", "ourselves", "out", "over", "own", "same", "she",
	"should", "so", "some", "such", "than", "that", "the", "their", "theirs", "them",
	"themselves", "then", "there", "these", "they", "this", "those", "through", "to", "too",
	"under", "until", "up", "very", "was", "we", "were", "what", "when", "where", "which",
	"while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself",
	"yourselves", "shall", "may", "might", "must", "also", "ever", "yet", "us", "let", "lets",
	"whose", "whats", "hows", "whens", "wheres", "whos", "whys", "thats", "theres", "heres",
	// contractions with the apostrophe removed
	"im", "ive", "id", "ill", "youre", "youve", "youd", "youll", "hes", "shes", "its", "were",
	"weve", "wed", "well", "theyre", "theyve", "theyd", "theyll", "dont", "doesnt", "didnt",
	"isnt", "arent", "wasnt", "werent", "hasnt", "havent", "hadnt", "wont", "wouldnt", "cant",
	"couldnt", "shouldnt", "mustnt", "aint", "s", "t", "d", "ll", "m", "re", "ve",
	// chat filler
	"oh", "ok", "okay", "yeah", "yes", "yep", "hey", "hi", "hello", "wow", "gonna", "wanna",
	"gotta", "kinda", "sorta", "um", "uh", "hmm", "ah", "lol", "haha", "really", "pretty",
	"totally", "super", "thanks", "thank", "anyway", "btw", "get", "got", "go",
	"going", "one", "thing", "things", "lot", "lots", "much", "many", "something", "anything",
	"everything", "nothing", "way", "sure", "definitely", "absolutely", "though", "even",
	"still", "already", "actually", "etc",
)

// irregularBase maps irregular English forms (past tenses, participles,
// irregular plurals) to the base form, so that "ran" meets "run" and
// "children" meets "child" before stemming.
func irregularBase(w string) (string, bool) {
	b, ok := irregularForms[w]
	return b, ok
}

// irregularForms is read-only after package initialisation.
var irregularForms = pairsOf(
	"ate", "eat", "eaten", "eat", "became", "become", "began", "begin", "begun", "begin",
	"bought", "buy", "brought", "bring", "broke", "break", "broken", "break", "built", "build",
	"caught", "catch", "chose", "choose", "chosen", "choose", "came", "come", "drew", "draw",
	"drawn", "draw", "drove", "drive", "driven", "drive", "fell", "fall", "fallen", "fall",
	"felt", "feel", "fought", "fight", "found", "find", "flew", "fly", "flown", "fly",
	"forgot", "forget", "forgotten", "forget", "gave", "give", "given", "give", "went", "go",
	"gone", "go", "grew", "grow", "grown", "grow", "heard", "hear", "held", "hold", "hid",
	"hide", "hidden", "hide", "hung", "hang", "kept", "keep", "knew", "know", "known", "know",
	"led", "lead", "learnt", "learn", "left", "leave", "lent", "lend", "lost", "lose", "made",
	"make", "meant", "mean", "met", "meet", "paid", "pay", "ran", "run", "rode", "ride",
	"ridden", "ride", "rang", "ring", "rose", "rise", "risen", "rise", "said", "say", "sang",
	"sing", "sung", "sing", "sat", "sit", "saw", "see", "seen", "see", "sent", "send", "shook",
	"shake", "shot", "shoot", "slept", "sleep", "sold", "sell", "spent", "spend", "spoke",
	"speak", "spoken", "speak", "stood", "stand", "stole", "steal", "stolen", "steal",
	"struck", "strike", "swam", "swim", "swum", "swim", "taught", "teach", "thought", "think",
	"threw", "throw", "thrown", "throw", "told", "tell", "took", "take", "taken", "take",
	"tore", "tear", "torn", "tear", "understood", "understand", "woke", "wake", "woken",
	"wake", "won", "win", "wore", "wear", "worn", "wear", "wrote", "write", "written", "write",
	"children", "child", "men", "man", "women", "woman", "feet", "foot", "teeth", "tooth",
	"mice", "mouse", "geese", "goose", "kids", "kid", "moms", "mom", "dads", "dad",
)

// isChineseStopChar reports whether a Han character is too common to
// index on its own (particles, pronouns, copulas).
func isChineseStopChar(r rune) bool {
	switch r {
	case '的', '了', '是', '在', '我', '你', '他', '她', '它', '们', '这', '那', '有', '和',
		'就', '也', '都', '很', '吗', '呢', '吧', '啊', '呀', '哦', '嗯', '哈', '着', '过', '个',
		'一', '不', '没', '与', '及', '或', '把', '被', '让', '给', '对', '从', '到', '为', '以',
		'之', '其', '而', '又', '还', '得', '地', '么', '啦', '嘛', '哎', '喔', '您', '咱':
		return true
	}
	return false
}

// setOf builds a lookup set.
func setOf(words ...string) map[string]struct{} {
	s := make(map[string]struct{}, len(words))
	for _, w := range words {
		s[w] = struct{}{}
	}
	return s
}

// pairsOf builds a lookup map from alternating keys and values.
func pairsOf(kv ...string) map[string]string {
	m := make(map[string]string, len(kv)/2)
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return m
}
