package cost_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestLowerBoundFormulas recomputes the lower bound of every collective by
// hand (Chan et al. 2007, Table 1) when P | n: ⌈log₂P⌉·α (α for SendRecv),
// the bytes some rank must move ·β, and (P−1)/P·S·γ for the reductions.
func TestLowerBoundFormulas(t *testing.T) {
	const alpha, bw, gamma = 5e-6, 50e9, 1e-11
	beta := 1 / bw
	for _, c := range prim.Collectives() {
		for _, p := range []int{2, 3, 4, 8, 16, 64, 1000, 4096, prim.MaxRanks} {
			n := int64(p) * 3
			s := float64(n * 4)
			f := float64(p-1) / float64(p)
			lat := math.Ceil(math.Log2(float64(p))) * alpha
			var bwTerm, gTerm float64
			switch c {
			case prim.SendRecv:
				lat, bwTerm = alpha, s*beta
			case prim.Broadcast:
				bwTerm = s * beta
			case prim.Reduce:
				bwTerm, gTerm = s*beta, f*s*gamma
			case prim.AllReduce:
				bwTerm, gTerm = 2*f*s*beta, f*s*gamma
			case prim.ReduceScatter:
				bwTerm, gTerm = f*s*beta, f*s*gamma
			case prim.Scatter, prim.Gather, prim.AllGather, prim.AllToAll:
				bwTerm = f * s * beta
			}
			q := cost.Params{Collective: c, Algorithm: sched.Naive, Ranks: p, Size: n * 4, ElemSize: 4,
				Bandwidth: bw, Efficiency: 1, Latency: alpha, Gamma: gamma}
			r, err := cost.Evaluate(q)
			if err != nil {
				t.Fatal(err)
			}
			if want := lat + bwTerm + gTerm; !closeRel(r.LowerBoundS, want) {
				t.Errorf("%s P=%d: lower bound %g s, by hand %g s", c, p, r.LowerBoundS, want)
			}
		}
	}
}

// TestLowerBoundUnevenScatterGather: when P ∤ n the blocks are near-equal
// (Params.Spec), so the root moves every block but its own and only ranks
// with a non-empty block need a message. Worked by hand with e = 4 B.
func TestLowerBoundUnevenScatterGather(t *testing.T) {
	const alpha, beta = 1.0, 0.25 // exact in binary
	cases := []struct {
		p, root int
		n       int64
		want    float64
		reason  string
	}{
		{4, 0, 5, 2*alpha + 3*4*beta, "blocks 2,1,1,1; root 0 keeps 2: 3 elements move, ⌈log₂4⌉ rounds"},
		{4, 3, 5, 2*alpha + 4*4*beta, "root 3 keeps 1: 4 elements move"},
		{8, 0, 1, 0, "one element, held by the root: nothing moves"},
		{8, 5, 2, 2*alpha + 2*4*beta, "blocks 1,1,0…: root 5 owns nothing, two ranks need a message: ⌈log₂3⌉ = 2"},
		{8, 0, 2, 1*alpha + 1*4*beta, "root 0 owns one of the two elements: one message"},
		{4, 1, 8, 2*alpha + 6*4*beta, "P | n: Chan's (P−1)/P·S·β and ⌈log₂P⌉·α"},
	}
	for _, c := range []prim.Collective{prim.Scatter, prim.Gather} {
		for _, tc := range cases {
			r, err := cost.Evaluate(cost.Params{Collective: c, Algorithm: sched.Naive, Ranks: tc.p, Root: tc.root,
				Size: tc.n * 4, ElemSize: 4, Bandwidth: 1 / beta, Efficiency: 1, Latency: alpha})
			if err != nil {
				t.Fatal(err)
			}
			if r.LowerBoundS != tc.want {
				t.Errorf("%s P=%d root=%d n=%d: lower bound %g, want %g (%s)", c, tc.p, tc.root, tc.n, r.LowerBoundS, tc.want, tc.reason)
			}
		}
	}
}

// TestNoAlgorithmBeatsTheLowerBound: for every collective and algorithm over
// a grid of P, sizes (P | n and not, fewer elements than ranks), roots and
// α, the time is at least the lower bound, so pct_of_lower_bound ≤ 100.
func TestNoAlgorithmBeatsTheLowerBound(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, p := range []int{1, 2, 3, 4, 5, 7, 8, 13, 16, 33, 64, 100} {
				for _, n := range []int64{0, 1, 2, int64(p - 1), int64(p), int64(p + 1), 1000, 1009} {
					for _, alpha := range []float64{0, 5e-6} {
						for _, root := range []int{0, p - 1} {
							if !c.Rooted() && root != 0 {
								continue
							}
							q := cost.Params{Collective: c, Algorithm: a, Ranks: p, Root: root, Size: n * 4, ElemSize: 4,
								Bandwidth: 50e9, Efficiency: 1, Latency: alpha, Gamma: 1e-11}
							if a == sched.Tree {
								q.Chunks = 1 // the tree's time is its closed-form limit; chunks only change schedule_time_s
							}
							r, err := cost.Evaluate(q)
							if err != nil {
								t.Fatal(err)
							}
							name := fmt.Sprintf("%s/%s P=%d n=%d root=%d α=%g", c, a, p, n, root, alpha)
							if r.TimeS < r.LowerBoundS*(1-1e-12) {
								t.Errorf("%s: time %g s below the lower bound %g s", name, r.TimeS, r.LowerBoundS)
							}
							if r.PctOfLowerBound > 100*(1+1e-12) {
								t.Errorf("%s: %g %% of optimal", name, r.PctOfLowerBound)
							}
						}
					}
				}
			}
		}
	}
}

// TestRingMeetsTheBandwidthBound: with α = γ = 0 and P | n, ring AllReduce,
// ReduceScatter and AllGather take exactly the bandwidth lower bound
// (Patarasuk & Yuan 2009: ring AllReduce is bandwidth-optimal).
func TestRingMeetsTheBandwidthBound(t *testing.T) {
	for _, c := range []prim.Collective{prim.AllReduce, prim.ReduceScatter, prim.AllGather} {
		for _, p := range []int{2, 3, 8, 100, 1024, prim.MaxRanks} {
			q := cost.Params{Collective: c, Algorithm: sched.Ring, Ranks: p, Size: int64(p) * 8 * 7, ElemSize: 8,
				Bandwidth: 50e9, Efficiency: 1}
			r, err := cost.Evaluate(q)
			if err != nil {
				t.Fatal(err)
			}
			if !closeRel(r.TimeS, r.LowerBoundS) || !closeRel(r.PctOfLowerBound, 100) {
				t.Errorf("%s ring P=%d: time %g, bound %g (%g %%); want equal", c, p, r.TimeS, r.LowerBoundS, r.PctOfLowerBound)
			}
		}
	}
}
