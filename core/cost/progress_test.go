package cost

import "testing"

// TestSeqProgress: the share done of jobs in a row is the weight of those
// ended plus the running one's part, over the total; it never passes 1,
// and a run with no weight reports 0.
func TestSeqProgress(t *testing.T) {
	w := []float64{1, 3, 4}
	cases := []struct {
		done int
		cur  float64
		want float64
	}{
		{0, 0, 0}, {0, 0.5, 0.0625}, {1, 0, 0.125}, {1, 0.5, 0.3125}, {2, 0.25, 0.625}, {3, 0, 1}, {3, 0.7, 1},
	}
	for _, c := range cases {
		if got := SeqProgress(w, 8, c.done, c.cur); got != c.want {
			t.Errorf("SeqProgress(done %d, cur %g) = %g, want %g", c.done, c.cur, got, c.want)
		}
	}
	if got := SeqProgress(nil, 0, 0, 0.5); got != 0 {
		t.Errorf("no weight: %g, want 0", got)
	}
}
