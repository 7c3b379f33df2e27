package extract

import (
	"log/slog"
	"testing"
	"time"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

// A plan put off in the same sitting as it was told is chained to it:
// the change supersedes the plan once the plan is stored. Any other
// change in one sitting chains nothing, since "now" there tells how
// things are more often than it changes what was just said.
func TestChainInBatchEndsOnlyAPlanPutOff(t *testing.T) {
	said := time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC)
	mem := func(s, subj string, typ memory.Type, tags ...string) memory.Memory {
		return memory.Memory{Text: s, Subject: subj, Type: typ, Tags: tags, Source: memory.Source{Excerpt: s, Time: said}}
	}
	tests := []struct {
		name        string
		first, then memory.Memory
		chained     bool
	}{
		{"a test put off",
			mem("Driving test on 14 April", "", memory.TypeEvent),
			mem("The driving test got moved to 21 April", "", memory.TypeFact, ChangeTag), true},
		{"zh a test put off under another key",
			mem("准备考个摩托车驾照，科目一定的三月二十八号", "考个摩托车驾照", memory.TypeEvent),
			mem("科目一改成四月四号", "科目一", memory.TypeFact, ChangeTag), true},
		{"a job told twice, now",
			mem("Works as a nurse at St Mary's", "occupation", memory.TypeFact),
			mem("Now works as a carer at the Royal", "occupation", memory.TypeFact, ChangeTag), false},
		{"a plan and a change of something else",
			mem("Driving test on 14 April", "", memory.TypeEvent),
			mem("Moved to Leeds in May", "residence", memory.TypeFact, ChangeTag), false},
	}
	r := &Reconciler{tok: text.NewTokenizer(), log: slog.New(slog.DiscardHandler)}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			batch := []*work{{cand: tt.first, dec: decision{action: ActionAdd}}, {cand: tt.then, dec: decision{action: ActionAdd}}}
			r.chainInBatch("ann", batch)
			d := batch[1].dec
			chained := d.action == ActionSupersede && d.target == &batch[0].cand
			if chained != tt.chained {
				t.Errorf("%q after %q: %s (target %v), chained %v, want %v", tt.then.Text, tt.first.Text, d.action, d.target, chained, tt.chained)
			}
			if batch[0].dec.action != ActionAdd {
				t.Errorf("the first statement became %s", batch[0].dec.action)
			}
		})
	}
}
