package cost_test

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// The ideal fabric is today's answer, bit for bit, for every applicable
// algorithm and auto, flat and on nodes.
func TestIdealFabricIsUnchanged(t *testing.T) {
	for _, c := range []prim.Collective{prim.AllReduce, prim.AllToAll, prim.Broadcast, prim.AllGather} {
		for _, a := range append(sched.Applicable(c), sched.Auto) {
			for _, g := range []int{0, 4} {
				p := base(c, a, 16)
				p.Size = 16 << 20
				if g > 0 {
					p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = g, 450e9, 1e-6
				}
				if a == sched.Hierarchical && g == 0 {
					continue
				}
				want, err := cost.Evaluate(p)
				if err != nil {
					t.Fatal(err)
				}
				p.Fabric = fabric.Spec{Kind: fabric.Ideal}
				got, err := cost.Evaluate(p)
				if err != nil {
					t.Fatal(err)
				}
				wj, _ := json.Marshal(want)
				gj, _ := json.Marshal(got)
				if !reflect.DeepEqual(want, got) || string(wj) != string(gj) {
					t.Errorf("%s %s g=%d: the ideal fabric changes the answer:\n%s\n%s", c, a, g, wj, gj)
				}
			}
		}
	}
}

// On a fat-tree the answer's time is the simulated one: the done-means
// question of docs/contention.md at 128 ranks (16 nodes of 8, leaves of 2
// nodes): ring AllReduce barely notices 4:1, AllToAll slows ≥ 2.5× and
// stays above its bisection bound; the hottest link is listed first.
func TestFatTreeAnswer(t *testing.T) {
	at := func(c prim.Collective, a sched.Algorithm, r float64) cost.Result {
		p := base(c, a, 128)
		p.Size = 64 << 20
		p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = 8, 450e9, 1e-6
		p.Fabric = fabric.Spec{Kind: fabric.FatTree, Oversubscription: r, LeafNodes: 2}
		res, err := cost.Evaluate(p)
		if err != nil {
			t.Fatal(err)
		}
		if res.Fabric == nil || res.Fabric.Kind != fabric.FatTree || len(res.Fabric.Links) == 0 {
			t.Fatalf("%s %s: no fabric in %+v", c, a, res)
		}
		for i := 1; i < len(res.Fabric.Links); i++ {
			if res.Fabric.Links[i].Utilisation > res.Fabric.Links[i-1].Utilisation {
				t.Errorf("links not hottest first: %+v", res.Fabric.Links)
			}
		}
		return res
	}
	r1, r4 := at(prim.AllReduce, sched.Ring, 1), at(prim.AllReduce, sched.Ring, 4)
	if r4.TimeS > 1.10*r1.TimeS {
		t.Errorf("ring: %g s at 4:1, %g s at 1:1", r4.TimeS, r1.TimeS)
	}
	a1, a4 := at(prim.AllToAll, sched.Pairwise, 1), at(prim.AllToAll, sched.Pairwise, 4)
	if a4.TimeS < 2.5*a1.TimeS || a4.TimeS < a4.Fabric.BisectionBoundS || a4.Fabric.BisectionBoundS <= 0 {
		t.Errorf("AllToAll: %g s at 4:1 (bound %g s), %g s at 1:1", a4.TimeS, a4.Fabric.BisectionBoundS, a1.TimeS)
	}
	if a4.Fabric.IdealTimeS != a1.Fabric.IdealTimeS || a4.BusBwBps >= a1.BusBwBps {
		t.Errorf("AllToAll: ideal %g / %g s, busbw %g / %g", a4.Fabric.IdealTimeS, a1.Fabric.IdealTimeS, a4.BusBwBps, a1.BusBwBps)
	}
}

// A system preset with fewer NICs than GPUs makes its GPUs share them on
// the fabric: each NIC link carries g/NICs GPUs' network bandwidth.
func TestFabricSharesASystemsNICs(t *testing.T) {
	sys, err := topo.LookupSystem("system", "pcie-l40s")
	if err != nil || sys.NICs >= sys.GPUsPerNode {
		t.Fatalf("pcie-l40s: %+v, %v", sys, err)
	}
	p := base(prim.AllToAll, sched.Pairwise, 2*sys.GPUsPerNode)
	p.Size = 16 << 20
	p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = sys.GPUsPerNode, sys.IntraBandwidth(), 1e-6
	p.Bandwidth = sys.NetworkPerGPU()
	p.NCCL.System = sys
	p.Fabric = fabric.Spec{Kind: fabric.FatTree}
	r, err := cost.Evaluate(p)
	if err != nil {
		t.Fatal(err)
	}
	if r.Fabric.NICsPerNode != sys.NICs {
		t.Errorf("NICs per node %d, the system has %d", r.Fabric.NICsPerNode, sys.NICs)
	}
	want := p.Bandwidth * float64(sys.GPUsPerNode) / float64(sys.NICs)
	for _, l := range r.Fabric.Links {
		if strings.HasPrefix(l.From, "nic") && l.Cap != want {
			t.Errorf("%s → %s: %g B/s, want %g", l.From, l.To, l.Cap, want)
		}
	}
}

// The fabric view's study: the question's own row and ring AllReduce's and
// pairwise AllToAll's, each simulated at every ratio of FabricRatios (the
// row at the question's own ratio is Evaluate's answer); AllToAll slows as
// the ratio grows while ring AllReduce does not; the drawing has a cable
// from every leaf to every spine and one per node to its leaf, and names
// the answer's hottest link. Over its budget the study is refused before
// any work.
func TestStudyFabric(t *testing.T) {
	p := base(prim.Broadcast, sched.Binomial, 64)
	p.Size = 16 << 20
	p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = 8, 450e9, 1e-6
	p.Fabric = fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: 2}
	st, err := cost.StudyFabric(p, 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Rows) != 3 || st.Rows[0].Collective != "broadcast" || st.Rows[1].Algorithm != "ring" || st.Rows[2].Collective != "alltoall" {
		t.Fatalf("rows %+v", st.Rows)
	}
	want, err := cost.Evaluate(p)
	if err != nil {
		t.Fatal(err)
	}
	if st.Result.TimeS != want.TimeS || st.Rows[0].TimesS[2] != want.TimeS || st.Rows[0].IdealS != want.Fabric.IdealTimeS {
		t.Errorf("study %g s, row at 4:1 %g s, Evaluate %g s", st.Result.TimeS, st.Rows[0].TimesS[2], want.TimeS)
	}
	ring, a2a := st.Rows[1].TimesS, st.Rows[2].TimesS
	if ring[3] > 1.10*ring[0] || a2a[3] < 2*a2a[0] {
		t.Errorf("ring %v, AllToAll %v over ratios %v", ring, a2a, cost.FabricRatios)
	}
	d := st.Drawing
	if d == nil || len(d.Leaves) != 4 || len(d.Nodes) != 8 || len(d.Spines) != 4 || len(d.Cables) != 4*4+8 {
		t.Fatalf("drawing %+v", d)
	}
	if d.Hottest != want.Fabric.Links[0] {
		t.Errorf("drawing's hottest %+v, the answer's %+v", d.Hottest, want.Fabric.Links[0])
	}
	if _, err := cost.StudyFabric(p, 100); err == nil {
		t.Error("a study over its budget is answered")
	}
}

// A question whose flows' routes together are too long to hold is refused
// on ranks before the schedule is built: ring AllGather on a 1 × 1024
// torus has 1,047,552 flows of up to 514 links.
func TestFabricRoutesBounded(t *testing.T) {
	p := base(prim.AllGather, sched.Ring, 1024)
	p.Size = 1 << 20
	p.Fabric = fabric.Spec{Kind: fabric.Torus, Dims: [3]int{1, 1024}}
	_, err := cost.Evaluate(p)
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "ranks" || fe.ID != "fabric.paths" {
		t.Errorf("got %v", err)
	}
}

// Slowdown is time over the time without contention, 1 for two zeros:
// a question with nothing to send is not slowed.
func TestSlowdown(t *testing.T) {
	if cost.Slowdown(0, 0) != 1 || cost.Slowdown(3, 2) != 1.5 || cost.Slowdown(2, 2) != 1 {
		t.Errorf("Slowdown: %g %g", cost.Slowdown(0, 0), cost.Slowdown(3, 2))
	}
	p := base(prim.AllReduce, sched.Ring, 1)
	p.Fabric = fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4}
	r, err := cost.Evaluate(p)
	if err != nil || r.Fabric.Slowdown != 1 || r.TimeS != 0 {
		t.Errorf("one rank: %+v, %v", r.Fabric, err)
	}
}

// AllToAll on 1,024 ranks (128 nodes of 8, leaves of 16 nodes, 4:1) is
// answered for naive and pairwise exchange, not refused by the budget:
// every pair's message is a flow, and the simulated time is above the
// bisection bound computed in closed form.
func TestAllToAll1024OnFatTree(t *testing.T) {
	for _, a := range []sched.Algorithm{sched.Naive, sched.Pairwise} {
		p := base(prim.AllToAll, a, 1024)
		p.Size = 256 << 20
		p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = 8, 450e9, 1e-6
		p.Fabric = fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4}
		r, err := cost.Evaluate(p)
		if err != nil {
			t.Fatalf("%s: %v", a, err)
		}
		if f := r.Fabric; f == nil || f.Flows != 1024*1023 || f.BisectionBoundS <= 0 || r.TimeS < f.BisectionBoundS {
			t.Errorf("%s: %g s, fabric %+v", a, r.TimeS, f)
		}
	}
}

// A study advanced in slices is StudyFabric's, every row time Evaluate's
// answer to its question at its ratio; its progress starts at 0, never
// goes back and is 1 exactly when it is over; a too-large study is
// refused by StartStudy before any work.
func TestStudyInSlices(t *testing.T) {
	p := base(prim.AllToAll, sched.Pairwise, 64)
	p.Size = 16 << 20
	p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = 8, 450e9, 1e-6
	p.Fabric = fabric.Spec{Kind: fabric.FatTree, Oversubscription: 2, LeafNodes: 2}
	want, err := cost.StudyFabric(p, 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	run, err := cost.StartStudy(p, 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	last, slices := run.Progress(), 0
	if last != 0 {
		t.Errorf("progress %g before any work", last)
	}
	idle := 0 // slices that spent no simulation work (a simulation started)
	for done := false; !done; slices++ {
		w := run.Work()
		if done, err = run.Advance(2000); err != nil {
			t.Fatal(err)
		}
		if g := run.Progress(); g < last || (g == 1) != done {
			t.Fatalf("progress %g after %g, done %v", g, last, done)
		}
		last = run.Progress()
		if run.Work() < w {
			t.Fatalf("work went back from %d to %d", w, run.Work())
		}
		if run.Work() == w {
			idle++
		}
	}
	if got := run.Study(); !reflect.DeepEqual(got, want) || slices < 10 {
		t.Errorf("%d slices: %+v, at once %+v", slices, got.Rows, want.Rows)
	}
	once, err := cost.StartStudy(p, 1<<16)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := once.Advance(math.MaxInt64); err != nil || once.Work() != run.Work() || run.Work() <= 0 {
		t.Errorf("work %d in slices, %d at once (%v)", run.Work(), once.Work(), err)
	}
	if sims := len(want.Rows)*len(cost.FabricRatios) + 1; idle < sims {
		t.Errorf("%d slices spent no work, want at least one per simulation's start (%d simulations)", idle, sims)
	}
	for i, row := range want.Rows {
		for k, ratio := range cost.FabricRatios {
			q := p
			q.Collective, q.Algorithm, q.Fabric.Oversubscription = prim.Collective(row.Collective), sched.Algorithm(row.Algorithm), ratio
			if i > 0 {
				q.Root, q.Chunks = 0, 0
			}
			r, err := cost.Evaluate(q)
			if err != nil {
				t.Fatal(err)
			}
			if row.TimesS[k] != r.TimeS || row.IdealS != r.Fabric.IdealTimeS {
				t.Errorf("%s at %g:1: %g s (ideal %g), Evaluate %g s (ideal %g)", row.Collective, ratio, row.TimesS[k], row.IdealS, r.TimeS, r.Fabric.IdealTimeS)
			}
		}
	}
	if _, err := cost.StartStudy(p, 100); err == nil {
		t.Error("a study over its budget is started")
	}
}

// The closed form without contention is no lower bound, and an answer below
// it says why (fabric.below-ideal) in English and Chinese: naive AllToAll
// on 64 ranks with blocks of m = 256 KiB (β·m ≈ α) is simulated near
// max(63·α + β·m, α + 63·β·m), each NIC carrying earlier messages' bytes
// while its rank starts the next, about half the closed form's
// 63·α + 63·β·m, while ring AllReduce on a 4:1 fat-tree is not below its
// closed form and has no note.
func TestBelowIdealIsExplained(t *testing.T) {
	a2a := base(prim.AllToAll, sched.Naive, 64)
	a2a.Size = 16 << 20
	a2a.Fabric = fabric.Spec{Kind: fabric.FatTree}
	r, err := cost.Evaluate(a2a)
	if err != nil {
		t.Fatal(err)
	}
	f := r.Fabric
	m := float64(a2a.Size) / 64
	alpha, beta := a2a.Latency, 1/a2a.Bandwidth
	if overlap := max(63*alpha+beta*m, alpha+63*beta*m); !(r.TimeS < 0.55*f.IdealTimeS) || r.TimeS > 1.01*overlap || math.Abs(f.IdealTimeS-63*(alpha+beta*m)) > 1e-9*f.IdealTimeS {
		t.Fatalf("naive AllToAll: simulated %g s, overlapped step %g s, closed form %g s (want about half of it)", r.TimeS, overlap, f.IdealTimeS)
	}
	if f.SlowdownNoteMsg.ID != "fabric.below-ideal" || f.SlowdownNote != f.SlowdownNoteMsg.String() || f.SlowdownNoteMsg.In("zh") == f.SlowdownNote {
		t.Errorf("naive AllToAll at %.3g×: note %q (%+v)", f.Slowdown, f.SlowdownNote, f.SlowdownNoteMsg)
	}
	j, _ := json.Marshal(f)
	if !strings.Contains(string(j), `"slowdown_note":"Below 1×`) {
		t.Errorf("the JSON lacks slowdown_note: %s", j)
	}
	ring := base(prim.AllReduce, sched.Ring, 64)
	ring.Size = 64 << 20
	ring.Fabric = fabric.Spec{Kind: fabric.FatTree, Oversubscription: 4, LeafNodes: 8}
	r, err = cost.Evaluate(ring)
	if err != nil {
		t.Fatal(err)
	}
	if f := r.Fabric; f.Slowdown < 1-cost.BelowIdealTol || f.SlowdownNote != "" || f.SlowdownNoteMsg.ID != "" {
		t.Errorf("ring AllReduce at %.6f×: note %q", f.Slowdown, f.SlowdownNote)
	}
}
