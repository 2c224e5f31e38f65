package cost

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// recHalvingForm is exact for sched.buildRecursiveHalving (ReduceScatter;
// Thakur, Rabenseifner & Gropp 2005, §4.3) on every P and element count.
// With P' = 2^⌊log₂P⌋, L' = log₂P', r = P − P' and δ = [r > 0]:
//
//	δ·(α + S·(β + γ)) + Σ_{k<L'} (α + E_k·(β + γ)) + δ·(α + b₁·β)
//
// E_k is the largest message of the round of mask 2^k, the blocks of
// participants [0, 2^k) (see recDoublingForm): 2^k·S/P on a power of two
// with P | n, so the sum is (P−1)/P·S·(β + γ). b₁ is the fold-out block.
// A participant sends everything but its own blocks (the groups it hands
// away partition the rest), so the busiest rank sends S − ⌊n/P⌋ elements on
// a power of two and S (a folded-out rank's fold-in) otherwise. O(log P).
func recHalvingForm(s shape, m model) Terms {
	t := Terms{Exact: true}
	n := s.n
	if n == 0 {
		return t
	}
	f := foldOf(s.p)
	full := s.bytes(n)
	blocks := split(n, s.p)
	t.add(f.folded(), 1, full, full, m)
	for k := int64(0); k < f.levels; k++ {
		e := s.bytes(blocks.prefix(f.lo(1 << k)))
		t.add(1, 1, e, e, m.at(1<<k))
	}
	if f.r > 0 {
		b1 := blocks.size(1)
		t.add(b2i(b1 > 0), 1, s.bytes(b1), 0, m)
		t.MaxSent = int64(full)
	} else {
		t.MaxSent = int64(s.bytes(n - blocks.q))
	}
	t.Total = int64(s.bytes((f.r+f.pp-1)*n + blocks.oddBlocks(f.r)))
	return t
}

// recursiveHalvingCost is RecursiveHalving's closed form and formula.
var recursiveHalvingCost = algorithmCost{
	id:   sched.RecursiveHalving,
	form: func(_ prim.Collective, s shape, m model) Terms { return recHalvingForm(s, m) },
	formula: func(c prim.Collective) Formula {
		return form(folded("(L'+2δ)·α + (P'−1 + Σ_{k<L'} min(2^k, r))/P·S·(β + γ) + δ·(S·(β + γ) + S/P·β)"), srcThakur)
	},
}
