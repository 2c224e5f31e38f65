package cost_test

import (
	"errors"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// viewQuestion is the fabric view's question: P ranks, gpn GPUs a node
// (0: one a node), leaves of a quarter of the nodes at ratio R.
func viewQuestion(c prim.Collective, a sched.Algorithm, P, gpn int, kind string, R float64) cost.Params {
	p := base(c, a, P)
	if c == prim.AllToAll {
		p.Size = cost.RoundSize(c, P, p.ElemSize, p.Size)
	}
	p.GPUsPerNode = gpn
	if gpn > 0 {
		p.IntraBandwidth, p.IntraLatency = 450e9, 1e-6
	}
	p.Fabric = fabric.Spec{Kind: kind, Oversubscription: R, LeafNodes: max(1, P/max(gpn, 1)/4)}
	return p
}

// simulatedWork runs p's schedule on its fabric without a cap and returns
// the work spent and the cap a caller grants it (Net.WorkCap).
func simulatedWork(t *testing.T, p cost.Params) (work, limit int64) {
	t.Helper()
	s, err := sched.Build(p.Spec(), p.Algorithm, sched.Options{GPUsPerNode: p.GPUsPerNode})
	if err != nil {
		t.Fatal(err)
	}
	net := fabric.Build(p.Fabric, p.Cluster())
	r, err := fabric.Simulate(s, p.ElemSize, net, p.Gamma, 0)
	if err != nil {
		t.Fatal(err)
	}
	return r.Work, net.WorkCap(p.Collective, p.Algorithm, int64(s.Transfers()))
}

// TestStudyWithinWorkCap: the fabric view's study around 176–184 ranks
// (where the last leaf holds fewer nodes than the others), flat and, where
// the ranks fill whole nodes, on nodes of 8 GPUs, on a fat-tree and a rail fabric, and the study's most
// tangled simulation (pairwise AllToAll at 8:1) at the largest study the
// page's budget admits, spend at most half the work cap: the study the
// budget admits runs to its end, and the one just past the budget is
// refused before any simulation.
func TestStudyWithinWorkCap(t *testing.T) {
	type row struct {
		c prim.Collective
		a sched.Algorithm
	}
	study := []row{{prim.AllGather, sched.Ring}, {prim.AllReduce, sched.Ring}, {prim.AllToAll, sched.Pairwise}}
	for _, P := range []int{176, 177, 178, 179, 180, 181, 182, 183, 184} {
		for _, gpn := range []int{0, 8} {
			if P%max(gpn, 1) != 0 {
				continue // not whole nodes: refused before any work
			}
			kinds := []string{fabric.FatTree}
			if P == 181 {
				kinds = append(kinds, fabric.Rail)
			}
			for _, kind := range kinds {
				for _, x := range study {
					for _, R := range cost.FabricRatios {
						p := viewQuestion(x.c, x.a, P, gpn, kind, R)
						if work, limit := simulatedWork(t, p); 2*work > limit {
							t.Errorf("%s %s P=%d gpn=%d %s %g:1: %d units of work, more than half the cap %d", x.a, x.c, P, gpn, kind, R, work, limit)
						}
					}
				}
				if _, err := cost.StudyFabric(viewQuestion(prim.AllGather, sched.Ring, P, gpn, kind, 8), budget.Flows); err != nil {
					t.Errorf("the study of ring AllGather P=%d gpn=%d %s: %v", P, gpn, kind, err)
				}
			}
		}
	}
	// Ring AllReduce's 2·P·(P−1) transfers make 512 ranks the largest study
	// within budget.Flows; 509 ranks leave a last leaf of one node.
	if work, limit := simulatedWork(t, viewQuestion(prim.AllToAll, sched.Pairwise, 509, 0, fabric.FatTree, 8)); 2*work > limit {
		t.Errorf("pairwise AllToAll P=509 8:1: %d units of work, more than half the cap %d", work, limit)
	}
	_, err := cost.StartStudy(viewQuestion(prim.AllGather, sched.Ring, 513, 0, fabric.FatTree, 8), budget.Flows)
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "ranks" || fe.ID != "fabric.too-large" {
		t.Errorf("the study of 513 ranks, past budget.Flows: %v, want fabric.too-large on ranks before any simulation", err)
	}
}

// TestWorkGrowsWithRatio: past 8:1 the work per link of a tangled
// simulation grows with the ratio, and so do FabricSize's route links
// (fabric.Spec.LinkWeight: ⌈R/8⌉ each): pairwise AllToAll on 181 ranks stays
// within half its cap at 16:1, 64:1 and 1024:1, and on 361 ranks at 64:1
// (2.3 s of simulation) it is over budget.RouteLinks, refused before work
// by a face that answers for someone else, while at 8:1 it is not.
func TestWorkGrowsWithRatio(t *testing.T) {
	for _, R := range []float64{16, 64, 1024} {
		p := viewQuestion(prim.AllToAll, sched.Pairwise, 181, 0, fabric.FatTree, R)
		if work, limit := simulatedWork(t, p); 2*work > limit {
			t.Errorf("pairwise AllToAll P=181 %g:1: %d units of work, more than half the cap %d", R, work, limit)
		}
	}
	for _, c := range []struct {
		R    float64
		over bool
	}{{8, false}, {64, true}} {
		p := viewQuestion(prim.AllToAll, sched.Pairwise, 361, 0, fabric.FatTree, c.R)
		n, links, err := cost.FabricSize(p)
		if err != nil {
			t.Fatal(err)
		}
		hops := int64(p.Fabric.Normal(361).MaxHops())
		weight := int64(max(1, (c.R+7)/8))
		if links != n*hops*weight {
			t.Errorf("%g:1: %d route links, want %d transfers × %d links × ⌈R/8⌉ = %d", c.R, links, n, hops, n*hops*weight)
		}
		if over := links > budget.RouteLinks; over != c.over {
			t.Errorf("%g:1: %d route links over budget.RouteLinks (%d): %v, want %v", c.R, links, budget.RouteLinks, over, c.over)
		}
	}
}

// perLinkRule is the work a simulation is allowed per message and link,
// as docs/limits.md states it: on a fat-tree or rail fabric 64 units at a
// ratio R ≤ 1, 256 at R ≤ 2, 1,024 at R ≤ 4, 5,120 at R ≤ 64 and R/64
// times that beyond; 2,048 on a torus.
func perLinkRule(spec fabric.Spec) int64 {
	r := math.Max(1, spec.Oversubscription)
	switch {
	case spec.Kind == fabric.Torus:
		return 2048
	case r <= 1:
		return 64
	case r <= 2:
		return 256
	case r <= 4:
		return 1024
	}
	return int64(math.Ceil(5120 * math.Max(1, r/64)))
}

// FabricWork is cost.SetupWork per transfer of the schedule's bound and
// the simulation's work cap of as many transfers, computed before
// anything is built: the cap, as the documented rule gives it (the units
// a link of perLinkRule, at most the schedule's ceiling, of the longest
// route — 6 links on a fat-tree or rail fabric, 2 and the torus distance
// on a torus), is the one the
// simulation of the question is allowed (Net.WorkCap of its transfers,
// whose count is within the bound), and the question simulated spends no
// more than it.
func TestFabricWorkIsSetupAndCap(t *testing.T) {
	for _, tc := range []struct {
		c       prim.Collective
		a       sched.Algorithm
		P       int
		spec    fabric.Spec
		hops    int64
		ceiling int64 // the schedule's up to 64:1, as docs/limits.md lists it
	}{
		{prim.AllToAll, sched.Pairwise, 64, fabric.Spec{Kind: fabric.FatTree, Oversubscription: 8, LeafNodes: 4}, 6, 2048},
		{prim.AllReduce, sched.Ring, 48, fabric.Spec{Kind: fabric.Rail, Oversubscription: 3, LeafNodes: 2}, 6, 128},
		{prim.AllReduce, sched.Tree, 48, fabric.Spec{Kind: fabric.FatTree, Oversubscription: 1, LeafNodes: 2}, 6, 1024},
		{prim.ReduceScatter, sched.Pairwise, 48, fabric.Spec{Kind: fabric.Rail, Oversubscription: 12, LeafNodes: 2}, 6, 2048},
		{prim.AllGather, sched.Bruck, 32, fabric.Spec{Kind: fabric.FatTree, Oversubscription: 100, LeafNodes: 2}, 6, 4096},
		{prim.AllGather, sched.Bruck, 36, fabric.Spec{Kind: fabric.Torus}, 2 + 3 + 3, 4096}, // 6 × 6
		{prim.AllGather, sched.Ring, 36, fabric.Spec{Kind: fabric.Torus}, 2 + 3 + 3, 128},
		{prim.Broadcast, sched.Tree, 64, fabric.Spec{Kind: fabric.FatTree, Tiers: 3, PodLeaves: 2, LeafNodes: 2}, 6, 5120},
	} {
		p := base(tc.c, tc.a, tc.P)
		p.Size = 4 << 20
		p.Fabric = tc.spec
		w, err := cost.FabricWork(p)
		if err != nil {
			t.Fatal(err)
		}
		q, _ := cost.Concrete(p)
		n := cost.TransferBound(q)
		perLink := min(perLinkRule(tc.spec), int64(math.Ceil(float64(tc.ceiling)*math.Max(1, tc.spec.Oversubscription/64))))
		if want := n*cost.SetupWork + n*tc.hops*perLink; w != want {
			t.Errorf("%s %s on %s: FabricWork %d, want %d = %d transfers × (%d + %d links × %d)", tc.c, tc.a, tc.spec.Kind, w, want, n, cost.SetupWork, tc.hops, perLink)
		}
		s, err := cost.ScheduleOf(q, cost.FabricTransfers)
		if err != nil {
			t.Fatal(err)
		}
		net := fabric.Build(p.Fabric, p.Cluster())
		res, err := fabric.Simulate(s, p.ElemSize, net, p.Gamma, net.WorkCap(q.Collective, q.Algorithm, int64(s.Transfers())))
		if err != nil || int64(s.Transfers()) > n || net.WorkCap(q.Collective, q.Algorithm, int64(s.Transfers())) > w-n*cost.SetupWork || res.Work > net.WorkCap(q.Collective, q.Algorithm, int64(s.Transfers())) {
			t.Errorf("%s %s on %s: %d transfers (bound %d), work %d of cap %d (%v)", tc.c, tc.a, tc.spec.Kind, s.Transfers(), n, res.Work, net.WorkCap(q.Collective, q.Algorithm, int64(s.Transfers())), err)
		}
	}
}
