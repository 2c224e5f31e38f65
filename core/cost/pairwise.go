package cost

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// pairwiseForm: P−1 rounds, each carrying at most one block ⌈n/P⌉ per port.
func pairwiseForm(s shape, m model) Terms {
	t := Terms{Exact: true}
	blocks := split(s.n, s.p)
	if s.n == 0 {
		return t
	}
	t.add(s.p-1, 1, s.bytes(blocks.largest()), 0, m)
	t.MaxSent = int64(s.bytes(s.n - blocks.q))
	t.Total = int64(s.bytes((s.p - 1) * s.n))
	return t
}

// pairwiseCost is Pairwise's closed form and formula.
var pairwiseCost = algorithmCost{
	id: sched.Pairwise,
	form: func(c prim.Collective, s shape, m model) Terms {
		if c == prim.ReduceScatter {
			return pairwiseRSForm(s, m)
		}
		return pairwiseForm(s, m)
	},
	formula: func(c prim.Collective) Formula {
		if c == prim.ReduceScatter {
			return form(plainForm("(P−1)·α + (P−1)/P·S·(β + γ)"), srcThakur)
		}
		return form(plainForm("(P−1)·(α + S/P·β)"), srcThakur)
	},
}
