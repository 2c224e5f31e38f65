package ui

import (
	"errors"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/units"
	"strconv"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/fit"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/core/sched"
)

// Measure is the charts view's measurement panel: the measurements loaded
// on the time-vs-size chart — the last file that parsed (set), the error
// of the last attempt (err; the last good set stays), the paste box's text
// and the last fit's report — with a table of each point against the
// model, and the actions that fit α and β or move the controls to a
// series.
type Measure struct {
	S       *State
	set     *measure.Set
	name    string   // file name, or "" for pasted text
	assumed []string // what the controls supplied (collective, P) for an nccl-tests log
	err     string
	paste   string
	fit     string // the last fit's report
	fitP    int    // the P of the series fitted
	fitErr  string
	gen     int // bumped on every load or clear (part of the chart cache's key)
}

// MaxMeasureRows caps the measured-vs-model table (the DOM stays small;
// every point is still drawn on the chart).
const MaxMeasureRows = 64

// maxOverlaySets caps the measured series drawn on the chart at once.
const maxOverlaySets = 6

// LoadMeasurements parses a measurement file's contents with
// measure.Parse: ccplay bench --json, or nccl-tests output (text or -J).
// When an nccl-tests log names neither its collective (and busbw/algbw
// cannot tell it) nor its ranks, the controls' collective and P stand in
// and the page says so. On bad input the error is shown and the last good
// overlay stays.
func (c *Measure) LoadMeasurements(name, data string) {
	s := c.S
	defer s.guard()
	var opt measure.Options
	var assumed []string
	var set *measure.Set
	var err error
	for range 3 {
		set, err = measure.Parse([]byte(data), opt)
		var fe *fielderr.Error
		if err == nil || !errors.As(err, &fe) {
			break
		}
		switch {
		case fe.Field == "collective" && opt.Collective == "":
			opt.Collective = s.P.Collective
			assumed = append(assumed, s.Tf("m.assumed.coll", s.CollName(string(s.P.Collective))))
			continue
		case fe.Field == "np" && opt.Ranks == 0 && s.P.Ranks >= 2:
			opt.Ranks = s.P.Ranks
			assumed = append(assumed, s.Tf("m.assumed.np", s.P.Ranks))
			continue
		}
		break
	}
	if err != nil {
		c.err = c.measureErr(err)
		return
	}
	c.set, c.name, c.assumed, c.err, c.fit, c.fitP, c.fitErr, c.gen = set, name, assumed, "", "", 0, "", c.gen+1
}

// MaxMeasureBytes is the largest measurement file read (measure.MaxInput).
const MaxMeasureBytes = measure.MaxInput

// LoadMeasurementError reports a file the browser could not read; the last
// good overlay stays.
func (c *Measure) LoadMeasurementError(name, why string) {
	s := c.S
	defer s.guard()
	c.err = name + ": " + why
}

// LoadMeasurementFile is LoadMeasurements for a file the browser read;
// size is the file's length, refused above measure.MaxInput unread.
func (c *Measure) LoadMeasurementFile(name string, size int64, data string) {
	s := c.S
	defer s.guard()
	if size > measure.MaxInput {
		c.err = s.Tf("m.err.big", name, size, measure.MaxInput)
		return
	}
	c.LoadMeasurements(name, data)
}

// measureErr is a parse error as shown: the format's name (the field of
// measure's errors) and the message in the page's language (see ErrMsg).
func (c *Measure) measureErr(err error) string {
	s := c.S
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return fe.Field + ": " + s.ErrMsg(fe)
	}
	return err.Error()
}

// SetPaste records the paste box's text.
func (c *Measure) SetPaste(v string) { c.paste = v }

// LoadPaste loads the paste box's text.
func (c *Measure) LoadPaste() { c.LoadMeasurements("", c.paste) }

// ClearMeasurements removes the overlay.
func (c *Measure) ClearMeasurements() {
	s := c.S
	defer s.guard()
	c.set, c.name, c.assumed, c.err, c.fit, c.fitP, c.fitErr, c.gen = nil, "", nil, "", "", 0, "", c.gen+1
}

// MeasureErr is the last load's error ("" if it loaded).
func (c *Measure) MeasureErr() string { return c.err }

// MeasureLoaded reports whether an overlay is loaded.
func (c *Measure) MeasureLoaded() bool { return c.set != nil }

// MeasureSummary says what is loaded: file, tool, series and points.
func (c *Measure) MeasureSummary() string {
	s := c.S
	set := c.set
	if set == nil {
		return ""
	}
	name := c.name
	if name == "" {
		name = s.T("m.pasted")
	}
	tool := s.T("m.tool.nccl")
	if set.Tool == measure.ToolBench {
		tool = s.Tf("m.tool.bench", set.Transport)
	}
	return s.Tf("m.loaded", name, tool, len(set.Series), len(set.Points()))
}

// MeasureAssumed lists what the controls supplied for the log.
func (c *Measure) MeasureAssumed() []string { return c.assumed }

// MeasureSeriesRow is one loaded series in the list under the chart, with
// the actions that apply: show its collective, use its P, fit α and β.
type MeasureSeriesRow struct {
	ID, Text string
	Index    int
	Shown    bool   // its collective is the controls': it is on the chart
	ShowText string // "show AllGather" when it is not
	UseP     string // "use P = 16" when its P differs from the controls'
	Ranks    int
}

// MeasureSeries lists the loaded series.
func (c *Measure) MeasureSeries() []MeasureSeriesRow {
	s := c.S
	if c.set == nil {
		return nil
	}
	var out []MeasureSeriesRow
	for i, ser := range c.set.Series {
		r := MeasureSeriesRow{ID: "m-s-" + strconv.Itoa(i), Index: i, Ranks: ser.Ranks, Shown: ser.Collective == s.P.Collective,
			Text: s.Tf("m.series", c.seriesName(ser), ser.Ranks, len(ser.Points))}
		if !r.Shown {
			r.ShowText = s.Tf("m.show", s.CollName(string(ser.Collective)))
		}
		if ser.Ranks != s.P.Ranks {
			r.UseP = s.Tf("m.useP", ser.Ranks)
		}
		out = append(out, r)
	}
	return out
}

// seriesName is "AllReduce, ring" or "AllReduce, measured by nccl-tests".
func (c *Measure) seriesName(ser measure.Series) string {
	s := c.S
	a := s.T("m.alg.unknown")
	if ser.Algorithm != "" {
		a = string(ser.Algorithm)
	}
	return s.CollName(string(ser.Collective)) + ", " + a
}

// seriesShort is "ring · P=4" or "nccl-tests · P=16" (the table's first
// column: the collective is the chart's).
func seriesShort(ser measure.Series) string {
	a := "nccl-tests"
	if ser.Algorithm != "" {
		a = string(ser.Algorithm)
	}
	return a + " · P=" + strconv.Itoa(ser.Ranks)
}

// ShowMeasuredCollective switches the controls to series i's collective
// (and, when the controls' algorithm does not run it, to the series'
// algorithm or auto).
func (c *Measure) ShowMeasuredCollective(i int) {
	s := c.S
	defer s.guard()
	ser, ok := c.measuredSeries(i)
	if !ok {
		return
	}
	if a, err := sched.ParseAlgorithm(s.text["algorithm"]); err != nil || sched.Check(ser.Collective, a) != nil {
		alg := sched.Auto
		if ser.Algorithm != "" {
			alg = ser.Algorithm
		}
		s.text["algorithm"] = string(alg)
	}
	s.SetField("collective", string(ser.Collective))
}

// UseMeasuredRanks sets the controls' P to series i's.
func (c *Measure) UseMeasuredRanks(i int) {
	s := c.S
	defer s.guard()
	if ser, ok := c.measuredSeries(i); ok {
		s.SetField("ranks", strconv.Itoa(ser.Ranks))
	}
}

func (c *Measure) measuredSeries(i int) (measure.Series, bool) {
	if c.set == nil || i < 0 || i >= len(c.set.Series) {
		return measure.Series{}, false
	}
	return c.set.Series[i], true
}

// fitAlgorithm is the closed form a fit of ser uses: its own algorithm,
// else (nccl-tests: unknown) the controls' when it is concrete and runs
// the collective, else sched.DefaultFor's.
func (c *Measure) fitAlgorithm(ser measure.Series) sched.Algorithm {
	s := c.S
	if ser.Algorithm != "" {
		return ser.Algorithm
	}
	if a := s.P.Algorithm; a != sched.Auto && sched.Check(ser.Collective, a) == nil {
		return a
	}
	return sched.DefaultFor(ser.Collective)
}

// FitMeasured fits α and β to series i with core/measure.ModelFit (the
// algorithm's closed form at the series' P) and sets the latency and
// bandwidth controls to them — and efficiency to 100 % and γ to 0 when they
// were not, and, for a series of unknown algorithm, the algorithm control
// to the one fitted — so that the model's line passes through the points
// at the series' P. A fit with α < 0 or β ≤ 0 is reported, not applied.
func (c *Measure) FitMeasured(i int) {
	s := c.S
	defer s.guard()
	ser, ok := c.measuredSeries(i)
	if !ok {
		return
	}
	c.fit, c.fitErr = "", ""
	a := c.fitAlgorithm(ser)
	r, _, err := measure.ModelFit(ser, a)
	if err != nil {
		c.fitErr = s.ErrMsg(err)
		return
	}
	if r.Alpha < 0 || !(r.Beta > 0) {
		c.fitErr = s.Tf("m.fit.bad", a, len(ser.Points), Secs(r.Alpha), strconv.FormatFloat(r.Beta, 'g', 4, 64))
		return
	}
	// Written with every digit needed to read back the fitted values
	// (to 1e-12 relative), so the model passes through the points exactly
	// as closely as the fit does.
	lat, bw := units.Duration(r.Alpha).String(), units.Bandwidth(r.BwBps).String()
	extra := ""
	if ser.Algorithm == "" && s.text["algorithm"] != string(a) {
		s.text["algorithm"] = string(a)
		extra += s.Tf("m.fit.alg", a)
	}
	if s.P.Efficiency != 1 {
		s.text["efficiency"] = "1"
		extra += s.T("m.fit.eff")
	}
	if s.P.Gamma != 0 {
		s.text["gamma"] = "0"
		extra += s.T("m.fit.gamma")
	}
	s.text["latency"] = lat
	s.markGiven("latency", lat)
	s.SetField("bandwidth", bw)
	if s.Field != "" {
		c.fitErr = s.ErrMsg(s.err)
		return
	}
	c.fit, c.fitP = c.fitReport(a, ser, r)+extra, ser.Ranks
}

// fitReport is the fit's numbers as core/fit computed them.
func (c *Measure) fitReport(a sched.Algorithm, ser measure.Series, r fit.Result) string {
	s := c.S
	return s.Tf("m.fitted", a, r.N, ser.Ranks, Secs(r.Alpha), Rate(r.BwBps), strconv.FormatFloat(r.R2, 'f', 4, 64),
		strconv.FormatFloat(100*r.RMSRe, 'f', 1, 64))
}

// MeasureFit is the last fit's report ("" if none), reminding that the
// lines pass through the points only at the P they were measured at.
func (c *Measure) MeasureFit() string {
	s := c.S
	if c.fit != "" && c.fitP != s.P.Ranks {
		return c.fit + s.Tf("m.fit.p", c.fitP, s.P.Ranks)
	}
	return c.fit
}

// MeasureFitErr is why the last fit was not applied ("" if it was).
func (c *Measure) MeasureFitErr() string { return c.fitErr }

// MeasureRow is one measured point against the model of the current
// controls (measure.Compare): size, measured time, model time and
// algorithm, difference.
type MeasureRow struct {
	ID, Series, Size, Measured, Model, Diff string
}

// MeasureRows compares the points of the series on the chart (those of
// the controls' collective) with the model, at most MaxMeasureRows.
func (c *Measure) MeasureRows() []MeasureRow {
	return c.measureTable().rows
}

// MeasureMore says how many rows the table leaves out ("" if none).
func (c *Measure) MeasureMore() string {
	s := c.S
	t := c.measureTable()
	if t.total <= len(t.rows) {
		return ""
	}
	return s.Tf("m.more", len(t.rows), t.total)
}

type measureTable struct {
	rows  []MeasureRow
	total int
}

func (c *Measure) measureTable() measureTable {
	s := c.S
	if c.set == nil {
		return measureTable{}
	}
	return s.cached("measure-"+strconv.Itoa(c.gen), func() any {
		var t measureTable
		for si, ser := range c.set.Series {
			if ser.Collective != s.P.Collective {
				continue
			}
			for k, cmp := range measure.Compare(s.P, ser) {
				t.total++
				if len(t.rows) >= MaxMeasureRows {
					continue
				}
				r := MeasureRow{ID: "m-r-" + strconv.Itoa(si) + "-" + strconv.Itoa(k), Series: seriesShort(ser),
					Size: BytesShort(cmp.SizeBytes), Measured: Secs(cmp.TimeS), Model: "–", Diff: "–"}
				if cmp.Err == "" {
					r.Model = Secs(cmp.ModelS) + " (" + string(cmp.ModelAlgorithm) + ")"
					r.Diff = strconv.FormatFloat(cmp.DiffPct, 'f', 1, 64) + " %"
					if cmp.DiffPct >= 0 {
						r.Diff = "+" + r.Diff
					}
				}
				t.rows = append(t.rows, r)
			}
		}
		return t
	}).(measureTable)
}

// measuredOverlay is the chart's scatter sets: the series of the controls'
// collective (at most maxOverlaySets), coloured like their algorithm's
// line (black when unknown). algs is the chart's series order.
func (c *Measure) measuredOverlay(algs []sched.Algorithm) []chart.Scatter {
	s := c.S
	if c.set == nil {
		return nil
	}
	var out []chart.Scatter
	for _, ser := range c.set.Series {
		if ser.Collective != s.P.Collective || len(out) == maxOverlaySets {
			continue
		}
		sc := chart.Scatter{Series: -1, Name: s.Tf("m.legend.nccl", ser.Ranks)}
		if ser.Algorithm != "" {
			sc.Name = s.Tf("m.legend.bench", ser.Algorithm, ser.Ranks)
			for i, a := range algs {
				if a == ser.Algorithm {
					sc.Series = i
				}
			}
		}
		for _, p := range ser.Points {
			sc.Points = append(sc.Points, chart.Point{X: float64(p.SizeBytes), Y: p.TimeS})
		}
		out = append(out, sc)
	}
	return out
}

// measuredMaxSize is the largest measured size of the controls' collective
// (0 if none): the chart's size axis reaches it.
func (c *Measure) measuredMaxSize() int64 {
	s := c.S
	var hi int64
	if c.set != nil {
		for _, ser := range c.set.Series {
			if ser.Collective == s.P.Collective {
				for _, p := range ser.Points {
					hi = max(hi, p.SizeBytes)
				}
			}
		}
	}
	return hi
}
