package question

import (
	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// CheckFabricBudget refuses, with a *budget.Error and before any work, a
// cost question on a switched fabric over one request's budget: a
// schedule of more than budget.Flows transfers, routes of more than
// budget.RouteLinks links together (cost.FabricSize: memory), or more
// than budget.FabricWork units of work (cost.FabricWork: CPU time). The
// refusal names the field that makes the question heavy and the largest
// value of it the budget accepts, the other fields as given:
//
//   - oversubscription, when the question fits at 1:1 (beyond 2:1 the
//     ratio raises the simulation's work per link, beyond 8:1 its route
//     links' weight): the largest whole ratio that fits;
//   - size, when the chunk count of a pipelined schedule follows the size
//     (chunks not given) and the question fits at one element: the
//     largest size that fits, in whole elements;
//   - chunks, when given and the question fits with one chunk: the most
//     chunks that fit;
//   - ranks otherwise: the most ranks that fit, in whole nodes; a
//     question no rank count fits (a torus whose dimensions fix its node
//     count) is refused on ranks with the budget alone.
//
// Nothing is refused on the ideal fabric, nor a question that
// cost.Params.Validate refuses (its answer reports it). O(1) to admit; a
// refusal bisects the field's range, O(log range) evaluations of
// cost.FabricSize and cost.FabricWork, each O(1) for most algorithms.
func CheckFabricBudget(p cost.Params) error {
	if !p.Fabric.Active() || p.Validate() != nil {
		return nil
	}
	over, ok := overBudget(p)
	if !ok {
		return nil
	}
	field, accept, found := accepted(p)
	if !found {
		return budget.New("ranks", over.ID, over.Args...)
	}
	return budget.New(field, "fabric.refused", over, accept)
}

// overBudget is the budget p exceeds, as the message saying so, and
// whether it exceeds one. A question whose size cannot be estimated
// (Validate refuses it) exceeds none.
func overBudget(p cost.Params) (msg.Message, bool) {
	n, links, err := cost.FabricSize(p)
	switch {
	case err != nil:
		return msg.Message{}, false
	case n > budget.Flows:
		return msg.New("fabric.too-large", n, int64(budget.Flows)), true
	case links > budget.RouteLinks:
		return msg.New("fabric.paths", links, int64(budget.RouteLinks)), true
	}
	w, err := cost.FabricWork(p)
	if err != nil || w <= budget.FabricWork {
		return msg.Message{}, false
	}
	return msg.New("fabric.budget", w, int64(budget.FabricWork)), true
}

// fitsBudget reports whether q is valid and within every budget that
// CheckFabricBudget applies.
func fitsBudget(q cost.Params) bool {
	if q.Validate() != nil {
		return false
	}
	_, over := overBudget(q)
	return !over
}

// largest is the largest x in [lo, hi] for which fits(x) holds, by
// bisection (fits is taken to hold up to some x and not beyond), and
// whether fits(lo) holds at all.
func largest(lo, hi int64, fits func(int64) bool) (int64, bool) {
	if !fits(lo) {
		return 0, false
	}
	for lo < hi {
		m := lo + (hi-lo+1)/2
		if fits(m) {
			lo = m
		} else {
			hi = m - 1
		}
	}
	return lo, true
}

// accepted is the field that makes p (over budget) heavy and the largest
// value of it that fits, as the message saying so (CheckFabricBudget's
// rule), and whether one was found.
func accepted(p cost.Params) (field string, accept msg.Message, found bool) {
	if kind := p.Fabric.Kind; (kind == fabric.FatTree || kind == fabric.Rail) && p.Fabric.Oversubscription > 1 {
		if r, ok := largest(1, int64(p.Fabric.Oversubscription), func(r int64) bool {
			q := p
			q.Fabric.Oversubscription = float64(r)
			return fitsBudget(q)
		}); ok {
			return "oversubscription", msg.New("fabric.accept.ratio", float64(r)), true
		}
	}
	if c, err := cost.Concrete(p); err == nil && sched.Pipelined(c.Collective, c.Algorithm) {
		if p.Chunks == 0 {
			if n, ok := largest(1, p.Elems(), func(n int64) bool {
				q := p
				q.Size = n * int64(p.ElemSize)
				return fitsBudget(q)
			}); ok {
				return "size", msg.New("fabric.accept.size", units.ExactBytes(n*int64(p.ElemSize))), true
			}
		} else if k, ok := largest(1, int64(p.Chunks), func(k int64) bool {
			q := p
			q.Chunks = int(k)
			return fitsBudget(q)
		}); ok {
			return "chunks", msg.New("fabric.accept.chunks", k), true
		}
	}
	g := int64(max(p.GPUsPerNode, 1))
	// from the fewest nodes that hold the root
	if nodes, ok := largest(int64(p.Root)/g+1, int64(p.Ranks)/g, func(nodes int64) bool {
		q := p
		q.Ranks = int(nodes * g)
		return fitsBudget(q)
	}); ok {
		return "ranks", msg.New("fabric.accept.ranks", nodes*g), true
	}
	return "", msg.Message{}, false
}
