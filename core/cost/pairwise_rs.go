package cost

// pairwiseRSForm is exact for sched.buildPairwiseReduceScatter (Thakur,
// Rabenseifner & Gropp 2005, §4.3) on every P and element count: P−1
// rounds, each carrying and combining at most one block of ⌈n/P⌉ elements
// per port,
//
//	(P−1)·(α + ⌈S/P⌉·(β + γ))   (= (P−1)·α + (P−1)/P·S·(β + γ) when P | n)
//
// Every rank sends all blocks but its own, so the busiest sends
// S − ⌊n/P⌋ elements. O(1).
func pairwiseRSForm(s shape, m model) Terms {
	t := Terms{Exact: true}
	if s.n == 0 {
		return t
	}
	blocks := split(s.n, s.p)
	big := s.bytes(blocks.largest())
	t.add(s.p-1, 1, big, big, m)
	t.MaxSent = int64(s.bytes(s.n - blocks.q))
	t.Total = int64(s.bytes((s.p - 1) * s.n))
	return t
}
