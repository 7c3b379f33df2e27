package extract

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// lifeWant is one memory a sentence should give: its text, subject key,
// and whether it is marked as a change.
type lifeWant struct {
	text, subject string
	change        bool
}

// lifeCase is one sentence and the memories the rules should give for it.
type lifeCase struct {
	in   string
	want []lifeWant
}

// checkLife runs the rules over each case's sentence, sent at at, and
// compares text, subject and change mark of what they give.
func checkLife(t *testing.T, at time.Time, tests []lifeCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got []lifeWant
			for _, m := range extractAll(t, tt.in, at) {
				got = append(got, lifeWant{m.Text, m.Subject, slices.Contains(m.Tags, ChangeTag)})
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// wantAmongTexts checks that the rules keep, of each message, a memory
// with the text wanted.
func wantAmongTexts(t *testing.T, at time.Time, tests []struct{ in, want string }) {
	t.Helper()
	for _, tt := range tests {
		var got []string
		for _, m := range extractAll(t, tt.in, at) {
			got = append(got, m.Text)
		}
		if !slices.Contains(got, tt.want) {
			t.Errorf("%q: %q, want %q among them", tt.in, got, tt.want)
		}
	}
}

// extractAll runs the rules over one message.
func extractAll(t *testing.T, s string, at time.Time) []memory.Memory {
	t.Helper()
	got, err := RuleExtractor{}.Extract(context.Background(), ruleInput(s, at))
	if err != nil {
		t.Fatalf("Extract(%q): %v", s, err)
	}
	return got.Memories
}

func TestRulesReadChangesAndEverydayFacts(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want []lifeWant
	}{
		// Changes, English.
		{"Update: I left Acme, started at Globex last week", []lifeWant{{"Works at Globex", "employer", true}}},
		{"I'm now at Initech", []lifeWant{{"Works at Initech", "employer", true}}},
		{"I quit Umbrella", []lifeWant{{"No longer works at Umbrella", "employer", true}}},
		{"I moved to Lyon", []lifeWant{{"Lives in Lyon", "residence", true}}},
		{"We relocated from Oslo to Bergen", []lifeWant{{"Lives in Bergen", "residence", true}}},
		{"I don't eat meat anymore", []lifeWant{{"Does not eat meat", "diet", true}}},
		{"I no longer eat pork", []lifeWant{{"Does not eat pork", "diet", true}}},
		{"I switched from Vim to VS Code", []lifeWant{{"Switched from Vim to VS Code", "tool:editor", true}}},
		{"I gave up sugar", []lifeWant{{"Does not eat sugar", "diet", true}}},
		{"I don't drink beer anymore", []lifeWant{{"No longer drinks beer", "beer", true}}},
		{"I quit smoking", []lifeWant{{"Quit smoking", "smoking", true}}},
		{"I've been promoted to team lead", []lifeWant{{"Works as a team lead", "occupation", true}}},
		{"I got married last month", []lifeWant{{"Is married", "relationship", true}}},
		// Changes, Chinese.
		{"我换工作了，现在在京东", []lifeWant{{"在京东工作", "employer", true}}},
		{"我跳槽到了字节", []lifeWant{{"在字节工作", "employer", true}}},
		{"我从腾讯离职了", []lifeWant{{"已从腾讯离职", "employer", true}}},
		{"我上个月搬去了重庆", []lifeWant{{"住在重庆", "residence", true}}},
		{"我搬到深圳了", []lifeWant{{"住在深圳", "residence", true}}},
		{"我已经戒咖啡了", []lifeWant{{"已戒咖啡", "咖啡", true}}},
		{"我不再吃肉了", []lifeWant{{"不吃肉", "diet", true}}},
		{"我不再喝奶茶了", []lifeWant{{"不再喝奶茶", "茶", true}}},
		{"我现在改用VS Code了", []lifeWant{{"改用VS Code", "tool:editor", true}}},
		{"我结婚了", []lifeWant{{"已婚", "relationship", true}}},
		// Everyday self-descriptions.
		{"I'm vegetarian", []lifeWant{{"Is vegetarian", "diet", false}}},
		{"I'm a vegan", []lifeWant{{"Is vegan", "diet", false}}},
		{"I have asthma", []lifeWant{{"Has asthma", "health:asthma", false}}},
		{"I have a bad back", []lifeWant{{"Has a bad back", "health:back", false}}},
		{"I'm allergic to penicillin", []lifeWant{{"Is allergic to penicillin", "allergy:penicillin", false}}},
		{"我吃素", []lifeWant{{"吃素", "diet", false}}},
		{"我腰不好", []lifeWant{{"腰不好", "health:腰", false}}},
		{"我膝盖一直不太好", []lifeWant{{"膝盖一直不太好", "health:膝盖", false}}},
		{"我有哮喘", []lifeWant{{"有哮喘", "health:哮喘", false}}},
		{"我在杭州做运营", []lifeWant{{"在杭州做运营", "occupation", false}}},
		{"我在上海当老师", []lifeWant{{"在上海当老师", "occupation", false}}},
		{"我对芒果过敏", []lifeWant{{"对芒果过敏", "allergy:芒果", false}}},
		// Pets and people are subjects of their own.
		{"We have a beagle called Pip", []lifeWant{{"Has a beagle called Pip", "pet:pip", false}}},
		{"We've got a golden retriever named Max", []lifeWant{{"Has a golden retriever called Max", "pet:max", false}}},
		{"I have two cats", []lifeWant{{"Has two cats", "pet:cat", false}}},
		{"My dog Rex hates the vet", []lifeWant{{"Has a dog called Rex", "pet:rex", false}}},
		{"My wife loves sushi", []lifeWant{{"Wife loves sushi", "family:wife", false}}},
		{"My husband is a nurse", []lifeWant{{"Husband is a nurse", "family:husband", false}}},
		{"My daughter is called Mia", []lifeWant{{"Daughter is called Mia", "family:daughter", false}}},
		{"我养了一只柯基，叫豆豆", []lifeWant{{"养了一只柯基，叫豆豆", "pet:豆豆", false}}},
		{"我家猫叫咪咪", []lifeWant{{"家里的猫叫咪咪", "pet:咪咪", false}}},
		{"我老婆是老师，在学校上班", []lifeWant{{"老婆是老师，在学校上班", "family:wife", false}}},
		{"我老公很喜欢吃辣", []lifeWant{{"老公很喜欢吃辣", "family:husband", false}}},
		{"我女儿叫小美，今年5岁", []lifeWant{{"女儿叫小美", "family:daughter", false}}},
		// Birthdays and anniversaries are lasting facts.
		{"My birthday is June 2", []lifeWant{{"Birthday is June 2", "birthday", false}}},
		{"Our wedding anniversary is October 12", []lifeWant{{"Wedding anniversary is October 12", "anniversary", false}}},
		{"我的生日是5月3日", []lifeWant{{"生日是5月3日", "birthday", false}}},
		{"我妈妈的生日是8月8日", []lifeWant{{"妈妈的生日是8月8日", "birthday:mother", false}}},
		// An abbreviation ends no sentence.
		{"My doctor is Dr. Smith. I live in Boston", []lifeWant{{"Lives in Boston", "residence", false}}},
		{"I live in St. Albans", []lifeWant{{"Lives in St. Albans", "residence", false}}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			ms := extractAll(t, tt.in, at)
			var got []lifeWant
			for _, m := range ms {
				got = append(got, lifeWant{m.Text, m.Subject, slices.Contains(m.Tags, ChangeTag)})
				if m.Lifecycle == memory.LifecycleTemporary || !m.ExpiresAt.IsZero() {
					t.Errorf("%q is temporary (%s, expires %v), want lasting", m.Text, m.Lifecycle, m.ExpiresAt)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

// The rules never lend a pet's or another person's name, job or city to
// the author.
func TestRulesKeepOwnership(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	own := map[string]bool{"name": true, "employer": true, "occupation": true, "residence": true, "identity": true, "age": true, "relationship": true}
	for _, s := range []string{
		"我养了一只柯基，叫豆豆", "我有一只猫，叫咪咪，三岁了", "我老婆是老师，在学校上班", "我老公在华为工作",
		"我女朋友是护士，住在上海", "我女儿叫小美，今年5岁", "我儿子在北京上大学", "我家狗叫旺财",
		"We have a beagle called Pip", "My dog's name is Rex", "My wife works at Acme", "My husband is a chef",
		"My sister lives in Rome", "Our cat is called Mochi", "I'm seeing Dr Okafor at the Royal about my knee",
	} {
		for _, m := range extractAll(t, s, at) {
			if own[m.Subject] {
				t.Errorf("%q gave the author %q (subject %s)", s, m.Text, m.Subject)
			}
			if strings.HasPrefix(m.Text, "名字") || strings.HasPrefix(m.Text, "Name is") {
				t.Errorf("%q named the author: %q", s, m.Text)
			}
		}
	}
}

func TestEnSentences(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"I saw Dr. Lee. Then I went home", []string{"I saw Dr. Lee", "Then I went home"}},
		{"Fruit, e.g. apples. Fine", []string{"Fruit, e.g. apples", "Fine"}},
		{"J. R. R. Tolkien wrote it. Yes", []string{"J. R. R. Tolkien wrote it", "Yes"}},
		{"One. Two", []string{"One", "Two"}},
		{"No stop here", []string{"No stop here"}},
	}
	for _, tt := range tests {
		if got := enSentences(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("enSentences(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
