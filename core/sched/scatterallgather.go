package sched

import "github.com/ccplay/ccplay/core/prim"

// buildScatterAllgather builds van de Geijn's long-message Broadcast
// (Chan, Heimlich, Purkayastha & van de Geijn 2007; Thakur, Rabenseifner &
// Gropp 2005, §4.1): a binomial scatter of the vector from the root, then an
// AllGather that reassembles it everywhere. We use the recursive-doubling
// AllGather (MPICH's choice for medium messages on powers of two), so both
// halves move (P'−1)/P'·S per rank in log₂P' rounds each.
//
// The vector is cut into P' = 2^⌊log₂P⌋ near-equal chunks, one per
// participant (see fold). The pairs of the fold are counted from the root,
// so the root is participant 0 and always takes part; the folded-out ranks
// have nothing to contribute and receive the whole vector from their partner
// in one extra round at the end: 2L' rounds on a power of two, 2L' + 1
// otherwise (L' = ⌊log₂P⌋).
func buildScatterAllgather(b *builder) {
	sp := b.s.Spec
	n := sp.Count
	f := newFold(sp.Ranks, sp.Root)
	chunks := chunkSpan(Split(n, f.pp))
	scatterRounds(b, f, "scatter", chunks)
	doublingRounds(b, f, "allgather", false, chunks)
	foldOut(b, f, func(int) (int, int) { return 0, n })
}

// scatterAllgatherAlgorithm is ScatterAllgather's registry entry.
var scatterAllgatherAlgorithm = AlgorithmInfo{
	ID:          ScatterAllgather,
	Name:        "scatter + allgather",
	Collectives: []prim.Collective{prim.Broadcast},
	build:       buildScatterAllgather,
	slotsPerRank: func(e estimateArgs) int64 {
		return 2 * (e.l + 2) // one message per rank and round, and the fold's
	},
}
