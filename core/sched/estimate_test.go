package sched

import (
	"testing"

	"github.com/ccplay/ccplay/core/prim"
)

// EstimateOf bounds what Build makes — the transfer slots its builder
// visits (empty ones included) and the work buffers — for every
// collective and applicable algorithm, over P from 1 to 100, counts from
// 0 to 64·P (uneven ones too, and AllToAll's send counts) and chunk counts, hierarchical on nodes of 1
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
							if n == 2 && c == prim.AllToAll { // uneven blocks, every third one empty
								sp.SendCounts = make([][]int, p)
								for i := range sp.SendCounts {
									sp.SendCounts[i] = make([]int, p)
									for j := range sp.SendCounts[i] {
										sp.SendCounts[i][j] = (i + 2*j) % 3
									}
								}
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

// EstimateOf is true to the work, not only above it: for inputs without
// empty blocks it is at most 4 × the slots the builder visits, for every
// collective and algorithm at P from 16 to 1024 (AllToAll's P² included:
// pairwise exchange on 1,024 ranks is estimated near its 1,048,576 slots,
// not P³).
func TestEstimateTight(t *testing.T) {
	const factor = 4
	for _, c := range prim.Collectives() {
		for _, a := range Applicable(c) {
			for _, p := range []int{16, 64, 100, 256, 1024} {
				if p == 1024 && c != prim.AllToAll {
					continue // the other collectives' slots are O(P·L) or O(P²) below; 1024 adds time, not cases
				}
				g := 0
				if a == Hierarchical {
					g = 4
				}
				sp := prim.Spec{Collective: c, Ranks: p, Op: prim.Sum, Count: 4 * p}
				if c == prim.AllToAll {
					sp.Count = 2
				}
				o := Options{GPUsPerNode: g}
				s, slots, err := build(sp, a, o)
				if err != nil {
					t.Fatalf("%s %s P=%d: %v", a, c, p, err)
				}
				if s.Transfers() == 0 && p > 1 {
					t.Fatalf("%s %s P=%d: no transfers", a, c, p)
				}
				est := EstimateOf(sp, a, o).Slots
				if est < slots || est > factor*slots {
					t.Errorf("%s %s P=%d: estimate %d for %d slots visited, want within [1, %d]×", a, c, p, est, slots, factor)
				}
			}
		}
	}
}
