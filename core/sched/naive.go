package sched

import "github.com/ccplay/ccplay/core/prim"

// buildNaive builds the star ("master") algorithms, one message per round
// through the root (rank 0 for unrooted collectives), as the lecture's §2
// naive AllReduce: the master receives (P−1)·S and sends (P−1)·S.
//
//   - Broadcast, Scatter: P−1 rounds; in round k the root sends to root+k.
//   - Reduce, Gather: P−1 rounds; in round k rank root+k sends to the root.
//   - AllReduce = Reduce + Broadcast; AllGather = Gather + Broadcast of the
//     whole buffer; ReduceScatter = Reduce of the whole buffer + Scatter.
//   - AllToAll: one round in which every rank sends every block directly
//     (MPI's "post all sends"); the cost rule serialises a rank's P−1 sends.
//   - SendRecv: one round, r → r+1.
func buildNaive(b *builder) {
	sp := b.s.Spec
	p, n := sp.Ranks, sp.Count
	full := func(int) (int, int) { return 0, n }
	switch sp.Collective {
	case prim.SendRecv:
		ts := make([]Transfer, p)
		for r := 0; r < p; r++ {
			ts[r] = Transfer{Src: int32(r), Dst: int32((r + 1) % p), SrcOff: 0, DstOff: int64(n), Len: int64(n)}
		}
		b.round("sendrecv", false, ts)
	case prim.Broadcast:
		starOut(b, sp.Root, "broadcast", full)
	case prim.Reduce:
		starIn(b, sp.Root, "reduce", true, full)
	case prim.AllReduce:
		starIn(b, 0, "reduce", true, full)
		starOut(b, 0, "broadcast", full)
	case prim.Scatter, prim.Gather, prim.AllGather, prim.ReduceScatter:
		woff, total := blockOffsets(sp.Blocks(), 0)
		blk := func(r int) (int, int) { return woff[r], sp.Blocks()[r] }
		whole := func(int) (int, int) { return 0, total }
		switch sp.Collective {
		case prim.Scatter:
			starOut(b, sp.Root, "scatter", blk)
		case prim.Gather:
			starIn(b, sp.Root, "gather", false, blk)
		case prim.AllGather:
			starIn(b, 0, "gather", false, blk)
			starOut(b, 0, "broadcast", whole)
		case prim.ReduceScatter:
			starIn(b, 0, "reduce", true, whole)
			starOut(b, 0, "scatter", blk)
		}
	case prim.AllToAll:
		a := newA2ABlocks(sp, b.pause)
		// The round holds P² transfers, allocated at once (growing the
		// slice would copy it in one stretch); a turn per sending rank.
		ts := make([]Transfer, 0, p*p)
		for i := 0; i < p; i++ {
			b.pause()
			for k := 0; k < p; k++ { // i's own block first, then i+1, i+2, …
				ts = append(ts, a.transfer(i, (i+k)%p))
			}
		}
		b.round("alltoall", false, ts)
	}
}

// starOut: P−1 rounds, the root sends region(dst) to dst = root+1, root+2, …
func starOut(b *builder, root int, phase string, region func(dst int) (off, n int)) {
	p := b.s.Spec.Ranks
	for k := 1; k < p; k++ {
		dst := (root + k) % p
		off, n := region(dst)
		b.round(phase, false, []Transfer{xfer(root, dst, off, n)})
	}
}

// starIn: P−1 rounds, src = root+1, root+2, … sends region(src) to the root.
func starIn(b *builder, root int, phase string, reduce bool, region func(src int) (off, n int)) {
	p := b.s.Spec.Ranks
	for k := 1; k < p; k++ {
		src := (root + k) % p
		off, n := region(src)
		b.round(phase, reduce, []Transfer{xfer(src, root, off, n)})
	}
}

// naiveAlgorithm is Naive's registry entry.
var naiveAlgorithm = AlgorithmInfo{
	ID:          Naive,
	Name:        "naive (master / star)",
	Collectives: prim.Collectives(),
	build:       buildNaive,
	slotsPerRank: func(e estimateArgs) int64 {
		if e.c == prim.AllToAll {
			return e.p // every block in one round
		}
		return 2
	},
}
