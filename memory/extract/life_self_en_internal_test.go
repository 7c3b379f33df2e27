package extract

import (
	"testing"
	"time"
)

func TestRulesReadSelfDescriptionsInPassing(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		// A trade without an article, or after the age.
		{"I'm ground crew at a small airfield, mostly nights", []lifeWant{{"Works as ground crew at a small airfield", "employer", false}}},
		{"I'm self-employed plumber in Cork", []lifeWant{{"Works as a self-employed plumber in Cork", "occupation", false}}},
		{"I'm 64, a retired midwife.", []lifeWant{{"Is a retired midwife", "occupation", false}, {"Is 64 years old", "age", false}}},
		{"paramedic here, quick question about shifts", []lifeWant{{"Works as a paramedic", "occupation", false}}},
		{"I'm glad the plumber came at last", nil},
		// A business, a home, a base.
		{"I own a tiny bakery in Old Town, up at four every day", []lifeWant{{"Owns a tiny bakery in Old Town", "employer", false}}},
		{"We rent a two-bed house near Bristol", []lifeWant{{"Rents a two-bed house near Bristol", "residence", false}}},
		{"I work for a freight company, based at Heathrow airport", []lifeWant{{"Is based at Heathrow airport", "work base", false}, {"Works at a freight company", "employer", false}}},
		// Allergies said as a noun, conditions with their qualifier.
		{"I have a serious peanut allergy, I carry an EpiPen everywhere", []lifeWant{{"Has a serious peanut allergy and carries an EpiPen", "allergy:peanut", false}}},
		{"I've got a shellfish allergy", []lifeWant{{"Is allergic to shellfish", "allergy:shellfish", false}}},
		{"I'm severely allergic to wasps", []lifeWant{{"Is severely allergic to wasps", "allergy:wasps", false}}},
		{"I'm partially sighted, so big fonts help", []lifeWant{{"Is partially sighted", "health:sighted", false}}},
		{"I was diagnosed with Crohn's disease last year", []lifeWant{{"Has crohn's disease", "health:disease", false}}},
		// A named diet, what they can't have, not drinking.
		{"I'm on a strict keto diet until June", []lifeWant{{"Is on a strict keto diet", "diet", false}}},
		{"I can't eat gluten", []lifeWant{{"Can't have gluten", "gluten", false}}},
		{"I can't have that conversation again", nil},
		{"I'm teetotal, have been for years", []lifeWant{{"Is teetotal and does not drink alcohol", "alcohol", false}}},
		{"I've been sober for two years now", []lifeWant{{"Has been sober for two years and does not drink alcohol", "alcohol", false}}},
		// Pastimes said with where they happen, animals kept, spelling.
		{"I play darts at the local pub on Friday nights", []lifeWant{{"Plays darts at the local pub on Friday nights", "darts", false}}},
		{"I sing alto in a chamber choir, Tuesday evenings", []lifeWant{{"Sings alto in a chamber choir on Tuesday evenings", "alto", false}}},
		{"I mostly swim laps at the lido", []lifeWant{{"Swims laps at the lido", "exercise", false}}},
		{"We keep six hens in the orchard", []lifeWant{{"Keeps six hens in the orchard", "hens", false}}},
		{"British spelling please, not American", []lifeWant{{"Wants British spelling", "answers", false}}},
		{"I'm kitchen staff at a care home", []lifeWant{{"Works as kitchen staff at a care home", "employer", false}}},
		{"I run my own tiny salon in Wakefield", []lifeWant{{"Runs their own tiny salon in Wakefield", "employer", false}}},
		{"I'm a pilot, flying out of Bristol airport", []lifeWant{{"Is based at Bristol airport", "work base", false}, {"Is a pilot", "identity", false}}},
		{"I have a really bad sesame allergy", []lifeWant{{"Has a really bad sesame allergy", "allergy:sesame", false}}},
		// Plans dated "on the 3rd of May" or over a range of days.
		{"we're flying to Oslo on the 3rd of May for a wedding", []lifeWant{{"Flying to Oslo for a wedding on May 3, 2026", "oslo", false}}},
		{"I'm heading to Ghent for a fair from 12 to 14 June", []lifeWant{{"Heading to Ghent for a fair from 12 to 14 June", "ghent", false}}},
		{"I play cello in the university orchestra", []lifeWant{{"Plays cello in the university orchestra", "cello", false}}},
		{"I only drink decaf, never espresso", []lifeWant{{"Drinks decaf, never espresso", "decaf", false}}},
		{"I drink a lot, never mind", nil},
		// Children named together, injuries.
		{"we have twin girls, Ada and Zoe, they're 6", []lifeWant{{"Has twin girls, Ada and Zoe, aged 6", "family:children", false}}},
		{"the kids are Sam, 12, and Bea, 8", []lifeWant{{"Kids are Sam, 12, and Bea, 8", "family:children", false}}},
		{"I hurt my back lifting boxes, physio for a month", []lifeWant{{"Hurt their back, physio for a month", "health:back", false}}},
		{"I sprained my left ankle at netball", []lifeWant{{"Hurt their left ankle", "health:ankle", false}}},
		{"always give me metric units please, I trained in France", []lifeWant{{"Wants answers in metric units", "answers", false}}},
		// Medicines.
		{"I take metformin twice a day with food", []lifeWant{{"Takes metformin, twice a day with food", "medication", false}}},
		{"the doctor put me on lisinopril", []lifeWant{{"Takes lisinopril", "medication", false}}},
		// "I live here" after the place.
		{"Grew up near Whitby. I still live here, on my own now.", []lifeWant{{"Lives alone in Whitby", "residence", false}}},
		{"I live here in the flat above the shop", []lifeWant{{"They live here in the flat above the shop", "business", false}}}, // no town to key
	})
}

// Passing remarks that look like the self-descriptions give nothing.
func TestRulesSelfDescriptionsStayPrecise(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"I'm on the phone with the bank", nil},
		{"I'm on the train to Leeds", nil},
		{"I'm waiting for the electrician", nil},
		{"we ended up in A&E for the night", nil},
		{"I have an allergy to mornings", nil},
		{"I can't have it both ways", nil},
		{"I'm on holiday until Friday", nil},
	})
}
