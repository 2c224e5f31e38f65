package lecture

import (
	"math"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
)

// Dispatch is one executed MoE dispatch (an AllToAll) as the byte ledger
// and the cost rule see it.
type Dispatch struct {
	SendCounts [][]int // SendCounts[i][j]: elements rank i sends to rank j
	// RowBytes[j] is the bytes rank 0 sends to rank j (every rank's row
	// is the same, its own block staying local).
	RowBytes    []int64
	HotReceived int64   // bytes the hot rank (rank 0) receives from the others
	MaxReceived int64   // most bytes any rank receives
	TotalBytes  int64   // bytes on the wire, all ranks
	TimeS       float64 // sim.Price of the executed schedule, seconds
}

// maxHotTransfers caps the schedules HotExpertAllToAll builds.
const maxHotTransfers = 1 << 20

// HotExpertAllToAll is the uneven case of the lecture's MoE dispatch
// (lecture 09 §7, Experiment 4): every rank sends its S bytes of
// tokens, a share hotShare of them to the popular expert on rank 0 and the
// rest split evenly over the other P−1 experts (its own included, which
// stays local). hotShare = 1/P is even routing. It returns the even
// AllToAll p asks for (cost.ScheduleOf's schedule, what cost.Evaluate
// prices) and the hot one, built by the same algorithm (auto resolved as
// cost does) and executed through sim's ledger and cost rule.
//
// p must be an AllToAll on at least 2 ranks; hotShare must lie in [0, 1].
// Errors are *fielderr.Error. O(P² + transfers).
func HotExpertAllToAll(p cost.Params, hotShare float64) (even, hot Dispatch, err error) {
	if p.Collective != prim.AllToAll {
		return even, hot, fielderr.New("collective", "lecture.hot.collective", p.Collective)
	}
	if p.Ranks < 2 {
		return even, hot, fielderr.New("ranks", "lecture.hot.ranks", p.Ranks)
	}
	if !(hotShare >= 0 && hotShare <= 1) {
		return even, hot, fielderr.New("hot", "lecture.hot.share", hotShare)
	}
	q, err := cost.Concrete(p)
	if err != nil {
		return even, hot, err
	}
	s, err := cost.ScheduleOf(q, maxHotTransfers)
	if err != nil {
		return even, hot, err
	}
	even = dispatchOf(s, q)
	n := int(q.Elems())
	h := int(math.Round(hotShare * float64(n)))
	off := sched.Split(n-h, q.Ranks-1)
	row := []int{h}
	for j := 1; j < q.Ranks; j++ {
		row = append(row, off[j]-off[j-1])
	}
	sp := q.Spec()
	sp.Count, sp.SendCounts = 0, make([][]int, q.Ranks)
	for i := range sp.SendCounts {
		sp.SendCounts[i] = row
	}
	if s, err = sched.Build(sp, q.Algorithm, sched.Options{MaxTransfers: maxHotTransfers, GPUsPerNode: q.GPUsPerNode}); err != nil {
		return even, hot, err
	}
	return even, dispatchOf(s, q), nil
}

// dispatchOf reads the ledger and the price of the executed schedule s.
func dispatchOf(s *sched.Schedule, q cost.Params) Dispatch {
	l := sim.NewLedger(s, q.ElemSize)
	d := Dispatch{SendCounts: s.Spec.Matrix(), HotReceived: l.Ranks[0].Received, TotalBytes: l.TotalBytes,
		TimeS: sim.Price(s, q.ElemSize, q.Model()).Total()}
	for _, r := range l.Ranks {
		d.MaxReceived = max(d.MaxReceived, r.Received)
	}
	for _, c := range d.SendCounts[0] {
		d.RowBytes = append(d.RowBytes, int64(c)*int64(q.ElemSize))
	}
	return d
}
