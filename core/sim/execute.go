// Package sim runs schedules: it moves real data between simulated ranks,
// derives the byte ledger, and prices a schedule under the α-β-γ cost rule.
package sim

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Execute runs schedule s on the per-rank send buffers and returns every
// rank's receive buffer (nil where MPI leaves it undefined). Within a round
// all payloads are read from the state at the start of the round; a payload
// is staged in a scratch buffer only when its source region is also written
// in that round. Reductions follow the schedule's order, so float64 results
// may differ from prim.Reference in the last bits; int64 results are exact.
// Time O(P·work + Σ transfer lengths + Σ_rounds Σ_transfers w), w the
// number of transfers into the sending rank in that round (1 for ring and
// tree, P−1 for naive AllToAll).
func Execute[T prim.Elem](s *sched.Schedule, inputs [][]T) ([][]T, error) {
	sp := s.Spec
	if err := prim.CheckInputs(sp, inputs); err != nil {
		return nil, err
	}
	work := make([][]T, sp.Ranks)
	for r := range work {
		work[r] = make([]T, s.WorkLen[r])
		for _, g := range s.In[r] {
			copy(work[r][g.To:g.To+g.Len], inputs[r][g.From:g.From+g.Len])
		}
	}
	var scratch []T
	written := make([][]span, sp.Ranks)
	for _, rd := range s.Rounds {
		for _, t := range rd.Transfers {
			written[t.Dst] = append(written[t.Dst], span{t.DstOff, t.DstOff + t.Len})
		}
		// Stage payloads whose source is overwritten in this round.
		staged := make([]int, len(rd.Transfers)) // scratch offset+1, or 0
		scratch = scratch[:0]
		for i, t := range rd.Transfers {
			if overlaps(written[t.Src], t.SrcOff, t.SrcOff+t.Len) {
				staged[i] = len(scratch) + 1
				scratch = append(scratch, work[t.Src][t.SrcOff:t.SrcOff+t.Len]...)
			}
		}
		for i, t := range rd.Transfers {
			src := work[t.Src][t.SrcOff : t.SrcOff+t.Len]
			if staged[i] > 0 {
				src = scratch[staged[i]-1 : staged[i]-1+int(t.Len)]
			}
			dst := work[t.Dst][t.DstOff : t.DstOff+t.Len]
			if rd.Reduce && t.Src != t.Dst {
				prim.Combine(sp.Op, dst, src)
			} else {
				copy(dst, src)
			}
		}
		for _, t := range rd.Transfers {
			written[t.Dst] = written[t.Dst][:0]
		}
	}
	out := make([][]T, sp.Ranks)
	for r := range out {
		if s.Out[r] == nil {
			continue
		}
		out[r] = make([]T, max(sp.OutLen(r), 0))
		for _, g := range s.Out[r] {
			copy(out[r][g.To:g.To+g.Len], work[r][g.From:g.From+g.Len])
		}
	}
	return out, nil
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
