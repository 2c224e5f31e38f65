package sched

import "github.com/ccplay/ccplay/core/prim"

// buildRecursiveHalving builds the recursive-halving ReduceScatter of MPICH
// (Thakur, Rabenseifner & Gropp 2005, §4.3, commutative operators). With
// P' = 2^⌊log₂P⌋ participants (see fold) there are L' = log₂P' rounds; in
// the round of mask m = P'/2, …, 1 participant v sends to v xor m the blocks
// of the half that v xor m keeps (the ranks of an aligned group of m
// participants: one contiguous range) and combines the half it keeps, so
// the messages halve. When P is not a power of two the folded-out ranks
// first send their whole buffer (combined by the partner) and finally
// receive their own reduced block: L' + 2 rounds.
func buildRecursiveHalving(b *builder) {
	sp := b.s.Spec
	f := newFold(sp.Ranks, 0)
	woff := prim.Offsets(sp.Blocks())
	foldIn(b, f, true, func(int) (int, int) { return 0, woff[sp.Ranks] })
	halvingRounds(b, f, "reduce-scatter", blockSpan(f, woff))
	foldOut(b, f, func(v int) (int, int) { r := 2*v + 1; return woff[r], woff[r+1] - woff[r] })
}

// recursiveHalvingAlgorithm is RecursiveHalving's registry entry.
var recursiveHalvingAlgorithm = AlgorithmInfo{
	ID:          RecursiveHalving,
	Name:        "recursive halving",
	Collectives: []prim.Collective{prim.ReduceScatter},
	build:       buildRecursiveHalving,
	slotsPerRank: func(e estimateArgs) int64 {
		return 2 * (e.l + 2)
	},
}
