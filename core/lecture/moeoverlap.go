package lecture

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// The lecture's thinking problem 3 (lecture 09 §9.3): an MoE layer's
// dispatch AllToAll, its experts' GEMMs and its combine AllToAll, split
// into micro-batches so that the network moves micro-batch k+1 (and
// returns k−1) while the experts compute k.
//
// The time model, stated once: an AllToAll of a micro-batch is
// cost.Evaluate of the AllToAll with 1/m of the batch (rounded down to
// the collective's size step), so each still pays every α; the experts'
// GEMM time is linear in tokens, gemm/m per micro-batch (the lower
// efficiency of small GEMMs is left out, which flatters large m); the
// network runs one AllToAll at a time, in the order dispatch 1, then for
// each k dispatch k+1 before combine k; the GPU runs one GEMM at a time.

// Overlap lanes.
const (
	LaneGEMM    = 0 // the experts' GEMMs
	LaneNetwork = 1 // the AllToAlls
)

// OverlapBar is one bar of the pipeline: [Start, End) seconds on a lane,
// of micro-batch Micro (1-based), Kind "dispatch", "gemm" or "combine".
type OverlapBar struct {
	Lane       int
	Start, End float64
	Micro      int
	Kind       string
}

// Overlap is the pipelined layer against the unsplit one.
type Overlap struct {
	// Bars are the pipeline's; SerialBars the unsplit layer's (Micro 0).
	Bars, SerialBars []OverlapBar
	// A2AS is one micro-batch's AllToAll; GEMMS one micro-batch's GEMMs.
	A2AS, GEMMS float64
	// Serial is the unsplit layer: dispatch, GEMMs, combine of the whole
	// batch one after another. Finish is the pipeline's end; Gain =
	// Serial − Finish (negative when the extra α cost more than the
	// overlap hides).
	Serial, Finish, Gain float64
}

// MaxMicroBatches bounds the split.
const MaxMicroBatches = 64

// MoEOverlap pipelines the AllToAll p (the whole batch's dispatch) with
// experts' GEMMs of gemmS seconds for the whole batch, split into micro
// micro-batches. Errors are *fielderr.Error (fields collective, micro,
// gemm, or cost.Evaluate's). O(micro + one cost.Evaluate per size).
func MoEOverlap(p cost.Params, gemmS float64, micro int) (Overlap, error) {
	var o Overlap
	if p.Collective != prim.AllToAll {
		return o, fielderr.New("collective", "lecture.overlap.collective", p.Collective)
	}
	if micro < 1 || micro > MaxMicroBatches {
		return o, fielderr.New("micro", "lecture.overlap.micro", micro, MaxMicroBatches)
	}
	if !(gemmS >= 0 && gemmS < 1e6) {
		return o, fielderr.New("gemm", "lecture.overlap.gemm", gemmS)
	}
	whole, err := cost.Evaluate(p)
	if err != nil {
		return o, err
	}
	q := p
	q.Size = cost.RoundSize(p.Collective, p.Ranks, p.ElemSize, p.Size/int64(micro))
	if q.Size <= 0 {
		return o, fielderr.New("micro", "lecture.overlap.tiny", micro, p.Size)
	}
	part, err := cost.Evaluate(q)
	if err != nil {
		return o, err
	}
	o.A2AS, o.GEMMS = part.TimeS, gemmS/float64(micro)
	o.Serial = 2*whole.TimeS + gemmS
	o.SerialBars = []OverlapBar{{LaneNetwork, 0, whole.TimeS, 0, "dispatch"}, {LaneGEMM, whole.TimeS, whole.TimeS + gemmS, 0, "gemm"},
		{LaneNetwork, whole.TimeS + gemmS, o.Serial, 0, "combine"}}
	net, gpu := 0.0, 0.0
	gemmEnd := make([]float64, micro+1)
	dispatch := func(k int) {
		o.Bars = append(o.Bars, OverlapBar{LaneNetwork, net, net + o.A2AS, k, "dispatch"})
		net += o.A2AS
		start := max(net, gpu)
		gpu = start + o.GEMMS
		gemmEnd[k] = gpu
		o.Bars = append(o.Bars, OverlapBar{LaneGEMM, start, gpu, k, "gemm"})
	}
	dispatch(1)
	for k := 1; k <= micro; k++ {
		if k < micro {
			dispatch(k + 1)
		}
		start := max(net, gemmEnd[k])
		net = start + o.A2AS
		o.Bars = append(o.Bars, OverlapBar{LaneNetwork, start, net, k, "combine"})
	}
	o.Finish = net
	o.Gain = o.Serial - o.Finish
	return o, nil
}
