package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/job"
)

const benchData = "../../core/measure/testdata/bench_tcp_4ranks.json"

// fit --json prints the file, its format and job.FitBench's or
// job.FitNCCL's tables for the flags given.
func TestFitJSONIsJobsFit(t *testing.T) {
	data, err := os.ReadFile(benchData)
	if err != nil {
		t.Fatal(err)
	}
	want, err := job.FitBench(field.Map(map[string]string{"algorithm": "tree"}), data, false)
	if err != nil {
		t.Fatal(err)
	}
	out, errs, code := runCLI("fit", "--json", "--bench", benchData, "--algorithm", "tree")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var got struct {
		File, Format string
		Tables       []job.FitTable
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.File != benchData || got.Format != measure.FormatBench || len(got.Tables) != 1 || !reflect.DeepEqual(got.Tables, want) {
		t.Errorf("fit --json: %+v, want the file, %q and %+v", got, measure.FormatBench, want)
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
		{"--inplace with a bench report", "ccplay: --inplace: a bench report has no in-place columns", []string{"--bench", benchData, "--inplace"}},
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
