package extract

import (
	"strconv"
	"strings"

	"github.com/membot/membot/memory"
)

// A batch is reconciled against what was stored before it, so a change
// said in the same sitting as what it changes ("科目一定的三月二十八号"
// then "驾校刚打电话说…科目一改成四月四号了") would leave both active.
// Once the batch is decided, a plan put off that is still to be added is
// matched by the rules against the statements before it in the batch
// that will be stored; the plan it ends is stored first and superseded
// by it, so its words stay in the history. Other changes are not chained:
// within one sitting "现在…", "now …" tells the state of things more
// often than a change of what was just said.

// batchIDPrefix marks the stand-in id a statement of the batch carries
// while the rules match against it; it is never stored.
const batchIDPrefix = "batch:"

// chainInBatch turns the ADD of a plan put off into a SUPERSEDE of the
// plan it ends earlier in the same batch.
func (r *Reconciler) chainInBatch(owner string, batch []*work) {
	for i, w := range batch {
		if w.dec.action != ActionAdd || !changeMarked(w.cand) || !changeMovesPlan(w.cand) {
			continue
		}
		var earlier []memory.Memory
		for j, p := range batch[:i] {
			if p.dec.action != ActionAdd && p.dec.action != ActionSupersede {
				continue
			}
			m := p.cand
			m.ID, m.Owner, m.Status = batchIDPrefix+strconv.Itoa(j), owner, memory.StatusActive
			earlier = append(earlier, m)
		}
		if len(earlier) == 0 {
			continue
		}
		d := ruleDecision(w.cand, r.related(w.cand, owner, earlier), r.tok)
		if d.action != ActionSupersede || !movable(*d.target) {
			continue
		}
		at, ok := strings.CutPrefix(d.target.ID, batchIDPrefix)
		j, err := strconv.Atoi(at)
		if !ok || err != nil {
			continue
		}
		r.log.Debug("a change ends a statement of the same sitting", "owner", owner, "change", w.cand.Text, "ends", batch[j].cand.Text)
		w.dec = decision{action: ActionSupersede, target: &batch[j].cand, reason: d.reason + " (same sitting)"}
	}
}
