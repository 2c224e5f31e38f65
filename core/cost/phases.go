package cost

import (
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// Phase is one phase of a closed form: the name the schedule's rounds carry
// (sched.Round.Phase), the rounds that carry a message and the time split
// into its α, β and γ terms, in seconds.
type Phase struct {
	Name           string  `json:"name"`
	Steps          int     `json:"steps"`
	LatencyTermS   float64 `json:"latency_term_s"`
	BandwidthTermS float64 `json:"bandwidth_term_s"`
	ComputeTermS   float64 `json:"compute_term_s"`
	Exact          bool    `json:"exact"` // as Terms.Exact
}

// TimeS is the phase's time: the sum of its three terms.
func (ph Phase) TimeS() float64 { return ph.LatencyTermS + ph.BandwidthTermS + ph.ComputeTermS }

// hierPhaseNames are the phases of hierarchical AllReduce in schedule order.
var hierPhaseNames = [4]string{"intra-reduce-scatter", "inter-reduce-scatter", "inter-allgather", "intra-allgather"}

// HierarchicalPhases splits the closed form of hierarchical AllReduce p
// (p.Collective AllReduce, p.Algorithm Hierarchical) into its four phases in
// schedule order: intra-node ReduceScatter, inter-node ReduceScatter and
// AllGather, intra-node AllGather. Invariant: the phases' Steps add up to
// Evaluate(p).Steps and their terms, added in order, to its terms (so their
// times add up to TimeS). On one flat network (GPUsPerNode 0) every rank is
// its own node: the intra phases have no rounds and the inter phases are
// ring AllReduce's two halves. With P = 1 or S = 0 every phase is empty.
// O(1).
func HierarchicalPhases(p Params) ([]Phase, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if p.Collective != prim.AllReduce || p.Algorithm != sched.Hierarchical {
		return nil, fielderr.New("algorithm", "cost.phases.algorithm", p.Algorithm, p.Collective)
	}
	bm, s := geometry(p)
	var ts [4]Terms
	if s.p > 1 && s.n > 0 {
		ts = hierPhases(p.Cluster(), s, bm.gamma)
	}
	out := make([]Phase, len(ts))
	for i, t := range ts {
		out[i] = Phase{Name: hierPhaseNames[i], Steps: t.Steps, LatencyTermS: t.Latency,
			BandwidthTermS: t.Bandwidth, ComputeTermS: t.Compute, Exact: t.Exact || s.p == 1 || s.n == 0}
	}
	return out, nil
}
