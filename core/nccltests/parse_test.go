package nccltests

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

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// goldenJSON encodes a log for comparison (NaN, which JSON cannot hold,
// becomes -1).
func goldenJSON(t *testing.T, l *Log) []byte {
	t.Helper()
	for ti := range l.Tables {
		for ri := range l.Tables[ti].Rows {
			r := &l.Tables[ti].Rows[ri]
			for _, v := range []*Result{r.OutOfPlace, r.InPlace} {
				if v != nil && math.IsNaN(v.Wrong) {
					v.Wrong = -1
				}
			}
		}
	}
	b, err := json.MarshalIndent(l, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(b, '\n')
}

// Every example log parses to its golden file, and the facts each layout
// must yield are right (counts, first and last rows, ranks, program).
func TestGolden(t *testing.T) {
	cases := []struct {
		file       string
		format     string
		rows       int
		ranks      int
		collective prim.Collective
		wrongCol   string
		first      Row
		last       Row
		avg        float64
	}{
		{"all_reduce_perf_16x_h100.txt", "text", 31, 16, "", "#wrong",
			Row{SizeBytes: 8, Count: 2, Type: "float", Redop: "sum", Root: -1, OutOfPlace: &Result{135.8, 0, 0, 0}, InPlace: &Result{123.5, 0, 0, 0}},
			Row{SizeBytes: 8589934592, Count: 2147483648, Type: "float", Redop: "sum", Root: -1, OutOfPlace: &Result{47535, 180.71, 338.82, 0}, InPlace: &Result{47743, 179.92, 337.35, 0}},
			70.742},
		{"all_gather_perf_16x_mi250x_error.txt", "text", 8, 16, "", "error",
			Row{SizeBytes: 64, Count: 1, Type: "float", Root: -1, OutOfPlace: &Result{33.75, 0, 0, 0}, InPlace: &Result{33.61, 0, 0, 0}},
			Row{SizeBytes: 8192, Count: 128, Type: "float", Root: -1, OutOfPlace: &Result{34.81, 0.24, 0.22, 0}, InPlace: &Result{34.78, 0.24, 0.22, 0}},
			0},
		{"all_reduce_perf_16x_h100.json", "json", 31, 16, prim.AllReduce, "nwrong",
			Row{SizeBytes: 8, Count: 2, Type: "float", Redop: "sum", Root: -1, OutOfPlace: &Result{135.8, 0, 0, 0}, InPlace: &Result{123.5, 0, 0, 0}},
			Row{SizeBytes: 8589934592, Count: 2147483648, Type: "float", Redop: "sum", Root: -1, OutOfPlace: &Result{47535, 180.71, 338.82, 0}, InPlace: &Result{47743, 179.92, 337.35, 0}},
			70.742},
	}
	for _, tc := range cases {
		data, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		l, err := Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if l.Format != tc.format || len(l.Tables) != 1 {
			t.Fatalf("%s: format %q, %d tables", tc.file, l.Format, len(l.Tables))
		}
		tb := l.Tables[0]
		if len(tb.Rows) != tc.rows || tb.Ranks != tc.ranks || tb.Collective != tc.collective || tb.WrongColumn != tc.wrongCol || tb.AvgBusBwGBs != tc.avg {
			t.Errorf("%s: %d rows, %d ranks, collective %q, wrong column %q, avg %v", tc.file, len(tb.Rows), tb.Ranks, tb.Collective, tb.WrongColumn, tb.AvgBusBwGBs)
		}
		for _, pair := range [][2]Row{{tb.Rows[0], tc.first}, {tb.Rows[len(tb.Rows)-1], tc.last}} {
			got, want := pair[0], pair[1]
			got.Line = 0
			if g, w := mustJSON(got), mustJSON(want); g != w {
				t.Errorf("%s: row\n got %s\nwant %s", tc.file, g, w)
			}
		}
		golden := filepath.Join("testdata", tc.file+".golden.json")
		got := goldenJSON(t, l)
		if *update {
			os.WriteFile(golden, got, 0o644)
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatalf("%s: %v (run with -update)", tc.file, err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s: differs from %s (run with -update and review)", tc.file, golden)
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// The layouts nccl-tests has printed, each read from its own header.
func TestLayouts(t *testing.T) {
	cases := []struct {
		reason string
		log    string
		check  func(t *testing.T, tb Table)
	}{
		{"old broadcast: root but no redop, error column",
			"#       size         count    type    root     time   algbw   busbw  error     time   algbw   busbw  error\n" +
				"        1024           256   float       0    12.50    0.08    0.08  0e+00    12.00    0.09    0.09  0e+00\n",
			func(t *testing.T, tb Table) {
				r := tb.Rows[0]
				if r.Root != 0 || r.Redop != "" || r.OutOfPlace.TimeUs != 12.5 || r.InPlace.BusBwGBs != 0.09 {
					t.Errorf("%+v", r)
				}
			}},
		{"old all_reduce: redop but no root",
			"#       size         count      type   redop     time   algbw   busbw  error     time   algbw   busbw  error\n" +
				"  1310720000     327680000     float     sum   291807    4.49    4.49  2e-07   291657    4.49    4.49  2e-07\n",
			func(t *testing.T, tb Table) {
				r := tb.Rows[0]
				if r.Root != -1 || r.Redop != "sum" || r.OutOfPlace.TimeUs != 291807 || r.OutOfPlace.Wrong != 2e-7 {
					t.Errorf("%+v %+v", r, r.OutOfPlace)
				}
			}},
		{"validation off: #wrong is N/A",
			"#  size  count  type  redop  root  time  algbw  busbw  #wrong  time  algbw  busbw  #wrong\n" +
				"   8  2  float  sum  -1  10.0  0.00  0.00  N/A  9.0  0.00  0.00  N/A\n",
			func(t *testing.T, tb Table) {
				if !math.IsNaN(tb.Rows[0].OutOfPlace.Wrong) || !math.IsNaN(tb.Rows[0].InPlace.Wrong) {
					t.Errorf("%+v", tb.Rows[0].OutOfPlace)
				}
			}},
		{"cputime and per-iteration columns (--per_iter_timing), footer names the program",
			"# size count type redop root cputime algbw busbw #wrong i_min i_max i_p99 i_cv% cputime algbw busbw #wrong i_min i_max i_p99 i_cv%\n" +
				"  1024 256 float sum -1 20.5 0.05 0.09 0 19.0 22.0 21.9 3.1 20.1 0.05 0.09 0 19.0 21.0 20.9 2.0\n" +
				"# Collective test concluded: all_reduce_perf\n",
			func(t *testing.T, tb Table) {
				r := tb.Rows[0]
				if r.OutOfPlace.TimeUs != 20.5 || r.InPlace.TimeUs != 20.1 || r.InPlace.BusBwGBs != 0.09 || tb.Collective != prim.AllReduce || tb.Program != "all_reduce_perf" {
					t.Errorf("%+v %+v %+v", tb, r.OutOfPlace, r.InPlace)
				}
			}},
		{"only out-of-place values on a row, mpirun --tag-output prefixes, CRLF",
			"[1,0]<stdout>:#  size  count  type  redop  root  time  algbw  busbw  #wrong  time  algbw  busbw  #wrong\r\n" +
				"[1,0]<stdout>:  1073741824  33554432  float  none  -1  7186.2  149.42  130.74  0\r\n",
			func(t *testing.T, tb Table) {
				r := tb.Rows[0]
				if r.InPlace != nil || r.OutOfPlace.AlgBwGBs != 149.42 || r.Redop != "none" {
					t.Errorf("%+v", r)
				}
			}},
	}
	for _, tc := range cases {
		l, err := Parse([]byte(tc.log))
		if err != nil {
			t.Errorf("%s: %v", tc.reason, err)
			continue
		}
		if len(l.Tables) != 1 || len(l.Tables[0].Rows) != 1 {
			t.Errorf("%s: %+v", tc.reason, l)
			continue
		}
		tc.check(t, l.Tables[0])
	}
}

// Two runs in one log are two tables, each with its own ranks.
func TestTwoRuns(t *testing.T) {
	run := func(ranks int) string {
		s := "# nThread 1 nGpus 1 minBytes 8 maxBytes 8\n# Using devices\n"
		for r := range ranks {
			s += "#  Rank " + string(rune('0'+r)) + " Group 0 Pid 1 on h device 0 [0x00] GPU\n"
		}
		return s + "#  size count type redop root time algbw busbw #wrong time algbw busbw #wrong\n 8 2 float sum -1 1.0 0.01 0.01 0 1.0 0.01 0.01 0\n"
	}
	l, err := Parse([]byte(run(2) + run(4)))
	if err != nil || len(l.Tables) != 2 || l.Tables[0].Ranks != 2 || l.Tables[1].Ranks != 4 {
		t.Fatalf("%v %+v", err, l)
	}
}

// Bad input is a FieldError naming the line; never a panic.
func TestErrors(t *testing.T) {
	hdr := "#  size  count  type  redop  root  time  algbw  busbw  #wrong  time  algbw  busbw  #wrong\n"
	cases := []struct {
		reason, log, want string
	}{
		{"empty", "", "no nccl-tests table found"},
		{"only noise", "hello\nNCCL INFO x\n", "no nccl-tests table found"},
		{"rows without their header", "hello\n   8   2   float   sum   -1   10.0   0.00   0.00   0\n", "line 2 reads like a row, but no header line"},
		{"header without busbw", "#  size  count  type  time  algbw\n", "line 1: a table header without"},
		{"short row", hdr + "  8  2  float  sum\n", "line 2: 4 values"},
		{"bad time", hdr + "  8  2  float  sum  -1  fast  0.00  0.00  0\n", "line 2: column time: want a time above 0"},
		{"zero time", hdr + "  8  2  float  sum  -1  0.00  0.00  0.00  0\n", "line 2: column time: want a time above 0"},
		{"infinite time", hdr + "  8  2  float  sum  -1  inf  0.00  0.00  0\n", "line 2: column time"},
		{"NaN time", hdr + "  8  2  float  sum  -1  nan  0.00  0.00  0\n", "line 2: column time"},
		{"zero size", hdr + "  0  0  float  sum  -1  1.0  0.00  0.00  0\n", "line 2: column size"},
		{"negative size", hdr + "  -8  2  float  sum  -1  1.0  0.00  0.00  0\n", "line 2: column size"},
		{"count above the size", hdr + "  8  9  float  sum  -1  1.0  0.00  0.00  0\n", "line 2: column count"},
		{"header with count after busbw, short row", "# size time algbw busbw count\n 8 1.0 0.01 0.01\n", "line 2: 4 values, but the header has 5 columns"},
		{"seven values under the current header", hdr + "  8  2  float  sum  -1  1.0  0.00\n", "line 2: 7 values"},
		{"negative bandwidth", hdr + "  8  2  float  sum  -1  1.0  -1  0.00  0\n", "line 2: column algbw"},
		{"bad root", hdr + "  8  2  float  sum  x  1.0  0  0.00  0\n", "line 2: column root"},
		{"huge size", hdr + "  99999999999999999999  2  float  sum  -1  1.0  0  0.00  0\n", "line 2: column size"},
		{"truncated in-place", hdr + "  8  2  float  sum  -1  1.0  0  0.00  0  1.0  0\n", "line 2: 11 values"},
		{"JSON not a report", `{"a":1}`, "JSON without \"results\""},
		{"JSON broken", `{"results":[`, "not an nccl-tests JSON report"},
		{"JSON row without size", `{"results":[{"count":1}]}`, "results[0]: want a size from 1"},
		{"JSON zero time", `{"results":[{"size":8,"count":2,"out_of_place":{"time":0,"alg_bw":0,"bus_bw":0}}]}`, "results[0]: want a time above 0"},
		{"JSON bad root", `{"results":[{"size":8,"count":2,"root":"x"}]}`, "results[0]: root"},
		{"JSON string time", `{"results":[{"size":8,"count":2,"out_of_place":{"time":"fast"}}]}`, "results[0]: want a number"},
	}
	for _, tc := range cases {
		_, err := Parse([]byte(tc.log))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != "nccl-tests" || !strings.Contains(fe.Msg, tc.want) {
			t.Errorf("%s: got %v, want a nccl-tests field error containing %q", tc.reason, err, tc.want)
		}
	}
}

// ProgramCollective maps the binaries, with or without a path or _perf.
func TestProgramCollective(t *testing.T) {
	for in, want := range map[string]prim.Collective{
		"./build/all_reduce_perf": prim.AllReduce, "reduce_scatter_perf": prim.ReduceScatter,
		"alltoall": prim.AllToAll, `C:\x\sendrecv_perf`: prim.SendRecv, "hypercube_perf": "", "": "",
	} {
		if _, got := ProgramCollective(in); got != want {
			t.Errorf("%q: got %q want %q", in, got, want)
		}
	}
}

// Parse never panics, and whatever it accepts is well-formed.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"all_reduce_perf_16x_h100.txt", "all_gather_perf_16x_mi250x_error.txt", "all_reduce_perf_16x_h100.json"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("# size count time algbw busbw\n1 2 3 4 5\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse(data)
		if err != nil {
			var fe *fielderr.Error
			if !errors.As(err, &fe) {
				t.Fatalf("error is not a FieldError: %v", err)
			}
			return
		}
		for _, tb := range l.Tables {
			for _, r := range tb.Rows {
				if r.SizeBytes < 0 || r.Count < 0 || r.Root < -1 {
					t.Fatalf("bad row %+v", r)
				}
				for _, v := range []*Result{r.OutOfPlace, r.InPlace} {
					if v != nil && (v.TimeUs < 0 || v.AlgBwGBs < 0 || v.BusBwGBs < 0) {
						t.Fatalf("negative value %+v", v)
					}
				}
			}
		}
	})
}

// The collective is inferred from busbw/algbw, redop and root where the log
// does not name it; ambiguity is an error naming the candidates.
func TestInferCollective(t *testing.T) {
	read := func(name string) Table {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		l, err := Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		return l.Tables[0]
	}
	if c, err := read("all_reduce_perf_16x_h100.txt").InferCollective(); err != nil || c != prim.AllReduce {
		t.Errorf("H100 log: %q %v, want allreduce (busbw/algbw = 2·15/16)", c, err)
	}
	if _, err := read("all_gather_perf_16x_mi250x_error.txt").InferCollective(); err == nil || !strings.Contains(err.Error(), "1 GB/s") {
		t.Errorf("MI250X rows are all below 1 GB/s, got %v", err)
	}
	ag := Table{Ranks: 4, Rows: []Row{{Redop: "none", Root: -1, OutOfPlace: &Result{TimeUs: 10, AlgBwGBs: 4, BusBwGBs: 3}}}}
	if _, err := ag.InferCollective(); err == nil || !strings.Contains(err.Error(), "allgather, alltoall") {
		t.Errorf("(P−1)/P without reduction: %v, want allgather and alltoall named", err)
	}
	ag.Rows[0].Redop = "sum"
	if c, err := ag.InferCollective(); err != nil || c != prim.ReduceScatter {
		t.Errorf("(P−1)/P with sum: %q %v", c, err)
	}
	if _, err := (Table{}).InferCollective(); err == nil {
		t.Error("no ranks: accepted")
	}
}
