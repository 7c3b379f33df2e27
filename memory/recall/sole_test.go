package recall

import (
	"slices"
	"testing"

	"github.com/membot/membot/memory"
)

// TestIndexSoleMatch checks that a question sharing one word with one
// memory, too little of it for the threshold, still gets that memory
// when nothing else matches, and that a character of another word, a
// word several memories share alike, or a message about nothing stored
// gets none.
func TestIndexSoleMatch(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("hours", "诊所上午九点开门，晚上七点关门"),
		mem("song", "喜欢听民谣，最爱赵雷的歌"),
		mem("cat", "家里养了一只橘猫叫团子"),
		mem("job", "在成都一家医院做护士"),
		mem("bike", "每天骑电动车去医院"),
		mem("garden", "Grows tomatoes on the balcony every summer"),
		mem("walk", "Walks the dog along the canal before work"),
	}}}
	x, _ := newTestIndex(l)
	for _, tc := range []struct {
		q    string
		want string
	}{
		{"后天要出门办点事情，你觉得我大概几点出发比较合适呢？", "hours"},
		{"这个周末终于不用加班了，想好好放松一下，有没有什么好听的歌可以推荐给我？", "song"},
		{"最近它老是不吃东西也不怎么动，是不是应该带去看看啊，这只猫平时挺能吃的", "cat"},
	} {
		rs := search(t, x, "p1", Query{Text: tc.q})
		if ids := resultIDs(rs); len(ids) != 1 || ids[0] != tc.want {
			t.Errorf("%q recalled %v, want %s alone", tc.q, ids, tc.want)
		}
	}
	for _, q := range []string{
		"ok thanks", "Can you help me fix this Kubernetes deployment?",
		"今天过得怎么样",     // 天 of 每天 is no word
		"我想去一家好一点的地方", // 家 is in two memories alike
	} {
		if rs := search(t, x, "p1", Query{Text: q}); len(rs) != 0 {
			t.Errorf("%q recalled %v, want none", q, resultIDs(rs))
		}
	}
	// Without the fallback the threshold drops the time question's answer.
	x.cfg.SoleMatchShare = 0
	if rs := search(t, x, "p1", Query{Text: "后天要出门办点事情，你觉得我大概几点出发比较合适呢？"}); len(rs) != 0 {
		t.Errorf("with the fallback off recalled %v", resultIDs(rs))
	}
	if !slices.Contains(resultIDs(search(t, x, "p1", Query{Text: "what should I grow on the balcony"})), "garden") {
		t.Error("a match above the threshold was lost")
	}
}

// A match the reply carries anyway (the profile) does not stand in the
// way of the fallback: the best of the other memories is kept.
func TestIndexSoleMatchPastCarried(t *testing.T) {
	l := &fakeLoader{mems: map[string][]memory.Memory{"p1": {
		mem("home", "老家在湖南衡阳"),
		mem("wedding", "九月十五号回衡阳参加表哥婚礼，请了三天假"),
		mem("job", "在深圳做电工"),
		mem("diet", "不吃香菜"),
	}}}
	x, _ := newTestIndex(l)
	q := Query{Text: "什么时候请假回老家比较合适呢"}
	if ids := resultIDs(search(t, x, "p1", q)); slices.Contains(ids, "wedding") {
		t.Fatalf("without the profile recalled %v; the test needs wedding under the threshold", ids)
	}
	q.Carried = []string{"home", "job"}
	if ids := resultIDs(search(t, x, "p1", q)); !slices.Contains(ids, "wedding") {
		t.Errorf("with the hometown carried recalled %v, want wedding", ids)
	}
}
