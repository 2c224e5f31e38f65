package fabric

import (
	"reflect"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// A Run advanced in small slices ends exactly where Simulate does — the
// same time, loads, instants and work — for schedules whose instants end
// many flows at once (naive AllToAll: slices end inside an instant) and
// for long pipelines (ring); its progress never goes back, stays below 1
// until the end and is 1 there; a finished run stays finished.
func TestRunInSlicesIsSimulate(t *testing.T) {
	for _, x := range []struct {
		c prim.Collective
		a sched.Algorithm
		n int
	}{{prim.AllToAll, sched.Naive, 1 << 10}, {prim.AllToAll, sched.Pairwise, 1 << 10}, {prim.AllReduce, sched.Ring, 1 << 16}, {prim.AllReduce, sched.Tree, 1 << 16}} {
		s := build(t, x.c, x.a, 64, x.n)
		net := Build(Spec{Kind: FatTree, Oversubscription: 4, LeafNodes: 2}, cluster(64, 4))
		want := simulate(t, s, net, 1e-10)
		r := Start(s, 4, net, 1e-10, 0)
		if r.Progress() != 0 {
			t.Errorf("%s %s: progress %g before any work", x.a, x.c, r.Progress())
		}
		slices, last := 0, 0.0
		for {
			done, err := r.Advance(500)
			if err != nil {
				t.Fatal(err)
			}
			slices++
			p := r.Progress()
			if p < last || (!done && p >= 1) || (done && p != 1) {
				t.Fatalf("%s %s: progress %g after %g (done %v)", x.a, x.c, p, last, done)
			}
			last = p
			if done {
				break
			}
		}
		if got := r.Result(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s %s: in slices %+v, at once %+v", x.a, x.c, got.Time, want.Time)
		}
		if slices < 2 {
			t.Errorf("%s %s: %d slices of 500 units for %d units", x.a, x.c, slices, want.Work)
		}
		if done, err := r.Advance(500); !done || err != nil || r.Result().Work != want.Work {
			t.Errorf("%s %s: a finished run went on: %v %v", x.a, x.c, done, err)
		}
	}
}

// StartYielding is Start: advanced to its end it gives Simulate's Result,
// and it calls its yield after laying out the messages and after every
// routeSlice routes.
func TestStartYieldingIsStart(t *testing.T) {
	s := build(t, prim.AllToAll, sched.Pairwise, 64, 1<<10)
	net := Build(Spec{Kind: FatTree, Oversubscription: 4, LeafNodes: 2}, cluster(64, 4))
	want := simulate(t, s, net, 1e-10)
	yields := 0
	r := StartYielding(s, 4, net, 1e-10, 0, func() { yields++ })
	if n := len(buildGraph(s, 4).src); yields != 1+n/routeSlice || n < 2*routeSlice {
		t.Errorf("%d yields for %d flows, want %d", yields, n, 1+n/routeSlice)
	}
	if done, err := r.Advance(1 << 62); !done || err != nil {
		t.Fatal(done, err)
	}
	if got := r.Result(); !reflect.DeepEqual(got, want) {
		t.Errorf("started yielding %+v, Simulate %+v", got.Time, want.Time)
	}
}

// Messages laid out once serve any number of runs: pairwise AllToAll and
// a ring AllReduce with γ, laid out once and run on a fat-tree at 1:1 and
// 4:1, a rail fabric and a torus, the runs of each schedule interleaved
// slice by slice, end exactly where Simulate of the schedule ends on each
// net; the messages are unchanged by them.
func TestMessagesShared(t *testing.T) {
	nets := []*Net{
		Build(Spec{Kind: FatTree, Oversubscription: 1, LeafNodes: 2}, cluster(64, 4)),
		Build(Spec{Kind: FatTree, Oversubscription: 4, LeafNodes: 2}, cluster(64, 4)),
		Build(Spec{Kind: Rail, Oversubscription: 2, LeafNodes: 2}, cluster(64, 4)),
		Build(Spec{Kind: Torus}, cluster(64, 4)),
	}
	for _, x := range []struct {
		c prim.Collective
		a sched.Algorithm
		n int
	}{{prim.AllToAll, sched.Pairwise, 1 << 10}, {prim.AllReduce, sched.Ring, 1 << 16}} {
		s := build(t, x.c, x.a, 64, x.n)
		m := Layout(s, 4)
		if m.Transfers() != s.Transfers() {
			t.Errorf("%s %s: %d transfers laid out, the schedule has %d", x.a, x.c, m.Transfers(), s.Transfers())
		}
		runs := make([]*Run, len(nets))
		for i, net := range nets {
			runs[i] = StartMessages(m, net, 1e-10, 0, nil)
		}
		for left := len(runs); left > 0; {
			left = 0
			for _, r := range runs {
				done, err := r.Advance(300)
				if err != nil {
					t.Fatal(err)
				}
				if !done {
					left++
				}
			}
		}
		for i, net := range nets {
			if got, want := runs[i].Result(), simulate(t, s, net, 1e-10); !reflect.DeepEqual(got, want) {
				t.Errorf("%s %s on %s: shared messages %g s, Simulate %g s", x.a, x.c, net.Spec.Kind, got.Time, want.Time)
			}
		}
		if !reflect.DeepEqual(m.g, buildGraph(s, 4)) {
			t.Errorf("%s %s: the runs changed the messages", x.a, x.c)
		}
	}
}
