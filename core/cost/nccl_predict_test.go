package cost_test

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/units"
)

var updateDocs = flag.Bool("update-docs", false, "rewrite the corpus section of docs/nccl-model.md")

// TestNCCLPredictCorpus sets the prediction against every sweep of the
// corpus: within ±15 % of the log's busbw from 32 KiB on one node and
// ±20 % from 1 MiB across nodes, except at the sizes a sweep lists as
// known misses, where the ratio must stay the one docs/nccl-model.md
// states (±0.02) — a miss that is fixed, or grows, fails until the
// documentation says so. Sweeps with no row in the target's range that
// calibrated a constant (the steps through host memory, the socket
// start-up) must be within 15 % on every row (single small rows of a
// sweep scatter by that much).
func TestNCCLPredictCorpus(t *testing.T) {
	for _, s := range corpus() {
		t.Run(strings.TrimSuffix(s.file[strings.LastIndex(s.file, "/")+1:], ".txt"), func(t *testing.T) {
			rows := readCorpus(t, s)
			misses := 0
			for _, row := range rows {
				r := predictRow(t, s, row.size)
				ratio := row.timeUs / (r.Predicted.TimeS * 1e6) // model busbw ÷ log busbw
				in, tol := targetOf(r.Nodes, row.size)
				want, miss := s.misses[row.size]
				switch {
				case miss:
					misses++
					if math.Abs(ratio-want) > 0.02 {
						t.Errorf("%d B: model/log %.2f, documented as a miss at %.2f", row.size, ratio, want)
					}
					if math.Abs(ratio-1) <= tol {
						t.Errorf("%d B: model/log %.2f is within ±%.0f %%: no longer a miss", row.size, ratio, 100*tol)
					}
				case in && math.Abs(ratio-1) > tol:
					t.Errorf("%d B: predicted %.1f µs (%s), log %.1f µs: model/log %.2f outside ±%.0f %%",
						row.size, r.Predicted.TimeS*1e6, r.Winner, row.timeUs, ratio, 100*tol)
				case !in && s.calibrated && (s.below > 0 || len(rows) == 1) && math.Abs(ratio-1) > 0.15:
					t.Errorf("%d B: calibration row at model/log %.2f", row.size, ratio)
				}
			}
			if misses != len(s.misses) {
				t.Errorf("%d of %d documented misses are rows of the log", misses, len(s.misses))
			}
		})
	}
}

// holdOutError is the error on the held-out sweeps' rows in their
// targets' ranges, for the prediction and for NCCL's estimate: rows,
// sweeps, rows within target, the worst model/log busbw ratio and the mean
// |model/log − 1|.
type holdOutError struct {
	rows, sweeps, within  int
	worstPred, worstTuner float64
	meanPred, meanTuner   float64
}

func holdOut(t *testing.T) holdOutError {
	h := holdOutError{worstPred: 1, worstTuner: 1}
	for _, s := range corpus() {
		if s.calibrated {
			continue
		}
		n := 0
		for _, row := range readCorpus(t, s) {
			r := predictRow(t, s, row.size)
			in, tol := targetOf(r.Nodes, row.size)
			if !in {
				continue
			}
			n++
			pr, tr := row.timeUs/(r.Predicted.TimeS*1e6), row.timeUs/(r.TimeS*1e6)
			if math.Abs(pr-1) <= tol {
				h.within++
			}
			if math.Abs(math.Log(pr)) > math.Abs(math.Log(h.worstPred)) {
				h.worstPred = pr
			}
			if math.Abs(math.Log(tr)) > math.Abs(math.Log(h.worstTuner)) {
				h.worstTuner = tr
			}
			h.meanPred += math.Abs(pr - 1)
			h.meanTuner += math.Abs(tr - 1)
		}
		if n > 0 {
			h.sweeps++
			h.rows += n
		}
	}
	h.meanPred /= float64(h.rows)
	h.meanTuner /= float64(h.rows)
	return h
}

// TestNCCLHoldOut reports the error on the sweeps no constant was fitted
// on and holds the prediction to being closer to them than NCCL's own
// estimate, on average and at the worst row.
func TestNCCLHoldOut(t *testing.T) {
	h := holdOut(t)
	t.Logf("held out: %d rows in target on %d sweeps, %d within it; worst model/log %.2f (NCCL's estimate %.2f), mean |error| %.1f %% (NCCL's estimate %.1f %%)",
		h.rows, h.sweeps, h.within, h.worstPred, h.worstTuner, 100*h.meanPred, 100*h.meanTuner)
	if h.rows == 0 || h.meanPred >= h.meanTuner || math.Abs(math.Log(h.worstPred)) > math.Abs(math.Log(h.worstTuner)) {
		t.Errorf("the prediction is not closer to the held-out sweeps than NCCL's estimate: %+v", h)
	}
}

// TestNCCLPredictBounds cross-checks the prediction against NCCL's
// estimate on every preset, collective and a range of sizes: never below
// the tuner's bandwidth bound S ÷ algBw; never below NCCL's own latency;
// the terms add up to the time; and at 16 GiB (every channel on NCCL's
// largest chunk, where only constant terms remain) within 2 % of NCCL's
// estimate — the pipeline tends to the tuner in the bandwidth limit.
func TestNCCLPredictBounds(t *testing.T) {
	colls := []prim.Collective{prim.AllReduce, prim.AllGather, prim.ReduceScatter, prim.Broadcast, prim.Reduce}
	for _, name := range []string{"dgx-a100", "dgx-h100", "dgx-b200", "gb200-nvl72", "a3-mega", "aws-p5", "pcie-l40s"} {
		sys := system(t, name)
		for _, ranks := range []int{8, 16, 32} {
			for _, c := range colls {
				for size := int64(1 << 10); size <= 16<<30; size *= 4 {
					r := ncclRun(t, ncclParams(c, ranks, cost.RoundSize(c, ranks, 4, size)), cost.NCCLOptions{System: sys})
					w, _ := r.WinnerCell()
					p := r.Predicted
					us := p.TimeS * 1e6
					bound := float64(r.SizeBytes) / (1000 * w.AlgBwGBs)
					at := fmt.Sprintf("%s %s %d ranks %d B (%s)", name, c, ranks, r.SizeBytes, r.Winner)
					if us < bound*(1-1e-12) || us < w.LatencyUs {
						t.Errorf("%s: predicted %.2f µs below the tuner's bound %.2f µs or latency %.2f µs", at, us, bound, w.LatencyUs)
					}
					if math.Abs(p.StartUs+p.FillUs+p.BandwidthUs-us) > 1e-9*us || p.FillUs < 0 || p.StartUs <= 0 {
						t.Errorf("%s: terms %.3f + %.3f + %.3f ≠ %.3f µs", at, p.StartUs, p.FillUs, p.BandwidthUs, us)
					}
					if r.SizeBytes >= 16<<30-1<<20 && math.Abs(us/(r.TimeS*1e6)-1) > 0.02 {
						t.Errorf("%s: predicted %.1f µs, NCCL's estimate %.1f µs: more than 2 %% apart in the bandwidth limit", at, us, r.TimeS*1e6)
					}
				}
			}
		}
	}
}

// TestNCCLPredictForced keeps the bounds with the entries only knobs
// reach: CollNet (NCCL_COLLNET_ENABLE on a network that reduces) and PAT
// (one GPU per node): finite, and never below the tuner's bandwidth bound
// nor NCCL's latency.
func TestNCCLPredictForced(t *testing.T) {
	for _, tc := range []struct {
		o     cost.NCCLOptions
		colls []prim.Collective
		ranks int
	}{
		{cost.NCCLOptions{System: system(t, "dgx-h100"), CollNet: true, Algo: "CollNetDirect,CollNetChain"}, []prim.Collective{prim.AllReduce}, 32},
		{cost.NCCLOptions{Algo: "PAT"}, []prim.Collective{prim.AllGather, prim.ReduceScatter}, 16},
	} {
		for _, c := range tc.colls {
			for size := int64(1 << 10); size <= 4<<30; size *= 8 {
				r := ncclRun(t, ncclParams(c, tc.ranks, cost.RoundSize(c, tc.ranks, 4, size)), tc.o)
				w, _ := r.WinnerCell()
				us := r.Predicted.TimeS * 1e6
				if math.IsNaN(us) || math.IsInf(us, 0) || us < float64(r.SizeBytes)/(1000*w.AlgBwGBs) || us < w.LatencyUs {
					t.Errorf("%s %s %d B: predicted %.2f µs against the tuner's %.2f", r.Winner, c, r.SizeBytes, us, r.TimeS*1e6)
				}
			}
		}
	}
}

// TestNCCLPredictMonotone checks, with the algorithm and protocol held
// (NCCL_ALGO and NCCL_PROTO forced), that doubling the size never makes an
// operation faster and that the start-up never shrinks as the size grows
// (it changes only where NCCL's ring plateau factor starts).
func TestNCCLPredictMonotone(t *testing.T) {
	for _, tc := range []struct{ system, algo, proto string }{
		{"dgx-h100", "NVLS", "Simple"}, {"dgx-h100", "Ring", "LL"}, {"dgx-h100", "Ring", "Simple"},
		{"aws-p5", "NVLSTree", "Simple"}, {"aws-p5", "Tree", "LL128"}, {"a3-mega", "Tree", "Simple"}, {"aws-p5", "Ring", "Simple"},
		{"gb200-nvl72", "NVLS", "Simple"}, {"pcie-l40s", "Ring", "LL"},
	} {
		ranks := 16
		if tc.algo == "NVLS" || tc.system == "pcie-l40s" {
			ranks = 8
		}
		o := cost.NCCLOptions{System: system(t, tc.system), Algo: tc.algo, Proto: tc.proto}
		at := func(size int64) cost.NCCLPrediction {
			return ncclRun(t, ncclParams(prim.AllReduce, ranks, cost.RoundSize(prim.AllReduce, ranks, 4, size)), o).Predicted
		}
		start := 0.0
		for size := int64(1 << 10); size <= 8<<30; size += size / 3 {
			p, p2 := at(size), at(2*size)
			if p2.TimeS < p.TimeS {
				t.Errorf("%s %s/%s: %d B predicted %.4g s, twice the size %.4g s", tc.system, tc.algo, tc.proto, size, p.TimeS, p2.TimeS)
			}
			if p.StartUs < start {
				t.Errorf("%s %s/%s: start-up %.2f µs at %d B, %.2f µs at a smaller size", tc.system, tc.algo, tc.proto, p.StartUs, size, start)
			}
			start = p.StartUs
		}
	}
}

// TestNCCLPredictStartUpOrder checks the plugins' start-ups against each
// other on the same machine: InfiniBand verbs, which NCCL's constants
// describe, pay the least of the plugins for an 8-byte AllReduce across
// two H100 nodes; each plugin's start-up is the same at 8 B and 64 KiB
// (paid once per operation, whatever the size); one node pays none.
func TestNCCLPredictStartUpOrder(t *testing.T) {
	h100 := system(t, "dgx-h100")
	var ib float64
	for i, net := range []string{"InfiniBand NDR", "Elastic Fabric Adapter (EFA)", "GPUDirect-TCPXO", "Socket (TCP)"} {
		s := h100
		s.Net = net
		o := cost.NCCLOptions{System: s, Algo: "Tree", Proto: "LL"}
		p := ncclRun(t, ncclParams(prim.AllReduce, 16, 8), o).Predicted
		if big := ncclRun(t, ncclParams(prim.AllReduce, 16, 64<<10), o).Predicted; big.StartUs != p.StartUs {
			t.Errorf("%s: start-up %.1f µs at 8 B, %.1f at 64 KiB", net, p.StartUs, big.StartUs)
		}
		if i == 0 {
			ib = p.StartUs
		} else if p.StartUs <= ib {
			t.Errorf("%s: start-up %.1f µs, not above InfiniBand's %.1f", net, p.StartUs, ib)
		}
	}
	one := ncclRun(t, ncclParams(prim.AllReduce, 8, 8), cost.NCCLOptions{System: h100}).Predicted
	if one.Plugin != "" {
		t.Errorf("one node has plugin %q", one.Plugin)
	}
}

// TestNCCLModelDoc keeps the side-by-side tables of docs/nccl-model.md
// equal to what the corpus and the model give (go test -run
// TestNCCLModelDoc -update-docs rewrites them).
func TestNCCLModelDoc(t *testing.T) {
	const path = "../../docs/nccl-model.md"
	const begin, end = "<!-- corpus tables: generated by TestNCCLModelDoc -->\n", "<!-- end of corpus tables -->\n"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if i < 0 || j < i {
		t.Fatalf("%s: no %q … %q section", path, begin, end)
	}
	got := corpusMarkdown(t)
	if doc[i+len(begin):j] == got {
		return
	}
	if *updateDocs {
		if err := os.WriteFile(path, []byte(doc[:i+len(begin)]+got+doc[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s: the corpus tables differ from the model; rerun with -update-docs", path)
}

// corpusMarkdown is the summary and one table per sweep: size, the log's
// busbw, NCCL's estimate ÷ the log and the prediction ÷ the log (both as
// busbw ratios), NCCL's choice.
func corpusMarkdown(t *testing.T) string {
	var b, sum strings.Builder
	sum.WriteString("| sweep | role | rows in target | NCCL's estimate: worst model/log | prediction: worst model/log | prediction within target |\n|---|---|---:|---:|---:|---:|\n")
	for _, s := range corpus() {
		fmt.Fprintf(&b, "\n### %s\n\n`%s`\n\n| size | log busbw (GB/s) | NCCL's estimate / log | prediction / log | NCCL's choice |\n|---:|---:|---:|---:|---|\n", s.title, strings.TrimPrefix(s.file, "../"))
		n, ok := 0, 0
		worstT, worstP := 1.0, 1.0
		for _, row := range readCorpus(t, s) {
			r := predictRow(t, s, row.size)
			_, bus := cost.Bandwidths(s.coll, s.ranks, row.size, row.timeUs*1e-6)
			tr, pr := row.timeUs/(r.TimeS*1e6), row.timeUs/(r.Predicted.TimeS*1e6)
			mark := ""
			if in, tol := targetOf(r.Nodes, row.size); in {
				n++
				if math.Abs(pr-1) <= tol {
					ok++
				} else {
					mark = " ✗"
				}
				if math.Abs(math.Log(tr)) > math.Abs(math.Log(worstT)) {
					worstT = tr
				}
				if math.Abs(math.Log(pr)) > math.Abs(math.Log(worstP)) {
					worstP = pr
				}
			}
			fmt.Fprintf(&b, "| %s | %.2f | %.2f | %.2f%s | %s |\n", units.FormatBytes(float64(row.size), true), bus/1e9, tr, pr, mark, r.Winner)
		}
		role := "held out"
		if s.calibrated {
			role = "calibration"
		}
		if n == 0 {
			fmt.Fprintf(&sum, "| %s | %s | 0 | — | — | — |\n", s.title, role)
			continue
		}
		fmt.Fprintf(&sum, "| %s | %s | %d | %.2f | %.2f | %d of %d |\n", s.title, role, n, worstT, worstP, ok, n)
	}
	h := holdOut(t)
	fmt.Fprintf(&sum, "\nHeld out (no constant fitted on them): %d rows in target on %d sweeps, %d within it; worst prediction/log %.2f "+
		"(NCCL's estimate %.2f); mean |prediction/log − 1| %.1f %% (NCCL's estimate %.1f %%).\n",
		h.rows, h.sweeps, h.within, h.worstPred, h.worstTuner, 100*h.meanPred, 100*h.meanTuner)
	return sum.String() + b.String()
}
