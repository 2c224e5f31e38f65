package cost

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/core/topo"
)

// cluster is the lecture's two-class setting on nodes×g ranks: NVLink 4
// inside a node (450 GB/s, α = 1 µs), 400G InfiniBand across (50 GB/s,
// α = 5 µs), γ = 3e-11 s/B.
func cluster(c prim.Collective, a sched.Algorithm, nodes, g, n, e int) Params {
	return Params{Collective: c, Algorithm: a, Ranks: nodes * g, Size: int64(n * e), ElemSize: e,
		Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6, Gamma: 3e-11,
		GPUsPerNode: g, IntraBandwidth: 450e9, IntraLatency: 1e-6}
}

// checkTopo cross-checks p on its cluster: the closed form's byte summary
// equals the ledger of the executed schedule; an exact closed form equals
// the executed cost term by term; an inexact one is never below it (it is an
// upper bound); the executed outputs equal the reference semantics.
// It returns the evaluated result and the executed cost.
func checkTopo(t *testing.T, p Params, rng *rand.Rand) (Result, sim.Cost) {
	t.Helper()
	name := fmt.Sprintf("%s/%s/P=%d/g=%d/S=%d/slow=%+v", p.Collective, p.Algorithm, p.Ranks, p.GPUsPerNode, p.Size, p.Slow)
	r, err := Evaluate(p)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	s, err := sched.Build(p.Spec(), p.Algorithm, sched.Options{Chunks: r.Chunks, GPUsPerNode: p.GPUsPerNode})
	if err != nil {
		t.Fatalf("%s: Build: %v", name, err)
	}
	if err := s.Verify(); err != nil {
		t.Fatalf("%s: Verify: %v", name, err)
	}
	price := sim.Price(s, p.ElemSize, p.Model())
	l := sim.NewClusterLedger(s, p.ElemSize, p.Cluster().GPUsPerNode)
	if r.BytesSentPerRank != l.Ranks[l.Busiest].Sent || r.TotalBytes != l.TotalBytes {
		t.Errorf("%s: closed form sends %d (busiest) / %d (total), ledger %d / %d", name,
			r.BytesSentPerRank, r.TotalBytes, l.Ranks[l.Busiest].Sent, l.TotalBytes)
	}
	if r.Exact {
		if r.Steps != l.Steps || !near(r.TimeS, price.Total()) || !near(r.LatencyTermS, price.Latency) ||
			!near(r.BandwidthTermS, price.Bandwidth) || !near(r.ComputeTermS, price.Compute) {
			t.Errorf("%s: closed form %d steps %g (α %g β %g γ %g) ≠ executed %d steps %g (α %g β %g γ %g)", name,
				r.Steps, r.TimeS, r.LatencyTermS, r.BandwidthTermS, r.ComputeTermS,
				l.Steps, price.Total(), price.Latency, price.Bandwidth, price.Compute)
		}
	} else if r.TimeS < price.Total()*(1-1e-12) && p.Algorithm != sched.Tree {
		t.Errorf("%s: inexact closed form %g is below the executed cost %g: not an upper bound", name, r.TimeS, price.Total())
	}
	if p.Collective == prim.AllReduce && rng != nil {
		sp := p.Spec()
		in := make([][]int64, sp.Ranks)
		for i := range in {
			in[i] = make([]int64, sp.InLen(i))
			for j := range in[i] {
				in[i][j] = rng.Int64N(1000) - 500
			}
		}
		want, _ := prim.Reference(sp, in)
		got, err := sim.Execute(s, in)
		if err != nil || !slices.EqualFunc(want, got, slices.Equal) {
			t.Errorf("%s: executed outputs differ from the reference (err %v)", name, err)
		}
	}
	return r, price
}

// TestHierarchicalProperties: for many (nodes, GPUs per node), even and
// uneven element counts and both element sizes, hierarchical AllReduce
// computes the reference result, its ledger equals the closed form's bytes
// and the closed form equals the executed cost (it is exact everywhere);
// the busiest rank's inter-node bytes equal hierInterMaxSent, which is
// 2(k−1)/k·S/g when P | n.
func TestHierarchicalProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, nodes := range []int{1, 2, 3, 4, 5, 8} {
		for _, g := range []int{1, 2, 3, 4, 8} {
			p := nodes * g
			for _, n := range []int{0, 1, g - 1, p - 1, p, p + 1, 3*p + 2, 1000, 1009} {
				for _, e := range []int{1, 4} {
					par := cluster(prim.AllReduce, sched.Hierarchical, nodes, g, max(n, 0), e)
					r, _ := checkTopo(t, par, rng)
					if !r.Exact {
						t.Errorf("nodes=%d g=%d n=%d: hierarchical closed form not exact", nodes, g, n)
					}
					tr := r.Topology
					if tr == nil || tr.Ledger == nil {
						t.Fatalf("nodes=%d g=%d n=%d: no topology ledger", nodes, g, n)
					}
					if tr.InterBytesPerRank != tr.Ledger.MaxInterSent {
						t.Errorf("nodes=%d g=%d n=%d e=%d: inter bytes per rank %d by the closed form, %d by the ledger",
							nodes, g, n, e, tr.InterBytesPerRank, tr.Ledger.MaxInterSent)
					}
					if n > 0 && n%p == 0 {
						want := int64(2*(nodes-1)) * par.Size / int64(nodes) / int64(g)
						if tr.InterBytesPerRank != want {
							t.Errorf("nodes=%d g=%d n=%d: inter bytes per rank %d, want 2(k−1)/k·S/g = %d", nodes, g, n, tr.InterBytesPerRank, want)
						}
					}
				}
			}
		}
	}
}

// TestHierarchicalTextbookForm: with P | n the closed form is the textbook
// 2(g−1)α₁ + 2(g−1)/g·S·β₁ + 2(k−1)α₂ + 2(k−1)/k·(S/g)·β₂ (γ = 0).
func TestHierarchicalTextbookForm(t *testing.T) {
	for _, tc := range []struct{ nodes, g int }{{128, 8}, {2, 8}, {16, 4}, {1, 8}, {8, 1}} {
		p := cluster(prim.AllReduce, sched.Hierarchical, tc.nodes, tc.g, tc.nodes*tc.g*1024, 4)
		p.Gamma = 0
		r, err := Evaluate(p)
		if err != nil {
			t.Fatal(err)
		}
		g, k, S := float64(tc.g), float64(tc.nodes), float64(p.Size)
		want := 2*(g-1)*1e-6 + 2*(g-1)/g*S/450e9 + 2*(k-1)*5e-6 + 2*(k-1)/k*(S/g)/50e9
		if !near(r.TimeS, want) {
			t.Errorf("%d×%d: %g s, want %g s", tc.nodes, tc.g, r.TimeS, want)
		}
	}
}

// TestFlatAlgorithmsOnTwoClasses: every algorithm of every collective on
// clusters with two link classes (and on one class) — bytes equal the
// ledger; exact forms equal the executed cost (ring with P | n, single-class
// clusters); the rest are upper bounds of it.
func TestFlatAlgorithmsOnTwoClasses(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, sh := range []struct{ nodes, g int }{{1, 4}, {4, 1}, {2, 4}, {3, 2}, {4, 4}, {2, 3}, {8, 2}, {2, 8}} {
				p := sh.nodes * sh.g
				for _, n := range []int{1, p, 4 * p, 4*p + 3, 1009} {
					par := cluster(c, a, sh.nodes, sh.g, n, 4)
					if c.Rooted() {
						par.Root = p / 3
					}
					r, _ := checkTopo(t, par, nil)
					pow2 := p&(p-1) == 0 && sh.g&(sh.g-1) == 0
					mask := (a == sched.RecursiveDoubling || a == sched.RecursiveHalving || a == sched.Rabenseifner) && pow2 && par.Root%sh.g == 0
					mustExact := sh.nodes == 1 || sh.g == 1 || mask ||
						a == sched.Ring && (c == prim.AllReduce || c == prim.ReduceScatter || c == prim.AllGather) && n%p == 0 ||
						a == sched.Hierarchical
					if mustExact && a != sched.Tree && !r.Exact {
						t.Errorf("%s/%s %d×%d n=%d: want an exact closed form", c, a, sh.nodes, sh.g, n)
					}
				}
			}
		}
	}
}

// TestFlatRingVersusHierarchical is the lecture's §9 question on 128 nodes
// × 8 GPUs: one flat ring over 1024 ranks sends 2(P−1)/P·S across nodes
// from each rank at a node boundary; hierarchical sends 2(k−1)/k·S/g from
// every rank, 8.06× less per rank, and is faster on the same links. The
// flat ring's closed form on the two classes is exact (P | n) and its
// busiest port is an inter-node one in every round.
func TestFlatRingVersusHierarchical(t *testing.T) {
	const nodes, g, P = 128, 8, 1024
	n := P * 256 // 1 MiB of float32
	h := cluster(prim.AllReduce, sched.Hierarchical, nodes, g, n, 4)
	rh, err := Evaluate(h)
	if err != nil {
		t.Fatal(err)
	}
	ring := h
	ring.Algorithm = sched.Ring
	rr, price := checkTopo(t, ring, nil)
	S := h.Size
	if got, want := rh.Topology.InterBytesPerRank, 2*int64(nodes-1)*S/nodes/g; got != want {
		t.Errorf("hierarchical inter bytes per rank %d, want %d", got, want)
	}
	if got, want := rh.Topology.FlatRing.InterBytesPerRank, 2*int64(P-1)*S/P; got != want || rr.Topology.InterBytesPerRank != want {
		t.Errorf("flat ring inter bytes per rank %d (ring's own result %d), want %d", got, rr.Topology.InterBytesPerRank, want)
	}
	if !rr.Exact || !near(rh.Topology.FlatRing.TimeS, rr.TimeS) || rr.TimeS <= rh.TimeS {
		t.Errorf("flat ring %g s (exact %v, reported beside hierarchical %g s) vs hierarchical %g s", rr.TimeS, rr.Exact, rh.Topology.FlatRing.TimeS, rh.TimeS)
	}
	cl := ring.Cluster()
	s, _ := sched.Build(ring.Spec(), sched.Ring, sched.Options{})
	for i, rc := range price.Rounds {
		crit := rc.Critical
		inter := false
		for _, x := range s.Rounds[i].Transfers {
			if (int(x.Src) == crit || int(x.Dst) == crit) && cl.ClassOf(int(x.Src), int(x.Dst)) == topo.Inter {
				inter = true
			}
		}
		if !inter {
			t.Fatalf("round %d: the busiest port (rank %d) is not on an inter-node link", i, crit)
		}
	}
}

// TestStraggler: one rank slowed by f multiplies ring AllReduce's bandwidth
// term by f and leaves its latency term alone — every round waits for the
// straggler's port (flat network and two classes, closed form and executed
// schedule); a slow link the ring uses does the same, one it never uses
// changes nothing.
func TestStraggler(t *testing.T) {
	for _, tc := range []struct {
		nodes, g int
		slow     topo.Slow
		factor   float64 // expected growth of the bandwidth term
		reason   string
	}{
		{8, 1, topo.Slow{Factor: 4, Rank: 3}, 4, "flat ring, straggler rank 3"},
		{8, 1, topo.Slow{Factor: 2.5, Rank: 0}, 2.5, "flat ring, straggler rank 0 (wraps)"},
		{4, 8, topo.Slow{Factor: 4, Rank: 7}, 4, "two classes, straggler sending across nodes"},
		{4, 8, topo.Slow{Factor: 4, Rank: 8}, 4, "two classes, straggler receiving across nodes"},
		{4, 8, topo.Slow{Factor: 4, Rank: 10}, 1, "two classes, straggler inside a node: its NVLink ×4 is still faster than IB"},
		{8, 1, topo.Slow{Factor: 4, IsLink: true, A: 3, B: 4}, 4, "slow link 3-4 is a ring link"},
		{8, 1, topo.Slow{Factor: 4, IsLink: true, A: 2, B: 5}, 1, "slow link 2-5 is not on the ring"},
	} {
		p := cluster(prim.AllReduce, sched.Ring, tc.nodes, tc.g, tc.nodes*tc.g*4096, 4)
		if tc.g == 1 {
			p.GPUsPerNode = 0 // a flat network
		}
		base, basePrice := checkTopo(t, p, nil)
		p.Slow = tc.slow
		slow, slowPrice := checkTopo(t, p, nil)
		if !slow.Exact {
			t.Errorf("%s: closed form not exact", tc.reason)
		}
		if !near(slow.BandwidthTermS, tc.factor*base.BandwidthTermS) || !near(slow.LatencyTermS, base.LatencyTermS) {
			t.Errorf("%s: bandwidth term %g → %g (×%g), latency %g → %g; want ×%g and unchanged", tc.reason,
				base.BandwidthTermS, slow.BandwidthTermS, slow.BandwidthTermS/base.BandwidthTermS, base.LatencyTermS, slow.LatencyTermS, tc.factor)
		}
		if !near(slowPrice.Bandwidth, tc.factor*basePrice.Bandwidth) {
			t.Errorf("%s: executed bandwidth term %g → %g, want ×%g", tc.reason, basePrice.Bandwidth, slowPrice.Bandwidth, tc.factor)
		}
		// slow_ratio is the two executed prices' ratio, derived here.
		if want := slowPrice.Total() / basePrice.Total(); slow.Topology == nil || !near(slow.Topology.SlowRatio, want) {
			t.Errorf("%s: slow_ratio %v, want executed %g / %g = %g", tc.reason, slow.Topology, slowPrice.Total(), basePrice.Total(), want)
		}
	}
}

// TestFlatRingInterRatio: the lecture's 128 × 8 question. The flat ring's
// busiest rank (at a node boundary) sends 2(P−1)/P·S across nodes, the
// hierarchical's 2(k−1)/k·S/g, so inter_ratio = g·(P−1)/P·k/(k−1) ≈ 8.06.
func TestFlatRingInterRatio(t *testing.T) {
	const k, g, n = 128, 8, 1 << 28 // 1 GiB of float32: divisible by P and by g·k·… so the forms are exact
	r, err := Evaluate(cluster(prim.AllReduce, sched.Hierarchical, k, g, n, 4))
	if err != nil {
		t.Fatal(err)
	}
	P, S := float64(k*g), float64(n*4)
	if fr := r.Topology.FlatRing; fr == nil ||
		!near(float64(fr.InterBytesPerRank), 2*(P-1)/P*S) ||
		!near(float64(r.Topology.InterBytesPerRank), 2*float64(k-1)/k*S/g) ||
		!near(fr.InterRatio, g*(P-1)/P*k/(k-1)) {
		t.Errorf("flat ring %+v, hierarchical inter bytes %d; want %g, %g, ratio %g", fr, r.Topology.InterBytesPerRank,
			2*(P-1)/P*S, 2*float64(k-1)/k*S/g, g*(P-1)/P*k/(k-1))
	}
}

// TestSlowdownOnEveryAlgorithm: with a straggler every algorithm's closed
// form is exact or an upper bound of the executed schedule, and bytes do
// not change.
func TestSlowdownOnEveryAlgorithm(t *testing.T) {
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			for _, sl := range []topo.Slow{{Factor: 3, Rank: 2}, {Factor: 3, IsLink: true, A: 1, B: 2}, {Factor: 2, IsLink: true, A: 5, B: 0}} {
				for _, n := range []int{6, 24, 1009} {
					par := cluster(c, a, 3, 2, n, 4)
					par.Slow = sl
					checkTopo(t, par, nil)
				}
			}
		}
	}
}
