package cost

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// algorithmCost is cost's half of an algorithm's registry entry (the other
// half is sched.AlgorithmInfo): its closed form under the cost rule and
// that form as text with its source. Each entry lives in the algorithm's
// own file beside its closed form.
type algorithmCost struct {
	id sched.Algorithm
	// form evaluates the closed form for collective c over shape s on P ≥ 2
	// ranks (closedForm answers P = 1 itself).
	form func(c prim.Collective, s shape, m model) Terms
	// formula is the closed form of c as text, with its source.
	formula func(c prim.Collective) Formula
}

// algorithmCosts lists the entries of every algorithm sched.Algorithms
// lists, in the same order (a test checks both lists agree).
var algorithmCosts = []*algorithmCost{
	&naiveCost, &ringCost, &treeCost, &binomialCost,
	&recursiveDoublingCost, &recursiveHalvingCost, &rabenseifnerCost,
	&pairwiseCost, &bruckCost, &scatterAllgatherCost, &hierarchicalCost,
}

// costOf returns a's entry.
func costOf(a sched.Algorithm) (*algorithmCost, bool) {
	for _, e := range algorithmCosts {
		if e.id == a {
			return e, true
		}
	}
	return nil, false
}
