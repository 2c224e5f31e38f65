// Package sim runs schedules: it moves real data between simulated ranks,
// derives the byte ledger, and prices a schedule under the α-β-γ cost rule.
package sim

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Run is a schedule being executed one round at a time: the pure model
// behind step-by-step printing and animation. Within a round all payloads
// are read from the state at the start of the round; a payload is staged in
// a scratch buffer only when its source region is also written in that
// round. Reductions follow the schedule's order, so float64 results may
// differ from prim.Reference in the last bits; int64 results are exact.
type Run[T prim.Elem] struct {
	s       *sched.Schedule
	work    [][]T
	next    int
	scratch []T
	written [][]span
}

// NewRun checks the inputs and lays them into the work buffers. O(P·work).
func NewRun[T prim.Elem](s *sched.Schedule, inputs [][]T) (*Run[T], error) {
	sp := s.Spec
	if err := prim.CheckInputs(sp, inputs); err != nil {
		return nil, err
	}
	x := &Run[T]{s: s, work: make([][]T, sp.Ranks), written: make([][]span, sp.Ranks)}
	for r := range x.work {
		x.work[r] = make([]T, s.WorkLen[r])
		for _, g := range s.In[r] {
			copy(x.work[r][g.To:g.To+g.Len], inputs[r][g.From:g.From+g.Len])
		}
	}
	return x, nil
}

// Round is the index of the next round to run (= rounds done).
func (x *Run[T]) Round() int { return x.next }

// Done reports whether every round has run.
func (x *Run[T]) Done() bool { return x.next >= len(x.s.Rounds) }

// Work returns rank r's work buffer (read-only by convention).
func (x *Run[T]) Work(r int) []T { return x.work[r] }

// Step runs the next round, if any. Time O(Σ lengths + Σ_t w_t), w_t the
// number of transfers into the sending rank in that round (1 for ring and
// tree, P−1 for naive AllToAll).
func (x *Run[T]) Step() {
	if x.Done() {
		return
	}
	rd := x.s.Rounds[x.next]
	x.next++
	for _, t := range rd.Transfers {
		x.written[t.Dst] = append(x.written[t.Dst], span{t.DstOff, t.DstOff + t.Len})
	}
	staged := make([]int, len(rd.Transfers)) // scratch offset+1, or 0
	x.scratch = x.scratch[:0]
	for i, t := range rd.Transfers {
		if overlaps(x.written[t.Src], t.SrcOff, t.SrcOff+t.Len) {
			staged[i] = len(x.scratch) + 1
			x.scratch = append(x.scratch, x.work[t.Src][t.SrcOff:t.SrcOff+t.Len]...)
		}
	}
	for i, t := range rd.Transfers {
		src := x.work[t.Src][t.SrcOff : t.SrcOff+t.Len]
		if staged[i] > 0 {
			src = x.scratch[staged[i]-1 : staged[i]-1+int(t.Len)]
		}
		dst := x.work[t.Dst][t.DstOff : t.DstOff+t.Len]
		if rd.Reduce && t.Src != t.Dst {
			prim.Combine(x.s.Spec.Op, dst, src)
		} else {
			copy(dst, src)
		}
	}
	for _, t := range rd.Transfers {
		x.written[t.Dst] = x.written[t.Dst][:0]
	}
}

// Outputs copies every rank's receive buffer out of the work buffers (nil
// where MPI leaves it undefined).
func (x *Run[T]) Outputs() [][]T {
	sp := x.s.Spec
	out := make([][]T, sp.Ranks)
	for r := range out {
		if x.s.Out[r] == nil {
			continue
		}
		out[r] = make([]T, max(sp.OutLen(r), 0))
		for _, g := range x.s.Out[r] {
			copy(out[r][g.To:g.To+g.Len], x.work[r][g.From:g.From+g.Len])
		}
	}
	return out
}

// Execute runs schedule s to the end on the per-rank send buffers and
// returns every rank's receive buffer.
func Execute[T prim.Elem](s *sched.Schedule, inputs [][]T) ([][]T, error) {
	x, err := NewRun(s, inputs)
	if err != nil {
		return nil, err
	}
	for !x.Done() {
		x.Step()
	}
	return x.Outputs(), nil
}

type span struct{ lo, hi int64 }

func overlaps(spans []span, lo, hi int64) bool {
	for _, s := range spans {
		if lo < s.hi && s.lo < hi {
			return true
		}
	}
	return false
}
