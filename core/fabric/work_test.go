package fabric

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// The work cap a caller grants before simulating (Net.WorkCap: 256 units
// per flow and hop at 4:1 on a fat-tree or rail fabric, 4,096 on a torus,
// decided from the schedule's size and the fabric alone) is at least twice
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
					if limit := net.WorkCap(int64(r.Flows)); r.Flows > 0 && 2*r.Work > limit {
						t.Errorf("%s %s P=%d %s: %d units of work for %d flows of up to %d hops, more than half the cap %d",
							a, c, p, kind, r.Work, r.Flows, net.MaxHops(), limit)
					}
				}
			}
		}
	}
}
