package question

import (
	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// runWork estimates a run before anything is built: the transfer slots of
// its schedule and the bytes it holds at once — the work buffers, the
// inputs and outputs as parsed, the reference answer and its error scale
// that verify computes (8 bytes an element), and about 100 bytes a slot
// for the schedule. O(P), O(P²) with sendcounts (the caller's own input).
func runWork(sp prim.Spec, a sched.Algorithm, o sched.Options) (slots, bytes int64) {
	est := sched.EstimateOf(sp, a, o)
	var io int64
	for r := range sp.Ranks {
		io += int64(max(sp.InLen(r), 0) + max(sp.OutLen(r), 0))
	}
	elems := budget.Add(est.WorkElems, budget.Mul(3, io))
	return est.Slots, budget.Add(budget.Mul(8, elems), budget.Mul(100, est.Slots))
}

// checkRunBudget refuses a run over budget.Slots or budget.Bytes with a
// *budget.Error naming "inputs" (the ranks and lengths of the buffers make
// a run large) or "chunks" (when the pipeline chunks do).
func checkRunBudget(sp prim.Spec, a sched.Algorithm, o sched.Options) error {
	slots, bytes := runWork(sp, a, o)
	name := "inputs"
	if o.Chunks > sp.Ranks {
		name = "chunks"
	}
	if slots > budget.Slots {
		return budget.New(name, "question.run.budget.slots",
			a, sp.Ranks, slots, budget.Slots)
	}
	if bytes > budget.Bytes {
		return budget.New(name, "question.run.budget.bytes",
			a, sp.Ranks, bytes>>20, budget.Bytes>>20)
	}
	return nil
}
