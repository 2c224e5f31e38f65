package fabric

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// benchSim builds the schedule of c on 1024 ranks (8 GPUs a node, 256 MiB)
// and simulates it on a fat-tree at oversubscription r; docs/performance.md
// quotes the times.
func benchSim(b *testing.B, c prim.Collective, a sched.Algorithm, r float64) {
	p := 1024
	count := 64 << 20
	if c == prim.AllToAll {
		count /= p
	}
	for b.Loop() {
		s, err := sched.Build(prim.Spec{Collective: c, Ranks: p, Count: count, Op: prim.Sum}, a, sched.Options{})
		if err != nil {
			b.Fatal(err)
		}
		res, err := Simulate(s, 4, Build(Spec{Kind: FatTree, Oversubscription: r}, cluster(p, 8)), 0, 0)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(res.Events), "events")
		b.ReportMetric(res.Time, "sim-s")
		b.ReportMetric(float64(res.Work)/float64(res.Events), "work/event")
	}
}

func BenchmarkAllToAll1024FatTree4(b *testing.B)      { benchSim(b, prim.AllToAll, sched.Pairwise, 4) }
func BenchmarkAllToAll1024FatTree1(b *testing.B)      { benchSim(b, prim.AllToAll, sched.Pairwise, 1) }
func BenchmarkRing1024FatTree4(b *testing.B)          { benchSim(b, prim.AllReduce, sched.Ring, 4) }
func BenchmarkNaiveAllToAll1024FatTree4(b *testing.B) { benchSim(b, prim.AllToAll, sched.Naive, 4) }
