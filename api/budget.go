package api

import (
	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/sched"
)

// checkWork refuses, with a *budget.Error on field, a question whose
// closed-form work (cost.Work per point, cost.CrossoverWork) is over
// budget.Work. The faces call it before the first point. O(1).
func checkWork(field string, work int64) error {
	if work > budget.Work {
		return budget.New(field, "api.work.over",
			work, int64(budget.Work))
	}
	return nil
}

// sweepWork is the work of pricing algs (auto's when nil) at points
// points of p, at most P ranks each: cost.WorstWork per point, or
// cost.Work when even is set (a table's sizes are whole multiples of P
// elements). O(len(algs)).
func sweepWork(p cost.Params, algs []sched.Algorithm, points int, even bool) int64 {
	w := cost.WorstWork
	if even {
		w = cost.Work
	}
	var per int64
	if algs == nil {
		per = w(p)
	}
	for _, a := range algs {
		q := p
		q.Algorithm = a
		per += w(q)
	}
	return int64(points) * per
}
