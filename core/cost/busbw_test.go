package cost_test

import (
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// closeRel reports a ≈ b within 1e-12 relative (absolute near zero).
func closeRel(a, b float64) bool {
	return math.Abs(a-b) <= 1e-12*math.Max(1e-300, math.Max(math.Abs(a), math.Abs(b)))
}

// base is the lecture's Experiment 3 setting (100 MiB, 50 GB/s, α = 5 µs)
// for collective c with algorithm a on p ranks.
func base(c prim.Collective, a sched.Algorithm, p int) cost.Params {
	return cost.Params{Collective: c, Algorithm: a, Ranks: p, Size: 100 << 20, ElemSize: 4,
		Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
}

// TestBusBwFactors pins nccl-tests' bus-bandwidth factors (doc/PERFORMANCE.md):
// AllReduce 2(n−1)/n; ReduceScatter, AllGather, AllToAll, Scatter, Gather
// (n−1)/n; Broadcast, Reduce, SendRecv 1.
func TestBusBwFactors(t *testing.T) {
	twice := func(n float64) float64 { return 2 * (n - 1) / n }
	once := func(n float64) float64 { return (n - 1) / n }
	one := func(float64) float64 { return 1 }
	want := map[prim.Collective]func(float64) float64{
		prim.AllReduce: twice, prim.ReduceScatter: once, prim.AllGather: once, prim.AllToAll: once,
		prim.Scatter: once, prim.Gather: once, prim.Broadcast: one, prim.Reduce: one, prim.SendRecv: one,
	}
	for _, c := range prim.Collectives() {
		for _, p := range []int{1, 2, 3, 8, 1024, prim.MaxRanks} {
			if got, w := c.BusBwFactor(p), want[c](float64(p)); got != w {
				t.Errorf("%s P=%d: factor %g, want %g", c, p, got, w)
			}
		}
	}
	if got := prim.AllReduce.BusBwFactor(8); got != 1.75 {
		t.Errorf("allreduce at 8 ranks: factor %g, want 2·7/8 = 1.75", got)
	}
}

// TestAlgBwAndBusBw: every Result has algbw = S / time and busbw = algbw ×
// the factor, for every collective and algorithm.
func TestAlgBwAndBusBw(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, p := range []int{2, 8, 100} {
				r, err := cost.Evaluate(base(c, a, p))
				if err != nil {
					t.Fatal(err)
				}
				if r.BusBwFactor != c.BusBwFactor(p) {
					t.Errorf("%s/%s P=%d: busbw_factor %g, want %g", c, a, p, r.BusBwFactor, c.BusBwFactor(p))
				}
				if want := float64(r.SizeBytes) / r.TimeS; !closeRel(r.AlgBwBps, want) {
					t.Errorf("%s/%s P=%d: algbw %g B/s, want S/t = %g", c, a, p, r.AlgBwBps, want)
				}
				if want := r.AlgBwBps * r.BusBwFactor; !closeRel(r.BusBwBps, want) {
					t.Errorf("%s/%s P=%d: busbw %g B/s, want algbw × factor = %g", c, a, p, r.BusBwBps, want)
				}
			}
		}
	}
	// Zero time (one rank, or nothing to send): no bandwidth to report rather than +Inf.
	for _, p := range []cost.Params{base(prim.AllReduce, sched.Ring, 1), func() cost.Params {
		q := base(prim.AllGather, sched.Ring, 8)
		q.Size = 0
		return q
	}()} {
		r, err := cost.Evaluate(p)
		if err != nil {
			t.Fatal(err)
		}
		if r.TimeS != 0 || r.AlgBwBps != 0 || r.BusBwBps != 0 || r.PctOfLowerBound != 100 {
			t.Errorf("%s P=%d S=%d: time %g algbw %g busbw %g pct %g; want 0, 0, 0, 100", p.Collective, p.Ranks, p.Size, r.TimeS, r.AlgBwBps, r.BusBwBps, r.PctOfLowerBound)
		}
	}
}

// TestRingBusBwIsTheLinkBandwidth: with α = γ = 0 and P | n, ring AllReduce,
// ReduceScatter and AllGather run at busbw = link bandwidth exactly — the
// reason nccl-tests defines busbw with these factors.
func TestRingBusBwIsTheLinkBandwidth(t *testing.T) {
	for _, c := range []prim.Collective{prim.AllReduce, prim.ReduceScatter, prim.AllGather} {
		for _, p := range []int{2, 4, 8, 64, 1024} {
			q := base(c, sched.Ring, p)
			q.Latency = 0
			q.Size = int64(p) * 4 * 1000
			r, err := cost.Evaluate(q)
			if err != nil {
				t.Fatal(err)
			}
			if !closeRel(r.BusBwBps, 50e9) {
				t.Errorf("%s ring P=%d: busbw %g B/s, want the link's 50e9", c, p, r.BusBwBps)
			}
		}
	}
}

// TestBandwidths: algbw = S/t and busbw = algbw × nccl-tests' factor, by
// hand for a few cases; no time, no bandwidth.
func TestBandwidths(t *testing.T) {
	for _, c := range []struct {
		coll       prim.Collective
		p          int
		s          int64
		secs       float64
		algbw, bus float64
		reason     string
	}{
		{prim.AllReduce, 8, 100e6, 0.01, 10e9, 17.5e9, "2(P−1)/P = 1.75"},
		{prim.AllGather, 4, 1e9, 0.5, 2e9, 1.5e9, "(P−1)/P = 0.75"},
		{prim.Broadcast, 64, 8e9, 1, 8e9, 8e9, "factor 1"},
		{prim.AllReduce, 8, 1, 0, 0, 0, "zero time"},
	} {
		a, b := cost.Bandwidths(c.coll, c.p, c.s, c.secs)
		if !closeRel(a, c.algbw) || !closeRel(b, c.bus) {
			t.Errorf("%s: algbw %g busbw %g, want %g %g", c.reason, a, b, c.algbw, c.bus)
		}
	}
}
