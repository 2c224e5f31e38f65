package cost

import (
	"math/rand/v2"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// classicPairs are the (collective, algorithm) pairs of the classic MPI
// algorithms: recursive doubling/halving, Rabenseifner, Bruck, pairwise
// ReduceScatter, scatter + allgather.
var classicPairs = []struct {
	c prim.Collective
	a sched.Algorithm
}{
	{prim.AllGather, sched.RecursiveDoubling},
	{prim.AllReduce, sched.RecursiveDoubling},
	{prim.ReduceScatter, sched.RecursiveHalving},
	{prim.AllReduce, sched.Rabenseifner},
	{prim.Reduce, sched.Rabenseifner},
	{prim.AllGather, sched.Bruck},
	{prim.AllToAll, sched.Bruck},
	{prim.ReduceScatter, sched.Pairwise},
	{prim.Broadcast, sched.ScatterAllgather},
}

// TestClassicClosedFormsDense extends the central cross-check to every
// element count up to 2P+3 (P ≤ 40) and some random large ones, with every
// root for small P: the closed form's time, terms, steps, busiest rank and total
// bytes equal the executed schedule's price and ledger.
func TestClassicClosedFormsDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m := sim.Model{Alpha: 7e-6, Beta: 1 / 25e9, Gamma: 2e-11}
	ranks := []int{}
	for p := 1; p <= 40; p++ {
		ranks = append(ranks, p)
	}
	ranks = append(ranks, 63, 64, 65, 96, 127)
	for _, cp := range classicPairs {
		for _, p := range ranks {
			counts := []int{0, 1, p - 1, p, p + 1, p + p/2, 2*p + 3}
			if p <= 40 { // every residue of n mod P and of n mod P'
				counts = counts[:0]
				for n := 0; n <= 2*p+3; n++ {
					counts = append(counts, n)
				}
			}
			for range 3 {
				counts = append(counts, rng.IntN(5000))
			}
			roots := []int{0}
			if cp.c.Rooted() && p <= 12 {
				roots = roots[:0]
				for r := 0; r < p; r++ {
					roots = append(roots, r)
				}
			} else if cp.c.Rooted() {
				roots = append(roots, p-1, p/2+1)
			}
			for i, n := range counts {
				for _, e := range []int{1 + 7*(i%2)} { // element sizes 1 and 8 alternate
					for _, root := range roots {
						par := Params{Collective: cp.c, Algorithm: cp.a, Ranks: p, Root: root,
							Size: int64(n * e), ElemSize: e, Bandwidth: 25e9, Efficiency: 1, Latency: m.Alpha, Gamma: m.Gamma}
						checkClosedForm(t, par, m)
					}
				}
			}
		}
	}
}

// TestClassicTextbookForms: on the shapes where the sources state them (P a
// power of two or P' | n), the closed forms are the textbook expressions.
// α = 1, β = 1/B with B = 1 B/s and γ = 1, so the terms read as counts of
// rounds, bytes and bytes reduced.
func TestClassicTextbookForms(t *testing.T) {
	cases := []struct {
		reason    string
		c         prim.Collective
		a         sched.Algorithm
		p         int
		s         float64 // bytes (ElemSize 1)
		steps     int
		bw, gamma float64 // in units of S
	}{
		{"RD allreduce, P = 8: log₂P full-vector exchanges", prim.AllReduce, sched.RecursiveDoubling, 8, 1024, 3, 3, 3},
		{"RD allreduce, P = 6: + fold-in (reduced) and fold-out", prim.AllReduce, sched.RecursiveDoubling, 6, 1200, 4, 4, 3},
		{"RD allgather, P = 8: (P−1)/P·S", prim.AllGather, sched.RecursiveDoubling, 8, 1024, 3, 7.0 / 8, 0},
		{"RD allgather, P = 6: blocks of 2+1 ranks, then 4+… : (P'−1+Σmin(2^k,r))/P·S + S/P + S", prim.AllGather, sched.RecursiveDoubling, 6, 1200, 4, 6.0/6 + 1.0/6 + 1, 0},
		{"RH reducescatter, P = 8: (P−1)/P·S·(β+γ)", prim.ReduceScatter, sched.RecursiveHalving, 8, 1024, 3, 7.0 / 8, 7.0 / 8},
		{"RH reducescatter, P = 6: + S·(β+γ) fold-in and S/P fold-out", prim.ReduceScatter, sched.RecursiveHalving, 6, 1200, 4, 1 + 1 + 1.0/6, 2},
		{"Rabenseifner allreduce, P = 16: 2L·α + 2(P−1)/P·S·β + (P−1)/P·S·γ", prim.AllReduce, sched.Rabenseifner, 16, 1600, 8, 30.0 / 16, 15.0 / 16},
		{"Rabenseifner allreduce, P = 12: P' = 8, + 2α + 2S·β + S·γ", prim.AllReduce, sched.Rabenseifner, 12, 1600, 8, 14.0/8 + 2, 7.0/8 + 1},
		{"Rabenseifner reduce, P = 8", prim.Reduce, sched.Rabenseifner, 8, 800, 6, 14.0 / 8, 7.0 / 8},
		{"Rabenseifner reduce, P = 5: only a fold-in", prim.Reduce, sched.Rabenseifner, 5, 800, 5, 6.0/4 + 1, 3.0/4 + 1},
		{"Bruck allgather, P = 6: L = 3 rounds, (P−1)/P·S", prim.AllGather, sched.Bruck, 6, 1200, 3, 5.0 / 6, 0},
		{"Bruck alltoall, P = 8: L rounds of S/2", prim.AllToAll, sched.Bruck, 8, 1024, 3, 1.5, 0},
		{"Bruck alltoall, P = 6: |J| = 3, 2, 2 blocks of S/6", prim.AllToAll, sched.Bruck, 6, 1200, 3, 7.0 / 6, 0},
		{"pairwise reducescatter, P = 5: (P−1)/P·S·(β+γ)", prim.ReduceScatter, sched.Pairwise, 5, 1000, 4, 4.0 / 5, 4.0 / 5},
		{"scatter+allgather broadcast, P = 8: 2L·α + 2(P−1)/P·S·β", prim.Broadcast, sched.ScatterAllgather, 8, 1024, 6, 14.0 / 8, 0},
		{"scatter+allgather broadcast, P = 5: P' = 4, + α + S·β", prim.Broadcast, sched.ScatterAllgather, 5, 1024, 5, 6.0/4 + 1, 0},
	}
	for _, tc := range cases {
		r, err := Evaluate(Params{Collective: tc.c, Algorithm: tc.a, Ranks: tc.p, Size: int64(tc.s), ElemSize: 1,
			Bandwidth: 1, Efficiency: 1, Latency: 1, Gamma: 1})
		if err != nil {
			t.Fatalf("%s: %v", tc.reason, err)
		}
		if !r.Exact || r.Steps != tc.steps || !near(r.LatencyTermS, float64(tc.steps)) ||
			!near(r.BandwidthTermS, tc.bw*tc.s) || !near(r.ComputeTermS, tc.gamma*tc.s) {
			t.Errorf("%s: exact=%v steps %d, α-term %g, β-term %g, γ-term %g; want %d, %d, %g, %g",
				tc.reason, r.Exact, r.Steps, r.LatencyTermS, r.BandwidthTermS, r.ComputeTermS,
				tc.steps, tc.steps, tc.bw*tc.s, tc.gamma*tc.s)
		}
		if f := formulaOf(tc.c, tc.a); f.Text == "" || f.Source == "" || r.Formula != f.Text {
			t.Errorf("%s: formula %q, source %q", tc.reason, f.Text, f.Source)
		}
	}
}

// TestBruckHelpersByEnumeration checks the O(1)/O(P) Bruck helpers against
// direct enumeration of what every rank sends: the round maximum
// (bruckWindow) and the busiest rank's total (bruckBusiest), for every P up
// to 80 and every rem.
func TestBruckHelpersByEnumeration(t *testing.T) {
	for p := int64(2); p <= 80; p++ {
		for rem := int64(0); rem < p; rem++ {
			big := func(d int64) int64 { return b2i(d%p < rem) } // destination d has a larger block
			total := make([]int64, p)
			for h := int64(1); h < p; h <<= 1 {
				want := int64(0)
				for i := int64(0); i < p; i++ {
					got := int64(0)
					for j := int64(0); j < p; j++ {
						if j&h != 0 {
							got += big(i + j&^(h-1))
						}
					}
					want = max(want, got)
					total[i] += got
				}
				if got := bruckWindow(p, h, rem); got != want {
					t.Errorf("bruckWindow(P=%d, 2^k=%d, rem=%d) = %d, enumeration %d", p, h, rem, got, want)
				}
			}
			want := int64(0)
			for _, x := range total {
				want = max(want, x)
			}
			if got := bruckBusiest(p, rem); got != want {
				t.Errorf("bruckBusiest(P=%d, rem=%d) = %d, enumeration %d", p, rem, got, want)
			}
		}
	}
}

// TestFoldHelpers checks the small counting helpers against enumeration.
func TestFoldHelpers(t *testing.T) {
	for p := int64(1); p <= 70; p++ {
		f := foldOf(p)
		if f.pp&(f.pp-1) != 0 || f.pp > p || 2*f.pp <= p || f.r != p-f.pp || 1<<f.levels != f.pp {
			t.Errorf("foldOf(%d) = %+v", p, f)
		}
		for h := int64(1); h < p; h <<= 1 {
			n := int64(0)
			for j := int64(0); j < p; j++ {
				n += b2i(j&h != 0)
			}
			if got := bitCount(p, h); got != n {
				t.Errorf("bitCount(%d, %d) = %d, want %d", p, h, got, n)
			}
		}
		for n := int64(0); n <= 3*p; n++ {
			ne := split(n, p)
			odd, hop := int64(0), int64(0)
			for v := int64(0); v < p; v++ {
				if v%2 == 1 && v < 2*f.r {
					odd += ne.size(v)
				}
				for x := v; x > 0; x &= x - 1 {
					hop += ne.size(v)
				}
			}
			if got := ne.oddBlocks(f.r); got != odd {
				t.Errorf("P=%d n=%d: oddBlocks = %d, want %d", p, n, got, odd)
			}
			if got := ne.hopWeighted(); got != hop {
				t.Errorf("P=%d n=%d: hopWeighted = %d, want %d", p, n, got, hop)
			}
			pre := int64(0)
			for x := int64(0); x <= p; x++ {
				if got := ne.prefix(x); got != pre {
					t.Errorf("P=%d n=%d: prefix(%d) = %d, want %d", p, n, x, got, pre)
				}
				if x < p {
					pre += ne.size(x)
				}
			}
		}
	}
}
