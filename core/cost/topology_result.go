package cost

import (
	"fmt"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/core/topo"
)

// topologyResult fills Result.Topology for a Topological p: the cluster,
// the closed-form inter-node bytes of the busiest rank (ring and
// hierarchical AllReduce), the flat ring beside hierarchical, and the
// executed schedule's ledger split when it has at most ScheduleLimit
// transfers (e.schedule's, which the price and a fabric's simulation
// reuse).
func topologyResult(p Params, s shape, e *evaluation) *TopologyResult {
	c := p.Cluster()
	g, k := int64(c.GPUsPerNode), int64(c.Nodes())
	tr := &TopologyResult{GPUsPerNode: c.GPUsPerNode, Nodes: c.Nodes(),
		IntraBandwidthBps: c.Intra.Bandwidth, IntraLatencyS: c.Intra.Alpha, InterBytesPerRank: -1}
	if sl := p.Slow; sl.Active() {
		tr.SlowFactor = sl.Factor
		if sl.IsLink {
			tr.Slow = fmt.Sprintf("link %d-%d ×%g", sl.A, sl.B, sl.Factor)
		} else {
			tr.Slow = fmt.Sprintf("rank %d ×%g", sl.Rank, sl.Factor)
		}
		q := p
		q.Slow = topo.Slow{}
		tr.UnslowedTimeS = terms(q).Time()
	}
	if p.Collective == prim.AllReduce {
		switch p.Algorithm {
		case sched.Ring:
			tr.InterBytesPerRank = flatRingInterMaxSent(g, k, s)
		case sched.Hierarchical:
			tr.InterBytesPerRank = hierInterMaxSent(g, k, s)
			q := p
			q.Algorithm = sched.Ring
			tr.FlatRing = &FlatRing{TimeS: terms(q).Time(), InterBytesPerRank: flatRingInterMaxSent(g, k, s)}
			if tr.InterBytesPerRank > 0 {
				tr.FlatRing.InterRatio = float64(tr.FlatRing.InterBytesPerRank) / float64(tr.InterBytesPerRank)
			}
		}
	}
	if buildable(p) {
		if b, err := e.schedule(p); err == nil {
			l := sim.NewClusterLedger(b, p.ElemSize, c.GPUsPerNode)
			ls := &LinkSplit{InterBytes: l.InterBytes, IntraBytes: l.TotalBytes - l.InterBytes}
			for r, x := range l.Ranks {
				if intra := x.Sent - x.InterSent; intra > ls.MaxIntraSent {
					ls.MaxIntraSent, ls.MaxIntraSentRank = intra, r
				}
				if x.InterSent > ls.MaxInterSent {
					ls.MaxInterSent, ls.MaxInterSentRank = x.InterSent, r
				}
			}
			tr.Ledger = ls
			if tr.InterBytesPerRank < 0 {
				tr.InterBytesPerRank, tr.InterFromLedger = ls.MaxInterSent, true
			}
		}
	}
	return tr
}

// buildable reports whether the schedule of p is small enough to build
// here: P ≤ sched.MaxRanks and at most ScheduleLimit transfers by
// TransferBound, so that a question too large to execute costs nothing but
// its closed form. O(1) for most algorithms.
func buildable(p Params) bool {
	return p.Ranks <= sched.MaxRanks && TransferBound(p) <= ScheduleLimit
}
