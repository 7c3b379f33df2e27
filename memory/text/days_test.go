package text

import (
	"slices"
	"testing"
	"time"
)

func TestCalendarDays(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []MonthDay
	}{
		{"Birthday is on 14 November", []MonthDay{{11, 14}}},
		{"was born August 3rd, 1990", []MonthDay{{8, 3}}},
		{"the 9th of Aug is our day", []MonthDay{{8, 9}}},
		{"flight on 2025-07-12", []MonthDay{{7, 12}}},
		{"4月15日是结婚三周年", []MonthDay{{4, 15}}},
		{"十月一号回老家", []MonthDay{{10, 1}}},
		{"每月5号交房租", []MonthDay{{0, 5}}},
		{"Rent is due on the 1st", []MonthDay{{0, 1}}},
		{"坐3号线上班", nil},
		{"住在5号楼", nil},
		{"周日去爬山", nil},
		{"Lives on the 3rd floor", nil},
		{"Our 25th anniversary trip, the 2nd time to Rome", nil},
		{"Has two novels out and 3 married kids", nil},
		{"I may 2 or 3 times a week", nil},
	} {
		if got := CalendarDays(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("CalendarDays(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestMonthDayIn(t *testing.T) {
	start := time.Date(2025, 12, 27, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(0, 0, 10) // to 6 January
	for _, tc := range []struct {
		d    MonthDay
		want bool
	}{
		{MonthDay{12, 31}, true},
		{MonthDay{1, 3}, true},
		{MonthDay{1, 9}, false},
		{MonthDay{0, 2}, true},
		{MonthDay{0, 15}, false},
		{MonthDay{2, 30}, false},
	} {
		if got := tc.d.In(start, end); got != tc.want {
			t.Errorf("%v.In = %v, want %v", tc.d, got, tc.want)
		}
	}
}

func TestQuerySpanOrdinals(t *testing.T) {
	ref := time.Date(2026, 3, 20, 15, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		q    string
		want time.Time
	}{
		{"What's happening on the 5th?", time.Date(2026, 4, 5, 0, 0, 0, 0, time.UTC)},
		{"anything on the 28th i should know", time.Date(2026, 3, 28, 0, 0, 0, 0, time.UTC)},
		{"25号有什么安排", time.Date(2026, 3, 25, 0, 0, 0, 0, time.UTC)},
		{"下周有什么事", time.Date(2026, 3, 23, 0, 0, 0, 0, time.UTC)},
	} {
		sp, ok := QuerySpan(tc.q, ref)
		if !ok || !sp.Start.Equal(tc.want) {
			t.Errorf("QuerySpan(%q) = %v, %v; want start %v", tc.q, sp.Start, ok, tc.want)
		}
	}
	if sp, ok := QuerySpan("what floor is the 3rd floor?", ref); ok {
		t.Errorf("a floor number named a day: %v", sp)
	}
}
