package sched

// fold is MPICH's treatment of a communicator whose size is not a power of
// two (Thakur, Rabenseifner & Gropp 2005, §4): with P' = 2^⌊log₂P⌋ and
// r = P − P', the first 2r ranks — counted from the root for rooted
// collectives, from rank 0 otherwise — form r pairs. In pair v the lower
// rank takes part in the power-of-two algorithm as participant v and the
// upper rank is folded out: it hands its data to its partner in one extra
// round before ("fold-in") and receives the result in one extra round after
// ("fold-out"). The remaining P − 2r ranks are participants r … P'−1 in
// order. P' participants remain, so the exchanges run ⌊log₂P⌋ rounds.
// (MPICH's AllReduce keeps the upper rank of a pair instead; which one
// stays changes neither the rounds nor the bytes, and keeping the lower one
// lets the root of a rooted collective always take part.)
//
// Participant v stands for the relative ranks [lo(v), lo(v+1)): two of them
// when v < r, one otherwise. Any range of participants therefore stands for
// a contiguous range of ranks, which keeps the messages of the blocked
// collectives contiguous. All methods are O(1).
type fold struct {
	p, pp, r, root int
	levels         int // log₂P'
}

func newFold(p, root int) fold {
	l := Log2Floor(p)
	return fold{p: p, pp: 1 << l, r: p - 1<<l, root: root, levels: l}
}

// lo is the first relative rank participant v stands for; lo(P') = P.
func (f fold) lo(v int) int {
	if v <= f.r {
		return 2 * v
	}
	return v + f.r
}

// rank is the rank of participant v.
func (f fold) rank(v int) int { return (f.lo(v) + f.root) % f.p }

// extra is the folded-out partner of participant v < r.
func (f fold) extra(v int) int { return (2*v + 1 + f.root) % f.p }

// span is the element range [off, off+n) that a range of participants
// [a, c) stands for in a work buffer.
type span func(a, c int) (off, n int)

// foldIn is the extra round before: the folded-out rank of every pair sends
// region(v) to participant v.
func foldIn(b *builder, f fold, reduce bool, region func(v int) (off, n int)) {
	ts := make([]Transfer, 0, f.r)
	for v := 0; v < f.r; v++ {
		off, n := region(v)
		ts = append(ts, xfer(f.extra(v), f.rank(v), off, n))
	}
	b.round("fold-in", reduce, ts)
}

// foldOut is the extra round after: participant v sends region(v) to its
// folded-out partner.
func foldOut(b *builder, f fold, region func(v int) (off, n int)) {
	ts := make([]Transfer, 0, f.r)
	for v := 0; v < f.r; v++ {
		off, n := region(v)
		ts = append(ts, xfer(f.rank(v), f.extra(v), off, n))
	}
	b.round("fold-out", false, ts)
}

// doublingRounds are the log₂P' rounds of recursive doubling: in round k
// participant v sends the range of its aligned group of 2^k participants
// (those it has gathered so far) to v xor 2^k. With reduce every round
// combines instead (recursive-doubling AllReduce passes the whole vector).
func doublingRounds(b *builder, f fold, phase string, reduce bool, sp span) {
	for k := 0; k < f.levels; k++ {
		m := 1 << k
		ts := make([]Transfer, f.pp)
		for v := 0; v < f.pp; v++ {
			a := v &^ (m - 1)
			off, n := sp(a, a+m)
			ts[v] = xfer(f.rank(v), f.rank(v^m), off, n)
		}
		b.round(phase, reduce, ts)
	}
}

// halvingRounds are the log₂P' rounds of recursive halving, largest first:
// in the round of mask m = P'/2, P'/4, …, 1 participant v, responsible for
// its aligned group of 2m participants, sends the half its partner v xor m
// keeps (the aligned group of m containing v xor m) and combines the half
// it keeps. Afterwards participant v holds the reduction of its own range.
func halvingRounds(b *builder, f fold, phase string, sp span) {
	for k := f.levels - 1; k >= 0; k-- {
		m := 1 << k
		ts := make([]Transfer, f.pp)
		for v := 0; v < f.pp; v++ {
			a := (v ^ m) &^ (m - 1)
			off, n := sp(a, a+m)
			ts[v] = xfer(f.rank(v), f.rank(v^m), off, n)
		}
		b.round(phase, true, ts)
	}
}

// gatherRounds are the log₂P' rounds of a binomial gather to participant 0
// over aligned groups: in round k every v with v mod 2^(k+1) = 2^k sends
// the range of [v, v+2^k) that it has gathered to v − 2^k.
func gatherRounds(b *builder, f fold, phase string, sp span) {
	for k := 0; k < f.levels; k++ {
		m := 1 << k
		var ts []Transfer
		for v := m; v < f.pp; v += 2 * m {
			off, n := sp(v, v+m)
			ts = append(ts, xfer(f.rank(v), f.rank(v-m), off, n))
		}
		b.round(phase, false, ts)
	}
}

// scatterRounds mirror gatherRounds: a binomial scatter from participant 0,
// largest messages first; in the round of mask m every v ≡ 0 (mod 2m) sends
// the range of [v+m, v+2m) to v + m.
func scatterRounds(b *builder, f fold, phase string, sp span) {
	for k := f.levels - 1; k >= 0; k-- {
		m := 1 << k
		var ts []Transfer
		for v := 0; v < f.pp; v += 2 * m {
			off, n := sp(v+m, v+2*m)
			ts = append(ts, xfer(f.rank(v), f.rank(v+m), off, n))
		}
		b.round(phase, false, ts)
	}
}

// chunkSpan: participants own near-equal chunks of one vector, chunk v at
// off[v] (off = Split(n, P')).
func chunkSpan(off []int) span {
	return func(a, c int) (int, int) { return off[a], off[c] - off[a] }
}

// blockSpan: participants stand for the blocks of their ranks in a blocked
// work buffer laid out in rank order (woff = prefix offsets, P+1 entries).
func blockSpan(f fold, woff []int) span {
	return func(a, c int) (int, int) { return woff[f.lo(a)], woff[f.lo(c)] - woff[f.lo(a)] }
}
