package cost_test

import (
	"sort"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// TestAutoPicksTheMinimum: auto lists every applicable algorithm once, fastest
// first, each with the time Evaluate gives it alone, and answers with the
// fastest (the first listed on ties), marked auto_chosen.
func TestAutoPicksTheMinimum(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, p := range []int{2, 8, 64, 1000, prim.MaxRanks} {
			for _, size := range []int64{8, 64 << 10, 100 << 20} {
				q := base(c, sched.Auto, p)
				q.Size = size / 8 * 8
				q.ElemSize = 8
				r, err := cost.Evaluate(q)
				if err != nil {
					t.Fatal(err)
				}
				apps := sched.Applicable(c)
				if !r.AutoChosen || len(r.Alternatives) != len(apps) {
					t.Fatalf("%s P=%d S=%d: auto_chosen=%v with %d alternatives, want %d", c, p, size, r.AutoChosen, len(r.Alternatives), len(apps))
				}
				if !sort.SliceIsSorted(r.Alternatives, func(i, j int) bool { return r.Alternatives[i].TimeS < r.Alternatives[j].TimeS }) {
					t.Errorf("%s P=%d S=%d: alternatives not fastest first: %+v", c, p, size, r.Alternatives)
				}
				listed := map[string]float64{}
				for _, alt := range r.Alternatives {
					listed[alt.Algorithm] = alt.TimeS
				}
				best := ""
				for _, a := range apps {
					got, ok := listed[string(a)]
					if !ok {
						t.Fatalf("%s P=%d S=%d: %s missing from %+v", c, p, size, a, r.Alternatives)
					}
					one := q
					one.Algorithm = a
					alone, err := cost.Evaluate(one)
					if err != nil {
						t.Fatal(err)
					}
					if got != alone.TimeS {
						t.Errorf("%s P=%d S=%d: auto lists %s at %g s, alone it takes %g s", c, p, size, a, got, alone.TimeS)
					}
					if best == "" || alone.TimeS < listed[best] {
						best = string(a)
					}
				}
				if r.Algorithm != best || r.TimeS != listed[best] || r.TimeS != r.Alternatives[0].TimeS {
					t.Errorf("%s P=%d S=%d: auto chose %s (%g s), the fastest is %s (%g s)", c, p, size, r.Algorithm, r.TimeS, best, listed[best])
				}
			}
		}
	}
}

// TestAutoFollowsTheLecture: the lecture's §5 decision sketch in numbers —
// at P = 1024 a small AllReduce is latency-bound, so the tree beats the ring
// (and auto does not pick the ring); a 1 GiB one on 8 ranks is
// bandwidth-bound, so the ring beats the tree.
func TestAutoFollowsTheLecture(t *testing.T) {
	cases := []struct {
		p            int
		size         int64
		faster, slow string
		reason       string
	}{
		{1024, 64 << 10, "tree", "ring", "small message, many ranks: ring's 2(P−1)α dominates"},
		{8, 1 << 30, "ring", "tree", "large message, few ranks: ring's 2(P−1)/P·S·β beats the tree's 2·S·β"},
	}
	for _, tc := range cases {
		q := base(prim.AllReduce, sched.Auto, tc.p)
		q.Size = tc.size
		r, err := cost.Evaluate(q)
		if err != nil {
			t.Fatal(err)
		}
		times := map[string]float64{}
		for _, a := range r.Alternatives {
			times[a.Algorithm] = a.TimeS
		}
		if times[tc.faster] >= times[tc.slow] || r.Algorithm == tc.slow {
			t.Errorf("P=%d S=%d: %s %g s, %s %g s, auto chose %s; want %s faster (%s)", tc.p, tc.size,
				tc.faster, times[tc.faster], tc.slow, times[tc.slow], r.Algorithm, tc.faster, tc.reason)
		}
	}
}
