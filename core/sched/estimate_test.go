package sched

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
)

// EstimateOf bounds what Build makes — the transfer slots its builder
// visits (empty ones included) and the work buffers — for every
// collective and applicable algorithm, over P from 1 to 100, counts from
// 0 to 64·P (uneven ones too) and chunk counts, hierarchical on nodes of 1
// and 4.
func TestEstimateBoundsBuild(t *testing.T) {
	built := 0
	for _, c := range prim.Collectives() {
		for _, a := range Applicable(c) {
			for _, p := range []int{1, 2, 3, 4, 5, 8, 13, 16, 31, 64, 100} {
				for _, n := range []int{0, 1, 2, p - 1, p, 3*p + 1, 64 * p} {
					for _, k := range []int{0, 1, 3, 64} {
						if k > 0 && !Pipelined(c, a) {
							continue
						}
						for _, g := range []int{0, 1, 4} {
							if g > 0 && a != Hierarchical || g == 4 && p%4 != 0 {
								continue
							}
							sp := prim.Spec{Collective: c, Ranks: p, Op: prim.Sum, Count: n}
							if n == 1 && c.Blocked() { // uneven blocks: one rank's block holds everything
								sp.Counts = make([]int, p)
								sp.Counts[p-1] = 3 * p
							}
							o := Options{Chunks: k, GPUsPerNode: g}
							s, slots, err := build(sp, a, o)
							if err != nil {
								continue // e.g. more chunks than elements: refused alike
							}
							built++
							est := EstimateOf(sp, a, o)
							var work int64
							for _, w := range s.WorkLen {
								work += int64(w)
							}
							if slots > est.Slots || work > est.WorkElems {
								t.Errorf("%s %s P=%d n=%d k=%d g=%d: built %d slots and %d work elements, estimate %+v",
									a, c, p, n, k, g, slots, work, est)
							}
						}
					}
				}
			}
		}
	}
	if built < 2000 {
		t.Errorf("only %d schedules were built", built)
	}
}

// A call far over any budget is estimated in O(1), without allocating:
// naive AllToAll on 4,096 ranks (16.8 million slots) and ring AllReduce of
// one element per rank (33.6 million).
func TestEstimateAllocatesNothing(t *testing.T) {
	a2a := prim.Spec{Collective: prim.AllToAll, Ranks: MaxRanks, Op: prim.Sum}
	ar := prim.Spec{Collective: prim.AllReduce, Ranks: MaxRanks, Op: prim.Sum, Count: 1}
	var e1, e2 Estimate
	allocs := testing.AllocsPerRun(10, func() {
		e1 = EstimateOf(a2a, Naive, Options{})
		e2 = EstimateOf(ar, Ring, Options{})
	})
	if allocs != 0 {
		t.Errorf("EstimateOf allocates %v times, want 0", allocs)
	}
	if e1.Slots < MaxRanks*MaxRanks || e2.Slots < 2*(MaxRanks-1)*MaxRanks {
		t.Errorf("estimates %+v and %+v are below the schedules' slots", e1, e2)
	}
}
