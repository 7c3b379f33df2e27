package recall

import (
	"testing"

	"github.com/membot/membot/memory"
)

// A question in Cantonese or in traditional characters meets a memory kept
// in simplified standard Chinese, though it shares none of its words as
// written.
func TestQuestionsInCantoneseAndTraditionalCharacters(t *testing.T) {
	x, _ := newTestIndex(&fakeLoader{mems: map[string][]memory.Memory{"p2": owned("p2",
		mem("卡", "在杭州上班，通勤单程一个半小时"),
		mem("医", "对青霉素过敏"),
	)}})
	wantRecalled(t, x, []struct{ q, want string }{
		{"返工要几耐", "卡"},
		{"醫生開藥要注意什麼，我對哪種藥過敏", "医"},
	})
}
