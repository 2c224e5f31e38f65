package ui

import (
	"bytes"
	"math"
	"strconv"
	"strings"

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

	// hidden are the lines the learner hid, by chart and algorithm
	// ("ranks:naive"): a line that squashes the others can go.
	hidden map[string]bool
	// probe is the point tapped or clicked on each chart ("ranks", "size"):
	// its index among the chart's x values, shown as a readout.
	probe   map[string]int
	probeAt int // State.Edits() when probe was set
	gen     int // changes with hidden, so the cached charts are redrawn
}

// newCharts is the view with no measurements loaded.
func newCharts(s *State) *Charts { return &Charts{S: s, Measure: &Measure{S: s}} }

// chartW and chartH are the charts' layout size in px (the SVG scales to
// the page width; the extra width leaves the legend room for long names);
// on a phone the charts are laid out narrow, with the legend below.
const chartW, chartH = 860, 420
const narrowW, narrowH = 420, 400

// chartsData is the two charts of the current question.
type chartsData struct {
	RanksSVG, SizeSVG     string
	RanksTitle, SizeTitle string
	Crossovers            []figure.Crossover
	Groups                []cost.CrossoverGroup // Crossovers grouped with cost.TieBand, as drawn
	Err                   string
	// Lines are each chart's algorithms with whether they are drawn;
	// Same says which line another duplicates ("hierarchical = ring").
	RanksLines, SizeLines []LineToggle
	RanksSame, SizeSame   []string
	// Probes are each chart's tooltip texts by x index.
	RanksProbes, SizeProbes []string
}

// LineToggle is one algorithm of a chart's legend: shown or hidden.
type LineToggle struct {
	ID, Name, Pressed string
	Shown             bool
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

// chartSizes is the size axis: powers of two from 4 B to 4 GiB (or
// further, to the first power of two ≥ upTo), never beyond cost.MaxSize,
// each rounded down to the size step (cost.DoublingSizes).
func chartSizes(p cost.Params, upTo ...int64) []int64 {
	top := int64(1) << 32
	for _, u := range upTo {
		for top < u && top < 1<<50 {
			top *= 2
		}
	}
	return cost.DoublingSizes(p.Collective, p.Ranks, p.ElemSize, 4, min(top, cost.MaxSize(p.Ranks)))
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
	return s.cached("charts-"+strconv.Itoa(c.Measure.gen)+"-"+strconv.Itoa(c.gen)+"-"+strconv.FormatBool(s.Narrow), func() any {
		var d chartsData
		w, h := chartW, chartH
		if s.Narrow {
			w, h = narrowW, narrowH
		}
		ralgs := ranksAlgorithms(s.P.Collective)
		line, err := figure.TimeVsRanks(s.P, chartRanks(s.P.Ranks), ralgs)
		if err != nil {
			d.Err = s.ErrMsg(err)
			return d
		}
		d.RanksLines, d.RanksSame = c.trim(&line, "ranks")
		if kept := keptAlgorithms(line); len(kept) < len(ralgs) {
			// Fewer lines: the axis fits those left (a hidden naive no
			// longer squashes ring and tree).
			if sub, err := figure.TimeVsRanks(s.P, chartRanks(s.P.Ranks), kept); err == nil {
				line.Y = sub.Y
				for i := range line.Series {
					line.Series[i].Points = sub.Series[i].Points
				}
			}
		}
		line.Title = s.Tf("c.ranks.title", s.CollName(string(s.P.Collective)), BytesShort(s.P.Size), Rate(s.P.Bandwidth*s.P.Efficiency))
		d.RanksTitle = line.Title
		line.X.Label, line.Y.Label = s.T("c.ranks.x"), s.T("c.time")
		line.Markers = append(line.Markers, chart.Marker{X: float64(s.P.Ranks), Y: s.R.TimeS, Label: s.Tf("c.you", s.R.Algorithm)})
		c.style(&line, "c-ranks-chart", func(x float64) string { return "P = " + strconv.Itoa(int(x)) })
		if s.Lang == "zh" {
			line.Desc = s.zhDesc(line, "P")
		}
		var b bytes.Buffer
		v := line.View(w, h+legendExtra(s, line))
		v.WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
		d.RanksSVG, d.RanksProbes = b.String(), probeTexts(v)
		if s.P.Ranks < 2 {
			return d
		}
		algs := sched.Applicable(s.P.Collective)
		size, xs, err := figure.TimeVsSize(s.P, chartSizes(s.P, c.Measure.measuredMaxSize()), algs)
		if err != nil {
			d.Err = s.ErrMsg(err)
			return d
		}
		d.SizeLines, d.SizeSame = c.trim(&size, "size")
		if kept := keptAlgorithms(size); len(kept) < len(algs) {
			if sub, _, err := figure.TimeVsSize(s.P, chartSizes(s.P, c.Measure.measuredMaxSize()), kept); err == nil {
				size.Y = sub.Y // auto's crossovers stay those among every algorithm
				for i := range size.Series {
					size.Series[i].Points = sub.Series[i].Points
				}
			}
		}
		size.Title = s.Tf("c.size.title", s.CollName(string(s.P.Collective)), s.P.Ranks, Rate(s.P.Bandwidth*s.P.Efficiency))
		d.SizeTitle = size.Title
		size.X.Label, size.Y.Label = s.T("c.size.x"), s.T("c.time")
		gs := cost.GroupCrossovers(s.P, xs, cost.TieBand)
		mi, bi := 0, 0
		for _, g := range gs {
			switch {
			case g.Tie && bi < len(size.Bands):
				size.Bands[bi].Label = s.Tf("c.tie", g.A, g.B, 100*cost.TieBand)
				bi++
			case !g.Tie && mi < len(size.Markers):
				size.Markers[mi].Label = s.Tf("c.marker", g.To, BytesShort(g.LoBytes))
				mi++
			}
		}
		figure.Measured(&size, c.Measure.measuredOverlay(algs))
		c.style(&size, "c-size-chart", func(x float64) string { return BytesShort(int64(x)) })
		if s.Lang == "zh" {
			size.Desc = s.zhDesc(size, "S")
		}
		b.Reset()
		v = size.View(w, h+legendExtra(s, size))
		v.WriteSVG(&b) //nolint:errcheck // bytes.Buffer never fails
		d.SizeSVG, d.SizeProbes, d.Crossovers, d.Groups = b.String(), probeTexts(v), xs, gs
		return d
	}).(chartsData)
}

// legendExtra is the height a narrow chart adds for its legend's rows.
func legendExtra(s *State, l chart.Line) int {
	if !s.Narrow {
		return 0
	}
	return (len(l.Series)+len(l.Scatter)+1)/2*20 + 10
}

// style sets the inline chart's options: the selected algorithm's line
// highlighted, crossover labels in rows atop the plot, the probe, the
// title printed above the chart instead of in it, the legend below on a
// phone.
func (c *Charts) style(l *chart.Line, id string, fx func(float64) string) {
	s := c.S
	l.ID, l.Highlight, l.MarkerLabelsTop, l.Probe, l.NoTitleText, l.LegendBelow = id, s.R.Algorithm, true, true, true, s.Narrow
	l.XFormat, l.YFormat = fx, Secs
}

// trim drops from a chart the lines the learner hid and the lines that
// duplicate an earlier one (hierarchical without GPUs per node is the
// ring), and lists every line of the chart with whether it is drawn, and
// which duplicate which.
func (c *Charts) trim(l *chart.Line, chartID string) ([]LineToggle, []string) {
	s := c.S
	var kept []chart.Series
	var toggles []LineToggle
	var same []string
	for i, sr := range l.Series {
		sr.Style = i + 1 // each algorithm keeps its colour when others are hidden
		dup := ""
		for _, k := range kept {
			if samePoints(k.Points, sr.Points) {
				dup = k.Name
				break
			}
		}
		if dup != "" {
			same = append(same, s.Tf("c.same", sr.Name, dup))
			continue
		}
		shown := !c.hidden[chartID+":"+sr.Name]
		toggles = append(toggles, LineToggle{ID: "c-" + chartID + "-" + sr.Name, Name: sr.Name, Shown: shown, Pressed: strconv.FormatBool(shown)})
		if shown {
			kept = append(kept, sr)
		}
	}
	if len(kept) == 0 && len(l.Series) > 0 { // never an empty chart
		kept = append(kept, l.Series[0])
	}
	l.Series = kept
	return toggles, same
}

// keptAlgorithms are the algorithms of a chart's lines.
func keptAlgorithms(l chart.Line) []sched.Algorithm {
	out := make([]sched.Algorithm, len(l.Series))
	for i, sr := range l.Series {
		out[i] = sched.Algorithm(sr.Name)
	}
	return out
}

// samePoints reports whether two lines have the same points (times equal
// to a part in 10⁹).
func samePoints(a, b []chart.Point) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].X != b[i].X || math.Abs(a[i].Y-b[i].Y) > 1e-9*math.Max(math.Abs(a[i].Y), math.Abs(b[i].Y)) {
			return false
		}
	}
	return true
}

// probeTexts are a laid-out chart's probe tooltips by x index.
func probeTexts(v chart.LineView) []string {
	out := make([]string, len(v.Probes))
	for i, p := range v.Probes {
		out[i] = p.Text
	}
	return out
}

// zhDesc describes a chart on the zh page (the SVG's <desc>): its title,
// axes, and each line's value at the largest x with the cheapest there.
func (s *State) zhDesc(l chart.Line, x string) string {
	var parts []string
	best, bestV, lastX := "", math.Inf(1), 0.0
	for _, sr := range l.Series {
		if n := len(sr.Points); n > 0 {
			pt := sr.Points[n-1]
			lastX = pt.X
			parts = append(parts, sr.Name+" "+Secs(pt.Y))
			if pt.Y < bestV {
				best, bestV = sr.Name, pt.Y
			}
		}
	}
	at := strconv.FormatFloat(lastX, 'g', -1, 64)
	if x == "S" {
		at = BytesShort(int64(lastX))
	}
	return s.Tf("c.desc", l.Title, x, at, strings.Join(parts, "，"), best)
}

// ToggleLine hides or shows algorithm a's line on chart "ranks" or "size".
func (c *Charts) ToggleLine(chartID, a string) {
	defer c.S.guard()
	if c.hidden == nil {
		c.hidden = map[string]bool{}
	}
	k := chartID + ":" + a
	c.hidden[k] = !c.hidden[k]
	c.gen++
}

// SetProbe shows the values at x index i of chart "ranks" or "size" (a
// tap or click on the chart; the browser adapter calls it).
func (c *Charts) SetProbe(chartID string, i int) {
	if c.probe == nil {
		c.probe = map[string]int{}
	}
	c.probe[chartID] = i
	c.probeAt = c.S.Edits()
}

// Probe is the readout of chart "ranks" or "size": the values at the point
// last tapped ("" before any, or after the question changed).
func (c *Charts) Probe(chartID string) string {
	i, ok := c.probe[chartID]
	if !ok || c.probeAt != c.S.Edits() {
		return ""
	}
	texts := c.charts().RanksProbes
	if chartID == "size" {
		texts = c.charts().SizeProbes
	}
	if i < 0 || i >= len(texts) {
		return ""
	}
	return texts[i]
}

// RanksLines and SizeLines are the legend toggles of each chart.
func (c *Charts) RanksLines() []LineToggle { return c.charts().RanksLines }

// SizeLines are the size chart's legend toggles.
func (c *Charts) SizeLines() []LineToggle { return c.charts().SizeLines }

// SameNote says which lines are drawn once because another equals them.
func (c *Charts) SameNote(chartID string) string {
	same := c.charts().RanksSame
	if chartID == "size" {
		same = c.charts().SizeSame
	}
	return strings.Join(same, c.S.T("adj.sep"))
}

// RanksTitle and SizeTitle are the charts' titles, printed above them.
func (c *Charts) RanksTitle() string { return c.charts().RanksTitle }

// SizeTitle is the size chart's title.
func (c *Charts) SizeTitle() string { return c.charts().SizeTitle }

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

// CrossoverRows lists the crossovers as the chart groups them
// (cost.GroupCrossovers): a single crossover with its reason, a tie as one
// row naming the range, the pair and how many flips it holds.
func (c *Charts) CrossoverRows() []CrossoverRow {
	s := c.S
	var out []CrossoverRow
	for i, g := range c.charts().Groups {
		row := CrossoverRow{ID: "x-" + strconv.Itoa(i), Size: Bytes(g.LoBytes)}
		if g.Tie {
			row.Text = s.Tf("c.x.tie", BytesShort(g.LoBytes), BytesShort(g.HiBytes), g.A, g.B, 100*cost.TieBand, g.Count, g.To)
			out = append(out, row)
			continue
		}
		q := s.P
		q.Size, q.Chunks = g.LoBytes, 0
		q.Algorithm = g.From
		rf, err1 := evaluate(q)
		q.Algorithm = g.To
		rt, err2 := evaluate(q)
		x := c.charts().Crossovers[c.firstOf(i)]
		row.Text = s.Tf("c.x.text", x.From, BytesShort(x.SizeBytes), x.To, Secs(x.ToTimeS), Secs(x.FromTimeS))
		if Secs(x.ToTimeS) == Secs(x.FromTimeS) { // equal to the digits shown, as at most crossovers: said once
			row.Text = s.Tf("c.x.same", x.From, BytesShort(x.SizeBytes), x.To, Secs(x.ToTimeS))
		}
		if err1 == nil && err2 == nil {
			row.Why = s.Tf("c.x.why", x.From, rf.Steps, Secs(rf.LatencyTermS), BytesShort(rf.BytesSentPerRank), Secs(rf.BandwidthTermS),
				x.To, rt.Steps, Secs(rt.LatencyTermS), BytesShort(rt.BytesSentPerRank), Secs(rt.BandwidthTermS))
		}
		out = append(out, row)
	}
	return out
}

// Crossovers is every crossover the size chart marks, ungrouped (the one
// finder's list; CrossoverRows groups it for reading).
func (c *Charts) Crossovers() []cost.Crossover { return c.charts().Crossovers }

// firstOf is the index in Crossovers of group i's first crossover.
func (c *Charts) firstOf(i int) int {
	n := 0
	for _, g := range c.charts().Groups[:i] {
		n += g.Count
	}
	return n
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

// Class is a legend toggle's CSS class.
func (l LineToggle) Class() string {
	if l.Shown {
		return "line-btn on"
	}
	return "line-btn"
}

// ProbeOrHint is the chart's readout, or how to get one.
func (c *Charts) ProbeOrHint(chartID string) string {
	if p := c.Probe(chartID); p != "" {
		return p
	}
	return c.S.T("c.probe.hint")
}
