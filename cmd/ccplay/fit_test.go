package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const testdata = "../../core/nccltests/testdata"

// The example logs fit; the text report names the collective's source and
// has a row per measured size.
func TestFitExampleLogs(t *testing.T) {
	cases := []struct {
		file, want string
		args       []string
		rows       int
	}{
		{"all_reduce_perf_16x_h100.txt", "allreduce on 16 ranks (collective from busbw/algbw), float, out-of-place, 31 rows", nil, 31},
		{"all_reduce_perf_16x_h100.json", "allreduce on 16 ranks (collective from log), float, in-place, 31 rows", []string{"--inplace"}, 31},
		{"all_gather_perf_16x_mi250x_error.txt", "allgather on 16 ranks (collective from --collective), float, out-of-place, 8 rows", []string{"--collective", "allgather"}, 8},
	}
	for _, tc := range cases {
		path := filepath.Join(testdata, tc.file)
		out, errs, code := runCLI(append([]string{"fit", "--nccl-tests", path}, tc.args...)...)
		if code != 0 {
			t.Errorf("%s: exit %d: %s", tc.file, code, errs)
			continue
		}
		if !strings.Contains(out, tc.want) || !strings.Contains(out, "# line   T = α + β·S:   α = ") || !strings.Contains(out, "# ring   T = A·α + B·β: α = ") {
			t.Errorf("%s: output lacks %q:\n%s", tc.file, tc.want, out)
		}
		if n := strings.Count(out, "\n") - 5; n < tc.rows {
			t.Errorf("%s: %d lines of rows, want %d", tc.file, n, tc.rows)
		}
	}
}

func TestFitErrors(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "bad.log")
	os.WriteFile(bad, []byte("#  size  count  type  redop  root  time  algbw  busbw  #wrong\n  8  2  float  sum  -1  fast  0  0  0\n"), 0o644)
	cases := []struct {
		reason, want string
		args         []string
	}{
		{"no file", "ccplay: --nccl-tests: required", nil},
		{"missing file", "ccplay: --nccl-tests: open", []string{"--nccl-tests", filepath.Join(t.TempDir(), "none.log")}},
		{"bad row", "ccplay: --nccl-tests: line 2: column time", []string{"--nccl-tests", bad}},
		{"collective cannot be told", "ccplay: --collective: no row has an algbw of at least 1 GB/s", []string{"--nccl-tests", filepath.Join(testdata, "all_gather_perf_16x_mi250x_error.txt")}},
		{"unknown collective", "ccplay: --collective: unknown collective", []string{"--nccl-tests", bad, "--collective", "allsum"}},
		{"algorithm without closed form for it", "ccplay: --algorithm: tree has no allgather closed form", []string{"--nccl-tests", filepath.Join(testdata, "all_gather_perf_16x_mi250x_error.txt"), "--collective", "allgather", "--algorithm", "tree"}},
		{"one rank", "ccplay: --np: want an integer from 2", []string{"--nccl-tests", bad, "--np", "1"}},
	}
	for _, tc := range cases {
		out, errs, code := runCLI(append([]string{"fit"}, tc.args...)...)
		if code != 2 || !strings.HasPrefix(errs, tc.want) || strings.Count(errs, "\n") != 1 || out != "" {
			t.Errorf("%s: exit %d, stderr %q; want %q", tc.reason, code, errs, tc.want)
		}
	}
}

// A log whose rows are all unusable (size 0) is refused: the first such
// row's line is named, on one line with the flag.
func TestFitNothingUsable(t *testing.T) {
	log := "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n" +
		"#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)\n" +
		"           0             0     float     sum      -1     5.10    0.00    0.00      0     5.00    0.00    0.00      0\n" +
		"           0             0     float     sum      -1     5.20    0.00    0.00      0     5.10    0.00    0.00      0\n"
	for _, json := range []bool{false, true} {
		args := []string{"fit", "--nccl-tests", "-", "--collective", "allreduce", "--np", "8"}
		if json {
			args = append(args, "--json")
		}
		code, out, errOut := cli(t, log, args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "--nccl-tests: line 3: column size") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("json=%v: status %d, stdout %q, stderr %q", json, code, out, errOut)
		}
	}
	// One usable table is enough: the example log still exits 0.
	if code, _, errOut := cli(t, "", "fit", "--nccl-tests", filepath.Join(testdata, "all_reduce_perf_16x_h100.txt")); code != exitOK || errOut != "" {
		t.Errorf("example log: status %d, stderr %q", code, errOut)
	}
}
