package cost

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// ClosedForm evaluates the closed form of algorithm a for collective c over
// shape s. Every closed form here is exact under the cost rule (it equals
// sim.Price of the schedule sched.Build makes for Params.Spec) except the
// tree's, which is the lecture's many-chunk limit (see treeLimit).
// O(1) except binomial Scatter/Gather with P ∤ n (O(P)) and ring's chunk
// search (O(1) per candidate); the classic MPI algorithms' forms are
// O(log P), Bruck AllToAll's busiest rank O(P) when P ∤ n.
func closedForm(c prim.Collective, a sched.Algorithm, s shape, m model) Terms {
	if s.p == 1 {
		return Terms{Exact: true}
	}
	if e, ok := costOf(a); ok {
		return e.form(c, s, m)
	}
	return Terms{}
}
