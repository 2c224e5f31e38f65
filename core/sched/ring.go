package sched

import "github.com/ccplay/ccplay/core/prim"

// buildRing builds the ring algorithms (Patarasuk & Yuan 2009; the lecture's
// §4). Rank r sends only to r+1 and receives only from r−1.
//
//   - ReduceScatter: P−1 rounds; in round s rank r sends block r−s−1 (mod P)
//     and the receiver reduces it, so rank r ends with the full block r.
//   - AllGather: P−1 rounds; in round s rank r forwards block r−s.
//   - AllReduce: the vector is cut into P near-equal chunks (uneven counts
//     allowed), then ReduceScatter + AllGather: 2(P−1) rounds.
//   - Broadcast / Reduce: a pipelined chain root → root+1 → … (reversed for
//     Reduce) with Chunks chunks: Chunks + P − 2 rounds.
func buildRing(b *builder) {
	sp := b.s.Spec
	p := sp.Ranks
	switch sp.Collective {
	case prim.AllReduce:
		off := Split(sp.Count, p)
		ringReduceScatter(b, off)
		ringAllGather(b, off)
	case prim.ReduceScatter:
		ringReduceScatter(b, prim.Offsets(sp.Blocks()))
	case prim.AllGather:
		ringAllGather(b, prim.Offsets(sp.Blocks()))
	case prim.Broadcast:
		chain := make([]int, p)
		for i := range chain {
			chain[i] = (sp.Root + i) % p
		}
		pipeline(b, chain, "broadcast", false)
	case prim.Reduce:
		chain := make([]int, p)
		for i := range chain {
			chain[i] = (sp.Root + 1 + i) % p
		}
		pipeline(b, chain, "reduce", true)
	}
}

func ringReduceScatter(b *builder, off []int) {
	p := len(off) - 1
	for s := 0; s < p-1; s++ {
		ringRound(b, off, p-1-s, "reduce-scatter", true) // rank r sends block r−s−1
	}
}

func ringAllGather(b *builder, off []int) {
	p := len(off) - 1
	for s := 0; s < p-1; s++ {
		ringRound(b, off, (p-s)%p, "allgather", false) // rank r forwards block r−s
	}
}

// ringRound adds one ring round: rank r sends block (r + c0) mod P to r+1.
// The block index advances with r instead of being recomputed by division:
// this loop builds every transfer of the ring algorithms. O(P).
func ringRound(b *builder, off []int, c0 int, phase string, reduce bool) {
	p := len(off) - 1
	ts := make([]Transfer, p)
	c := c0
	for r := 0; r < p; r++ {
		dst := r + 1
		if dst == p {
			dst = 0
		}
		ts[r] = xfer(r, dst, off[c], off[c+1]-off[c])
		if c++; c == p {
			c = 0
		}
	}
	b.round(phase, reduce, ts)
}

// pipeline moves the vector down chain[0] → chain[1] → … → chain[P−1] in
// b.s.Chunks near-equal chunks: in round t position i sends chunk t−i.
func pipeline(b *builder, chain []int, phase string, reduce bool) {
	p, k := len(chain), b.s.Chunks
	off := Split(b.s.Spec.Count, k)
	for t := 0; t < k+p-2; t++ {
		var ts []Transfer
		for i := max(0, t-k+1); i <= min(t, p-2); i++ {
			c := t - i
			ts = append(ts, xfer(chain[i], chain[i+1], off[c], off[c+1]-off[c]))
		}
		b.round(phase, reduce, ts)
	}
}

// ringAlgorithm is Ring's registry entry.
var ringAlgorithm = AlgorithmInfo{
	ID:          Ring,
	Name:        "ring",
	Collectives: []prim.Collective{prim.Broadcast, prim.Reduce, prim.AllReduce, prim.ReduceScatter, prim.AllGather},
	build:       buildRing,
	slotsPerRank: func(e estimateArgs) int64 {
		if e.k > 0 {
			return e.k + e.p
		}
		return 2 * e.p
	},
	pipelined: func(c prim.Collective) bool { return c == prim.Broadcast || c == prim.Reduce },
}
