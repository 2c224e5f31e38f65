package lecture

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestExperiment3MatchesTheLecture holds the table to lecture 09, §7.3:
// naive / ring / tree in ms, to two decimals.
func TestExperiment3MatchesTheLecture(t *testing.T) {
	want := map[int][3]string{
		4: {"12.61", "3.18", "4.21"}, 8: {"29.43", "3.74", "4.22"}, 16: {"63.06", "4.08", "4.23"},
		64: {"264.87", "4.76", "4.25"}, 256: {"1072.10", "6.73", "4.27"}, 1024: {"4301.00", "14.42", "4.29"},
	}
	rows, err := Experiment3()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for _, r := range rows {
		got := [3]string{ms(r.Naive), ms(r.Ring), ms(r.Tree)}
		if got != want[r.Ranks] {
			t.Errorf("P=%d: naive/ring/tree = %v ms, the lecture prints %v", r.Ranks, got, want[r.Ranks])
		}
	}
}

func ms(s float64) string { return fmt.Sprintf("%.2f", s*1e3) }

func TestExperiment1EveryElementIsTen(t *testing.T) {
	for _, n := range []int{8, 7, 1} {
		initial, steps, final, err := Experiment1(4, n)
		if err != nil {
			t.Fatal(err)
		}
		if len(initial) != 4 || len(steps) != 2*(4-1) {
			t.Fatalf("n=%d: %d ranks, %d steps; want 4 and 2(P−1) = 6", n, len(initial), len(steps))
		}
		for r, buf := range final {
			if len(buf) != n {
				t.Fatalf("n=%d: rank %d has %d elements", n, r, len(buf))
			}
			for i, v := range buf {
				if v != 10 {
					t.Errorf("n=%d: rank %d element %d = %v, want 10 (1+2+3+4)", n, r, i, v)
				}
			}
		}
		if n == 8 && (steps[2].Phase != "reduce-scatter" || steps[3].Phase != "allgather" || steps[3].Step != 1) {
			t.Errorf("phases: got %s #%d then %s #%d", steps[2].Phase, steps[2].Step, steps[3].Phase, steps[3].Step)
		}
	}
}

func TestExperiment4IsATranspose(t *testing.T) {
	before, after, err := Experiment4(4)
	if err != nil {
		t.Fatal(err)
	}
	for j := 0; j < 4; j++ {
		var want []string
		for i := 0; i < 4; i++ {
			want = append(want, fmt.Sprintf("Token_G%d->E%d", i, j))
			if before[i][j] != want[i] {
				t.Fatalf("before[%d][%d] = %s", i, j, before[i][j])
			}
		}
		if d := cmp.Diff(want, after[j]); d != "" {
			t.Errorf("GPU %d after AllToAll (-want +got):\n%s", j, d)
		}
	}
}
