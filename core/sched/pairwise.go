package sched

// buildPairwise builds the pairwise-exchange AllToAll (Thakur, Rabenseifner
// & Gropp 2005, §4.5): P−1 rounds; in round k rank i sends block i→i+k and
// receives block i−k→i, so every rank sends and receives exactly one message
// a round. Each rank's own block is a local copy in the first round.
func buildPairwise(b *builder) {
	sp := b.s.Spec
	p := sp.Ranks
	m, rowOff, colOff := matrixOffsets(sp)
	for k := 1; k < max(p, 2); k++ {
		var ts []Transfer
		for i := 0; i < p; i++ {
			if k == 1 {
				ts = append(ts, alltoallTransfer(m, rowOff, colOff, i, i))
			}
			if k < p {
				ts = append(ts, alltoallTransfer(m, rowOff, colOff, i, (i+k)%p))
			}
		}
		b.round("alltoall", false, ts)
	}
}
