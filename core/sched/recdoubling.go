package sched

import "github.com/ccplay/ccplay/core/prim"

// buildRecursiveDoubling builds recursive doubling (Thakur, Rabenseifner &
// Gropp 2005, §4.1 AllGather, §4.4 AllReduce for short messages). With
// P' = 2^⌊log₂P⌋ participants (see fold), L' = log₂P' exchange rounds; in
// round k participant v exchanges with v xor 2^k.
//
//   - AllGather: participant v sends the blocks of its aligned group of 2^k
//     participants (one contiguous range of the rank-ordered buffer), so the
//     messages double. When P is not a power of two the folded-out ranks
//     first send their block to their partner and finally receive the whole
//     buffer: L' + 2 rounds.
//   - AllReduce: every round sends and combines the whole vector; the
//     folded-out ranks first send their vector (combined by the partner) and
//     finally receive the result: L' + 2 rounds when P is not a power of two.
//
// Every rank sends and receives at most one message a round.
func buildRecursiveDoubling(b *builder) {
	sp := b.s.Spec
	f := newFold(sp.Ranks, 0)
	switch sp.Collective {
	case prim.AllGather:
		woff := prim.Offsets(sp.Blocks())
		own := func(v int) (int, int) { r := 2*v + 1; return woff[r], woff[r+1] - woff[r] }
		whole := func(int) (int, int) { return 0, woff[sp.Ranks] }
		foldIn(b, f, false, own)
		doublingRounds(b, f, "allgather", false, blockSpan(f, woff))
		foldOut(b, f, whole)
	case prim.AllReduce:
		n := sp.Count
		whole := func(int) (int, int) { return 0, n }
		foldIn(b, f, true, whole)
		doublingRounds(b, f, "allreduce", true, func(int, int) (int, int) { return 0, n })
		foldOut(b, f, whole)
	}
}

// recursiveDoublingAlgorithm is RecursiveDoubling's registry entry.
var recursiveDoublingAlgorithm = AlgorithmInfo{
	ID:          RecursiveDoubling,
	Name:        "recursive doubling",
	Collectives: []prim.Collective{prim.AllReduce, prim.AllGather},
	build:       buildRecursiveDoubling,
	slotsPerRank: func(e estimateArgs) int64 {
		return 2 * (e.l + 2)
	},
}
