package extract_test

import "testing"

// Offline, a change supersedes what the earlier wording stored under
// another key or in other words: a new employer ends a role named with
// its workplace, a move told after the clause that opens the sentence
// ends the old home, a habit stored by its brand ends with the habit, and
// a habit quit keeps the verb the person used.
func TestOfflineChangesAcrossKeys(t *testing.T) {
	tests := []struct {
		name     string
		first    string
		then     string
		old, new string
	}{
		{"role at a workplace, then the new employer in learner's English",
			"I work of accountant in a company of transports, Gulf Freight, in the zone of the port",
			"I am not more in Gulf Freight, since monday I work in Brazos Energy",
			"They work of accountant in a company of transports, Gulf Freight, in the zone of the port", "They are not more in Gulf Freight, since monday they work in Brazos Energy"},
		{"role at a workplace, then a new job", "I am working as senior software engineer in Infosys, Pune; mostly Java backend side",
			"Big news, new job, I joined Thoughtworks last week",
			"They are working as senior software engineer in Infosys, Pune; mostly Java backend side", "Works at Thoughtworks"},
		{"who one is at a workplace, then starting at another", "context: I'm a software tester at Ledgerly. fintech.",
			"starting at Brightforge after Easter, it's a games studio in Salford, as QA lead.",
			"Is a software tester at Ledgerly", "Works at Brightforge"},
		{"a habit quit, in the person's verb", "I do spin class on Tuesday mornings",
			"I quit spin, it was too early",
			"Does spin class on Tuesday mornings", "Quit spin"},
		{"an introduction with the home, then moving in with family",
			"I'm Bridie, seventy-eight years of age, and I'm living in Ballina in County Mayo, in the same house these fifty years",
			"Big news, I'm after moving in with Nuala in Castlebar; the stairs in the old house were getting too much with the hip",
			"They are Bridie, seventy-eight years of age, and they are living in Ballina in County Mayo, in the same house these fifty years",
			"Big news, they are after moving in with Nuala in Castlebar; the stairs in the old house were getting too much with the hip"},
		{"搬家之后才说搬到哪", "我住在静安寺附近", "搬家搞定了，上周末搬到嘉定新城，离公司开车15分钟。",
			"住在静安寺", "住在嘉定新城"},
		{"按牌子说的烟", "我每天抽一盒红塔山", "大夫让我把烟戒了，这周一根没抽",
			"每天抽一盒红塔山", "大夫让用户把烟戒了，这周一根没抽"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkChange(t, tt.first, tt.then, tt.old, tt.new) })
	}
}
