package extract

import (
	"testing"
	"time"
)

// Notes typed with a label before each fact read as the facts the labels
// stand for; a label of no fact, a question or a quote after a label,
// and a label inside a sentence are left alone.
func TestRulesReadLabelledNotes(t *testing.T) {
	at := time.Date(2025, 10, 20, 7, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"Dog: Biscuit, collie cross, 6 yrs.", []lifeWant{{"Has a dog called Biscuit", "pet:biscuit", false}}},
		{"Allergies: penicillin", []lifeWant{{"Is allergic to penicillin", "allergy:penicillin", false}}},
		{"Home: Kendal. Job: postman", []lifeWant{{"Lives in Kendal", "residence", false}, {"Works as a postman", "occupation", false}}},
		{"Kids: Amara 9, Tobi 6", []lifeWant{{"Kids are Amara 9, Tobi 6", "family:children", false}}},
		{"Req: a packing list for Crete. Brief.", nil},
		{"Job: any openings at the depot?", nil},
		{"the sign on the door said Home: closed on Mondays", nil},
	})
}
