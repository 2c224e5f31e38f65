package lecture

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// The lessons' case: 32 GPUs on 8 nodes of 4, two nodes a leaf (four
// leaves), 50 GB/s NICs with α = 5 µs, 450 GB/s inside a node with
// α = 1 µs, 64 MiB.
const (
	caseRanks, caseGPUs, caseLeafNodes = 32, 4, 2
	caseSize                           = 64 << 20
)

func lessonCase() cost.Params {
	return cost.Params{Collective: prim.AllReduce, Algorithm: sched.Ring, Ranks: caseRanks, Size: caseSize, ElemSize: 4,
		Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6, GPUsPerNode: caseGPUs, IntraBandwidth: 450e9, IntraLatency: 1e-6,
		Fabric: fabric.Spec{Kind: fabric.FatTree, LeafNodes: caseLeafNodes}}
}

var lessonCases = []ContentionCase{{prim.AllReduce, sched.Ring}, {prim.AllToAll, sched.Pairwise}, {prim.AllReduce, sched.Hierarchical}}

// direct simulates case k at oversubscription r without package cost: the
// schedule from sched, the fabric from fabric.Build over the cluster
// written out here, the run from fabric.Simulate.
func direct(t *testing.T, k ContentionCase, r float64) (fabric.Result, *fabric.Net) {
	t.Helper()
	count := caseSize / 4
	if k.Collective == prim.AllToAll {
		count /= caseRanks // elements per block
	}
	s, err := sched.Build(prim.Spec{Collective: k.Collective, Ranks: caseRanks, Count: count, Op: prim.Sum}, k.Algorithm, sched.Options{GPUsPerNode: caseGPUs})
	if err != nil {
		t.Fatal(err)
	}
	c := topo.Cluster{Ranks: caseRanks, GPUsPerNode: caseGPUs, Intra: topo.Link{Alpha: 1e-6, Bandwidth: 450e9}, Inter: topo.Link{Alpha: 5e-6, Bandwidth: 50e9}}
	n := fabric.Build(fabric.Spec{Kind: fabric.FatTree, LeafNodes: caseLeafNodes, Oversubscription: r}, c)
	res, err := fabric.Simulate(s, 4, n, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return res, n
}

func within(a, b, rel float64) bool { return math.Abs(a-b) <= rel*math.Max(math.Abs(a), math.Abs(b)) }

// Every time of the figure is core/fabric's simulation of the schedule
// built directly, every bound the bisection bound's closed form
// S·R·(P − L)/(P·B) (L = 8 GPUs a leaf) and no AllToAll time beats it, and
// the hottest link is the busiest of the direct run.
func TestContentionIsTheFabricSimulation(t *testing.T) {
	ratios := []float64{1, 2, 4, 8}
	ct, err := FabricContention(lessonCase(), lessonCases, ratios)
	if err != nil {
		t.Fatal(err)
	}
	if len(ct.Lines) != len(lessonCases) {
		t.Fatalf("%d lines for %d cases", len(ct.Lines), len(lessonCases))
	}
	for i, k := range lessonCases {
		l := ct.Lines[i]
		if l.Collective != string(k.Collective) || l.Algorithm != string(k.Algorithm) {
			t.Errorf("line %d is %s %s, want %s %s", i, l.Collective, l.Algorithm, k.Collective, k.Algorithm)
		}
		for j, r := range ratios {
			res, n := direct(t, k, r)
			if !within(l.TimesS[j], res.Time, 1e-12) {
				t.Errorf("%s %s at %g:1: figure %g s, fabric.Simulate %g s", k.Collective, k.Algorithm, r, l.TimesS[j], res.Time)
			}
			if !within(l.Slowdowns[j], res.Time/l.TimesS[0], 1e-12) {
				t.Errorf("%s %s at %g:1: slowdown %g, want %g", k.Collective, k.Algorithm, r, l.Slowdowns[j], res.Time/l.TimesS[0])
			}
			hot := n.Hottest(res, 1)
			if len(hot) != 1 || l.Hottest[j].Link != hot[0].Link || !within(l.Hottest[j].Utilisation, hot[0].Utilisation, 1e-12) {
				t.Errorf("%s %s at %g:1: hottest link %+v, the run's %+v", k.Collective, k.Algorithm, r, l.Hottest[j], hot)
			}
			if k.Collective != prim.AllToAll {
				if l.BoundsS != nil {
					t.Errorf("%s: a bisection bound %v for a collective other than AllToAll", k.Collective, l.BoundsS)
				}
				continue
			}
			want := caseSize * r * float64(caseRanks-caseLeafNodes*caseGPUs) / caseRanks / 50e9
			if !within(l.BoundsS[j], want, 1e-12) || !within(l.BoundsS[j], n.AllToAllBisection(caseSize), 1e-12) {
				t.Errorf("AllToAll at %g:1: bound %g s, closed form %g s, fabric %g s", r, l.BoundsS[j], want, n.AllToAllBisection(caseSize))
			}
			if l.TimesS[j] < l.BoundsS[j] {
				t.Errorf("AllToAll at %g:1: %g s beats the bisection bound %g s", r, l.TimesS[j], l.BoundsS[j])
			}
		}
	}
}

// The physics the lessons teach, on their case: ring AllReduce sends to
// neighbours, so 4:1 oversubscription costs it at most 10 %; AllToAll
// sends three quarters of its bytes out of every leaf and slows at least
// 2.5×; hierarchical AllReduce's per-node rings all cross the uplinks
// together, so it slows where the flat ring does not, yet stays faster.
func TestContentionPhysics(t *testing.T) {
	ct, err := FabricContention(lessonCase(), lessonCases, []float64{1, 4})
	if err != nil {
		t.Fatal(err)
	}
	ring, a2a, hier := ct.Lines[0], ct.Lines[1], ct.Lines[2]
	if ring.Slowdowns[1] > 1.10 {
		t.Errorf("ring AllReduce at 4:1 is %.3f× its 1:1 time, want ≤ 1.10×", ring.Slowdowns[1])
	}
	if a2a.Slowdowns[1] < 2.5 {
		t.Errorf("AllToAll at 4:1 is %.3f× its 1:1 time, want ≥ 2.5×", a2a.Slowdowns[1])
	}
	if hier.Slowdowns[1] <= ring.Slowdowns[1] || hier.TimesS[1] >= ring.TimesS[1] {
		t.Errorf("hierarchical AllReduce at 4:1: %.3f× (%g s) against the flat ring's %.3f× (%g s); want slower by more, yet faster",
			hier.Slowdowns[1], hier.TimesS[1], ring.Slowdowns[1], ring.TimesS[1])
	}
	if h := a2a.Hottest[1]; h.Link.From != "leaf0" || h.Utilisation < 0.5 {
		t.Errorf("AllToAll at 4:1: hottest link %+v, want a leaf's uplink, busy most of the run", h)
	}
	t.Logf("4:1 — ring %.3f×, AllToAll %.2f× (bound %g s), hierarchical %.2f×", ring.Slowdowns[1], a2a.Slowdowns[1], a2a.BoundsS[1], hier.Slowdowns[1])
}

// Bad input is refused, naming the field, before any simulation.
func TestContentionRefuses(t *testing.T) {
	ideal := lessonCase()
	ideal.Fabric = fabric.Spec{}
	big := lessonCase()
	big.Ranks, big.GPUsPerNode = 1024, 8
	for _, c := range []struct {
		p      cost.Params
		ratios []float64
		field  string
	}{
		{ideal, []float64{1}, "fabric"},
		{lessonCase(), []float64{0.5}, "oversubscription"},
		{lessonCase(), []float64{math.NaN()}, "oversubscription"},
		{big, []float64{1}, "ranks"},
	} {
		_, err := FabricContention(c.p, lessonCases, c.ratios)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%+v at %v: error %v, want one naming %s", c.p.Fabric, c.ratios, err, c.field)
		}
	}
}

// A memo gives the answers FabricContention gives, and asked again with
// runs it holds (the figure after the prediction's two ratios), it
// simulates only the runs it lacks.
func TestContentionMemo(t *testing.T) {
	var m ContentionMemo
	a2a := []ContentionCase{{prim.AllToAll, sched.Pairwise}}
	if _, err := m.FabricContention(lessonCase(), a2a, []float64{1, 4}); err != nil {
		t.Fatal(err)
	}
	if m.Runs() != 2 {
		t.Fatalf("%d runs kept after two, want 2", m.Runs())
	}
	ratios := []float64{1, 2, 4, 8}
	got, err := m.FabricContention(lessonCase(), lessonCases, ratios)
	if err != nil {
		t.Fatal(err)
	}
	if m.Runs() != len(lessonCases)*len(ratios) {
		t.Errorf("%d runs kept, want %d (each simulated once)", m.Runs(), len(lessonCases)*len(ratios))
	}
	want, err := FabricContention(lessonCase(), lessonCases, ratios)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want.Lines {
		g, w := got.Lines[i], want.Lines[i]
		if !slices.Equal(g.TimesS, w.TimesS) || !slices.Equal(g.Slowdowns, w.Slowdowns) || !slices.Equal(g.BoundsS, w.BoundsS) || !slices.Equal(g.Hottest, w.Hottest) || g.IdealS != w.IdealS {
			t.Errorf("line %d from the memo %+v, without %+v", i, g, w)
		}
	}
	for range maxMemoRuns {
		big := lessonCase()
		big.Size += int64(m.Runs()+1) << 12
		if _, err := m.FabricContention(big, lessonCases[:1], []float64{1}); err != nil {
			t.Fatal(err)
		}
		if m.Runs() > maxMemoRuns {
			t.Fatalf("the memo holds %d runs, more than %d", m.Runs(), maxMemoRuns)
		}
	}
}

// Runs simulated one by one off the memo (Missing, SimulateRun with a
// yield, Keep) make FabricContention's answer without a simulation of its
// own: the same lines as FabricContention without a memo; Missing then
// names nothing, and it refuses what FabricContention refuses.
func TestContentionMissingThenKeep(t *testing.T) {
	var m ContentionMemo
	ratios := []float64{1, 2, 4, 8}
	miss, err := m.Missing(lessonCase(), lessonCases, ratios)
	if err != nil {
		t.Fatal(err)
	}
	if len(miss) != len(lessonCases)*len(ratios) {
		t.Fatalf("%d runs missing from an empty memo, want %d", len(miss), len(lessonCases)*len(ratios))
	}
	yields := 0
	for _, q := range miss {
		m.Keep(SimulateRun(q, func() { yields++ }))
	}
	if yields == 0 {
		t.Error("no yield while simulating the runs")
	}
	if miss, _ := m.Missing(lessonCase(), lessonCases, ratios); len(miss) != 0 {
		t.Errorf("%d runs still missing after keeping them all", len(miss))
	}
	kept := m.Runs()
	got, err := m.FabricContention(lessonCase(), lessonCases, ratios)
	if err != nil {
		t.Fatal(err)
	}
	if m.Runs() != kept {
		t.Errorf("FabricContention simulated %d runs more", m.Runs()-kept)
	}
	want, err := FabricContention(lessonCase(), lessonCases, ratios)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want.Lines {
		g, w := got.Lines[i], want.Lines[i]
		if !slices.Equal(g.TimesS, w.TimesS) || !slices.Equal(g.BoundsS, w.BoundsS) || !slices.Equal(g.Hottest, w.Hottest) {
			t.Errorf("line %d from kept runs %+v, simulated at once %+v", i, g, w)
		}
	}
	bad := lessonCase()
	bad.Fabric = fabric.Spec{}
	var fe *fielderr.Error
	if _, err := m.Missing(bad, lessonCases, ratios); !errors.As(err, &fe) || fe.Field != "fabric" {
		t.Errorf("Missing on an ideal fabric: %v, want an error naming fabric", err)
	}
}
