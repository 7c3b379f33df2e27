package extract

import (
	"testing"
	"time"
)

func TestRulesReadRelativesAndTheirOccasions(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		// "she"/"he" after a relative named in the same message.
		{"My nephew Arlo came round. He's obsessed with dinosaurs.", []lifeWant{{"Nephew Arlo is obsessed with dinosaurs", "family:nephew", false}}},
		{"my aunt Rosa visited, she loves gardening", []lifeWant{{"Aunt Rosa loves gardening", "family:aunt", false}}},
		{"My brother Tom rang. She's into chess.", nil}, // the pronoun does not fit
		// "'s" for "is".
		{"my son Leo's into chess these days", []lifeWant{{"Son Leo is into chess", "family:son", false}}},
		{"my sister's a nurse in Derby", []lifeWant{{"Sister is a nurse in Derby", "family:sister", false}}},
		// Birthdays without "my", anniversaries "on" a date.
		{"dad's birthday is 2 May, he turns sixty", []lifeWant{{"Dad turns sixty", "family:father", false}, {"Dad's birthday is 2 May", "birthday:father", false}}},
		{"our anniversary falls on the 3rd of June", []lifeWant{{"Anniversary is the 3rd of June", "anniversary", false}}},
		// A relative's dated occasion, a friend's, a trip someone takes them on.
		{"my cousin Mia is getting married in Porto on 20 April", []lifeWant{{"Cousin Mia is getting married in Porto on April 20, 2026", "family:cousin", false}}},
		{"my niece Ada graduates in Leeds on 2 July", []lifeWant{{"Niece Ada graduates in Leeds on July 2, 2026", "family:niece", false}}},
		{"my friend Omar's wedding is in Bath on the 9th of May", []lifeWant{{"Going to friend Omar's wedding in Bath on May 9, 2026", "wedding", false}}},
		{"my friend Omar's wedding was lovely", nil},
		{"our Dev is taking me to Skye for a week from the 4th of June", []lifeWant{{"Going to Skye for a week with Dev from June 4, 2026", "trip", false}}},
		{"My cat's called Biscuit", []lifeWant{{"Has a cat called Biscuit", "pet:biscuit", false}}},
	})
}

func TestResolvePronounsKeepsOtherLines(t *testing.T) {
	for _, s := range []string{"She said it was fine.", "I met Anna, she's lovely", "my brother is here and she's late"} {
		if got := enResolvePronouns(s, relative{}); got != s {
			t.Errorf("enResolvePronouns(%q) = %q, want it unchanged", s, got)
		}
	}
}
