package cost

import (
	"math"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Work is the cost of answering p once with Quick, in units of about 4 ns
// on a 2-core machine: pointWork for the forms that are O(1) or O(log P);
// P more for those that scan the ranks when the blocks are uneven (binomial
// Scatter and Gather, Bruck's AllToAll, when P does not divide the element
// count); P/g more for hierarchical (one term per node); 64·pointWork for
// NCCL's model (its topology search). Auto costs the sum over
// sched.Applicable. Faces multiply it by the points of a sweep and refuse,
// before the first point, a question over their budget (package budget).
// Table's points are even (RoundSize). O(1).
func Work(p Params) int64 { return work(p, p.Elems()%int64(max(p.Ranks, 1)) != 0) }

// WorstWork is Work at the worst size for p's ranks (uneven blocks): the
// work of a point of a sweep over sizes or ranks. O(1).
func WorstWork(p Params) int64 { return work(p, true) }

func work(p Params, uneven bool) int64 {
	if p.CostModel == ModelNCCL {
		return 64 * pointWork
	}
	if p.Algorithm != sched.Auto {
		return algWork(p, p.Algorithm, uneven)
	}
	var w int64
	for _, a := range sched.Applicable(p.Collective) {
		w += algWork(p, a, uneven)
	}
	return w
}

// pointWork is one closed form without a scan of the ranks.
const pointWork = 64

func algWork(p Params, a sched.Algorithm, uneven bool) int64 {
	r := int64(p.Ranks)
	switch {
	case uneven && (a == sched.Binomial && p.Collective.Blocked() || a == sched.Bruck && p.Collective == prim.AllToAll):
		return pointWork + r
	case a == sched.Hierarchical:
		return pointWork + r/int64(max(p.GPUsPerNode, 1))
	}
	return pointWork
}

// CrossoverWork bounds the work of CrossoversAmong(p, algs, minBytes,
// maxBytes): the grid of CrossoverSamples sizes per doubling, plus 64
// bisection steps for each of up to 2·len(algs) crossovers, each point
// pricing every algorithm. O(len(algs)).
func CrossoverWork(p Params, algs []sched.Algorithm, minBytes, maxBytes int64) int64 {
	if algs == nil {
		algs = sched.Applicable(p.Collective)
	}
	var per int64
	for _, a := range algs {
		per += algWork(p, a, true)
	}
	lo, hi := float64(max(minBytes, 1)), float64(max(maxBytes, 1))
	grid := int64(CrossoverSamples*(math.Log2(hi/lo)+1)) + 2
	return (grid + 128*int64(len(algs))) * per
}
