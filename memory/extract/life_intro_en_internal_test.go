package extract

import (
	"testing"
	"time"
)

func TestRulesReadIntroductionsAndOccupations(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"Hi, I'm Rowan", []lifeWant{{"Name is Rowan", "name", false}}},
		{"I'm Priti btw, nice to meet you", []lifeWant{{"Name is Priti", "name", false}}},
		{"Hi, I'm British", nil},
		{"Hello, I'm Fine", nil},
		{"I'm 29 and new to the city", []lifeWant{{"Is 29 years old", "age", false}}},
		{"I'm 5 minutes away", nil},
		{"I'm studying law at King's College London", []lifeWant{{"Studies law at King's College London", "school", false}}},
		{"I'm doing a masters in data science", []lifeWant{{"Is doing a masters in data science", "school", false}}},
		{"I've just retired, I was a bus driver for 30 years", []lifeWant{{"Is retired, used to be a bus driver", "occupation", false}}},
		{"I volunteer with a dog rescue at weekends", []lifeWant{{"Volunteers with a dog rescue at weekends", "volunteering", false}}},
		{"I'm training for a half marathon in October", []lifeWant{{"Training for a half marathon on October 1, 2026", "marathon", false}}},
		{"I'm training for the new job", []lifeWant{{"Training for the new job", "job", false}}},
	})
}
