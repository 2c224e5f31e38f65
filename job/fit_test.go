package job

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

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
	tables, err := FitNCCL(field.Map(nil), []byte(ncclLog(t, 8, alpha, bw)), false)
	if err != nil || len(tables) != 1 {
		t.Fatalf("%d tables, %v", len(tables), err)
	}
	ft := tables[0]
	if ft.Collective != "allreduce" || ft.Source != "busbw/algbw" || ft.Ranks != 8 || ft.Type != "float" || len(ft.Rows) != 12 {
		t.Fatalf("%+v", ft)
	}
	var ring *FitAlg
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

const benchData = "../core/measure/testdata/bench_tcp_4ranks.json"

// FitBench on real ccplay bench output: one table per series, fitted with
// the algorithm it measured; the fit equals the one Bench itself made at
// measurement time (same rows, same closed form — an independent path:
// Bench fits from its measurements, FitBench from the file).
func TestFitBenchMatchesBenchOwnFit(t *testing.T) {
	data, err := os.ReadFile(benchData)
	if err != nil {
		t.Fatal(err)
	}
	var rep measure.Bench
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	fitBench := func(fields map[string]string) []FitTable {
		t.Helper()
		tables, err := FitBench(field.Map(fields), data, false)
		if err != nil {
			t.Fatalf("FitBench(%v): %v", fields, err)
		}
		return tables
	}
	tables := fitBench(nil)
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
	// collective and algorithm choose series.
	if tables := fitBench(map[string]string{"algorithm": "tree"}); len(tables) != 1 || tables[0].Measured != "tree" {
		t.Errorf("algorithm tree: %+v", tables)
	}
	if tables := fitBench(map[string]string{"collective": "allgather"}); len(tables) != 1 || tables[0].Collective != "allgather" {
		t.Errorf("collective allgather: %+v", tables)
	}
}
