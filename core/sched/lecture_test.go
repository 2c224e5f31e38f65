package sched_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// TestLectureRingVersusTreeSteps reproduces the lecture's §5 numbers
// (lecture 09, §5.1–§5.2): at P = 2048 ring AllReduce has 2·2047 = 4094
// sequential steps, the tree model 2·log₂2048 = 22. Each figure is checked
// two ways: the closed form's Steps (cost.Evaluate), and the rounds with
// traffic in an executed schedule (sim.NewLedger). A one-element ring moves
// its one non-empty chunk once per round, so the 4094-round schedule stays
// tiny; a two-element tree with one chunk per half has exactly
// 2(1 + log₂2048 − 1) = 22 rounds.
func TestLectureRingVersusTreeSteps(t *testing.T) {
	const p = 2048
	cases := []struct {
		alg    sched.Algorithm
		want   int
		reason string
	}{
		{sched.Ring, 4094, "ring: 2(P−1) = 2×2047 sequential hops"},
		{sched.Tree, 22, "tree: 2·log₂P = 2×11 steps"},
	}
	for _, tc := range cases {
		r, err := cost.Evaluate(cost.Params{Collective: prim.AllReduce, Algorithm: tc.alg, Ranks: p,
			Size: 1 << 20, ElemSize: 4, Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6})
		if err != nil {
			t.Fatal(err)
		}
		if r.Steps != tc.want {
			t.Errorf("%s: closed form has %d steps, want %d", tc.reason, r.Steps, tc.want)
		}
		if got, want := r.LatencyTermS, float64(tc.want)*5e-6; !closeTo(got, want) {
			t.Errorf("%s: latency term %g s, want %d × 5 µs = %g s", tc.reason, got, tc.want, want)
		}
		n, opt := 1, sched.Options{}
		if tc.alg == sched.Tree {
			n, opt = 2, sched.Options{Chunks: 1}
		}
		s, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: p, Count: n, Op: prim.Sum}, tc.alg, opt)
		if err != nil {
			t.Fatal(err)
		}
		if got := sim.NewLedger(s, 4).Steps; got != tc.want {
			t.Errorf("%s: the executed schedule has %d rounds with traffic, want %d", tc.reason, got, tc.want)
		}
	}
}

func closeTo(a, b float64) bool {
	d := a - b
	return d <= 1e-12*max(1, b) && -d <= 1e-12*max(1, b)
}
