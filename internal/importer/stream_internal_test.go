package importer

import (
	"errors"
	"strings"
	"testing"
)

// One value larger than the budget is refused with its position; many
// values that together exceed it are read, the budget being per read.
func TestStreamBudgetPerValue(t *testing.T) {
	small := `{"text":"` + strings.Repeat("a", 400) + `"}`
	var many []string
	for range 20 {
		many = append(many, small)
	}
	tests := []struct {
		name    string
		doc     string
		tooBig  bool
		wantLen int
	}{
		{"many small values", "[" + strings.Join(many, ",") + "]", false, 20},
		{"one value over the budget", `[` + small + `,{"text":"` + strings.Repeat("b", 4000) + `"}]`, true, 1},
		{"one key over the budget", `[{"` + strings.Repeat("k", 4000) + `":1}]`, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newStreamWithin(strings.NewReader(tt.doc), 2048)
			if err := s.delim('['); err != nil {
				t.Fatal(err)
			}
			n := 0
			var err error
			for s.more() {
				var v map[string]any
				if err = s.decode(&v); err != nil {
					break
				}
				n++
			}
			var pe *PosError
			switch {
			case tt.tooBig && (!errors.Is(err, errTooLarge) || !errors.As(err, &pe)):
				t.Fatalf("err = %v, want errTooLarge with a position", err)
			case !tt.tooBig && err != nil:
				t.Fatalf("err = %v", err)
			case n != tt.wantLen:
				t.Errorf("read %d values, want %d", n, tt.wantLen)
			}
		})
	}
}
