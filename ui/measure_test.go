package ui

import (
	"html"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const (
	benchFile = "../core/measure/testdata/bench_tcp_4ranks.json"
	ncclFile  = "../core/nccltests/testdata/all_reduce_perf_16x_h100.txt"
)

// Loading real ccplay bench output draws a square per measured size in
// the colour of its algorithm's line (in the page and in the exported
// SVG), and the table's model times and differences are measure.Compare's.
func TestMeasuredBenchOverlay(t *testing.T) {
	s := NewState("view=charts&ranks=4&lang=en", "en")
	a := NewApp(s)
	data := readFile(t, benchFile)
	a.Charts.Measure.LoadMeasurements("bench.json", data)
	if a.Charts.Measure.MeasureErr() != "" {
		t.Fatal(a.Charts.Measure.MeasureErr())
	}
	html := render(t, a)
	mustContain(t, html, `id="m-loaded"`, "bench.json: ccplay bench over tcp, 3 series, 18 points", "measured ring, P=4", "measured tree, P=4",
		`id="m-s-0-fit"`, `id="m-s-2-show"`, `id="m-table"`)
	// allreduce ring and tree are on the chart; allgather is offered.
	if got := strings.Count(a.Charts.charts().SizeSVG, `<g class="measured"`); got != 2 {
		t.Errorf("%d measured sets on the chart, want 2", got)
	}
	var exported string
	s.Download = func(name, mime, d string) { exported = d }
	a.Charts.ExportSizeSVG()
	if !strings.Contains(exported, `<g class="measured"`) || strings.Count(exported, "<rect x=") < 12+1 {
		t.Errorf("the exported SVG lacks the measured points")
	}
	// Colours: ring's and tree's lines'.
	algs := sched.Applicable(prim.AllReduce)
	for _, alg := range []sched.Algorithm{sched.Ring, sched.Tree} {
		for i, b := range algs {
			if alg == b && !strings.Contains(a.Charts.charts().SizeSVG, `<g class="measured" fill="`+chartColour(i)+`"`) {
				t.Errorf("%s's points are not in its line's colour", alg)
			}
		}
	}
	set, err := measure.Parse([]byte(data), measure.Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkRows(t, a.Charts.Measure, set)
}

// An nccl-tests log: points labelled as measured by nccl-tests (algorithm
// unknown), compared with the controls' algorithm; the table's values are
// measure.Compare's.
func TestMeasuredNCCLOverlay(t *testing.T) {
	s := NewState("view=charts&ranks=16&algorithm=ring&lang=en", "en")
	a := NewApp(s)
	data := readFile(t, ncclFile)
	a.Charts.Measure.LoadMeasurements("all_reduce_perf.txt", data)
	if a.Charts.Measure.MeasureErr() != "" {
		t.Fatal(a.Charts.Measure.MeasureErr())
	}
	html := render(t, a)
	mustContain(t, html, "all_reduce_perf.txt: nccl-tests (algorithm chosen by NCCL, unknown), 1 series, 31 points",
		"AllReduce, measured by nccl-tests · measured at P = 16 · 31 points", "nccl-tests, P=16")
	if strings.Contains(html, "The first 64 of") {
		t.Error("31 points are all in the table, yet it says it shows the first 64")
	}
	set, _ := measure.Parse([]byte(data), measure.Options{})
	rows := checkRows(t, a.Charts.Measure, set)
	if len(rows) != 31 || !strings.HasSuffix(rows[0].Model, "(ring)") {
		t.Errorf("%d rows, first %+v", len(rows), rows[0])
	}
	if !strings.Contains(a.Charts.charts().SizeSVG, `<g class="measured" fill="#ffffff" stroke="#111111"`) {
		t.Error("nccl-tests points are not hollow")
	}
	// Its 8 GiB row widens the size axis: the model's lines reach it.
	if sz := chartSizes(s.P, a.Charts.Measure.measuredMaxSize()); sz[len(sz)-1] != 8<<30 {
		t.Errorf("the size axis ends at %d B, not at the 8 GiB point", sz[len(sz)-1])
	}
	if n := strings.Count(a.Charts.charts().SizeSVG, "<rect x="); n != 31+1+1 { // points, plot frame, legend sample
		t.Errorf("%d rects: not every point is on the chart", n)
	}
}

// checkRows: each table row is measure.Compare of the controls with the
// series on the chart.
func checkRows(t *testing.T, m *Measure, set *measure.Set) []MeasureRow {
	t.Helper()
	s := m.S
	rows := m.MeasureRows()
	k := 0
	for _, ser := range set.Series {
		if ser.Collective != s.P.Collective {
			continue
		}
		for _, c := range measure.Compare(s.P, ser) {
			if k >= len(rows) {
				t.Fatalf("only %d rows", len(rows))
			}
			r := rows[k]
			want := Secs(c.ModelS) + " (" + string(c.ModelAlgorithm) + ")"
			diff := strconv.FormatFloat(c.DiffPct, 'f', 1, 64)
			if r.Size != BytesShort(c.SizeBytes) || r.Measured != Secs(c.TimeS) || r.Model != want || !strings.Contains(r.Diff, diff) {
				t.Errorf("row %d: %+v, core: %s %s %s %s", k, r, BytesShort(c.SizeBytes), Secs(c.TimeS), want, diff)
			}
			k++
		}
	}
	if k != len(rows) {
		t.Errorf("%d rows, core compares %d points", len(rows), k)
	}
	return rows
}

// The fit button sets latency and bandwidth to core's fit (and efficiency
// to 1): then, at the series' P, the model passes through the points as
// closely as the fit does, and the table's differences are the fit's
// residuals.
func TestMeasuredFitSetsTheLink(t *testing.T) {
	s := NewState("view=charts&ranks=8&efficiency=0.9&lang=en", "en")
	a := NewApp(s)
	a.Charts.Measure.LoadMeasurements("bench.json", readFile(t, benchFile))
	set := a.Charts.Measure.set
	a.Charts.Measure.FitMeasured(0) // allreduce/ring at P = 4
	if a.Charts.Measure.MeasureFitErr() != "" {
		t.Fatal(a.Charts.Measure.MeasureFitErr())
	}
	want, _, err := measure.ModelFit(set.Series[0], sched.Ring)
	if err != nil {
		t.Fatal(err)
	}
	relErr := func(got, want float64) float64 { return math.Abs(got-want) / math.Abs(want) }
	if relErr(s.P.Latency, want.Alpha) > 1e-12 || relErr(s.P.Bandwidth, want.BwBps) > 1e-12 || s.P.Efficiency != 1 {
		t.Fatalf("controls %q %q %g (read back α %g bw %g); fit α %g bw %g", s.Text("latency"), s.Text("bandwidth"),
			s.P.Efficiency, s.P.Latency, s.P.Bandwidth, want.Alpha, want.BwBps)
	}
	mustContain(t, a.Charts.Measure.MeasureFit(), "Fitted ring's closed form", "Efficiency set to 100 %", "measured at P = 4, the controls have P = 8")
	html := render(t, a)
	mustContain(t, html, `id="m-s-0-p"`, "Use P = 4")
	a.Charts.Measure.UseMeasuredRanks(0)
	if s.P.Ranks != 4 {
		t.Fatalf("P = %d", s.P.Ranks)
	}
	for i, c := range measure.Compare(s.P, set.Series[0]) {
		resid := want.Resid[i] / c.TimeS * 100 // the fit's own relative residual
		if math.Abs(c.DiffPct-resid) > 1e-6 {  // the controls hold the fit's values
			t.Errorf("point %d: diff %.2f %%, fit residual %.2f %%", i, c.DiffPct, resid)
		}
	}
}

// Bad input: an inline error naming what is wrong; the last good overlay
// stays. A log without collective or ranks takes the controls' and says so.
func TestMeasuredBadInput(t *testing.T) {
	s := NewState("view=charts&ranks=4&lang=en", "en")
	a := NewApp(s)
	a.Charts.Measure.LoadMeasurements("bench.json", readFile(t, benchFile))
	gen := a.Charts.Measure.gen
	cases := []struct{ reason, in, want string }{
		{"empty", "", "empty input"},
		{"a bench row with a negative time", `{"ranks":4,"series":[{"collective":"allreduce","algorithm":"ring","rows":[{"size_bytes":8,"time_s":-1}]}]}`, "bench: series[0].rows[0].time_s: want a finite time > 0 seconds, got -1"},
		{"a text row with a bad time", "#  size  count  type  redop  root  time  algbw  busbw  #wrong\n  8  2  float  sum  -1  fast  0  0  0\n", "nccl-tests: line 2: column time"},
	}
	for _, tc := range cases {
		a.Charts.Measure.SetPaste(tc.in)
		a.Charts.Measure.LoadPaste()
		html := render(t, a)
		if !strings.Contains(a.Charts.Measure.MeasureErr(), tc.want) || !strings.Contains(html, `id="m-err"`) {
			t.Errorf("%s: error %q, want %q", tc.reason, a.Charts.Measure.MeasureErr(), tc.want)
		}
		if a.Charts.Measure.gen != gen || !strings.Contains(html, "bench.json: ccplay bench over tcp") {
			t.Errorf("%s: the last good overlay is gone", tc.reason)
		}
	}
	a.Charts.Measure.LoadMeasurementFile("huge.log", MaxMeasureBytes+1, "")
	if !strings.Contains(a.Charts.Measure.MeasureErr(), "huge.log is") {
		t.Errorf("too large: %q", a.Charts.Measure.MeasureErr())
	}
	// The MI250X log names no collective (too slow to infer it): the
	// controls' collective stands in, said on the page.
	s = NewState("view=charts&collective=allgather&ranks=16&lang=en", "en")
	a = NewApp(s)
	a.Charts.Measure.LoadMeasurements("ag.txt", readFile(t, "../core/nccltests/testdata/all_gather_perf_16x_mi250x_error.txt"))
	if a.Charts.Measure.MeasureErr() != "" || len(a.Charts.Measure.MeasureAssumed()) != 1 || !strings.Contains(a.Charts.Measure.MeasureAssumed()[0], "taken as AllGather") {
		t.Errorf("err %q assumed %v", a.Charts.Measure.MeasureErr(), a.Charts.Measure.MeasureAssumed())
	}
	a.Charts.Measure.ClearMeasurements()
	if a.Charts.Measure.MeasureLoaded() || strings.Contains(a.Charts.charts().SizeSVG, `class="measured"`) {
		t.Error("clear left the overlay")
	}
}

// Show switches the controls to a series' collective; its points then
// appear on the chart.
func TestMeasuredShowCollective(t *testing.T) {
	s := NewState("view=charts&ranks=4&algorithm=tree&lang=zh", "zh")
	a := NewApp(s)
	a.Charts.Measure.LoadMeasurements("bench.json", readFile(t, benchFile))
	a.Charts.Measure.ShowMeasuredCollective(2) // allgather/ring; tree does not run it
	if s.P.Collective != prim.AllGather || s.P.Algorithm != sched.Ring || s.Field != "" {
		t.Fatalf("collective %s algorithm %s field %q %s", s.P.Collective, s.P.Algorithm, s.Field, s.Err)
	}
	html := render(t, a)
	mustContain(t, html, "实测 ring，P=4", "用这些点拟合 α 和 β")
	if len(a.Charts.Measure.MeasureRows()) != 6 {
		t.Errorf("%d rows", len(a.Charts.Measure.MeasureRows()))
	}
	_ = cost.Params{}
}

func chartColour(i int) string {
	p := []string{"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"}
	return p[i%len(p)]
}

// TestMeasureFileButton: the measurements' file input is hidden behind a
// button labelled in the page's language (as the doctor's is), never the
// browser's own "Choose File / No file chosen" on a zh page.
func TestMeasureFileButton(t *testing.T) {
	for lang, label := range map[string]string{"en": "Choose a file…", "zh": "选择文件……"} {
		html := html.UnescapeString(render(t, NewApp(NewState("view=charts&lang="+lang, lang))))
		mustContain(t, html, `class="file-in" id="m-file"`, `<span class="file-btn">`+label+`</span>`)
	}
}
