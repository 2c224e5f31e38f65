package ui

import (
	"bytes"
	"strconv"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/chart/figure"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/vugu/vugu"
)

// Charts is the charts view: time against P for naive, ring and tree (the
// lecture's Experiment 3) and time against message size for every applicable
// algorithm with the crossovers marked (figure.TimeVsRanks, TimeVsSize).
// It holds the measurement panel, whose points the size chart draws.
type Charts struct {
	S       *State
	Measure *Measure
}

// newCharts is the view with no measurements loaded.
func newCharts(s *State) *Charts { return &Charts{S: s, Measure: &Measure{S: s}} }

// chartW and chartH are the charts' layout size in px (the SVG scales down
// to the page width; the extra width leaves the legend room for long names).
const chartW, chartH = 860, 420

// chartsData is the two charts of the current question.
type chartsData struct {
	RanksSVG, SizeSVG string
	Crossovers        []figure.Crossover
	Err               string
}

// chartRanks is the P axis: powers of two from 2 to max(1024, P) (P itself
// included), capped at prim.MaxRanks.
func chartRanks(p int) []int {
	var out []int
	hi := max(1024, p)
	for r := 2; r <= hi && r <= prim.MaxRanks; r *= 2 {
		out = append(out, r)
	}
	if p > 2 && p != out[len(out)-1] && p > out[len(out)-1] {
		out = append(out, p)
	}
	return out
}

// chartSizes is the size axis: powers of two from the element size (at
// least 4 B) to 4 GiB (or further, to the first power of two ≥ upTo), each
// rounded down with cost.RoundSize, never beyond cost.MaxSize.
func chartSizes(p cost.Params, upTo ...int64) []int64 {
	top := int64(1) << 32
	for _, u := range upTo {
		for top < u && top < 1<<50 {
			top *= 2
		}
	}
	top = min(top, cost.MaxSize(p.Ranks))
	var out []int64
	for b := int64(4); b <= top; b *= 2 {
		v := cost.RoundSize(p.Collective, p.Ranks, p.ElemSize, b)
		if v > 0 && (len(out) == 0 || v > out[len(out)-1]) {
			out = append(out, v)
		}
	}
	return out
}

// ranksAlgorithms are the Experiment 3 algorithms that apply to the
// collective (else every applicable one).
func ranksAlgorithms(c prim.Collective) []sched.Algorithm {
	var out []sched.Algorithm
	for _, a := range []sched.Algorithm{sched.Naive, sched.Ring, sched.Tree} {
		if sched.Check(c, a) == nil {
			out = append(out, a)
		}
	}
	if len(out) < 2 {
		return sched.Applicable(c)
	}
	return out
}

// Not inlined: its cached closure would be copied into every caller
// (≈ 3–7 KB of wasm each).
//
//go:noinline
func (c *Charts) charts() chartsData {
	s := c.S
	return s.cached("charts-"+strconv.Itoa(c.Measure.gen), func() any {
		var d chartsData
		line, err := figure.TimeVsRanks(s.P, chartRanks(s.P.Ranks), ranksAlgorithms(s.P.Collective))
		if err != nil {
			d.Err = s.ErrMsg(err)
			return d
		}
		line.Title = s.Tf("c.ranks.title", s.T("coll."+string(s.P.Collective)), BytesShort(s.P.Size), Rate(s.P.Bandwidth*s.P.Efficiency))
		line.X.Label, line.Y.Label = s.T("c.ranks.x"), s.T("c.time")
		line.Markers = append(line.Markers, chart.Marker{X: float64(s.P.Ranks), Y: s.R.TimeS, Label: s.Tf("c.you", s.R.Algorithm)})
		var b bytes.Buffer
		line.View(chartW, chartH).WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
		d.RanksSVG = b.String()
		if s.P.Ranks < 2 {
			return d
		}
		algs := sched.Applicable(s.P.Collective)
		size, xs, err := figure.TimeVsSize(s.P, chartSizes(s.P, c.Measure.measuredMaxSize()), algs)
		if err != nil {
			d.Err = s.ErrMsg(err)
			return d
		}
		size.Title = s.Tf("c.size.title", s.T("coll."+string(s.P.Collective)), s.P.Ranks, Rate(s.P.Bandwidth*s.P.Efficiency))
		size.X.Label, size.Y.Label = s.T("c.size.x"), s.T("c.time")
		for i := range size.Markers {
			if i < len(xs) {
				size.Markers[i].Label = s.Tf("c.marker", xs[i].To, BytesShort(xs[i].SizeBytes))
			}
		}
		figure.Measured(&size, c.Measure.measuredOverlay(algs))
		b.Reset()
		size.View(chartW, chartH).WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
		d.SizeSVG, d.Crossovers = b.String(), xs
		return d
	}).(chartsData)
}

// RanksSVG is the time-vs-P chart.
func (c *Charts) RanksSVG() vugu.HTML { return vugu.HTML(c.charts().RanksSVG) }

// SizeSVG is the time-vs-size chart ("" for P = 1).
func (c *Charts) SizeSVG() vugu.HTML { return vugu.HTML(c.charts().SizeSVG) }

// ChartsErr is why a chart is missing ("" when both are drawn).
func (c *Charts) ChartsErr() string { return c.charts().Err }

// CrossoverRow explains one crossover: the size, who wins on each side, and
// why (the steps and bytes each sends at that size, from cost.Evaluate).
type CrossoverRow struct {
	ID, Size, Text, Why string
}

// CrossoverRows lists the crossovers with their reasons.
func (c *Charts) CrossoverRows() []CrossoverRow {
	s := c.S
	var out []CrossoverRow
	for i, x := range c.charts().Crossovers {
		q := s.P
		q.Size, q.Chunks = x.SizeBytes, 0
		q.Algorithm = x.From
		rf, err1 := evaluate(q)
		q.Algorithm = x.To
		rt, err2 := evaluate(q)
		row := CrossoverRow{ID: "x-" + strconv.Itoa(i), Size: Bytes(x.SizeBytes),
			Text: s.Tf("c.x.text", x.From, BytesShort(x.SizeBytes), x.To, Secs(x.ToTimeS), Secs(x.FromTimeS))}
		if err1 == nil && err2 == nil {
			row.Why = s.Tf("c.x.why", x.From, rf.Steps, Secs(rf.LatencyTermS), BytesShort(rf.BytesSentPerRank), Secs(rf.BandwidthTermS),
				x.To, rt.Steps, Secs(rt.LatencyTermS), BytesShort(rt.BytesSentPerRank), Secs(rt.BandwidthTermS))
		}
		out = append(out, row)
	}
	return out
}

// NoCrossover says that one algorithm is cheapest over the whole size range.
func (c *Charts) NoCrossover() string {
	s := c.S
	if len(c.charts().Crossovers) > 0 || c.charts().SizeSVG == "" {
		return ""
	}
	return s.T("c.x.none")
}

// ExportRanksSVG downloads the time-vs-P chart.
func (c *Charts) ExportRanksSVG() {
	s := c.S
	s.Export("ccplay-time-vs-ranks.svg", "image/svg+xml", func() string { return c.charts().RanksSVG })
}

// ExportSizeSVG downloads the time-vs-size chart.
func (c *Charts) ExportSizeSVG() {
	s := c.S
	s.Export("ccplay-time-vs-size.svg", "image/svg+xml", func() string { return c.charts().SizeSVG })
}
