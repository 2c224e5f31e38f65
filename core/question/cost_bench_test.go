package question_test

import (
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
)

// sinkAnswer keeps answers alive so the compiler cannot drop the work.
var sinkAnswer question.CostAnswer

// BenchmarkAnswerCostFabric is what `ccplay cost --gpus-per-node 8
// --bandwidth 50GB/s --ranks 1024 --size 256MiB --fabric fat-tree
// --oversubscription 4 --collective alltoall` computes (auto chooses naive
// AllToAll: 1,047,552 flows), and the same with pairwise exchange:
// the closed form, the executed schedule's ledger and price, and the
// simulation on the fabric. docs/performance.md quotes the figures.
func BenchmarkAnswerCostFabric(b *testing.B) {
	for _, alg := range []string{"auto", "pairwise"} {
		get := field.Map(map[string]string{"gpus-per-node": "8", "bandwidth": "50GB/s", "ranks": "1024", "size": "256MiB",
			"fabric": "fat-tree", "oversubscription": "4", "collective": "alltoall", "algorithm": alg})
		b.Run(alg, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				a, err := question.AnswerCost(get)
				if err != nil {
					b.Fatal(err)
				}
				sinkAnswer = a
			}
		})
	}
}
