package sched

import "github.com/ccplay/ccplay/core/prim"

// buildPairwise builds the pairwise-exchange AllToAll (Thakur, Rabenseifner
// & Gropp 2005, §4.5): P−1 rounds; in round k rank i sends block i→i+k and
// receives block i−k→i, so every rank sends and receives exactly one message
// a round. Each rank's own block is a local copy in the first round.
func buildPairwise(b *builder) {
	sp := b.s.Spec
	p := sp.Ranks
	a := newA2ABlocks(sp, b.pause)
	for k := 1; k < max(p, 2); k++ {
		var ts []Transfer
		for i := 0; i < p; i++ {
			if k == 1 {
				ts = append(ts, a.transfer(i, i))
			}
			if k < p {
				ts = append(ts, a.transfer(i, (i+k)%p))
			}
		}
		b.round("alltoall", false, ts)
	}
}

// pairwiseAlgorithm is Pairwise's registry entry.
var pairwiseAlgorithm = AlgorithmInfo{
	ID:          Pairwise,
	Name:        "pairwise exchange",
	Collectives: []prim.Collective{prim.ReduceScatter, prim.AllToAll},
	build:       buildPairwiseAny,
	slotsPerRank: func(e estimateArgs) int64 {
		return e.p + 1
	},
}

// buildPairwiseAny builds pairwise exchange: the reducing form for
// ReduceScatter, the plain exchange for AllToAll.
func buildPairwiseAny(b *builder) {
	if b.s.Spec.Collective == prim.ReduceScatter {
		buildPairwiseReduceScatter(b)
		return
	}
	buildPairwise(b)
}
