package fabric

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// The work cap a caller grants before simulating (Net.WorkCap: 1,024 units
// per flow and hop at 4:1 on a fat-tree or rail fabric, 2,048 on a torus,
// at most the schedule's ceiling, decided from the schedule's collective,
// algorithm and size and the fabric alone) is at least twice
// the work the simulation spends, for every collective and algorithm at P
// of 16, 64 and 256 on nodes of 8 GPUs, on a fat-tree, a rail fabric and a
// torus at 4:1: so what is refused before the run is what would be large,
// and no collective schedule of these sizes runs into the cap.
func TestWorkWithinCap(t *testing.T) {
	for _, p := range []int{16, 64, 256} {
		for _, kind := range []string{FatTree, Rail, Torus} {
			net := Build(Spec{Kind: kind, Oversubscription: 4, LeafNodes: 2}, cluster(p, 8))
			for _, c := range prim.Collectives() {
				for _, a := range sched.Applicable(c) {
					s, err := sched.Build(prim.Spec{Collective: c, Ranks: p, Op: prim.Sum, Count: 64 * p}, a, sched.Options{GPUsPerNode: 8})
					if err != nil {
						t.Fatalf("%s %s P=%d: %v", a, c, p, err)
					}
					r, err := Simulate(s, 4, net, 1e-10, 0)
					if err != nil {
						t.Fatalf("%s %s P=%d %s: %v", a, c, p, kind, err)
					}
					if limit := net.WorkCap(c, a, int64(r.Flows)); r.Flows > 0 && 2*r.Work > limit {
						t.Errorf("%s %s P=%d %s: %d units of work for %d flows of up to %d hops, more than half the cap %d",
							a, c, p, kind, r.Work, r.Flows, net.MaxHops(), limit)
					}
				}
			}
		}
	}
}

// Every collective and algorithm of the registry has one work ceiling
// (workCeilings), none above the largest allowance WorkPerLink grants up
// to 64:1, and WorkPerLinkOf is the fabric's allowance at most that
// ceiling (R/64 times it past 64:1): ring AllReduce keeps 128 units a
// link at 8:1 and on a torus, where the fabric allows 5,120 and 2,048, a
// tree's AllReduce the fabric's 64 at 1:1 and 256 at 2:1, below its
// ceiling of 1,024, and recursive doubling's, whose ceiling is 5,120, the
// fabric's allowance at every ratio.
func TestWorkCeilings(t *testing.T) {
	seen := map[scheduleWork]int{}
	for _, w := range workCeilings {
		seen[scheduleWork{c: w.c, a: w.a}]++
		if w.units < 64 || w.units > 5120 {
			t.Errorf("%s %s: ceiling %d, want 64 (the allowance at 1:1) to 5,120 units", w.a, w.c, w.units)
		}
	}
	for _, c := range prim.Collectives() {
		for _, a := range sched.Applicable(c) {
			if n := seen[scheduleWork{c: c, a: a}]; n != 1 {
				t.Errorf("%s %s: %d work ceilings, want 1", a, c, n)
			}
		}
	}
	for _, tc := range []struct {
		spec Spec
		c    prim.Collective
		a    sched.Algorithm
		want int64
	}{
		{Spec{Kind: FatTree, Oversubscription: 8}, prim.AllReduce, sched.Ring, 128},
		{Spec{Kind: Torus}, prim.AllReduce, sched.Ring, 128},
		{Spec{Kind: FatTree}, prim.AllReduce, sched.Tree, 64},
		{Spec{Kind: FatTree, Oversubscription: 2}, prim.AllReduce, sched.Tree, 256},
		{Spec{Kind: FatTree, Oversubscription: 8}, prim.AllReduce, sched.Tree, 1024},
		{Spec{Kind: FatTree, Oversubscription: 8}, prim.AllReduce, sched.Naive, 64},
		{Spec{Kind: Rail, Oversubscription: 3}, prim.AllReduce, sched.RecursiveDoubling, 1024},
		{Spec{Kind: FatTree, Oversubscription: 128}, prim.AllGather, sched.Bruck, 8192},
		{Spec{Kind: FatTree, Oversubscription: 96}, prim.AllToAll, sched.Pairwise, 3072},
		{Spec{Kind: Rail, Oversubscription: 256}, prim.AllReduce, sched.RecursiveDoubling, 20480},
		{Spec{Kind: Torus}, prim.AllGather, sched.Bruck, 2048},
	} {
		if got := tc.spec.WorkPerLinkOf(tc.c, tc.a); got != tc.want {
			t.Errorf("%s %s on %s %g:1: %d units a message and link, want %d", tc.a, tc.c, tc.spec.Kind, tc.spec.Oversubscription, got, tc.want)
		}
	}
}
