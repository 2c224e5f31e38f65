package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/units"
)

// TopologyRows are what cost.Evaluate says about where the ranks sit
// (Result.Topology): the cluster and its intra-node link, the inter-node
// bytes of the busiest rank, one flat ring on the same links beside
// hierarchical AllReduce (the lecture's 128 × 8 question), the executed
// ledger split by link class, and for a slowdown the time without it and
// the ratio. Empty when the question has neither nodes nor a slowdown.
func (s *State) TopologyRows() []KV {
	tr := s.R.Topology
	if tr == nil {
		return nil
	}
	var rows []KV
	if tr.GPUsPerNode > 0 && s.P.GPUsPerNode > 0 {
		rows = append(rows,
			KV{ID: "t-cluster", Label: s.T("t.cluster"), Value: s.Tf("t.cluster.v", tr.Nodes, tr.GPUsPerNode)},
			KV{ID: "t-intra", Label: s.T("t.intra"), Value: Rate(tr.IntraBandwidthBps) + " · α = " + units.Duration(tr.IntraLatencyS).String()})
		if tr.InterBytesPerRank >= 0 {
			rows = append(rows, KV{ID: "t-inter", Label: s.T("t.inter"), Value: Bytes(tr.InterBytesPerRank)})
		}
		if fr := tr.FlatRing; fr != nil {
			ratio := "∞"
			if fr.InterRatio > 0 {
				ratio = strconv.FormatFloat(fr.InterRatio, 'g', 3, 64) + "×"
			}
			rows = append(rows,
				KV{ID: "t-flat-time", Label: s.T("t.flat.time"), Value: Secs(fr.TimeS)},
				KV{ID: "t-flat-inter", Label: s.T("t.flat.inter"), Value: Bytes(fr.InterBytesPerRank)},
				KV{ID: "t-flat-ratio", Label: s.T("t.flat.ratio"), Value: ratio})
		}
		if l := tr.Ledger; l != nil {
			rows = append(rows,
				KV{ID: "t-split-intra", Label: s.T("t.split.intra"), Value: s.Tf("t.split.v", BytesShort(l.IntraBytes), l.MaxIntraSentRank, BytesShort(l.MaxIntraSent)), Title: Bytes(l.IntraBytes)},
				KV{ID: "t-split-inter", Label: s.T("t.split.inter"), Value: s.Tf("t.split.v", BytesShort(l.InterBytes), l.MaxInterSentRank, BytesShort(l.MaxInterSent)), Title: Bytes(l.InterBytes)})
		} else {
			rows = append(rows, KV{ID: "t-split-none", Label: s.T("t.split.intra"), Value: s.T("t.split.none")})
		}
	}
	if tr.Slow != "" {
		without := tr.UnslowedTimeS
		if s.R.ScheduleTimeS > 0 && tr.UnslowedScheduleTimeS > 0 {
			without = tr.UnslowedScheduleTimeS
		}
		rows = append(rows,
			KV{ID: "t-slow", Label: s.T("t.slow"), Value: tr.Slow},
			KV{ID: "t-unslowed", Label: s.T("t.unslowed"), Value: Secs(without)},
			KV{ID: "t-slowratio", Label: s.T("t.slowratio"), Value: SlowRatio(tr.SlowRatio), Title: s.T("t.slowratio.title")})
	}
	return rows
}

// SlowRatio formats how many times longer the slowed question takes, as
// the CLI does ("%.3g×").
func SlowRatio(x float64) string { return strconv.FormatFloat(x, 'g', 3, 64) + "×" }
