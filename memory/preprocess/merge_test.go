package preprocess

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestMerge(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	at := func(sec int) time.Time { return t0.Add(time.Duration(sec) * time.Second) }
	cases := []struct {
		name   string
		items  []Item
		window time.Duration
		maxLen int
		want   []Merged
	}{
		{
			name:   "consecutive short messages merge",
			items:  []Item{{"1", "a", "我明天", at(0)}, {"2", "a", "要去上海", at(10)}, {"3", "a", "出差", at(65)}},
			window: time.Minute, maxLen: 500,
			want: []Merged{{IDs: []string{"1", "2", "3"}, Author: "a", Text: "我明天\n要去上海\n出差", Time: at(0), End: at(65)}},
		},
		{
			name:   "gap beyond window splits",
			items:  []Item{{"1", "a", "hi", at(0)}, {"2", "a", "there", at(61)}},
			window: time.Minute, maxLen: 500,
			want: []Merged{
				{IDs: []string{"1"}, Author: "a", Text: "hi", Time: at(0), End: at(0)},
				{IDs: []string{"2"}, Author: "a", Text: "there", Time: at(61), End: at(61)},
			},
		},
		{
			name:   "authors never merge",
			items:  []Item{{"1", "a", "x", at(0)}, {"2", "b", "y", at(1)}, {"3", "a", "z", at(2)}},
			window: time.Minute, maxLen: 500,
			want: []Merged{
				{IDs: []string{"1"}, Author: "a", Text: "x", Time: at(0), End: at(0)},
				{IDs: []string{"2"}, Author: "b", Text: "y", Time: at(1), End: at(1)},
				{IDs: []string{"3"}, Author: "a", Text: "z", Time: at(2), End: at(2)},
			},
		},
		{
			name:   "max length stops merging",
			items:  []Item{{"1", "a", "12345", at(0)}, {"2", "a", "6789", at(1)}, {"3", "a", "0", at(2)}},
			window: time.Minute, maxLen: 10,
			want: []Merged{
				{IDs: []string{"1", "2"}, Author: "a", Text: "12345\n6789", Time: at(0), End: at(1)},
				{IDs: []string{"3"}, Author: "a", Text: "0", Time: at(2), End: at(2)},
			},
		},
		{
			name:   "empty text keeps its id",
			items:  []Item{{"1", "a", "", at(0)}, {"2", "a", "hello", at(1)}},
			window: time.Minute, maxLen: 500,
			want: []Merged{{IDs: []string{"1", "2"}, Author: "a", Text: "hello", Time: at(0), End: at(1)}},
		},
		{
			name:   "zero window disables merging",
			items:  []Item{{"1", "a", "x", at(0)}, {"2", "a", "y", at(0)}},
			window: 0, maxLen: 500,
			want: []Merged{
				{IDs: []string{"1"}, Author: "a", Text: "x", Time: at(0), End: at(0)},
				{IDs: []string{"2"}, Author: "a", Text: "y", Time: at(0), End: at(0)},
			},
		},
		{name: "nil input", items: nil, window: time.Minute, maxLen: 500, want: []Merged{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Merge(tc.items, tc.window, tc.maxLen)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Merge() =\n%+v\nwant\n%+v", got, tc.want)
			}
		})
	}
}

func TestMergeManyFromOneAuthor(t *testing.T) {
	t0 := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	items := make([]Item, 20000)
	for i := range items {
		items[i] = Item{ID: string(rune('a' + i%26)), Author: "a", Text: "word", Time: t0.Add(time.Duration(i) * time.Second)}
	}
	got := Merge(items, time.Minute, 0)
	if len(got) != 1 || len(got[0].IDs) != len(items) || strings.Count(got[0].Text, "word") != len(items) {
		t.Fatalf("unbounded merge produced %d units", len(got))
	}
}
