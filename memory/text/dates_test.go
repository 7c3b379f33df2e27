package text

import (
	"testing"
	"time"
)

func TestResolveDate(t *testing.T) {
	// Saturday 14 March 2026, 15:04 in Shanghai.
	loc := time.FixedZone("CST", 8*3600)
	ref := time.Date(2026, 3, 14, 15, 4, 0, 0, loc)
	day := func(m time.Month, d int) time.Time { return time.Date(2026, m, d, 0, 0, 0, 0, loc) }
	tests := []struct {
		text  string
		start time.Time
		end   time.Time
	}{
		{"I'm flying to Tokyo tomorrow", day(3, 15), day(3, 16)},
		{"我明天要去北京出差", day(3, 15), day(3, 16)},
		{"后天开会", day(3, 16), day(3, 17)},
		{"我下周五要交报告", day(3, 20), day(3, 21)},
		{"next Friday is the deadline", day(3, 20), day(3, 21)},
		{"on Friday", day(3, 20), day(3, 21)},
		{"on Monday I start", day(3, 16), day(3, 17)},
		{"this weekend", day(3, 14), day(3, 16)},
		{"下周要考试", day(3, 16), day(3, 23)},
		{"next month", day(4, 1), day(5, 1)},
		{"in 3 days", day(3, 17), day(3, 18)},
		{"3天后出发", day(3, 17), day(3, 18)},
		{"5月3日是我生日", day(5, 3), day(5, 4)},
		{"二月一号", time.Date(2027, 2, 1, 0, 0, 0, 0, loc), time.Date(2027, 2, 2, 0, 0, 0, 0, loc)},
		{"on 2026-04-01", day(4, 1), day(4, 2)},
		{"May 5th", day(5, 5), day(5, 6)},
		{"they moved it to the 28th", day(3, 28), day(3, 29)},
		// A match that names no day leaves later ones to read.
		{"hall double booked the sat so its sunday 15th now", day(3, 15), day(3, 16)},
		{"the fitting is on the 2nd", day(4, 2), day(4, 3)},
		{"on the 14th of April", day(4, 14), day(4, 15)},
		// Days spelled out, as voice input writes them.
		{"my physical is april fourteenth", day(4, 14), day(4, 15)},
		{"pushed back to april twenty first", day(4, 21), day(4, 22)},
		{"on the twenty-first of May", day(5, 21), day(5, 22)},
		{"May third", day(5, 3), day(5, 4)},
		{"a flat on the 5th floor next month", day(4, 1), day(5, 1)},
		{"这周五", day(3, 13), day(3, 14)},
		// Whole months: the rest of the current one, or the next one named.
		{"the garage is being rebuilt this month", day(3, 14), day(4, 1)},
		{"I'm on early shifts for the rest of the month", day(3, 14), day(4, 1)},
		{"这个月在装修", day(3, 14), day(4, 1)},
		{"we're thinking of a trip to Peru in November", day(11, 1), day(12, 1)},
		{"on call until March", day(3, 14), day(4, 1)},
		{"back in February", time.Date(2027, 2, 1, 0, 0, 0, 0, loc), time.Date(2027, 3, 1, 0, 0, 0, 0, loc)},
		{"in May, on the 20th of May", day(5, 20), day(5, 21)},
		// Parts of a month or year: the rest of this one, else the next.
		{"I'm off to Porto at the end of the month", day(3, 21), day(4, 1)},
		{"at the start of next month", day(4, 1), day(4, 11)},
		{"a conference in mid-May", day(5, 11), day(5, 21)},
		{"early June we repaint the kitchen", day(6, 1), day(6, 11)},
		{"late February", time.Date(2027, 2, 21, 0, 0, 0, 0, loc), time.Date(2027, 3, 1, 0, 0, 0, 0, loc)},
		{"by the end of April", day(4, 21), day(5, 1)},
		{"the end of the year", day(12, 1), time.Date(2027, 1, 1, 0, 0, 0, 0, loc)},
		{"early next year", time.Date(2027, 1, 1, 0, 0, 0, 0, loc), time.Date(2027, 2, 1, 0, 0, 0, 0, loc)},
		{"月底要交房租", day(3, 21), day(4, 1)},
		{"月初发工资", day(4, 1), day(4, 11)},
		{"下个月底搬家", day(4, 21), day(5, 1)},
		{"中旬去体检", day(3, 14), day(3, 21)},
		{"上旬开学", day(4, 1), day(4, 11)},
		{"五月下旬去云南", day(5, 21), day(6, 1)},
		{"6月初考试", day(6, 1), day(6, 11)},
		{"年底换车", day(12, 1), time.Date(2027, 1, 1, 0, 0, 0, 0, loc)},
		{"明年初去留学", time.Date(2027, 1, 1, 0, 0, 0, 0, loc), time.Date(2027, 2, 1, 0, 0, 0, 0, loc)},
		{"年初定的目标", time.Date(2027, 1, 1, 0, 0, 0, 0, loc), time.Date(2027, 2, 1, 0, 0, 0, 0, loc)},
		{"明年底结婚", time.Date(2027, 12, 1, 0, 0, 0, 0, loc), time.Date(2028, 1, 1, 0, 0, 0, 0, loc)},
	}
	for _, tt := range tests {
		got, ok := ResolveDate(tt.text, ref)
		if !ok {
			t.Errorf("ResolveDate(%q) found no date", tt.text)
			continue
		}
		if !got.Start.Equal(tt.start) || !got.End.Equal(tt.end) {
			t.Errorf("ResolveDate(%q) = %s..%s, want %s..%s", tt.text, got.Start, got.End, tt.start, tt.end)
		}
	}
	for _, text := range []string{"I sat down", "no date here", "我喜欢猫", "2026-02-30", "you may come", "you may first want to", "every month", "我那年初中毕业"} {
		if got, ok := ResolveDate(text, ref); ok {
			t.Errorf("ResolveDate(%q) = %v, want none", text, got)
		}
	}
}
