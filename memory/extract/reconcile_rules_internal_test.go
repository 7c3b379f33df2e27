package extract

import (
	"strings"
	"testing"

	"github.com/membot/membot/memory"
	"github.com/membot/membot/memory/text"
)

func TestRuleDecision(t *testing.T) {
	existing := func(text, subject string) memory.Memory {
		return memory.Memory{ID: "old", Owner: "p1", Text: text, Subject: subject, Status: memory.StatusActive}
	}
	cand := func(text, subject, said string) memory.Memory {
		return memory.Memory{Owner: "p1", Text: text, Subject: subject, Source: memory.Source{Excerpt: said}}
	}
	tests := []struct {
		name string
		old  memory.Memory
		c    memory.Memory
		want Action
	}{
		{"change of preference on the same subject", existing("喜欢极简设计风格", "设计风格"),
			cand("更喜欢复古风格；不喜欢极简", "风格", "我现在不喜欢极简了，更喜欢复古风格"), ActionSupersede},
		{"new value of a single-valued fact", existing("Lives in Berlin", "residence"),
			cand("Lives in Paris", "residence", "I live in Paris"), ActionSupersede},
		{"dislike with a word of change", existing("Likes coffee", "coffee"),
			cand("Dislikes coffee", "drinks", "I don't like coffee anymore"), ActionSupersede},
		{"dislike without a sign of change", existing("喜欢猫", "猫"),
			cand("不喜欢猫", "宠物", "我不喜欢猫"), ActionConflict},
		{"restatement", existing("Loves hiking in the Alps", "hiking"),
			cand("Loves hiking", "hiking", "I love hiking"), ActionNoop},
		{"more detail", existing("Loves hiking", "hiking"),
			cand("Loves hiking in the Alps", "hiking", "I love hiking in the Alps"), ActionUpdate},
		{"related but new", existing("Works at Acme", "employer"),
			cand("Acme colleague Tom is a close friend", "friends", "my Acme colleague Tom is a close friend"), ActionAdd},
		{"superseded memories are left alone", memory.Memory{ID: "old", Owner: "p1", Text: "Lives in Berlin", Subject: "residence", Status: memory.StatusSuperseded},
			cand("Lives in Paris", "residence", "I live in Paris"), ActionAdd},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := ruleDecision(tt.c, []memory.Memory{tt.old}, text.NewTokenizer())
			if d.action != tt.want {
				t.Fatalf("action %s (%s), want %s", d.action, d.reason, tt.want)
			}
			if d.action != ActionAdd && (d.target == nil || d.target.ID != "old") {
				t.Errorf("target %v", d.target)
			}
		})
	}
}

func TestGuard(t *testing.T) {
	old := memory.Memory{ID: "old", Text: "Budget 5000", Subject: "budget"}
	other := memory.Memory{ID: "other", Text: "Likes tea"}
	tests := []struct {
		name    string
		cand    memory.Memory
		dec     decision
		near    []memory.Memory
		want    Action
		wantTgt string
	}{
		{"update with different numbers", memory.Memory{Text: "Budget 8000", Subject: "budget"}, decision{action: ActionUpdate, target: &old}, []memory.Memory{old}, ActionAdd, ""},
		{"noop with different numbers", memory.Memory{Text: "Budget 8000", Subject: "budget"}, decision{action: ActionNoop, target: &old}, []memory.Memory{old}, ActionAdd, ""},
		{"supersede with different numbers, same subject", memory.Memory{Text: "Budget 8000", Subject: "budget"}, decision{action: ActionSupersede, target: &old}, []memory.Memory{old}, ActionSupersede, "old"},
		{"supersede with different numbers, other subject", memory.Memory{Text: "Saved 8000", Subject: "savings"}, decision{action: ActionSupersede, target: &old}, []memory.Memory{old}, ActionAdd, ""},
		{"target not shown", memory.Memory{Text: "Likes green tea"}, decision{action: ActionUpdate, target: &other}, []memory.Memory{old}, ActionAdd, ""},
		{"no target", memory.Memory{Text: "Likes green tea"}, decision{action: ActionConflict}, []memory.Memory{old}, ActionAdd, ""},
		{"unknown action", memory.Memory{Text: "Likes green tea"}, decision{action: "DELETE", target: &old}, []memory.Memory{old}, ActionAdd, ""},
		{"valid update", memory.Memory{Text: "Budget 5000 for Japan"}, decision{action: ActionUpdate, target: &old}, []memory.Memory{old}, ActionUpdate, "old"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := &work{cand: tt.cand, near: tt.near, dec: tt.dec}
			guard(w, orDiscard(nil))
			if w.dec.action != tt.want {
				t.Fatalf("action %s, want %s", w.dec.action, tt.want)
			}
			if tt.wantTgt != "" && (w.dec.target == nil || w.dec.target.ID != tt.wantTgt) {
				t.Errorf("target %v, want %s", w.dec.target, tt.wantTgt)
			}
		})
	}
}

// TestRelationTermsFollowTheStemmer fails when a relation word is indexed
// under a term the rules do not drop, as a stemmer change would cause.
func TestRelationTermsFollowTheStemmer(t *testing.T) {
	tok := text.NewTokenizer()
	for _, w := range relationWords {
		for _, term := range tok.Tokens(w) {
			if !relationTerms[term] {
				t.Errorf("relation word %q is indexed as %q, which relationTerms lacks", w, term)
			}
		}
	}
	if got := contentTerms(tok, "Enjoys, prefers and dislikes; loved, hated, likes; favourite favorite"); len(got) != 0 {
		t.Errorf("contentTerms of relation words alone = %v, want none", got)
	}
	if got := contentTerms(tok, "enjoys coffee"); len(got) != 1 || !has(got, text.Stem("coffee")) {
		t.Errorf("contentTerms(enjoys coffee) = %v, want the stem of coffee alone", got)
	}
}

// has reports whether set holds term.
func has(set termSet, term string) bool {
	_, ok := set[term]
	return ok
}

func TestRuleDecisionOnSubjectKeys(t *testing.T) {
	active := func(id, text, subj string) memory.Memory {
		return memory.Memory{ID: id, Owner: "p1", Text: text, Subject: subj, Status: memory.StatusActive}
	}
	change := func(text, subj string) memory.Memory {
		return memory.Memory{Owner: "p1", Text: text, Subject: subj, Tags: []string{"fact", ChangeTag}}
	}
	tests := []struct {
		name    string
		c       memory.Memory
		near    []memory.Memory
		want    Action
		targets []string
	}{
		{"one key across languages", memory.Memory{Owner: "p1", Text: "在京东工作", Subject: "工作单位"},
			[]memory.Memory{active("a", "Works at Acme", "employer")}, ActionSupersede, []string{"a"}},
		{"a diet ends every food it leaves out", change("Does not eat meat", "diet"),
			[]memory.Memory{active("a", "Eats meat", "food"), active("b", "Loves hiking", "hiking"), active("c", "Loves steak", "steak")},
			ActionSupersede, []string{"a", "c"}},
		{"不吃肉 ends 喜欢吃牛排", change("不吃肉", "diet"),
			[]memory.Memory{active("a", "喜欢吃牛排", "牛排")}, ActionSupersede, []string{"a"}},
		{"giving up ends the habit", change("已戒咖啡", "咖啡"),
			[]memory.Memory{active("a", "每天早上喝一杯咖啡", "早餐")}, ActionSupersede, []string{"a"}},
		{"a switch ends what was given up, by its kind", change("改喝绿茶；已戒咖啡", "茶"),
			[]memory.Memory{active("a", "每天早上一杯美式续命", "drink")}, ActionSupersede, []string{"a"}},
		{"a switch ends the old tool", change("Switched from Vim to Zed", "tool:editor"),
			[]memory.Memory{active("a", "Uses vim for everything", "workflow")}, ActionSupersede, []string{"a"}},
		{"two allergies are two facts", memory.Memory{Owner: "p1", Text: "Is allergic to shellfish", Subject: "allergy:shellfish"},
			[]memory.Memory{active("a", "Is allergic to peanuts", "allergy:peanuts")}, ActionAdd, nil},
		{"a family member holds many facts", memory.Memory{Owner: "p1", Text: "Wife is a nurse", Subject: "family:wife"},
			[]memory.Memory{active("a", "Wife loves sushi", "family:wife")}, ActionAdd, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := ruleDecision(tt.c, tt.near, text.NewTokenizer())
			if d.action != tt.want {
				t.Fatalf("action %s (%s), want %s", d.action, d.reason, tt.want)
			}
			var got []string
			if d.target != nil {
				got = append(got, d.target.ID)
			}
			for _, m := range d.also {
				got = append(got, m.ID)
			}
			if len(got) != len(tt.targets) || (len(got) > 0 && strings.Join(got, ",") != strings.Join(tt.targets, ",")) {
				t.Errorf("targets %v, want %v", got, tt.targets)
			}
		})
	}
}
