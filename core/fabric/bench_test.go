package fabric

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// benchSim builds the schedule of c on 1024 ranks (8 GPUs a node, 256 MiB)
// and simulates it on the fabric fs; docs/performance.md quotes the times.
func benchSim(b *testing.B, c prim.Collective, a sched.Algorithm, fs Spec) {
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
		res, err := Simulate(s, 4, Build(fs, cluster(p, 8)), 0, 0)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(res.Events), "events")
		b.ReportMetric(res.Time, "sim-s")
		b.ReportMetric(float64(res.Work)/float64(res.Events), "work/event")
	}
}

// fatTree is a fat-tree of leaves of 16 nodes at oversubscription r.
func fatTree(r float64) Spec { return Spec{Kind: FatTree, Oversubscription: r} }

func BenchmarkAllToAll1024FatTree4(b *testing.B) {
	benchSim(b, prim.AllToAll, sched.Pairwise, fatTree(4))
}
func BenchmarkAllToAll1024FatTree1(b *testing.B) {
	benchSim(b, prim.AllToAll, sched.Pairwise, fatTree(1))
}
func BenchmarkNaiveAllToAll1024FatTree4(b *testing.B) {
	benchSim(b, prim.AllToAll, sched.Naive, fatTree(4))
}
func BenchmarkRing1024FatTree2(b *testing.B) { benchSim(b, prim.AllReduce, sched.Ring, fatTree(2)) }
func BenchmarkRing1024FatTree4(b *testing.B) { benchSim(b, prim.AllReduce, sched.Ring, fatTree(4)) }
func BenchmarkRing1024FatTree8(b *testing.B) { benchSim(b, prim.AllReduce, sched.Ring, fatTree(8)) }
func BenchmarkTree1024FatTree2(b *testing.B) { benchSim(b, prim.AllReduce, sched.Tree, fatTree(2)) }
func BenchmarkTree1024FatTree8(b *testing.B) { benchSim(b, prim.AllReduce, sched.Tree, fatTree(8)) }
func BenchmarkAllToAll1024Rail4(b *testing.B) {
	benchSim(b, prim.AllToAll, sched.Pairwise, Spec{Kind: Rail, Oversubscription: 4})
}
func BenchmarkRing1024Torus(b *testing.B) {
	benchSim(b, prim.AllReduce, sched.Ring, Spec{Kind: Torus})
}
func BenchmarkAllToAll1024Torus(b *testing.B) {
	benchSim(b, prim.AllToAll, sched.Pairwise, Spec{Kind: Torus})
}
