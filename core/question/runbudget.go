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
	elems := est.WorkElems + 3*io
	if elems > budget.Bytes || est.Slots > budget.Bytes { // far over: no overflow below
		return est.Slots, 1 << 62
	}
	return est.Slots, 8*elems + 100*est.Slots
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
		return budget.Over(name, "%s on %d ranks may visit %d transfers, more than the %d one run may; use fewer ranks (or chunks), or ccplay run on your machine",
			a, sp.Ranks, slots, budget.Slots)
	}
	if bytes > budget.Bytes {
		return budget.Over(name, "%s on %d ranks needs about %d MiB of buffers, more than the %d MiB one run may; use fewer ranks or shorter buffers, or ccplay run on your machine",
			a, sp.Ranks, bytes>>20, budget.Bytes>>20)
	}
	return nil
}
