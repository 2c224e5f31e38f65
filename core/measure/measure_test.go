package measure

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const ncclData = "../nccltests/testdata"

func read(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Every input parses to its golden file, in the format Detect names.
func TestGolden(t *testing.T) {
	cases := []struct {
		path, format string
		opt          Options
		reason       string
	}{
		{"testdata/bench_tcp_4ranks.json", FormatBench, Options{}, "real ccplay bench --json output"},
		{ncclData + "/all_reduce_perf_16x_h100.txt", FormatNCCLText, Options{}, "text, collective from busbw/algbw"},
		{ncclData + "/all_reduce_perf_16x_h100.json", FormatNCCLJSON, Options{}, "-J, collective from args"},
		{ncclData + "/all_gather_perf_16x_mi250x_error.txt", FormatNCCLText, Options{Collective: prim.AllGather}, "old error layout, collective given"},
	}
	for _, tc := range cases {
		data := read(t, tc.path)
		if got := Detect(data); got != tc.format {
			t.Errorf("%s: Detect = %s, want %s", tc.reason, got, tc.format)
		}
		set, err := Parse(data, tc.opt)
		if err != nil {
			t.Fatalf("%s: %v", tc.reason, err)
		}
		if set.Format != tc.format {
			t.Errorf("%s: format %s", tc.reason, set.Format)
		}
		got, err := json.MarshalIndent(set, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, '\n')
		golden := filepath.Join("testdata", filepath.Base(tc.path)+".golden.json")
		if *update {
			os.WriteFile(golden, got, 0o644)
		}
		if want := read(t, golden); !bytes.Equal(got, want) {
			t.Errorf("%s: Parse(%s) differs from %s (go test -run Golden -update to rewrite)", tc.reason, tc.path, golden)
		}
	}
}

// The bench points are the report's rows, read independently with
// encoding/json into plain maps.
func TestBenchPointsAreRows(t *testing.T) {
	data := read(t, "testdata/bench_tcp_4ranks.json")
	set, err := Parse(data, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var raw struct {
		Ranks  int
		Series []struct {
			Collective, Algorithm string
			Rows                  []map[string]any
		}
	}
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	if len(set.Series) != len(raw.Series) || set.Tool != ToolBench || set.Transport != "tcp" {
		t.Fatalf("%d series, want %d; tool %q transport %q", len(set.Series), len(raw.Series), set.Tool, set.Transport)
	}
	for i, rs := range raw.Series {
		s := set.Series[i]
		if string(s.Collective) != rs.Collective || string(s.Algorithm) != rs.Algorithm || s.Ranks != raw.Ranks || s.ElemSize != 8 || len(s.Points) != len(rs.Rows) {
			t.Fatalf("series %d: %+v", i, s)
		}
		for k, r := range rs.Rows {
			p := s.Points[k]
			if float64(p.SizeBytes) != r["size_bytes"].(float64) || p.TimeS != r["time_s"].(float64) || p.BusBwBps != r["busbw_GBps"].(float64)*1e9 ||
				p.Collective != s.Collective || p.Algorithm != s.Algorithm || p.Ranks != raw.Ranks {
				t.Errorf("series %d row %d: point %+v, row %v", i, k, p, r)
			}
		}
	}
	if n := len(set.Points()); n != 18 {
		t.Errorf("%d points, want 3 series × 6 sizes", n)
	}
}

// nccl-tests points are the out-of-place (or in-place) rows of
// nccltests.Parse, with the algorithm unknown.
func TestNCCLPointsAreRows(t *testing.T) {
	for _, inPlace := range []bool{false, true} {
		data := read(t, ncclData+"/all_reduce_perf_16x_h100.txt")
		log, err := nccltests.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		set, err := Parse(data, Options{InPlace: inPlace})
		if err != nil {
			t.Fatal(err)
		}
		s := set.Series[0]
		if s.Collective != prim.AllReduce || s.CollectiveFrom != "busbw/algbw" || s.Ranks != 16 || s.Algorithm != "" || s.Type != "float" || s.ElemSize != 4 {
			t.Fatalf("%+v", s)
		}
		if len(s.Points)+s.Skipped != len(log.Tables[0].Rows) {
			t.Fatalf("%d points + %d skipped ≠ %d rows", len(s.Points), s.Skipped, len(log.Tables[0].Rows))
		}
		for k, p := range s.Points {
			r := log.Tables[0].Rows[k]
			v := r.OutOfPlace
			if inPlace {
				v = r.InPlace
			}
			if p.SizeBytes != r.SizeBytes || p.TimeS != v.TimeUs*1e-6 || p.BusBwBps != v.BusBwGBs*1e9 || p.Line != r.Line || p.Algorithm != "" {
				t.Errorf("row %d: %+v vs %+v", k, p, r)
			}
		}
	}
}

// A series made from the ring closed form with known α and bandwidth: the
// ring fit recovers them exactly, Compare with the same link gives 0 %, and
// the line fit sees the collective's own 2(P−1)·α and 2(P−1)/P·β.
func TestModelFitRecoversClosedForm(t *testing.T) {
	const alpha, bw, p = 7e-6, 25e9, 8
	s := Series{Collective: prim.AllReduce, Algorithm: sched.Ring, Ranks: p, ElemSize: 4}
	q := cost.Params{Collective: prim.AllReduce, Algorithm: sched.Ring, Ranks: p, ElemSize: 4, Bandwidth: bw, Efficiency: 1, Latency: alpha}
	for size := int64(64); size <= 1<<30; size *= 8 {
		q.Size = size
		r, err := cost.Evaluate(q)
		if err != nil {
			t.Fatal(err)
		}
		s.Points = append(s.Points, Point{Collective: prim.AllReduce, Algorithm: sched.Ring, Ranks: p, SizeBytes: size, TimeS: r.TimeS})
	}
	r, pred, err := ModelFit(s, sched.Ring)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(r.Alpha-alpha)/alpha > 1e-9 || math.Abs(r.BwBps-bw)/bw > 1e-9 || r.MaxRe > 1e-9 || len(pred) != len(s.Points) {
		t.Errorf("ring fit α=%g bw=%g max %g", r.Alpha, r.BwBps, r.MaxRe)
	}
	for i, c := range Compare(q, s) {
		if c.Err != "" || math.Abs(c.DiffPct) > 1e-9 || c.ModelAlgorithm != sched.Ring || math.Abs(pred[i]-c.ModelS) > 1e-9*c.ModelS {
			t.Errorf("point %d: %+v (fit predicted %g)", i, c, pred[i])
		}
	}
	line, _, err := LineFit(s)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(line.Alpha-14*alpha)/(14*alpha) > 1e-6 || math.Abs(line.BwBps-bw*8/14)/(bw*8/14) > 1e-6 {
		t.Errorf("line fit α=%g bw=%g", line.Alpha, line.BwBps)
	}
}

// Compare prices unknown-algorithm points with the question's algorithm
// (auto resolved to its pick) and refuses a point of another collective.
func TestCompare(t *testing.T) {
	set, err := Parse(read(t, ncclData+"/all_reduce_perf_16x_h100.json"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := set.Series[0]
	q := cost.Params{Collective: prim.AllReduce, Algorithm: sched.Auto, Ranks: 16, ElemSize: 4, Bandwidth: 50e9, Efficiency: 1, Latency: 5e-6}
	for i, c := range Compare(q, s) {
		q2 := q
		q2.Size = s.Points[i].SizeBytes
		r, _ := cost.Evaluate(q2)
		if c.Err != "" || c.ModelS != r.TimeS || string(c.ModelAlgorithm) != r.Algorithm || c.DiffPct != (r.TimeS-c.TimeS)/c.TimeS*100 {
			t.Errorf("point %d: %+v, Evaluate %g %s", i, c, r.TimeS, r.Algorithm)
		}
	}
	q.Collective = prim.AllGather
	if c := Compare(q, s); c[0].Err == "" || c[0].ModelS != 0 {
		t.Errorf("another collective priced: %+v", c[0])
	}
	if !math.IsNaN(DiffPct(1, 0)) || DiffPct(2, 1) != 100 || DiffPct(0.5, 1) != -50 {
		t.Error("DiffPct")
	}
}

// Bad input: a *fielderr.Error naming the field or line and what is
// accepted; never a panic.
func TestErrors(t *testing.T) {
	good := string(read(t, "testdata/bench_tcp_4ranks.json"))
	cases := []struct {
		reason, in, field, want string
		opt                     Options
	}{
		{"empty", "  \n", "measurements", "empty input: want a bench report (JSON), or nccl-tests output", Options{}},
		{"bench with one rank", strings.Replace(good, `"ranks": 4`, `"ranks": 1`, 1), "bench", "ranks: want an integer from 2", Options{}},
		{"bench without series", `{"transport":"tcp","ranks":4,"pingpong":[],"series":[]}`, "bench", "series: want at least one measured series", Options{}},
		{"unknown collective", strings.Replace(good, `"collective": "allgather"`, `"collective": "allsum"`, 1), "bench", `series[2].collective: want one of sendrecv, broadcast`, Options{}},
		{"algorithm that does not apply", strings.Replace(good, `"collective": "allgather"`, `"collective": "scatter"`, 1), "bench", "series[2].algorithm: ring does not run scatter; for scatter: ", Options{}},
		{"negative time", strings.Replace(good, `"time_s": 0.0002916713`, `"time_s": -1`, 1), "bench", "series[0].rows[0].time_s: want a finite time > 0 seconds, got -1", Options{}},
		{"time as a string", `{"ranks":4,"series":[{"collective":"allreduce","algorithm":"ring","rows":[{"size_bytes":8,"time_s":"fast"}]}]}`, "bench", "field series.rows.time_s: want a JSON number", Options{}},
		{"zero size", `{"ranks":4,"series":[{"collective":"allreduce","algorithm":"ring","rows":[{"size_bytes":0,"time_s":1}]}]}`, "bench", "series[0].rows[0].size_bytes: want a size > 0 bytes, got 0", Options{}},
		{"truncated bench JSON", good[:200], "nccl-tests", "not an nccl-tests JSON report", Options{}},
		{"in-place of a bench", good, "inplace", "no in-place columns", Options{InPlace: true}},
		{"nccl-tests text row", "#  size  count  type  redop  root  time  algbw  busbw  #wrong\n  8  2  float  sum  -1  fast  0  0  0\n", "nccl-tests", "line 2: column time", Options{}},
		{"collective not told", string(read(t, ncclData+"/all_gather_perf_16x_mi250x_error.txt")), "collective", "give the collective", Options{}},
		{"no ranks", "#  size  count  type  redop  root  time  algbw  busbw  #wrong\n  8  2  float  sum  -1  10.0  0  0  0\n", "np", "the log lists no ranks", Options{Collective: prim.AllReduce}},
		{"one rank given", string(read(t, ncclData+"/all_reduce_perf_16x_h100.txt")), "np", "want an integer from 2", Options{Ranks: 1}},
	}
	for _, tc := range cases {
		_, err := Parse([]byte(tc.in), tc.opt)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tc.field || !strings.Contains(fe.Msg, tc.want) {
			t.Errorf("%s: error %v; want field %q containing %q", tc.reason, err, tc.field, tc.want)
		}
	}
}

// ModelFit refuses an algorithm that does not run the collective and a
// series too small to separate α from β.
func TestModelFitErrors(t *testing.T) {
	s := Series{Collective: prim.AllGather, Ranks: 4, ElemSize: 4, Points: []Point{{SizeBytes: 64, TimeS: 1e-5}}}
	if _, _, err := ModelFit(s, sched.Tree); err == nil {
		t.Error("tree allgather fitted")
	}
	if _, _, err := ModelFit(s, sched.Ring); err == nil || !strings.Contains(err.Error(), "need at least 2") {
		t.Errorf("one point: %v", err)
	}
}
