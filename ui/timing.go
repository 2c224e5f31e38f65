package ui

import (
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/units"
)

// Timing is the view of the modelled time: the α, β and γ terms, algbw and
// busbw, the lower bound, and the formula with the user's numbers. It shows
// cost.Evaluate's Result and nothing else; it answers up to P = 2^20.
type Timing struct {
	S *State
}

// TimingRows are the result's numbers, labelled in the current language.
func (c *Timing) TimingRows() []KV {
	s, r := c.S, c.S.R
	rows := []KV{
		{"t-time", s.T("t.time"), Secs(r.TimeS), ""},
		{"t-alpha", s.T("t.alpha"), Secs(r.LatencyTermS), ""},
		{"t-beta", s.T("t.beta"), Secs(r.BandwidthTermS), ""},
		{"t-gamma", s.T("t.gamma"), Secs(r.ComputeTermS), ""},
		{"t-steps", s.T("t.steps"), strconv.Itoa(r.Steps), ""},
		{"t-sent", s.T("t.sent"), BytesShort(r.BytesSentPerRank), Bytes(r.BytesSentPerRank)},
		{"t-total", s.T("t.total"), BytesShort(r.TotalBytes), Bytes(r.TotalBytes)},
		{"t-algbw", s.T("t.algbw"), Rate(r.AlgBwBps), ""},
		{"t-busbw", s.T("t.busbw"), Rate(r.BusBwBps) + " (×" + strconv.FormatFloat(r.BusBwFactor, 'g', 4, 64) + ")", ""},
		{"t-lb", s.T("t.lb"), Secs(r.LowerBoundS), ""},
		{"t-pct", s.T("t.pct"), strconv.FormatFloat(r.PctOfLowerBound, 'f', 1, 64) + " %", ""},
	}
	if r.Chunks > 0 {
		rows = append(rows, KV{ID: "t-chunks", Label: s.T("t.chunks"), Value: strconv.Itoa(r.Chunks)})
	}
	if r.ScheduleTimeS > 0 {
		rows = append(rows, KV{ID: "t-sched", Label: s.T("t.sched"), Value: Secs(r.ScheduleTimeS) + " · " + s.Tf("t.rounds", r.ScheduleSteps)})
	}
	return rows
}

// TermBar is one segment of the stacked bar of the time's terms.
type TermBar struct {
	Class, Label string
	Pct          float64
}

// TermBars splits the time into its α, β and γ shares (percent of the total).
func (c *Timing) TermBars() []TermBar {
	s, r := c.S, c.S.R
	if !(r.TimeS > 0) {
		return nil
	}
	var out []TermBar
	for _, t := range []struct {
		class, key string
		v          float64
	}{{"alpha", "t.alpha.short", r.LatencyTermS}, {"beta", "t.beta.short", r.BandwidthTermS}, {"gamma", "t.gamma.short", r.ComputeTermS}} {
		if t.v > 0 {
			out = append(out, TermBar{Class: "seg " + t.class, Label: s.T(t.key), Pct: 100 * t.v / r.TimeS})
		}
	}
	return out
}

// BarStyle is the inline width of a term segment.
func (b TermBar) Style() string { return "width:" + strconv.FormatFloat(b.Pct, 'f', 2, 64) + "%" }

// Title is the segment's tooltip.
func (b TermBar) Title() string {
	return b.Label + " " + strconv.FormatFloat(b.Pct, 'f', 1, 64) + " %"
}

// Regime says whether the question is latency-bound, bandwidth-bound or
// in between (cost.RegimeOf; reduction counts with bandwidth: both grow
// with the size).
func (c *Timing) Regime() string {
	s := c.S
	switch cost.RegimeOf(s.R.LatencyTermS, s.R.BandwidthTermS+s.R.ComputeTermS) {
	case cost.RegimeLatency:
		return s.T("t.latbound")
	case cost.RegimeMiddle:
		return s.T("t.midbound")
	}
	return s.T("t.bwbound")
}

// Alternatives are auto's runners-up with their times.
func (c *Timing) Alternatives() []KV {
	s := c.S
	var out []KV
	for _, a := range s.R.Alternatives {
		out = append(out, KV{ID: "alt-" + a.Algorithm, Label: a.Algorithm, Value: Secs(a.TimeS)})
	}
	return out
}

// TopologyRows are what cost.Evaluate says about where the ranks sit
// (Result.Topology): the cluster and its intra-node link, the inter-node
// bytes of the busiest rank, one flat ring on the same links beside
// hierarchical AllReduce (the lecture's 128 × 8 question), the executed
// ledger split by link class, and for a slowdown the time without it and
// the ratio. Empty when the question has neither nodes nor a slowdown.
func (c *Timing) TopologyRows() []KV {
	s := c.S
	tr := s.R.Topology
	if tr == nil {
		return nil
	}
	var rows []KV
	if tr.GPUsPerNode > 0 && s.P.GPUsPerNode > 0 {
		rows = append(rows,
			KV{ID: "t-cluster", Label: s.T("t.cluster"), Value: s.Tf("t.cluster.v", tr.Nodes, tr.GPUsPerNode)},
			KV{ID: "t-intra", Label: s.T("t.intra"), Value: withSource(Rate(tr.IntraBandwidthBps)+" · α = "+units.Duration(tr.IntraLatencyS).String(), s.sourceOf("intra-bandwidth"))})
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
			KV{ID: "t-slow", Label: s.T("t.slow"), Value: s.slowText(tr.Slow)},
			KV{ID: "t-unslowed", Label: s.T("t.unslowed"), Value: Secs(without)},
			KV{ID: "t-slowratio", Label: s.T("t.slowratio"), Value: SlowRatio(tr.SlowRatio), Title: s.T("t.slowratio.title")})
	}
	return rows
}

// SlowRatio formats how many times longer the slowed question takes, as
// the CLI does ("%.3g×").
func SlowRatio(x float64) string { return strconv.FormatFloat(x, 'g', 3, 64) + "×" }

// slowText is core's name of a slowdown ("rank 3 ×4", "link 3-4 ×2") in
// the page's language.
func (s *State) slowText(en string) string {
	if s.Lang != "zh" {
		return en
	}
	if rest, ok := strings.CutPrefix(en, "rank "); ok {
		return "Rank " + rest
	}
	if rest, ok := strings.CutPrefix(en, "link "); ok {
		return "链路 " + rest
	}
	return en
}

// withSource appends where a value came from, when a preset or system
// supplied it: "450 GB/s · α = 1 µs — system dgx-h200".
func withSource(v, from string) string {
	if from == "" {
		return v
	}
	return v + " — " + from
}
