package recall

import (
	"slices"
	"strings"
	"testing"

	"github.com/membot/membot/memory"
)

func TestNames(t *testing.T) {
	for _, tc := range []struct {
		q    string
		want []string
	}{
		{"What did Anna bake for Leo's birthday?", []string{"Anna", "Leo's"}},
		{"Where does my sister live? Is it Porto?", []string{"Porto"}},
		{"When is the Harry Potter quiz at the pub", []string{"Harry", "Potter"}},
		{"how do I take my coffee", nil},
		{"我妈妈叫什么名字？", nil},
		{"Books I said I'd read: Dune and Middlemarch", []string{"Middlemarch"}},
		{"Did Ben call while I was out? I’m waiting", []string{"Ben"}},
	} {
		if got := names(tc.q); !slices.Equal(got, tc.want) {
			t.Errorf("names(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestNamedPersonRanksFirst: a question about a named person ranks a
// memory about that person above others sharing only its commoner words.
func TestNamedPersonRanksFirst(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("garden1", "Started a vegetable garden on the balcony"),
		mem("garden2", "The garden club meets on Thursdays"),
		mem("garden3", "Wants a bigger garden next year"),
		mem("anna", "Anna is taking a pottery class"),
		mem("anna2", "Anna lives in Porto"),
		mem("anna3", "Anna works as a nurse"),
		mem("leo", "Leo loves trains"),
		mem("leo2", "Leo starts school in September"),
	}}}
	x, _ := newTestIndex(l)
	got := resultIDs(search(t, x, "p1", Query{Text: "What is Anna doing in the garden these days?", MinScore: -1}))
	if len(got) == 0 || !strings.HasPrefix(got[0], "anna") {
		t.Errorf("recalled %v, want a memory about Anna first", got)
	}
}

// TestSynonymsBridgeEverydayWords: a question naming a thing by one
// everyday word finds the memory that names it by another.
func TestSynonymsBridgeEverydayWords(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("gran", "Got a necklace from my grandmother in Sweden"),
		mem("film", "Favourite film is Spirited Away"),
		mem("mum", "我母亲是做老师的"),
		mem("other1", "Is learning Swedish on an app"),
		mem("other2", "Watches football on Sundays"),
	}}}
	x, _ := newTestIndex(l)
	for _, tc := range []struct{ q, want string }{
		{"What did my grandma give me?", "gran"},
		{"Which movie do I like best?", "film"},
		{"我妈妈是干什么的？", "mum"},
	} {
		got := resultIDs(search(t, x, "p1", Query{Text: tc.q, MinScore: -1}))
		if len(got) == 0 || got[0] != tc.want {
			t.Errorf("%q recalled %v, want %s first", tc.q, got, tc.want)
		}
	}
	// /memories search matches the words given.
	if got := resultIDs(search(t, x, "p1", Query{Text: "grandma", Literal: true, MinScore: -1})); len(got) != 0 {
		t.Errorf("literal grandma recalled %v, want nothing", got)
	}
}
