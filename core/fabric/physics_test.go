package fabric

import (
	"errors"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/core/topo"
)

// cluster is p ranks on nodes of g GPUs: NVLink-class intra links, 50 GB/s
// NICs, α = 1 µs inside and 5 µs across nodes.
func cluster(p, g int) topo.Cluster {
	return topo.Cluster{Ranks: p, GPUsPerNode: g,
		Intra: topo.Link{Alpha: 1e-6, Bandwidth: 450e9}, Inter: topo.Link{Alpha: 5e-6, Bandwidth: 50e9}}
}

func build(t *testing.T, c prim.Collective, a sched.Algorithm, p int, count int) *sched.Schedule {
	t.Helper()
	s, err := sched.Build(prim.Spec{Collective: c, Ranks: p, Count: count, Op: prim.Sum}, a, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func simulate(t *testing.T, s *sched.Schedule, n *Net, gamma float64) Result {
	t.Helper()
	r, err := Simulate(s, 4, n, gamma, 0)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func near(a, b, rel float64) bool { return math.Abs(a-b) <= rel*math.Max(math.Abs(a), math.Abs(b)) }

// One message alone on its path takes α + β·bytes, whatever the fabric and
// however many hops it crosses.
func TestOneFlowIsAlphaBeta(t *testing.T) {
	s := build(t, prim.SendRecv, sched.Naive, 2, 1<<20)
	for _, spec := range []Spec{{Kind: FatTree}, {Kind: FatTree, LeafNodes: 1}, {Kind: FatTree, Tiers: 3, LeafNodes: 1, PodLeaves: 1},
		{Kind: Rail, LeafNodes: 1}, {Kind: Torus}} {
		n := Build(spec, cluster(2, 1))
		r := simulate(t, s, n, 0)
		want := 5e-6 + 4*float64(1<<20)/50e9
		if !near(r.Time, want, 1e-12) {
			t.Errorf("%+v: one flow takes %g s, want α + β·bytes = %g s", spec, r.Time, want)
		}
	}
}

// disjoint reports whether, in every round of s, no link carries two
// messages: the schedule never shares a link on n.
func disjoint(s *sched.Schedule, n *Net) bool {
	for _, rd := range s.Rounds {
		used := map[int32]bool{}
		for _, tr := range rd.Transfers {
			if tr.Src == tr.Dst {
				continue
			}
			for _, l := range n.Route(int(tr.Src), int(tr.Dst), nil) {
				if used[l] {
					return false
				}
				used[l] = true
			}
		}
	}
	return true
}

// On a non-blocking fat-tree, a schedule whose rounds never put two
// messages on one link (and whose messages in a round are equal) takes
// exactly the α-β-γ price of the executed schedule: contention is all the
// fabric adds.
func TestNonBlockingIsIdeal(t *testing.T) {
	cases := []struct {
		c prim.Collective
		a sched.Algorithm
	}{
		{prim.AllReduce, sched.Ring}, {prim.AllReduce, sched.RecursiveDoubling}, {prim.AllGather, sched.Ring},
		{prim.ReduceScatter, sched.RecursiveHalving}, {prim.AllToAll, sched.Pairwise}, {prim.AllToAll, sched.Bruck}, {prim.AllGather, sched.Bruck},
		{prim.Broadcast, sched.Binomial}, {prim.Broadcast, sched.Ring},
	}
	for _, k := range cases {
		s := build(t, k.c, k.a, 64, 64<<12)
		n := Build(Spec{Kind: FatTree, LeafNodes: 8}, cluster(64, 1))
		if !disjoint(s, n) {
			t.Errorf("%s %s: the schedule shares a link on a non-blocking fat-tree under D-mod-k", k.c, k.a)
			continue
		}
		for _, gamma := range []float64{0, 1e-11} {
			got := simulate(t, s, n, gamma).Time
			want := sim.Price(s, 4, sim.Model{Alpha: 5e-6, Beta: 1 / 50e9, Gamma: gamma}).Total()
			if !near(got, want, 1e-9) {
				t.Errorf("%s %s γ=%g: simulated %g s, α-β-γ price %g s", k.c, k.a, gamma, got, want)
			}
		}
	}
}

// Ring AllReduce talks to neighbours: over 128 nodes, 4:1 oversubscription
// costs it at most 10 %. AllToAll sends most of its bytes across leaves:
// pairwise exchange (128 ranks) and naive AllToAll (64 ranks, every
// message posted in one step) slow by at least 2.5×, and no simulated time
// beats the bisection bound.
func TestOversubscription(t *testing.T) {
	p := 128
	ring := build(t, prim.AllReduce, sched.Ring, p, 1<<22)
	time := func(s *sched.Schedule, p int, r float64) (float64, *Net) {
		n := Build(Spec{Kind: FatTree, Oversubscription: r}, cluster(p, 1))
		return simulate(t, s, n, 0).Time, n
	}
	r1, _ := time(ring, p, 1)
	r4, _ := time(ring, p, 4)
	if r4 > 1.10*r1 {
		t.Errorf("ring AllReduce: %g s at 4:1, %g s at 1:1: %.3f× (want ≤ 1.10×)", r4, r1, r4/r1)
	}
	t.Logf("ring %.3f×", r4/r1)
	for _, k := range []struct {
		a     sched.Algorithm
		p     int
		block int
	}{{sched.Pairwise, 128, 1 << 18}, {sched.Naive, 64, 1 << 16}} {
		a2a := build(t, prim.AllToAll, k.a, k.p, k.block)
		a1, _ := time(a2a, k.p, 1)
		a4, n4 := time(a2a, k.p, 4)
		size := float64(4 * k.block * k.p)
		bound := n4.AllToAllBisection(size)
		want := size * 4 * float64(k.p-16) / float64(k.p) / 50e9 // S·R·(P−L)/(P·B), L = 16
		if !near(bound, want, 1e-12) {
			t.Errorf("%s: bisection bound %g s, closed form %g s", k.a, bound, want)
		}
		if a4 < 2.5*a1 || a4 < bound {
			t.Errorf("%s AllToAll: %g s at 4:1, %g s at 1:1 (%.2f×), bisection bound %g s: want ≥ 2.5× and ≥ the bound", k.a, a4, a1, a4/a1, bound)
		}
		t.Logf("%s AllToAll %.2f× (4:1 time %g s, bisection bound %g s)", k.a, a4/a1, a4, bound)
	}
}

// Every link carries what the ledger says crosses it: a rank's NIC sends
// its inter-node bytes, its port inside the node its intra-node bytes,
// and the leaves' uplinks together the bytes between leaves.
func TestLinkBytesMatchLedger(t *testing.T) {
	p, g := 64, 4
	for _, k := range []struct {
		c prim.Collective
		a sched.Algorithm
	}{{prim.AllReduce, sched.Ring}, {prim.AllToAll, sched.Bruck}, {prim.AllReduce, sched.Rabenseifner}, {prim.Broadcast, sched.Tree}} {
		s := build(t, k.c, k.a, p, 3<<12)
		for _, spec := range []Spec{{Kind: FatTree, LeafNodes: 4, Oversubscription: 2}, {Kind: Rail, LeafNodes: 4}, {Kind: Torus}, {Kind: FatTree, LeafNodes: 2, Tiers: 3, PodLeaves: 2, Node: PCIe}} {
			n := Build(spec, cluster(p, g))
			r := simulate(t, s, n, 0)
			led := sim.NewClusterLedger(s, 4, g)
			var cross float64
			for _, rd := range s.Rounds {
				for _, tr := range rd.Transfers {
					if tr.Src != tr.Dst && n.leafOf(int(tr.Src)) != n.leafOf(int(tr.Dst)) && tr.Src/int32(g) != tr.Dst/int32(g) {
						cross += float64(4 * tr.Len)
					}
				}
			}
			var up, total float64
			for i := range n.Links {
				if i >= n.leafUp && i < n.leafDn && spec.Kind != Torus {
					up += r.Bytes[i]
				}
			}
			for q := 0; q < p; q++ {
				b := led.Ranks[q]
				if r.Bytes[n.nicUp+q] != float64(b.InterSent) || r.Bytes[n.nicDn+q] != float64(b.InterReceived) ||
					r.Bytes[n.portUp+q] != float64(b.Sent-b.InterSent) || r.Bytes[n.portDown+q] != float64(b.Received-b.InterReceived) {
					t.Fatalf("%s %s %+v rank %d: NIC %g/%g port %g/%g bytes, ledger %+v", k.c, k.a, spec, q,
						r.Bytes[n.nicUp+q], r.Bytes[n.nicDn+q], r.Bytes[n.portUp+q], r.Bytes[n.portDown+q], b)
				}
				total += r.Bytes[n.nicUp+q] + r.Bytes[n.portUp+q]
			}
			if total != float64(led.TotalBytes) {
				t.Errorf("%s %s %+v: %g bytes leave the GPUs, ledger %d", k.c, k.a, spec, total, led.TotalBytes)
			}
			if spec.Kind != Torus && up != cross {
				t.Errorf("%s %s %+v: uplinks carry %g bytes, %g cross leaves", k.c, k.a, spec, up, cross)
			}
		}
	}
}

// GPUs sharing a NIC (a system with fewer NICs than GPUs) share its rate,
// g/NICs times one GPU's network bandwidth: one flow alone gets all of it,
// and the NIC carries the inter-node bytes of all its GPUs.
func TestSharedNIC(t *testing.T) {
	s := build(t, prim.SendRecv, sched.Naive, 2, 1<<20)
	n := Build(Spec{Kind: FatTree, NICs: 1}, cluster(2, 1))
	if r := simulate(t, s, n, 0); !near(r.Time, 5e-6+4*float64(1<<20)/50e9, 1e-12) {
		t.Errorf("NICs ≥ GPUs: %g s", r.Time)
	}
	ring := build(t, prim.AllReduce, sched.Ring, 16, 1<<16)
	n = Build(Spec{Kind: FatTree, NICs: 2, LeafNodes: 2}, cluster(16, 4)) // 4 nodes of 4 GPUs, 2 NICs each
	if len(n.Links) == 0 || n.Links[n.nicUp].Cap != 100e9 || n.nicDn-n.nicUp != 8 {
		t.Fatalf("NIC links: %d of %g B/s", n.nicDn-n.nicUp, n.Links[n.nicUp].Cap)
	}
	r := simulate(t, ring, n, 0)
	led := sim.NewClusterLedger(ring, 4, 4)
	for k := 0; k < 8; k++ {
		var want int64
		for q := 0; q < 16; q++ {
			if n.nicOf(q) == k {
				want += led.Ranks[q].InterSent
			}
		}
		if r.Bytes[n.nicUp+k] != float64(want) {
			t.Errorf("NIC %d carries %g bytes, its GPUs send %d across nodes", k, r.Bytes[n.nicUp+k], want)
		}
	}
	one := build(t, prim.SendRecv, sched.Naive, 8, 1<<20) // one message between the two nodes
	n = Build(Spec{Kind: FatTree, NICs: 1}, cluster(8, 4))
	if got := simulate(t, one, n, 0).Time; !near(got, 5e-6+4*float64(1<<20)/200e9, 1e-12) {
		t.Errorf("one message alone on a NIC of 4 GPUs: %g s, want α + bytes ÷ 200 GB/s", got)
	}
}

// A run over its work cap stops with a field error on ranks.
func TestWorkCap(t *testing.T) {
	s := build(t, prim.AllToAll, sched.Naive, 64, 1<<10)
	_, err := Simulate(s, 4, Build(Spec{Kind: Torus}, cluster(64, 1)), 0, 1000)
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "ranks" || fe.ID != "fabric.work" {
		t.Errorf("got %v", err)
	}
}
