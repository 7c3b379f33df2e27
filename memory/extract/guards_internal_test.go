package extract

import (
	"context"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// The forms read since the labelled notes, spoken English and dialect
// rewrites must not read what only looks like them: a remark after a
// label, words after "names" that are no name, someone else's husband,
// dog or shift, a general remark on lactose, "can't stand up".
func TestRulesLookAlikesOfNotesAndSpeech(t *testing.T) {
	at := time.Date(2025, 10, 6, 19, 0, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"Home: finally! what a drive", nil},
		{"Dog: sick again, poor thing", nil},
		{"Job: so tired of it", nil},
		{"hey, names withheld for privacy", nil},
		{"The husband of my friend Carla drives a taxi", nil},
		{"the dog Rex next door barks all night", nil},
		{"the cat Mrs Jones owns sits on our wall", nil},
		{"It's night shift for him this week", nil},
		{"Night shift nurse was lovely to my mum", nil},
		{"Can't stand up without pain after the fall", nil},
	})
}

// A remark after a label, words after "names", or a general remark on
// lactose give no fact of the label's, no name and no condition.
func TestRemarksAfterALabelAreNoFacts(t *testing.T) {
	at := time.Date(2025, 10, 6, 19, 0, 0, 0, time.UTC)
	for _, s := range []string{"Work: crazy week, back to back calls", "names escape me these days", "Home: finally! what a drive", "乳糖不耐的话可以喝舒化奶"} {
		for _, m := range extractAll(t, s, at) {
			switch m.Subject {
			case "name", "employer", "occupation", "residence", "health:乳糖不耐受":
				t.Errorf("%q gave %q under %s", s, m.Text, m.Subject)
			}
		}
	}
}

// A place put right needs the writer to say it is a correction, and never
// rewrites a relative's memory.
func TestPlaceNotOldNeedsACorrection(t *testing.T) {
	subjects := []Subject{{Key: "family:father", Text: "Dad has diabetes, lives in Leeds"}, {Key: "employer", Text: "Works at Aldi in Leeds"}}
	for _, line := range []string{"I talked to Mum, not Dad", "went to Tesco not Aldi for the big shop"} {
		if got := enSubstitute(line, subjects); len(got) > 0 {
			t.Errorf("%q corrected %q", line, got[0].text)
		}
	}
	got := enSubstitute("From Tesco, not Aldi, sorry, I got that wrong", subjects)
	if len(got) != 1 || got[0].text != "Works at Tesco in Leeds" {
		t.Errorf("correction gave %+v, want Works at Tesco in Leeds", got)
	}
}

// Two details put right in one Chinese line both reach the memory.
func TestZhTwoDetailsPutRightInOneLine(t *testing.T) {
	subjects := []Subject{{Key: "合唱", Text: "每周三晚上七点去社区合唱团练歌"}}
	got := zhSubstitute("说错了，不是七点，是八点，不是周三，是周四", subjects)
	if len(got) != 1 || got[0].text != "每周四晚上八点去社区合唱团练歌" {
		t.Errorf("got %+v, want one memory 每周四晚上八点去社区合唱团练歌", got)
	}
}

// A detail is found and replaced in the text as written, whatever case
// folding does to the letters before it.
func TestReplaceFoldKeepsTheText(t *testing.T) {
	if got := replaceFold("Flight from İzmir via Luton", "luton", "Stansted"); got != "Flight from İzmir via Stansted" {
		t.Errorf("replaceFold = %q", got)
	}
}

// A plan put right whose new text names no date keeps its lifecycle and
// no made-up date.
func TestPlanPutRightWithoutADate(t *testing.T) {
	at := time.Date(2025, 8, 22, 11, 0, 0, 0, time.UTC)
	in := Input{Owner: "p1", Subjects: []Subject{{Key: "trip", Text: "Trip to Whitby with the Ramblers", Plan: true}},
		Window: []Line{{ID: "m1", Source: true, Role: memory.RoleUser, Time: at, Text: "sorry, I got it wrong: the trip isn't Whitby, it's Scarborough"}}}
	ex, err := RuleExtractor{}.Extract(context.Background(), in)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ex.Memories {
		if m.Text == "Trip to Scarborough with the Ramblers" {
			if m.Type != memory.TypeEvent || m.Lifecycle != memory.LifecycleTemporary || !m.EventTime.IsZero() {
				t.Errorf("%q: type %s, lifecycle %s, event %v; want a temporary plan with no date", m.Text, m.Type, m.Lifecycle, m.EventTime)
			}
			return
		}
	}
	t.Errorf("memories %+v, want Trip to Scarborough with the Ramblers", ex.Memories)
}

// Standard words that hold a Shanghainese mark's characters are left as
// they are.
func TestShanghaiLookalikesStayStandard(t *testing.T) {
	for _, s := range []string{"明朝的历史很长", "去伊斯坦布尔旅游", "点了一道菜", "阿拉伯语很难", "那个老头子人很好"} {
		if got := text.StandardChinese(s); got != s {
			t.Errorf("StandardChinese(%q) = %q", s, got)
		}
	}
	if got := zhThirdPerson("我们组织了一次聚会"); got != "用户一家组织了一次聚会" {
		t.Errorf("zhThirdPerson = %q", got)
	}
}
