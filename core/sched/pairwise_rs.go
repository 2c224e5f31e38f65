package sched

import "github.com/ccplay/ccplay/core/prim"

// buildPairwiseReduceScatter builds MPICH's pairwise-exchange
// ReduceScatter for long messages (Thakur, Rabenseifner & Gropp 2005, §4.3):
// P−1 rounds; in round k rank i sends its contribution to block i+k to rank
// i+k, which combines it into its own block, and receives the contribution
// of rank i−k to block i. Every rank sends and receives one message a round
// and ends with the full reduction of its block. Works for any P.
func buildPairwiseReduceScatter(b *builder) {
	sp := b.s.Spec
	p := sp.Ranks
	blocks := sp.Blocks()
	woff := prim.Offsets(blocks)
	for k := 1; k < p; k++ {
		ts := make([]Transfer, p)
		for i := 0; i < p; i++ {
			d := (i + k) % p
			ts[i] = xfer(i, d, woff[d], blocks[d])
		}
		b.round("reduce-scatter", true, ts)
	}
}
