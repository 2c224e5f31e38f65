package cost

import (
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// bruckForm is exact for sched.buildBruck on every P and element count
// (Bruck, Ho, Kipnis, Upfal & Weathersby 1997). L = ⌈log₂P⌉ rounds, one
// message per port each; the n elements are cut into P near-equal blocks
// b_0 ≥ … ≥ b_{P−1} (q = ⌊n/P⌋, rem = n mod P).
//
// AllGather: round k moves c_k = min(2^k, P−2^k) consecutive blocks, at most
// q·c_k + min(c_k, rem) elements (the rem larger blocks are consecutive):
//
//	Σ_k (α + (q·c_k + min(c_k, rem))·β)   (= L·α + (P−1)/P·S·β when P | n)
//
// The busiest rank is rank 0: q·(P−1) + Σ_k min(c_k, rem) elements. O(log P).
//
// AllToAll: round k moves the slots j with bit k set, |J_k| of them; slot j
// then holds a block for destination i + (j with its low k bits cleared), so
// the message of rank i is q·|J_k| + the number of larger blocks among
// those destinations, weighted by how many slots share each (2^k, or fewer
// for the last). Its maximum over i is a cyclic window of length rem over
// points spaced 2^(k+1) apart (bruckWindow), O(1) a round:
//
//	Σ_k (α + (q·|J_k| + window_k)·β)   (= L·α + Σ_k |J_k|·S/P·β, ≈ L·α + L·S/2·β, when P | n)
//
// Every rank sends Σ_k |J_k| = Σ_{v<P} popcount(v) blocks; when P ∤ n the
// busiest one is found by a sliding window over the P destinations: O(P).
func bruckForm(c prim.Collective, s shape, m model) Terms {
	t := Terms{Exact: true}
	p, n := s.p, s.n
	if n == 0 {
		return t
	}
	blocks := split(n, p)
	q, rem := blocks.q, blocks.rem
	switch c {
	case prim.AllGather:
		extra := int64(0)
		for h := int64(1); h < p; h <<= 1 {
			ck := min(h, p-h)
			t.add(1, 1, s.bytes(q*ck+min(ck, rem)), 0, m)
			extra += min(ck, rem)
		}
		t.MaxSent = int64(s.bytes(q*(p-1) + extra))
		t.Total = int64(s.bytes((p - 1) * n))
	case prim.AllToAll:
		for h := int64(1); h < p; h <<= 1 {
			t.add(1, 1, s.bytes(q*bitCount(p, h)+bruckWindow(p, h, rem)), 0, m)
		}
		t.MaxSent = int64(s.bytes(q*popcountSum(p) + bruckBusiest(p, rem)))
		t.Total = int64(s.bytes(n * popcountSum(p)))
	}
	return t
}

// bitCount is |J_k|: how many j in [0, p) have the bit h = 2^k set. O(1).
func bitCount(p, h int64) int64 { return p/(2*h)*h + max(0, p%(2*h)-h) }

// bruckWindow is, for the AllToAll round of h = 2^k, the largest number of
// rem consecutive (cyclically) destinations' worth of slots: the points
// v = h, 3h, 5h, … < p carry min(h, p−v) slots each, and a cyclic window of
// rem positions is laid over them. Windows either stay inside one period
// (at most ⌊(rem−1)/2h⌋ + 1 points, all of full weight unless every point
// fits) or wrap past p, where the gap to the first point is p − (c−1)·2h
// and the last point may weigh less. O(1).
func bruckWindow(p, h, rem int64) int64 {
	if rem == 0 || h >= p {
		return 0
	}
	d := 2 * h
	c := (p - h + d - 1) / d // points h + t·d < p
	wLast := min(h, p-(h+(c-1)*d))
	all := (c-1)*h + wLast
	m0 := min(c, (rem-1)/d+1)
	best := m0 * h
	if m0 == c {
		best = all
	}
	if g := p - (c-1)*d; c >= 2 && rem-1 >= g {
		m1 := min(c, (rem-1-g)/d+2)
		best = max(best, (m1-1)*h+wLast)
	}
	return best
}

// bruckBusiest is the largest number of larger blocks (weighted) any rank
// sends over a whole Bruck AllToAll: destination offset u ∈ [1, p) is sent
// min(lowbit(u), p−u) times in all, so it is the heaviest cyclic window of
// rem offsets under those weights. O(p) by a sliding window.
func bruckBusiest(p, rem int64) int64 {
	if rem == 0 {
		return 0
	}
	w := func(u int64) int64 { // u in [0, p)
		if u == 0 {
			return 0
		}
		return min(u&-u, p-u)
	}
	sum := int64(0)
	for u := int64(0); u < rem; u++ {
		sum += w(u)
	}
	best := sum
	in := rem // the offset entering the window that starts at a
	for a := int64(1); a < p; a++ {
		if in == p {
			in = 0
		}
		sum += w(in) - w(a-1)
		best = max(best, sum)
		in++
	}
	return best
}

// bruckCost is Bruck's closed form and formula.
var bruckCost = algorithmCost{
	id:   sched.Bruck,
	form: bruckForm,
	formula: func(c prim.Collective) Formula {
		switch c {
		case prim.AllGather:
			return form(plainForm("L·α + (P−1)/P·S·β"), srcBruck, srcThakur)
		case prim.AllToAll:
			return form(msg.New("cost.formula.bruck_alltoall", "L·α + Σ_{k<L} |J_k|·S/P·β", "L·(α + S/2·β)"), srcBruck, srcThakur)
		}
		return form(plainForm(""), srcBruck, srcThakur)
	},
}
