package extract

import (
	"testing"
	"time"
)

func TestRulesReadNewHomesAndAgesToCome(t *testing.T) {
	at := time.Date(2026, 6, 15, 3, 40, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"We moved into a flat in Leith last month.", []lifeWant{{"Lives in Leith, in a flat", "residence", true}}},
		{"I've moved house to a little cottage in Rye.", []lifeWant{{"Lives in Rye, in a little cottage", "residence", true}}},
		{"I've bought a two-bedroom unit in Dee Why and I moved in on Saturday.", []lifeWant{{"Lives in Dee Why, in a two-bedroom unit", "residence", true}}},
		// A home bought is no move until it is lived in.
		{"We bought a holiday cottage in Cornwall.", nil},
		{"We're in Manly, just up the hill from the wharf.", []lifeWant{{"Lives in Manly", "residence", false}}},
		{"I turn 68 on the 3rd of August.", []lifeWant{{"Birthday is 3rd of August; turns 68 in 2026", "birthday", false}}},
		{"I'm turning forty on 2 March!", []lifeWant{{"Birthday is 2 March; turns forty in 2027", "birthday", false}}},
		// No date, no birthday.
		{"I turn 30 soon.", []lifeWant{{"They turn 30 soon.", "", false}}},
	})
}

func TestRulesReadATypeOfDiabetes(t *testing.T) {
	checkLife(t, time.Date(2026, 6, 15, 3, 40, 0, 0, time.UTC), []lifeCase{
		{"I'm a type 2 diabetic.", []lifeWant{{"Is type 2 diabetic", "health:diabetes", false}}},
		{"I am diabetic.", []lifeWant{{"Is diabetic", "health:diabetes", false}}},
	})
}

func TestTurnsOnNeedsAnAge(t *testing.T) {
	at := time.Date(2026, 6, 15, 3, 40, 0, 0, time.UTC)
	for _, s := range []string{"I turn up on Friday.", "I turn in on Sunday night."} {
		for _, f := range lifeFacts(s, at) {
			if f.subject == "birthday" {
				t.Errorf("%q: read as a birthday: %q", s, f.text)
			}
		}
	}
}
