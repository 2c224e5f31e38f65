package cost

import (
	"math/bits"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// binomialForm is exact for sched.buildBinomial (Thakur, Rabenseifner &
// Gropp 2005): with L = ⌈log₂P⌉,
//
//	Broadcast  L·(α + S·β)          Reduce  L·(α + S·β + S·γ)
//	AllReduce  Reduce + Broadcast   Scatter/Gather  L·α + Σ_j (largest subtree message of round j)·β
//
// Scatter's rounds carry min(2^j, P−2^j) blocks at most (P−1 blocks in all
// when P is a power of two, i.e. (P−1)/P·S·β).
func binomialForm(c prim.Collective, s shape, m model) Terms {
	t := Terms{Exact: true}
	p, n := s.p, s.n
	if n == 0 {
		return t
	}
	l := int64(sched.Log2Ceil(int(p)))
	full := s.bytes(n)
	switch c {
	case prim.Broadcast:
		t.add(l, 1, full, 0, m)
		t.MaxSent, t.Total = l*int64(full), (p-1)*int64(full)
	case prim.Reduce:
		t.add(l, 1, full, full, m)
		t.MaxSent, t.Total = int64(full), (p-1)*int64(full)
	case prim.AllReduce:
		t.add(l, 1, full, full, m)
		t.add(l, 1, full, 0, m)
		t.MaxSent, t.Total = l*int64(full), 2*(p-1)*int64(full)
	case prim.Scatter, prim.Gather:
		blocks := split(n, p)
		maxMsg := int64(0)
		for j := int64(0); j < l; j++ {
			msg := largestSubtree(blocks, s.root, p, 1<<j, c == prim.Scatter)
			maxMsg = max(maxMsg, msg)
			t.add(b2i(msg > 0), 1, s.bytes(msg), 0, m)
		}
		if c == prim.Scatter {
			t.MaxSent = int64(s.bytes(n - blocks.size(s.root)))
		} else {
			t.MaxSent = int64(s.bytes(maxMsg))
		}
		t.Total = int64(s.bytes(hopWeightedBlocks(blocks, s.root, p)))
	}
	return t
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// largestSubtree is the largest message of the binomial Scatter/Gather round
// whose subtrees span mask relative ranks: a sender at v ≡ 0 (mod 2·mask)
// (Scatter) passes relative ranks [v+mask, v+2·mask), a sender at v ≡ mask
// (Gather) passes [v, v+mask), both cut at P. With P | n every block is q and
// the first window is the largest: O(1); otherwise every window is summed:
// O(P/mask).
func largestSubtree(blocks nearEqual, root, p, mask int64, scatter bool) int64 {
	first := mask
	if blocks.rem == 0 {
		if first >= p {
			return 0
		}
		return blocks.q * min(mask, p-first)
	}
	best := int64(0)
	for v := first; v < p; v += 2 * mask {
		best = max(best, relativeSum(blocks, root, p, v, min(v+mask, p)))
	}
	_ = scatter // Scatter's and Gather's windows coincide: [v, v+mask) for v ≡ mask (mod 2·mask)
	return best
}

// relativeSum is the number of elements in the blocks of relative ranks
// [lo, hi), i.e. actual ranks root+lo … root+hi−1 (mod P). O(1).
func relativeSum(blocks nearEqual, root, p, lo, hi int64) int64 {
	return blocks.q*(hi-lo) + bigBlocksIn(blocks.rem, (root+lo)%p, hi-lo, p)
}

// bigBlocksIn counts actual ranks < rem in the cyclic range start … start+len−1.
func bigBlocksIn(rem, start, length, p int64) int64 {
	below := func(x int64) int64 { return min(x, rem) } // ranks < rem among [0, x)
	end := start + length
	if end <= p {
		return below(end) - below(start)
	}
	return below(p) - below(start) + below(end-p)
}

// hopWeightedBlocks is Σ_v block(v)·popcount(v): in a binomial Scatter or
// Gather the block of relative rank v crosses popcount(v) edges. O(log P)
// when P | n, O(P) otherwise.
func hopWeightedBlocks(blocks nearEqual, root, p int64) int64 {
	if blocks.rem == 0 {
		return blocks.q * popcountSum(p)
	}
	total := int64(0)
	for v := int64(0); v < p; v++ {
		total += blocks.size((root+v)%p) * int64(bits.OnesCount64(uint64(v)))
	}
	return total
}

// popcountSum is Σ_{v<p} popcount(v) in O(log p): bit i is set in
// ⌊p/2^(i+1)⌋·2^i + max(0, p mod 2^(i+1) − 2^i) of the numbers below p.
func popcountSum(p int64) int64 {
	total := int64(0)
	for bit := int64(1); bit < p; bit <<= 1 {
		total += p/(2*bit)*bit + max(0, p%(2*bit)-bit)
	}
	return total
}

// binomialCost is Binomial's closed form and formula.
var binomialCost = algorithmCost{
	id:   sched.Binomial,
	form: binomialForm,
	formula: func(c prim.Collective) Formula {
		f := map[prim.Collective]string{
			prim.Broadcast: "L·(α + S·β)",
			prim.Reduce:    "L·(α + S·β + S·γ)",
			prim.AllReduce: "2L·(α + S·β) + L·S·γ",
			prim.Scatter:   "L·α + (P−1)/P·S·β",
			prim.Gather:    "L·α + (P−1)/P·S·β",
		}[c]
		return form(plainForm(f), srcThakur)
	},
}
