package cost

import (
	"testing"

	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// StartFabricTime advanced in small slices gives FabricTime's answer, which
// is the time Evaluate simulates for the same question (another path
// through the simulator), with the progress rising to 1, never back.
func TestFabricTimeRunInSlices(t *testing.T) {
	for _, c := range []struct {
		coll prim.Collective
		alg  sched.Algorithm
	}{{prim.AllReduce, sched.Ring}, {prim.AllToAll, sched.Pairwise}, {prim.AllReduce, sched.Auto}} {
		p := Params{Collective: c.coll, Algorithm: c.alg, Ranks: 32, GPUsPerNode: 4, Size: 64 << 20, ElemSize: 4,
			Bandwidth: 50e9, Latency: 5e-6, Efficiency: 1, IntraBandwidth: 450e9, IntraLatency: 1e-6,
			Fabric: fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: 2}}
		whole, terms, alg, err := FabricTime(p)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Evaluate(p)
		if err != nil || r.TimeS != whole || r.Algorithm != string(alg) || r.Fabric.IdealTimeS != terms.Time() {
			t.Errorf("%s/%s: FabricTime %v (%s, ideal %v), Evaluate %v (%s, ideal %v; %v)", c.coll, c.alg, whole, alg, terms.Time(), r.TimeS, r.Algorithm, r.Fabric.IdealTimeS, err)
		}
		run, err := StartFabricTime(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		last, slices := run.Progress(), 0
		for {
			done, err := run.Advance(500)
			if err != nil {
				t.Fatal(err)
			}
			slices++
			if p := run.Progress(); p < last {
				t.Fatalf("progress %v after %v", p, last)
			} else {
				last = p
			}
			if done {
				break
			}
		}
		if run.Time() != whole || last != 1 || slices < 2 || run.Work() <= 0 {
			t.Errorf("%s/%s: in %d slices %v (progress %v, work %d), at once %v", c.coll, c.alg, slices, run.Time(), last, run.Work(), whole)
		}
	}
}
