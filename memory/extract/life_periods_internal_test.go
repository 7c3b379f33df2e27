package extract

import (
	"slices"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// Plans dated by a part of a month or year are kept until its end, in both
// languages, a Chinese plan that opens on its date without a subject is
// the author's, and a sign-up with a date is a plan. Nothing is read from
// the weather or someone else's plan.
func TestRulesReadPlansOverPartsOfAMonth(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC) // a Saturday
	day := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 0, 0, 0, 0, time.UTC) }
	tests := []struct {
		in      string
		text    string
		event   time.Time
		expires time.Time
	}{
		{"I'm flying to Dublin at the end of the month", "Flying to Dublin between March 21, 2026 and March 31, 2026", day(3, 21), day(4, 1)},
		{"I've booked a cooking class in mid-April", "Booked a cooking class between April 11, 2026 and April 20, 2026", day(4, 11), day(4, 21)},
		{"we signed up for a 10k in early May", "Signed up for a 10k between May 1, 2026 and May 10, 2026", day(5, 1), day(5, 11)},
		{"月底要去青岛开会", "2026年3月21日至31日要去青岛开会", day(3, 21), day(4, 1)},
		{"下旬准备考雅思", "2026年3月21日至31日准备考雅思", day(3, 21), day(4, 1)},
		{"五月中旬打算去爬黄山", "2026年5月11日至20日打算去爬黄山", day(5, 11), day(5, 21)},
		{"下个月初要带儿子去打疫苗", "2026年4月1日至10日要带儿子去打疫苗", day(4, 1), day(4, 11)},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			ms := extractAll(t, tt.in, at)
			i := slices.IndexFunc(ms, func(m memory.Memory) bool { return m.Text == tt.text })
			if i < 0 {
				var got []string
				for _, m := range ms {
					got = append(got, m.Text)
				}
				t.Fatalf("got %q, want %q", got, tt.text)
			}
			m := ms[i]
			if m.Lifecycle != memory.LifecycleTemporary || !m.EventTime.Equal(tt.event) || !m.ExpiresAt.Equal(tt.expires) {
				t.Errorf("%q: %s, event %v, expires %v; want temporary, %v, %v", m.Text, m.Lifecycle, m.EventTime, m.ExpiresAt, tt.event, tt.expires)
			}
		})
	}
	for _, s := range []string{"月底要降温了", "下旬要放假", "月底老公要出差", "I entered the room at the end of the month"} {
		for _, m := range extractAll(t, s, at) {
			if m.Lifecycle == memory.LifecycleTemporary {
				t.Errorf("%q gave the author the plan %q", s, m.Text)
			}
		}
	}
}

// A job said by what the person teaches or by its start is their job, and
// a household's move is theirs.
func TestRulesReadJobsByTheirWorkAndHouseholdMoves(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"I teach biology at a sixth-form college", []lifeWant{{"Teaches biology at a sixth-form college", "employer", false}}},
		{"I teach piano", []lifeWant{{"Teaches piano", "occupation", false}}},
		{"I've just started as a paralegal at a firm in town", []lifeWant{{"Works as a paralegal at a firm in town", "employer", false}}},
		{"我们全家去年搬到了厦门", []lifeWant{{"住在厦门", "residence", true}}},
		{"上周我们俩搬去了苏州", []lifeWant{{"住在苏州", "residence", true}}},
	})
}

// Giving up one pastime for another is one change of the exercise
// subject, and what a change replaces is never read across a comma.
func TestRulesReadOnePastimeForAnother(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"我不打篮球了，腰受不了，改成游泳", []lifeWant{{"不打篮球了，改成游泳", "exercise", true}}},
		{"我现在不骑车了，改成跑步", []lifeWant{{"不骑车了，改成跑步", "exercise", true}}},
		{"最近太忙了，改成周末再说", nil},
	})
}

// Spreadsheets are a kind of tool: where a task is kept names it, and a
// switch between two of them is a change of that tool.
func TestRulesReadSpreadsheets(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"I do all my invoices in Excel", []lifeWant{{"Uses Excel for invoices", "tool:spreadsheet", false}}},
		{"I moved over from Excel to Google Sheets", []lifeWant{{"Switched from Excel to Google Sheets", "tool:spreadsheet", true}}},
		{"我一般用 Excel 做报表", []lifeWant{{"用Excel做报表", "tool:spreadsheet", false}}},
		{"I keep my notes in my head", []lifeWant{{"They keep their notes in their head", "", false}}}, // no tool, the words kept
	})
}

// A pastime is read from an outing with its days, and from a morning
// routine; a relative who opens the sentence is the author's family.
func TestRulesReadOutingsAndRelatives(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"I usually go for a run after work on Tuesdays and Fridays", []lifeWant{{"Goes running after work on Tuesdays and Fridays", "exercise", false}}},
		{"I go for a walk every evening", []lifeWant{{"Goes walking every evening", "walking", false}}},
		{"I go for a walk", nil},
		{"我每天早上五点半起床游泳", []lifeWant{{"每天早上五点半起床游泳", "exercise", false}}},
		{"媳妇是会计，在银行上班", []lifeWant{{"媳妇是会计，在银行上班", "family:wife", false}}},
		{"儿子今年上初一", []lifeWant{{"儿子今年上初一", "family:son", false}}},
	})
}

// What a change gives up ends with its clause: the reason or the new
// habit after the comma is not part of it.
func TestRulesCutWhatIsGivenUpAtItsClause(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	for in, want := range map[string]string{
		"I don't drink cola anymore, I switched to sparkling water": "Switched to sparkling water; no longer drinks cola",
		"I don't play squash anymore, my knee is bad":               "No longer plays squash",
	} {
		ms := extractAll(t, in, at)
		if !slices.ContainsFunc(ms, func(m memory.Memory) bool { return m.Text == want }) {
			var got []string
			for _, m := range ms {
				got = append(got, m.Text)
			}
			t.Errorf("%q: got %q, want %q among them", in, got, want)
		}
	}
}

// A habit said by how much is kept with the amount, on the subject the
// change that ends it will name.
func TestRulesReadHabitsByAmount(t *testing.T) {
	at := time.Date(2026, 3, 14, 15, 4, 0, 0, time.UTC)
	checkLife(t, at, []lifeCase{
		{"I drink way too much tea, like six mugs a day", []lifeWant{{"Drinks tea, six mugs a day", "tea", false}}},
		{"I have about three cups of coffee a day", []lifeWant{{"Has coffee, three cups a day", "coffee", false}}},
		{"I drink water", nil},
	})
}
