package ui

import (
	"fmt"
	"strconv"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/units"
)

// Timing is the view of the modelled time: the α, β and γ terms, algbw and
// busbw, the lower bound, and the formula with the user's numbers. It shows
// cost.Evaluate's Result and nothing else; it answers up to P = 2^20.
type Timing struct {
	S *State
}

// KV is one labelled value of a view, with an optional tooltip.
type KV struct {
	ID, Label, Value string
	Title            string
}

// Secs formats seconds as the CLI does (cost.FormatSeconds).
func Secs(s float64) string { return cost.FormatSeconds(s) }

// Bytes formats a byte count with its exact value in binary units.
func Bytes(b int64) string {
	if b < 1024 {
		return strconv.FormatInt(b, 10) + " B"
	}
	return units.FormatBytes(float64(b), true) + " (" + strconv.FormatInt(b, 10) + " B)"
}

// BytesShort formats a byte count in binary units only.
func BytesShort(b int64) string {
	if b < 1024 {
		return strconv.FormatInt(b, 10) + " B"
	}
	return units.FormatBytes(float64(b), true)
}

// Rate formats bytes per second in decimal units (GB/s = 10⁹ B/s) with four
// significant figures: "28.04 GB/s".
func Rate(bps float64) string {
	u := []string{"B/s", "KB/s", "MB/s", "GB/s", "TB/s", "PB/s"}
	i := 0
	for i < len(u)-1 && bps >= 1000 {
		bps /= 1000
		i++
	}
	return strconv.FormatFloat(bps, 'g', 4, 64) + " " + u[i]
}

// TimingRows are the result's numbers, labelled in the current language.
func (s *State) TimingRows() []KV {
	r := s.R
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

// Headline is the one-line answer: "AllReduce · ring · P = 8 · 100 MiB".
func (s *State) Headline() string {
	r := s.R
	alg := r.Algorithm
	if r.AutoChosen {
		alg = s.Tf("t.autochose", alg)
	}
	return fmt.Sprintf("%s · %s · P = %d · %s · %s", s.T("coll."+r.Collective), alg, r.Ranks,
		BytesShort(r.SizeBytes), Rate(r.BandwidthBps))
}

// TermBar is one segment of the stacked bar of the time's terms.
type TermBar struct {
	Class, Label string
	Pct          float64
}

// TermBars splits the time into its α, β and γ shares (percent of the total).
func (s *State) TermBars() []TermBar {
	r := s.R
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

// Regime says whether the question is latency- or bandwidth-bound.
func (s *State) Regime() string {
	if s.R.LatencyTermS > s.R.BandwidthTermS+s.R.ComputeTermS {
		return s.T("t.latbound")
	}
	return s.T("t.bwbound")
}

// Alternatives are auto's runners-up with their times.
func (s *State) Alternatives() []KV {
	var out []KV
	for _, a := range s.R.Alternatives {
		out = append(out, KV{ID: "alt-" + a.Algorithm, Label: a.Algorithm, Value: Secs(a.TimeS)})
	}
	return out
}
