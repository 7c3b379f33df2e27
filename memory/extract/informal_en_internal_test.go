package extract

import (
	"testing"
	"time"
)

func TestEnInformalRestoresWrittenForms(t *testing.T) {
	cases := []struct{ in, want string }{
		{"im allergic to nuts", "I'm allergic to nuts"},
		{"ive got two kids n a dog", "I've got two kids and a dog"},
		{"i dont eat pork", "I don't eat pork"},
		{"didnt like it tho", "didn't like it though"},
		{"my bday is next week pls remember", "my birthday is next week please remember"},
		{"got a new job at the garage. loving it", "I got a new job at the garage. Loving it"},
		{"been learning spanish since june", "I've been learning spanish since june"},
		{"Got tickets for Hamilton. Been saving for months", "I got tickets for Hamilton. I've been saving for months"},
		{"Flying to Kingston on 14 July for my sister's 70th", "I'm flying to Kingston on 14 July for my sister's 70th"},
		{"so excited! heading down to Tenby on friday", "so excited! I'm heading down to Tenby on friday"},
		{"Flying makes me anxious", "Flying makes me anxious"},
		{"Booked flights to Rome, we fly out on 10 May", "I booked flights to Rome, we fly out on 10 May"},
		{"Going to Porto on the 3rd. going to grind ranked all weekend", "I'm going to Porto on the 3rd. Going to grind ranked all weekend"},
		{"my sister maya lives w me", "my sister Maya lives with me"},
		{"our dog is called biscuit", "our dog is called Biscuit"},
		{"My sister is called in sometimes", "My sister is called in sometimes"},
		{"Quick intro:\n- 41, living in Leeds\n- nurse at St James's", "Quick intro:\nI'm 41, living in Leeds.\nI'm nurse at St James's."},
		{"Shopping:\n- milk\n- eggs", "Shopping:\nMilk.\nEggs."},
		{"我不吃辣 im ok", "我不吃辣 im ok"},
		// Spoken Englishes and the dropped g.
		{"i cannae drive at nicht noo", "I can't drive at night now"},
		{"we bide in a wee hoose wi ma sister", "we bide in a wee house with my sister"},
		{"my ma says whit she likes", "my ma says what she likes"},
		{"ma ma", "my ma"},
		{"me and ma went to the shops, ma says hi", "me and ma went to the shops, ma says hi"},
		{"ur right, dey say so", "you're right, dey say so"},
		{"workin mornins an goin tae the gym efter", "working mornings an going to the gym after"},
		{"Wi is a word in capitals", "Wi is a word in capitals"},
	}
	for _, c := range cases {
		if got := enInformal(c.in); got != c.want {
			t.Errorf("enInformal(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestRulesReadChatStyleEnglish(t *testing.T) {
	ref := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	cases := []struct {
		in, subject, text string
	}{
		{"im vegetarian btw", "diet", "Is vegetarian"},
		{"been doing paleo since xmas", "diet", "Is doing paleo"},
		{"gave up on the diet. just counting carbs now", "diet", "Counts carbs"},
		{"I've been on keto for a month", "diet", "Is doing keto"},
		{"got a part-time job at the corner cafe on weekends", "employer", "Works part-time at Corner cafe"},
		{"I've landed a job with Harbour Foods", "employer", "Works at Harbour Foods"},
		{"I drive a taxi for Metro Cabs in the evenings", "occupation", "Drives a taxi for Metro Cabs"},
		{"started kayaking with a club on the river", "hobby", "Took up kayaking with a club on the river"},
		{"I've taken up knitting, mostly scarves", "hobby", "Took up knitting"},
		{"I do a bit of weightlifting at the community centre", "hobby", "Does weightlifting at the community centre"},
		{"I play in a darts league on Fridays", "league", "Plays in a darts league on Fridays"},
		{"I mostly listen to true crime podcasts", "listening", "Listens to true crime podcasts"},
		{"I'm 52, living in Halifax", "residence", "Lives in Halifax"},
		{"im 20 weeks pregnant", "pregnancy", "Is pregnant"},
		{"the midwife moved my due date to 3 June", "due date", "Baby is due on 3 June 2025"},
		{"my consultant switched me to bisoprolol last week", "medication", "Takes bisoprolol"},
		{"the doctor gave me omeprazole for the heartburn", "medication", "Takes omeprazole"},
	}
	for _, c := range cases {
		fs, _ := enLineFacts(c.in, ref, relative{}, nil)
		ok := false
		for _, f := range fs {
			if f.subject == c.subject && f.text == c.text {
				ok = true
			}
		}
		if !ok {
			t.Errorf("%q: got %+v, want [%s] %q", c.in, fs, c.subject, c.text)
		}
	}
}

func TestRulesKeepChatStyleNonFacts(t *testing.T) {
	ref := time.Date(2025, 3, 1, 10, 0, 0, 0, time.UTC)
	for _, in := range []string{
		"started thinking about it last night",
		"I do nothing on sundays",
		"left knee is sore today",
		"my son is called in for a check-up",
		"Foods I can't have right now (for meal ideas):",
	} {
		fs, _ := enLineFacts(in, ref, relative{}, nil)
		for _, f := range fs {
			if f.subject == hobbySubject || f.subject == "employer" || f.subject == "name" || f.subject == "diet" || f.subject == "right" {
				t.Errorf("%q: stored %+v", in, f)
			}
		}
	}
}
