package extract

import (
	"context"
	"testing"
	"time"

	"github.com/membot/membot/memory"
)

// A plan whose date is put right stays a plan, dated by its new text, in
// either language; a lasting memory put right stays lasting.
func TestDetailPutRightKeepsAPlanAPlan(t *testing.T) {
	at := time.Date(2025, 8, 22, 11, 0, 0, 0, time.UTC)
	tests := []struct {
		name, line string
		subject    Subject
		want       string
		plan       bool
		expires    time.Time
	}{
		{"zh plan", "哎，比赛日子改了，不是九月二十，是十月八号",
			Subject{Key: "比赛", Text: "舞蹈队报名参加区里的比赛了，九月二十号，正在练新曲", Plan: true},
			"舞蹈队报名参加区里的比赛了，十月八号，正在练新曲", true, time.Date(2025, 10, 9, 0, 0, 0, 0, time.UTC)},
		{"en plan", "sorry, the fitting is not 3 September, is 10 September",
			Subject{Key: "wedding", Text: "Dress fitting for the wedding on 3 September in Harrogate", Plan: true},
			"Dress fitting for the wedding on 10 September in Harrogate", true, time.Date(2025, 9, 11, 0, 0, 0, 0, time.UTC)},
		{"zh habit", "说错了，合唱团不是周三，是周四",
			Subject{Key: "合唱", Text: "每周三晚上去社区合唱团练歌"},
			"每周四晚上去社区合唱团练歌", false, time.Time{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := Input{Owner: "p1", Subjects: []Subject{tt.subject}, Window: []Line{{ID: "m1", Source: true, Role: memory.RoleUser, Time: at, Text: tt.line}}}
			ex, err := RuleExtractor{}.Extract(context.Background(), in)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range ex.Memories {
				if m.Text != tt.want {
					continue
				}
				if plan := m.Type == memory.TypeEvent; plan != tt.plan || !m.ExpiresAt.Equal(tt.expires) {
					t.Errorf("%q: type %s, expires %v; want plan %v expiring %v", m.Text, m.Type, m.ExpiresAt, tt.plan, tt.expires)
				}
				return
			}
			t.Errorf("memories %+v, want %q", ex.Memories, tt.want)
		})
	}
}
