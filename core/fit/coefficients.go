package fit

import (
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Coefficients are the α and β coefficients of the closed form of p: its
// time is A·α + B·β (+ the γ term, which a fit ignores). A is the
// latency term per unit α (the number of sequential messages, cost.Result's
// Steps for one message per round); B the bytes on the critical path
// (cost.Result's BandwidthTermS × bandwidth). p's Latency, Bandwidth,
// Efficiency and Gamma are replaced by unit values, so only the collective,
// algorithm, ranks, root, size, element size and chunks matter.
//
// The closed form must be linear in α and β: ring Broadcast and Reduce
// choose their pipeline chunks from α and β, so they need p.Chunks > 0;
// auto chooses the algorithm from α and β and is refused.
func Coefficients(p cost.Params) (a, b float64, err error) {
	if p.Algorithm == sched.Auto {
		return 0, 0, fielderr.New("algorithm", "fit.algorithm.auto", algList(p.Collective))
	}
	if sched.Pipelined(p.Collective, p.Algorithm) && p.Algorithm != sched.Tree && p.Chunks == 0 {
		return 0, 0, fielderr.New("chunks", "fit.chunks.auto", p.Algorithm, p.Collective)
	}
	if p.Algorithm == sched.Tree && p.Chunks == 0 {
		// The tree's closed form is the lecture's limit, independent of the
		// chunk count; one chunk keeps the schedule Evaluate also prices small.
		p.Chunks = 1
	}
	if p.ElemSize == 0 {
		p.ElemSize = 1
	}
	p.Latency, p.Bandwidth, p.Efficiency, p.Gamma = 1, 1, 1, 0
	r, err := cost.Evaluate(p)
	if err != nil {
		return 0, 0, err
	}
	return r.LatencyTermS, r.BandwidthTermS, nil
}

func algList(c prim.Collective) string {
	s := ""
	for i, a := range sched.Applicable(c) {
		if i > 0 {
			s += ", "
		}
		s += string(a)
	}
	return s
}
