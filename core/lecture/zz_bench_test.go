package lecture

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

func BenchmarkZZFigure(b *testing.B) {
	for b.Loop() {
		if _, err := FabricContention(lessonCase(), []ContentionCase{{prim.AllReduce, sched.Ring}, {prim.AllToAll, sched.Pairwise}}, []float64{1, 2, 4, 8}); err != nil {
			b.Fatal(err)
		}
	}
}
func BenchmarkZZFigureHier(b *testing.B) {
	for b.Loop() {
		if _, err := FabricContention(lessonCase(), []ContentionCase{{prim.AllReduce, sched.Ring}, {prim.AllReduce, sched.Hierarchical}}, []float64{1, 2, 4, 8}); err != nil {
			b.Fatal(err)
		}
	}
}
