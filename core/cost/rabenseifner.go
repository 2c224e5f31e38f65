package cost

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// rabenseifnerForm is exact for sched.buildRabenseifner on every P and
// element count (Thakur, Rabenseifner & Gropp 2005, §4.4–4.5). The vector
// is cut into P' = 2^⌊log₂P⌋ near-equal chunks (q' = ⌊n/P'⌋, the first
// n mod P' one larger); L' = log₂P', r = P − P', δ = [r > 0]. The largest
// message at level k is C_k = q'·2^k + min(2^k, n mod P') elements (the
// aligned group of 2^k chunks holding chunk 0), which is 2^k·S/P' when
// P' | n:
//
//	AllReduce  δ·(α + S·(β+γ)) + Σ_k (α + C_k·(β+γ)) + Σ_k (α + C_k·β) + δ·(α + S·β)
//	           = 2L'·α + 2(P'−1)/P'·S·β + (P'−1)/P'·S·γ + δ·(2α + 2S·β + S·γ)
//	Reduce     δ·(α + S·(β+γ)) + Σ_k (α + C_k·(β+γ)) + Σ_k (α + D_k·β)
//
// D_k, the largest gather message of round k, is chunk group [2^k, 2^(k+1))
// (the groups sent in round k are the odd-numbered ones); a round whose
// messages are all empty (n < P') is not a step. The busiest rank sends
// S + Σ_{k≥1} C_k (+ S) in AllReduce (participant 0); in Reduce every
// participant sends S minus its chunk in the ReduceScatter, plus one gather
// message, the largest excess being chunks [2^k+1, 2^(k+1)) for some k.
// O(log P).
func rabenseifnerForm(c prim.Collective, s shape, m model) Terms {
	t := Terms{Exact: true}
	n := s.n
	if n == 0 {
		return t
	}
	f := foldOf(s.p)
	full := s.bytes(n)
	chunks := split(n, f.pp)
	t.add(f.folded(), 1, full, full, m)
	sentAG := int64(0) // Σ_{k≥1} C_k
	for k := int64(0); k < f.levels; k++ {
		ck := chunks.prefix(1 << k)
		t.add(1, 1, s.bytes(ck), s.bytes(ck), m.at(1<<k))
		if k > 0 {
			sentAG += ck
		}
	}
	switch c {
	case prim.AllReduce:
		for k := int64(0); k < f.levels; k++ {
			t.add(1, 1, s.bytes(chunks.prefix(1<<k)), 0, m.at(1<<k))
		}
		t.add(f.folded(), 1, full, 0, m)
		t.MaxSent = int64(s.bytes(n + sentAG + f.folded()*n))
		t.Total = int64(s.bytes(2 * (f.r + f.pp - 1) * n))
	case prim.Reduce:
		excess := int64(0)
		for k := int64(0); k < f.levels; k++ {
			h := int64(1) << k
			dk := chunks.prefix(2*h) - chunks.prefix(h)
			t.add(b2i(dk > 0), 1, s.bytes(dk), 0, m.at(h))
			excess = max(excess, chunks.prefix(2*h)-chunks.prefix(h+1))
		}
		t.MaxSent = int64(s.bytes(n + excess))
		t.Total = int64(s.bytes((f.r+f.pp-1)*n + chunks.hopWeighted()))
	}
	return t
}

// hopWeighted is Σ_v size(v)·popcount(v) over the parts of a near-equal
// split: the elements a binomial scatter from (or gather to) part 0 puts on
// the wire, since part v travels one hop per set bit of v. O(log parts).
func (ne nearEqual) hopWeighted() int64 {
	return ne.q*popcountSum(ne.parts) + popcountSum(ne.rem)
}

// rabenseifnerCost is Rabenseifner's closed form and formula.
var rabenseifnerCost = algorithmCost{
	id:   sched.Rabenseifner,
	form: rabenseifnerForm,
	formula: func(c prim.Collective) Formula {
		f := map[prim.Collective]string{
			prim.AllReduce: "2L'·α + 2(P'−1)/P'·S·β + (P'−1)/P'·S·γ + δ·(2α + 2S·β + S·γ)",
			prim.Reduce:    "2L'·α + 2(P'−1)/P'·S·β + (P'−1)/P'·S·γ + δ·(α + S·(β + γ))",
		}[c]
		return form(folded(f), srcThakur)
	},
}
