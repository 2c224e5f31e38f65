package cost_test

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// onceFabrics are the switched fabrics the grid below runs on: leaves of
// two nodes, so that the spine carries traffic at every P.
var onceFabrics = []fabric.Spec{
	{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: 2},
	{Kind: fabric.FatTree, Tiers: 3, PodLeaves: 2, LeafNodes: 1, Oversubscription: 2},
	{Kind: fabric.Rail, Oversubscription: 2, LeafNodes: 2},
	{Kind: fabric.Torus},
}

// onceQuestions calls f with every question of the grid: each collective
// with each applicable algorithm and auto, on a flat network of 12 ranks
// and on nodes of 4 GPUs (32 ranks), at a size P divides and one it does
// not (uneven blocks), a rooted collective at its last rank, on each of
// onceFabrics.
func onceQuestions(f func(name string, p cost.Params)) {
	for _, c := range prim.Collectives() {
		for _, a := range append(sched.Applicable(c), sched.Auto) {
			for _, nodes := range []struct{ ranks, gpn int }{{12, 0}, {32, 4}} {
				if a == sched.Hierarchical && nodes.gpn == 0 {
					continue
				}
				for _, size := range []int64{3 << 20, 1<<20 + 4*7} {
					for _, fs := range onceFabrics {
						p := base(c, a, nodes.ranks)
						p.Size = size
						if c == prim.SendRecv {
							p.Ranks = 2
						}
						if c.Rooted() {
							p.Root = p.Ranks - 1
						}
						if nodes.gpn > 0 && c != prim.SendRecv {
							p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = nodes.gpn, 450e9, 1e-6
						}
						p.Fabric = fs
						f(fmt.Sprintf("%s %s P=%d g=%d %d B on %s", c, a, p.Ranks, p.GPUsPerNode, size, fabricName(fs)), p)
					}
				}
			}
		}
	}
}

func fabricName(fs fabric.Spec) string {
	return fmt.Sprintf("%s tiers=%d %g:1", fs.Kind, fs.Tiers, fs.Oversubscription)
}

// freshSimulation is p's schedule built anew (ScheduleOf) and simulated on
// p's fabric with the work cap Evaluate grants: the answer as it is derived
// without Evaluate.
func freshSimulation(t *testing.T, p cost.Params) (*fabric.Net, fabric.Result) {
	t.Helper()
	q, err := cost.Concrete(p)
	if err != nil {
		t.Fatal(err)
	}
	s, err := cost.ScheduleOf(q, cost.FabricTransfers)
	if err != nil {
		t.Fatal(err)
	}
	net := fabric.Build(p.Fabric, p.Cluster())
	res, err := fabric.Simulate(s, p.ElemSize, net, p.Gamma, net.WorkCap(q.Collective, q.Algorithm, int64(s.Transfers())))
	if err != nil {
		t.Fatal(err)
	}
	return net, res
}

// An answer on a switched fabric is the answer on the ideal fabric with
// the time, the bandwidths and the share of the lower bound of a fresh
// simulation of a freshly built schedule, over the grid of onceQuestions:
// Evaluate reusing the schedule it priced changes nothing, bit for bit.
func TestFabricAnswerIsIdealPlusAFreshSimulation(t *testing.T) {
	onceQuestions(func(name string, p cost.Params) {
		got, err := cost.Evaluate(p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ideal := p
		ideal.Fabric = fabric.Spec{}
		want, err := cost.Evaluate(ideal)
		if err != nil {
			t.Fatalf("%s, ideal: %v", name, err)
		}
		net, res := freshSimulation(t, p)
		f := got.Fabric
		if f == nil {
			t.Fatalf("%s: no fabric in the answer", name)
		}
		if got.TimeS != res.Time || f.IdealTimeS != want.TimeS || f.Flows != res.Flows || f.Events != res.Events ||
			f.LinkCount != len(net.Links) || !reflect.DeepEqual(f.Links, net.Hottest(res, cost.FabricLinks)) {
			t.Errorf("%s: %g s (ideal %g s, %d flows, %d instants), fresh simulation %g s (ideal %g s, %d flows, %d instants)",
				name, got.TimeS, f.IdealTimeS, f.Flows, f.Events, res.Time, want.TimeS, res.Flows, res.Events)
		}
		if f.Slowdown != cost.Slowdown(res.Time, want.TimeS) {
			t.Errorf("%s: slowdown %g of %g s over %g s", name, f.Slowdown, res.Time, want.TimeS)
		}
		if res.Time > 0 {
			alg, bus := cost.Bandwidths(p.Collective, p.Ranks, p.Size, res.Time)
			if got.AlgBwBps != alg || got.BusBwBps != bus || got.PctOfLowerBound != 100*want.LowerBoundS/res.Time {
				t.Errorf("%s: algbw %g busbw %g (%g %%), of the simulated time %g %g", name, got.AlgBwBps, got.BusBwBps, got.PctOfLowerBound, alg, bus)
			}
		}
		rest := got
		rest.TimeS, rest.AlgBwBps, rest.BusBwBps, rest.PctOfLowerBound, rest.Fabric = want.TimeS, want.AlgBwBps, want.BusBwBps, want.PctOfLowerBound, nil
		if !reflect.DeepEqual(rest, want) {
			t.Errorf("%s: beside the simulation the answer is not the ideal fabric's:\n%+v\n%+v", name, rest, want)
		}
	})
}

// The fabric view's study, whose simulations of a row share one closed
// form and one schedule, is Evaluate's answer at every ratio of every row
// and draws the loads of a fresh simulation of the question: the
// collectives of onceQuestions on nodes, on the fat-trees and the rail
// fabric of onceFabrics, with the algorithm auto chooses.
func TestStudyIsEvaluateAtEveryRatio(t *testing.T) {
	onceQuestions(func(name string, p cost.Params) {
		if p.Algorithm != sched.Auto || p.GPUsPerNode == 0 || p.Fabric.Kind == fabric.Torus {
			return
		}
		st, err := cost.StudyFabric(p, cost.FabricTransfers)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, err := cost.Evaluate(p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		net, res := freshSimulation(t, p)
		if !reflect.DeepEqual(st.Result, want) || !reflect.DeepEqual(st.Drawing, net.Draw(res)) {
			t.Errorf("%s: the study's answer or drawing is not Evaluate's and a fresh simulation's", name)
		}
		for i, row := range st.Rows {
			for k, ratio := range cost.FabricRatios {
				q := p
				q.Collective, q.Algorithm, q.Fabric.Oversubscription = prim.Collective(row.Collective), sched.Algorithm(row.Algorithm), ratio
				if i > 0 {
					q.Root, q.Chunks = 0, 0
					if q.Collective == prim.AllToAll {
						q.Size = cost.RoundSize(q.Collective, q.Ranks, q.ElemSize, q.Size)
					}
				}
				r, err := cost.Evaluate(q)
				if err != nil {
					t.Fatalf("%s, row %s %s at %g:1: %v", name, row.Collective, row.Algorithm, ratio, err)
				}
				if row.TimesS[k] != r.TimeS || row.IdealS != r.Fabric.IdealTimeS || row.Slowdowns[k] != r.Fabric.Slowdown {
					t.Errorf("%s, row %s %s at %g:1: %g s (ideal %g s), Evaluate %g s (ideal %g s)", name, row.Collective, row.Algorithm, ratio, row.TimesS[k], row.IdealS, r.TimeS, r.Fabric.IdealTimeS)
				}
			}
		}
	})
}

// Evaluate on a switched fabric builds the question's schedule once: the
// builder calls yield after every round it builds, so the answer on the
// fabric calls it as often as the answer on the ideal fabric (the schedule
// built once for its ledger and price, and priced) plus the simulation's
// routing (once after laying the messages out, once per 1,024 flows
// routed), not a second build's rounds more. Pairwise AllToAll and
// pipelined ring Broadcast on 64 ranks in nodes of 8, whose closed forms
// are upper bounds there, and a tree on a flat network, whose executed
// schedule is priced.
func TestFabricBuildsTheScheduleOnce(t *testing.T) {
	for _, tc := range []struct {
		c   prim.Collective
		a   sched.Algorithm
		gpn int
	}{{prim.AllToAll, sched.Pairwise, 8}, {prim.Broadcast, sched.Ring, 8}, {prim.AllReduce, sched.Tree, 0}} {
		p := base(tc.c, tc.a, 64)
		p.Size = 16 << 20
		if tc.gpn > 0 {
			p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = tc.gpn, 450e9, 1e-6
		}
		ideal, calls := 0, 0
		want, err := cost.EvaluateYielding(p, func() { ideal++ })
		if err != nil || want.ScheduleTimeS == 0 {
			t.Fatalf("%s %s: the ideal answer prices no schedule (%v)", tc.c, tc.a, err)
		}
		p.Fabric = fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: 2}
		got, err := cost.EvaluateYielding(p, func() { calls++ })
		if err != nil {
			t.Fatalf("%s %s: %v", tc.c, tc.a, err)
		}
		if routing := 1 + got.Fabric.Flows/1024; calls != ideal+routing {
			t.Errorf("%s %s: yield called %d times on the fabric, %d on the ideal fabric + %d routing (%d rounds a build)", tc.c, tc.a, calls, ideal, routing, want.ScheduleSteps)
		}
	}
}
