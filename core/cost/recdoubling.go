package cost

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// recDoublingForm is exact for sched.buildRecursiveDoubling on every P and
// element count (Thakur, Rabenseifner & Gropp 2005, §4.1, §4.4). With
// P' = 2^⌊log₂P⌋, L' = log₂P', r = P − P' and δ = [r > 0]:
//
//	AllReduce  (L' + 2δ)·(α + S·β) + (L' + δ)·S·γ
//	AllGather  Σ_{k<L'} (α + E_k·β) + δ·(α + b₁·β) + δ·(α + S·β)
//
// E_k is the largest message of round k, the blocks of participants
// [0, 2^k) (the first aligned group holds the most ranks, since the doubled
// participants come first, and the largest blocks, since Split puts them
// first): q·lo(2^k) + min(lo(2^k), n mod P) elements; on a power of two with
// P | n it is 2^k·S/P, so the sum is (P−1)/P·S·β. b₁ is the fold-in block.
// The busiest rank is participant 0: Σ E_k (+ S when it also feeds its
// folded-out partner). O(log P).
func recDoublingForm(c prim.Collective, s shape, m model) Terms {
	t := Terms{Exact: true}
	n := s.n
	if n == 0 {
		return t
	}
	f := foldOf(s.p)
	full := s.bytes(n)
	switch c {
	case prim.AllReduce:
		t.add(f.folded(), 1, full, full, m)
		for k := int64(0); k < f.levels; k++ {
			t.add(1, 1, full, full, m.at(1<<k))
		}
		t.add(f.folded(), 1, full, 0, m)
		t.MaxSent = int64(s.bytes((f.levels + f.folded()) * n))
		t.Total = int64(s.bytes((2*f.r + f.pp*f.levels) * n))
	case prim.AllGather:
		blocks := split(n, s.p)
		if f.r > 0 {
			b1 := blocks.size(1)
			t.add(b2i(b1 > 0), 1, s.bytes(b1), 0, m)
		}
		sent := int64(0)
		for k := int64(0); k < f.levels; k++ {
			e := blocks.prefix(f.lo(1 << k))
			t.add(1, 1, s.bytes(e), 0, m.at(1<<k))
			sent += e
		}
		t.add(f.folded(), 1, full, 0, m)
		t.MaxSent = int64(s.bytes(sent + f.folded()*n))
		t.Total = int64(s.bytes(blocks.oddBlocks(f.r) + (f.pp-1+f.r)*n))
	}
	return t
}

// recursiveDoublingCost is RecursiveDoubling's closed form and formula.
var recursiveDoublingCost = algorithmCost{
	id:   sched.RecursiveDoubling,
	form: recDoublingForm,
	formula: func(c prim.Collective) Formula {
		f := map[prim.Collective]string{
			prim.AllReduce: "(L'+2δ)·(α + S·β) + (L'+δ)·S·γ",
			prim.AllGather: "(L'+2δ)·α + (P'−1 + Σ_{k<L'} min(2^k, r))/P·S·β + δ·(S/P + S)·β",
		}[c]
		return form(folded(f), srcThakur)
	},
}
