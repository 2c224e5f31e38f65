package lecture

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// benchFigure prices the lessons' figure (ring AllReduce and case k at
// 1, 2, 4 and 8 to 1 on the lessons' case): eight simulations, the work
// the moe or hierarchy lesson's figure does with nothing in its memo.
func benchFigure(b *testing.B, k ContentionCase) {
	for b.Loop() {
		if _, err := FabricContention(lessonCase(), []ContentionCase{{prim.AllReduce, sched.Ring}, k}, []float64{1, 2, 4, 8}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFigureMoE(b *testing.B) { benchFigure(b, ContentionCase{prim.AllToAll, sched.Pairwise}) }
func BenchmarkFigureHierarchy(b *testing.B) {
	benchFigure(b, ContentionCase{prim.AllReduce, sched.Hierarchical})
}
