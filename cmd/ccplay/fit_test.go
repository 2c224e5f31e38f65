package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

const testdata = "../../core/nccltests/testdata"

// fitJSON runs `ccplay fit --json` and decodes the answer.
func fitJSON(t *testing.T, stdin string, args ...string) []fitTable {
	t.Helper()
	var out, errb strings.Builder
	code := run(append([]string{"fit", "--json"}, args...), strings.NewReader(stdin), &out, &errb)
	if code != 0 {
		t.Fatalf("fit %v: exit %d: %s", args, code, errb.String())
	}
	var res struct{ Tables []fitTable }
	if err := json.Unmarshal([]byte(out.String()), &res); err != nil {
		t.Fatal(err)
	}
	return res.Tables
}

// ncclLog prints an nccl-tests (≥ 2.13) table of ring AllReduce on p ranks
// whose times are the closed form for latency alpha and bandwidth bw,
// rounded as nccl-tests prints them.
func ncclLog(t *testing.T, p int, alpha, bw float64) string {
	var b strings.Builder
	b.WriteString("# nThread 1 nGpus 1 minBytes 8 maxBytes 67108864 step: 4(factor)\n# Using devices\n")
	for r := range p {
		fmt.Fprintf(&b, "#  Rank %2d Group  0 Pid %6d on %10s device %2d [0x00] GPU\n", r, 100+r, "host", r)
	}
	b.WriteString("#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong\n")
	for s := int64(8); s <= 64<<20; s *= 4 {
		r, err := cost.Evaluate(cost.Params{Collective: prim.AllReduce, Algorithm: sched.Ring, Ranks: p, Size: s, ElemSize: 4, Bandwidth: bw, Efficiency: 1, Latency: alpha})
		if err != nil {
			t.Fatal(err)
		}
		us := r.TimeS * 1e6
		ts := fmt.Sprintf("%7.2f", us)
		if us >= 10000 {
			ts = fmt.Sprintf("%7.0f", us)
		} else if us >= 100 {
			ts = fmt.Sprintf("%7.1f", us)
		}
		fmt.Fprintf(&b, "%12d  %12d  %8s  %6s  %6d  %7s  %6.2f  %6.2f  %6d  %7s  %6.2f  %6.2f  %6d\n", s, s/4, "float", "sum", -1,
			ts, r.AlgBwBps/1e9, r.BusBwBps/1e9, 0, ts, r.AlgBwBps/1e9, r.BusBwBps/1e9, 0)
	}
	return b.String()
}

// A log made from the ring closed form with known α and bandwidth: the
// ring fit recovers them (within nccl-tests' printed rounding), the
// collective is inferred from busbw/algbw and the ranks from the devices.
func TestFitRecoversRingParameters(t *testing.T) {
	const alpha, bw = 7e-6, 25e9
	log := ncclLog(t, 8, alpha, bw)
	tables := fitJSON(t, log, "--nccl-tests", "-")
	if len(tables) != 1 {
		t.Fatalf("%d tables", len(tables))
	}
	ft := tables[0]
	if ft.Collective != "allreduce" || ft.Source != "busbw/algbw" || ft.Ranks != 8 || ft.Type != "float" || len(ft.Rows) != 12 {
		t.Fatalf("%+v", ft)
	}
	var ring *fitAlg
	for i := range ft.Algorithms {
		if ft.Algorithms[i].Algorithm == "ring" {
			ring = &ft.Algorithms[i]
		}
	}
	if ring == nil || ring.Fit == nil {
		t.Fatalf("no ring fit: %+v", ft.Algorithms)
	}
	if math.Abs(ring.Fit.Alpha-alpha)/alpha > 0.01 || math.Abs(ring.Fit.BwBps-bw)/bw > 0.01 || ring.Fit.MaxRe > 0.01 {
		t.Errorf("ring fit α=%g bw=%g max resid %g, want %g %g", ring.Fit.Alpha, ring.Fit.BwBps, ring.Fit.MaxRe, alpha, bw)
	}
	// The line fit sees the collective's own α and β: 2(P−1)·α and 2(P−1)/P·β.
	if ft.Line == nil || math.Abs(ft.Line.Alpha-14*alpha)/(14*alpha) > 0.01 || math.Abs(ft.Line.BwBps-bw*8/14)/(bw*8/14) > 0.01 {
		t.Errorf("line fit %+v", ft.Line)
	}
}

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
