package main

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/measure"
)

const benchData = "../../core/measure/testdata/bench_tcp_4ranks.json"

// fit --bench on real ccplay bench output: one table per series, fitted
// with the algorithm it measured; the fit equals the one bench itself made
// at measurement time (same rows, same closed form — an independent path:
// bench fits from its measurements, fit from the file).
func TestFitBenchMatchesBenchOwnFit(t *testing.T) {
	data, err := os.ReadFile(benchData)
	if err != nil {
		t.Fatal(err)
	}
	var rep benchReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	tables := fitJSON(t, "", "--bench", benchData)
	if len(tables) != len(rep.Series) {
		t.Fatalf("%d tables for %d series", len(tables), len(rep.Series))
	}
	for i, ft := range tables {
		s := rep.Series[i]
		if ft.Collective != s.Collective || ft.Measured != s.Algorithm || ft.Ranks != rep.Ranks || ft.Type != "double" || ft.Source != "bench over tcp" ||
			len(ft.Rows) != len(s.Rows) || len(ft.Algorithms) != 1 || ft.Algorithms[0].Algorithm != s.Algorithm {
			t.Fatalf("series %d: %+v", i, ft)
		}
		got, want := ft.Algorithms[0].Fit, s.Fit
		if got == nil || want == nil || math.Abs(got.Alpha-want.Alpha) > 1e-9*math.Abs(want.Alpha) || math.Abs(got.Beta-want.Beta) > 1e-9*math.Abs(want.Beta) {
			t.Errorf("%s/%s: fit %+v, bench's own %+v", s.Collective, s.Algorithm, got, want)
		}
		for k, r := range ft.Rows {
			if r.SizeBytes != s.Rows[k].SizeBytes || r.TimeS != s.Rows[k].TimeS || math.Abs(ft.Algorithms[0].PredS[k]-s.Rows[k].FitS) > 1e-9*s.Rows[k].FitS {
				t.Errorf("%s/%s row %d: %+v vs %+v", s.Collective, s.Algorithm, k, r, s.Rows[k])
			}
		}
	}
	// --collective and --algorithm choose series.
	if tables := fitJSON(t, "", "--bench", benchData, "--algorithm", "tree"); len(tables) != 1 || tables[0].Measured != "tree" {
		t.Errorf("--algorithm tree: %+v", tables)
	}
	if tables := fitJSON(t, "", "--bench", benchData, "--collective", "allgather"); len(tables) != 1 || tables[0].Collective != "allgather" {
		t.Errorf("--collective allgather: %+v", tables)
	}
}

// End to end in real processes (the TestMain binary as ccplay): bench
// --json writes a file, fit --bench reads it and prints the same report
// format as for nccl-tests logs.
func TestBenchThenFit(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bench.json")
	cmd := exec.Command(os.Args[0], "bench", "--json", "--transport", "chan", "-np", "3", "--collective", "allreduce,allgather",
		"-b", "1K", "-e", "64K", "-f", "4", "-n", "2", "-w", "1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bench: %v", err)
	}
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
	text, err := exec.Command(os.Args[0], "fit", "--bench", file).CombinedOutput()
	if err != nil {
		t.Fatalf("fit: %v: %s", err, text)
	}
	for _, want := range []string{
		", series 1: allreduce/ring on 3 ranks (ccplay bench over chan), double, 4 rows\n",
		", series 2: allgather/ring on 3 ranks (ccplay bench over chan), double, 4 rows\n",
		"# line   T = α + β·S:   α = ",
		"# ring   T = A·α + B·β: α = ",
		"#         size    measured     busbw        line     diff        ring     diff\n",
	} {
		if !strings.Contains(string(text), want) {
			t.Errorf("fit output lacks %q:\n%s", want, text)
		}
	}
	// The rows are the file's, parsed by core/measure.
	set, err := measure.Parse(out, measure.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range set.Points() {
		if !strings.Contains(string(text), "\n  "+pad12(p.SizeBytes)+"  ") {
			t.Errorf("no row for %d bytes", p.SizeBytes)
		}
	}
}

func pad12(n int64) string {
	s := strings.Repeat(" ", 12) + itoa64(n)
	return s[len(s)-12:]
}

func itoa64(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestFitBenchErrors(t *testing.T) {
	ncclLog := filepath.Join(testdata, "all_reduce_perf_16x_h100.txt")
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"transport":"tcp","ranks":4,"series":[{"collective":"allreduce","algorithm":"ring","rows":[{"size_bytes":1024,"time_s":-1}]}]}`), 0o644)
	cases := []struct {
		reason, want string
		args         []string
	}{
		{"nccl-tests log given to --bench", "ccplay: --bench: not the JSON of ccplay bench --json", []string{"--bench", ncclLog}},
		{"bench JSON given to --nccl-tests", "ccplay: --nccl-tests: this is the JSON of ccplay bench --json; use --bench", []string{"--nccl-tests", benchData}},
		{"both files", "ccplay: --bench: give either --nccl-tests or --bench, not both", []string{"--bench", benchData, "--nccl-tests", ncclLog}},
		{"--np with a bench report", "ccplay: --np: a ccplay bench report states its ranks", []string{"--bench", benchData, "--np", "8"}},
		{"--inplace with a bench report", "ccplay: --inplace: a ccplay bench report has no in-place columns", []string{"--bench", benchData, "--inplace"}},
		{"no series matches", "ccplay: --collective: no series of the report matches; it has allreduce/ring, allreduce/tree, allgather/ring", []string{"--bench", benchData, "--collective", "broadcast"}},
		{"bad row", "ccplay: --bench: series[0].rows[0].time_s: want a finite time > 0 seconds, got -1", []string{"--bench", bad}},
		{"missing file", "ccplay: --bench: open", []string{"--bench", filepath.Join(t.TempDir(), "none.json")}},
	}
	for _, tc := range cases {
		out, errs, code := runCLI(append([]string{"fit"}, tc.args...)...)
		if code != 2 || !strings.HasPrefix(errs, tc.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%s: exit %d, stderr %q; want %q", tc.reason, code, errs, tc.want)
		}
	}
}
