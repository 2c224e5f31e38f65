package cost

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// scatterAllgatherForm is exact for sched.buildScatterAllgather (van de
// Geijn's Broadcast: binomial scatter + recursive-doubling AllGather;
// Thakur, Rabenseifner & Gropp 2005, §4.1; Chan et al. 2007) on every P and
// element count. With P' = 2^⌊log₂P⌋ chunks (q' = ⌊n/P'⌋), L' = log₂P',
// r = P − P', δ = [r > 0]:
//
//	Σ_k (α + D_k·β) + Σ_k (α + C_k·β) + δ·(α + S·β)
//	= 2L'·α + 2(P'−1)/P'·S·β + δ·(α + S·β)   when P' | n
//
// C_k = q'·2^k + min(2^k, n mod P') is the largest AllGather message (chunk
// group [0, 2^k)), D_k the largest scatter message (chunk group
// [2^k, 2^(k+1)), which is empty — and the round no step — when n ≤ 2^k).
// The root, participant 0, is the busiest rank: S − its chunk in the
// scatter, Σ_k C_k in the AllGather (+ S to its folded-out partner).
// O(log P).
func scatterAllgatherForm(s shape, m model) Terms {
	t := Terms{Exact: true}
	n := s.n
	if n == 0 {
		return t
	}
	f := foldOf(s.p)
	chunks := split(n, f.pp)
	sentAG := int64(0)
	for k := int64(0); k < f.levels; k++ {
		h := int64(1) << k
		dk := chunks.prefix(2*h) - chunks.prefix(h)
		t.add(b2i(dk > 0), 1, s.bytes(dk), 0, m)
		ck := chunks.prefix(h)
		t.add(1, 1, s.bytes(ck), 0, m)
		if k > 0 {
			sentAG += ck
		}
	}
	t.add(f.folded(), 1, s.bytes(n), 0, m)
	t.MaxSent = int64(s.bytes(n + sentAG + f.folded()*n))
	t.Total = int64(s.bytes(chunks.hopWeighted() + (f.pp-1+f.r)*n))
	return t
}

// scatterAllgatherCost is ScatterAllgather's closed form and formula.
var scatterAllgatherCost = algorithmCost{
	id:   sched.ScatterAllgather,
	form: func(_ prim.Collective, s shape, m model) Terms { return scatterAllgatherForm(s, m) },
	formula: func(c prim.Collective) Formula {
		return form(folded("2L'·α + 2(P'−1)/P'·S·β + δ·(α + S·β)"), srcThakur, srcChan)
	},
}
