package cost

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// TestAnalyticLedgerIsTheExecutedOne cross-checks AnalyticLedger against
// the ledger of the executed schedule (sim.NewLedger, or NewClusterLedger
// with GPUs per node), field for field: every covered collective, P from 2
// to 96 (powers of two and not), counts that leave blocks empty or uneven,
// element sizes, roots, pipeline chunk counts and node sizes.
func TestAnalyticLedgerIsTheExecutedOne(t *testing.T) {
	checked := 0
	for _, c := range []prim.Collective{prim.AllReduce, prim.ReduceScatter, prim.AllGather, prim.Broadcast, prim.Reduce} {
		for _, P := range []int{2, 3, 5, 8, 12, 33, 64, 96} {
			for _, elems := range []int64{0, 1, 3, int64(P) - 1, int64(P), int64(P)*7 + 3, 1000} {
				for _, es := range []int{1, 4} {
					for _, g := range []int{0, 1, 2, 4, 8} {
						if g > 0 && P%g != 0 {
							continue
						}
						for _, chunks := range []int{0, 1, 3} {
							p := Params{Collective: c, Algorithm: sched.Ring, Ranks: P, Size: elems * int64(es), ElemSize: es,
								Bandwidth: 50e9, Latency: 5e-6, Efficiency: 1, GPUsPerNode: g, IntraBandwidth: 450e9, IntraLatency: 1e-6,
								Root: (P / 3) * map[bool]int{true: 1, false: 0}[c.Rooted()], Chunks: chunks}
							if (c.Blocked()) && elems%int64(P) != 0 && elems != 0 {
								p.Size = (elems - elems%int64(P)) * int64(es) // whole blocks per rank, as nccl-tests counts them
							}
							if p.Validate() != nil {
								continue
							}
							got, ok := AnalyticLedger(p)
							if !ok {
								t.Fatalf("%s ring P=%d: not covered", c, P)
							}
							s, err := ScheduleOf(p, 1<<24)
							if err != nil {
								t.Fatalf("%+v: %v", p, err)
							}
							want := sim.NewLedger(s, es)
							if g > 0 {
								want = sim.NewClusterLedger(s, es, g)
							}
							if !reflect.DeepEqual(got, want) {
								t.Fatalf("%s ring P=%d S=%d B elem %d g=%d chunks=%d:\n analytic %s\n executed %s", c, P, p.Size, es, g, chunks, brief(got), brief(want))
							}
							checked++
						}
					}
				}
			}
		}
	}
	if checked < 500 {
		t.Errorf("only %d cases checked", checked)
	}
}

// TestAnalyticLedgerCoverage: what AnalyticLedger declines (the caller
// then builds the schedule) and what it covers through auto.
func TestAnalyticLedgerCoverage(t *testing.T) {
	base := Params{Collective: prim.AllReduce, Ranks: 8, Size: 1 << 20, ElemSize: 4, Bandwidth: 50e9, Latency: 5e-6, Efficiency: 1}
	for _, tc := range []struct {
		a      sched.Algorithm
		c      prim.Collective
		ok     bool
		reason string
	}{
		{sched.Ring, prim.AllReduce, true, "ring AllReduce"},
		{sched.Tree, prim.AllReduce, false, "the tree is built"},
		{sched.Naive, prim.AllToAll, false, "not a ring"},
	} {
		p := base
		p.Algorithm, p.Collective = tc.a, tc.c
		if _, ok := AnalyticLedger(p); ok != tc.ok {
			t.Errorf("%s: ok = %v", tc.reason, ok)
		}
	}
	// auto is resolved first: covered exactly when it chooses the ring.
	for _, size := range []int64{4 << 10, 1 << 20, 1 << 30} {
		p := base
		p.Algorithm, p.Size = sched.Auto, size
		c, _ := Concrete(p)
		if _, ok := AnalyticLedger(p); ok != (c.Algorithm == sched.Ring) {
			t.Errorf("auto at %d B chooses %s; covered %v", size, c.Algorithm, ok)
		}
	}
	p := base
	p.Ranks = 0
	if _, ok := AnalyticLedger(p); ok {
		t.Error("an invalid question got a ledger")
	}
}

func brief(l *sim.Ledger) string {
	return fmt.Sprintf("total %d steps %d busiest %d inter %d phases %d rounds %d ranks[0] %+v", l.TotalBytes, l.Steps, l.Busiest, l.InterBytes, len(l.Phases), len(l.Rounds), l.Ranks[0])
}

// BenchmarkLedgerRing1024 is the ledger view's work at P = 1024: the
// analytic ledger against building the schedule and executing its ledger.
func BenchmarkLedgerRing1024(b *testing.B) {
	p := Params{Collective: prim.AllReduce, Algorithm: sched.Ring, Ranks: 1024, Size: 100 << 20, ElemSize: 4, Bandwidth: 50e9, Latency: 5e-6, Efficiency: 1}
	b.Run("analytic", func(b *testing.B) {
		for b.Loop() {
			AnalyticLedger(p)
		}
	})
	b.Run("executed", func(b *testing.B) {
		for b.Loop() {
			s, _ := ScheduleOf(p, 1<<24)
			sim.NewLedger(s, 4)
		}
	})
}
