package sched

import "github.com/ccplay/ccplay/core/prim"

// buildRabenseifner builds Rabenseifner's algorithms (Thakur, Rabenseifner &
// Gropp 2005, §4.4 and §4.5): the vector is cut into P' = 2^⌊log₂P⌋
// near-equal chunks (Split), one per participant (see fold).
//
//   - AllReduce: recursive-halving ReduceScatter of the chunks (L' rounds,
//     messages halving from S/2) + recursive-doubling AllGather (L' rounds,
//     messages doubling back to S/2). When P is not a power of two the
//     folded-out ranks first send their vector (combined by the partner) and
//     finally receive the result: 2L' + 2 rounds.
//   - Reduce: the same ReduceScatter, then a binomial gather of the chunks
//     to the root (L' rounds). The pairs of the fold are counted from the
//     root, so the root is always participant 0 and never folded out:
//     2L' + 1 rounds when P is not a power of two.
func buildRabenseifner(b *builder) {
	sp := b.s.Spec
	n := sp.Count
	root := 0
	if sp.Collective == prim.Reduce {
		root = sp.Root
	}
	f := newFold(sp.Ranks, root)
	chunks := chunkSpan(Split(n, f.pp))
	whole := func(int) (int, int) { return 0, n }
	foldIn(b, f, true, whole)
	halvingRounds(b, f, "reduce-scatter", chunks)
	switch sp.Collective {
	case prim.AllReduce:
		doublingRounds(b, f, "allgather", false, chunks)
		foldOut(b, f, whole)
	case prim.Reduce:
		gatherRounds(b, f, "gather", chunks)
	}
}

// rabenseifnerAlgorithm is Rabenseifner's registry entry.
var rabenseifnerAlgorithm = AlgorithmInfo{
	ID:          Rabenseifner,
	Name:        "Rabenseifner",
	Collectives: []prim.Collective{prim.Reduce, prim.AllReduce},
	build:       buildRabenseifner,
	slotsPerRank: func(e estimateArgs) int64 {
		return 2*e.l + 4
	},
}
