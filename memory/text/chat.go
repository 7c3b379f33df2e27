package text

// chatSpelling maps a short or phonetic spelling of chat ("bday",
// "tmrw", "hubby", "u") to the word it stands for, so that "what should i
// do for my bday" meets "Birthday is on 14 November". Only spellings that
// stand for one word are listed.
func chatSpelling(w string) (string, bool) {
	b, ok := chatSpellings[w]
	return b, ok
}

// chatSpellings is read-only after package initialisation.
var chatSpellings = pairsOf(
	"bday", "birthday", "bdays", "birthdays", "birfday", "birthday",
	"tmrw", "tomorrow", "tmr", "tomorrow", "tmrow", "tomorrow", "tomoz", "tomorrow", "2moro", "tomorrow",
	"2morrow", "tomorrow", "tonite", "tonight", "nite", "night", "2nite", "tonight",
	"wkend", "weekend", "wknd", "weekend", "wkends", "weekends",
	"hubby", "husband", "wifey", "wife", "gf", "girlfriend", "bf", "boyfriend",
	"bro", "brother", "sis", "sister", "grandkid", "grandchild", "grandkids", "grandchildren",
	"meds", "medication", "uni", "university", "xmas", "christmas", "hols", "holiday", "vacay", "vacation",
	"brekkie", "breakfast", "brekky", "breakfast", "arvo", "afternoon", "sarnie", "sandwich",
	"pressie", "present", "prezzie", "present", "appt", "appointment", "convo", "conversation",
	"u", "you", "ur", "your", "ya", "you", "wat", "what", "wut", "what", "shud", "should", "cud", "could",
	"wud", "would", "coz", "because", "cuz", "because", "cos", "because", "thx", "thanks", "abt", "about",
)
