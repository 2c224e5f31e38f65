package cost_test

import (
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

func timeOf(t *testing.T, p cost.Params, a sched.Algorithm, size int64) float64 {
	t.Helper()
	p.Algorithm, p.Size, p.Chunks = a, size, 0
	tm, _, err := cost.Quick(p)
	if err != nil {
		t.Fatal(err)
	}
	return tm.Time()
}

// TestRingTreeCrossover: at the lecture's S* = P(P−1−⌈log₂P⌉)α/(β+γ/2)
// ring and tree AllReduce cost the same; one rank-multiple below it the
// tree is cheaper, above it the ring.
func TestRingTreeCrossover(t *testing.T) {
	for _, tc := range []struct {
		p            int
		alpha, gamma float64
		reason       string
	}{
		{8, 5e-6, 0, "the lecture's setting on 8 ranks: S* = 8 MB"},
		{64, 5e-6, 0, "64 ranks"},
		{16, 2e-6, 1e-11, "with a reduction cost"},
	} {
		p := base(prim.AllReduce, sched.Ring, tc.p)
		p.Latency, p.Gamma = tc.alpha, tc.gamma
		p.ElemSize = 1
		s := cost.RingTreeCrossover(tc.p, tc.alpha, 1/50e9, tc.gamma)
		at := int64(math.Round(s))
		if math.Abs(float64(at)-s) > 1e-6*s || at%int64(tc.p) != 0 {
			t.Fatalf("%s: S* = %g is not a whole multiple of P; pick other numbers", tc.reason, s)
		}
		ring, tree := timeOf(t, p, sched.Ring, at), timeOf(t, p, sched.Tree, at)
		if !closeRel(ring, tree) {
			t.Errorf("%s: at S* = %d B ring %g s ≠ tree %g s", tc.reason, at, ring, tree)
		}
		below, above := at-int64(tc.p), at+int64(tc.p)
		if timeOf(t, p, sched.Tree, below) >= timeOf(t, p, sched.Ring, below) || timeOf(t, p, sched.Ring, above) >= timeOf(t, p, sched.Tree, above) {
			t.Errorf("%s: tree should win below S* = %d B and ring above", tc.reason, at)
		}
	}
	if cost.RingTreeCrossover(2, 5e-6, 1/50e9, 0) != 0 {
		t.Error("P = 2: the ring is never slower, want 0")
	}
}

// TestCrossovers: every crossover auto reports is exact to the element —
// at it To is the cheapest and beats From, one element below From is the
// cheapest and beats To (their costs cross between the two sizes) — and
// between consecutive crossovers the choice holds at the sampled sizes.
func TestCrossovers(t *testing.T) {
	cases := []struct {
		p      cost.Params
		reason string
	}{
		{base(prim.AllReduce, sched.Auto, 1024), "AllReduce, 1024 ranks, flat"},
		{base(prim.AllGather, sched.Auto, 100), "AllGather, 100 ranks"},
		{base(prim.ReduceScatter, sched.Auto, 33), "ReduceScatter, 33 ranks"},
		{base(prim.AllToAll, sched.Auto, 16), "AllToAll, 16 ranks"},
	}
	h := base(prim.AllReduce, sched.Auto, 64)
	h.GPUsPerNode, h.IntraBandwidth, h.IntraLatency = 8, 450e9, 1e-6
	cases = append(cases, struct {
		p      cost.Params
		reason string
	}{h, "AllReduce, 8 nodes × 8 GPUs"})
	for _, tc := range cases {
		xs, err := cost.Crossovers(tc.p, 4, 1<<36)
		if err != nil {
			t.Fatalf("%s: %v", tc.reason, err)
		}
		if len(xs) == 0 {
			t.Errorf("%s: no crossover from 4 B to 64 GiB", tc.reason)
		}
		e := int64(tc.p.ElemSize)
		prev := int64(0)
		for i, x := range xs {
			if x.SizeBytes <= prev || x.SizeBytes%e != 0 || x.From == x.To {
				t.Errorf("%s: crossover %+v out of order or not a whole element", tc.reason, x)
			}
			if i > 0 && x.From != xs[i-1].To {
				t.Errorf("%s: crossover %+v does not follow %+v", tc.reason, x, xs[i-1])
			}
			if x.FromTimeS != timeOf(t, tc.p, x.From, x.SizeBytes) || x.ToTimeS != timeOf(t, tc.p, x.To, x.SizeBytes) || x.ToTimeS > x.FromTimeS {
				t.Errorf("%s: crossover %+v: times are not the closed forms' at its size", tc.reason, x)
			}
			prev = x.SizeBytes
			for _, side := range []struct {
				size      int64
				win, lose sched.Algorithm
			}{{x.SizeBytes, x.To, x.From}, {x.SizeBytes - e, x.From, x.To}} {
				q := tc.p
				q.Size = side.size
				_, chosen, err := cost.Quick(q)
				if err != nil {
					t.Fatal(err)
				}
				if chosen != side.win {
					t.Errorf("%s: at %d B auto chose %s, want %s (crossover %+v)", tc.reason, side.size, chosen, side.win, x)
				}
				if timeOf(t, tc.p, side.win, side.size) > timeOf(t, tc.p, side.lose, side.size) {
					t.Errorf("%s: at %d B %s is slower than %s", tc.reason, side.size, side.win, side.lose)
				}
			}
		}
	}
}

// TestCrossoversErrors: an empty range and a bad element size are refused.
func TestCrossoversErrors(t *testing.T) {
	p := base(prim.AllReduce, sched.Auto, 8)
	if _, err := cost.Crossovers(p, 100, 10); err == nil {
		t.Error("max < min accepted")
	}
	p.ElemSize = 0
	if _, err := cost.Crossovers(p, 4, 1<<20); err == nil {
		t.Error("element size 0 accepted")
	}
}

// The grid does not depend on the range: a sub-range lists exactly the
// crossovers of the whole range that fall inside it, short of its last
// grid step; and the lecture's ring-vs-tree S*, whose tree is the
// many-chunk limit 2⌈log₂P⌉α + 2S·β, is within 10⁻⁵ of where the finder,
// asked about tree and ring only, sees the change between the closed forms
// (whose tree has a whole number of chunks).
func TestCrossoversOfSubRanges(t *testing.T) {
	p := base(prim.AllReduce, sched.Auto, 1024)
	whole, err := cost.Crossovers(p, 4, 1<<40)
	if err != nil {
		t.Fatal(err)
	}
	part, err := cost.Crossovers(p, 4, 1<<32)
	if err != nil {
		t.Fatal(err)
	}
	var want []cost.Crossover
	for _, x := range whole {
		if x.SizeBytes <= 1<<32 {
			want = append(want, x)
		}
	}
	if len(part) != len(want) {
		t.Fatalf("4 B to 4 GiB: %d crossovers, the whole range has %d there", len(part), len(want))
	}
	for i := range part {
		if part[i] != want[i] {
			t.Errorf("crossover %d: %+v in the sub-range, %+v in the whole", i, part[i], want[i])
		}
	}
	q := base(prim.AllReduce, sched.Auto, 64)
	q.ElemSize = 1
	xs, err := cost.CrossoversAmong(q, []sched.Algorithm{sched.Tree, sched.Ring}, 1, 1<<40)
	if err != nil {
		t.Fatal(err)
	}
	s := cost.RingTreeCrossover(64, q.Latency, 1/(q.Bandwidth*q.Efficiency), q.Gamma)
	if len(xs) != 1 || xs[0].From != sched.Tree || xs[0].To != sched.Ring || math.Abs(float64(xs[0].SizeBytes)-s) > 1e-5*s {
		t.Errorf("tree vs ring on 64 ranks: %+v, the lecture's S* = %.1f B", xs, s)
	}
}
