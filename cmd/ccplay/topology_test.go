package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/report"
)

// TestCostTopologyText: the link-class lines carry Evaluate's numbers —
// the 128 × 8 question's inter-node bytes against one flat ring, the
// executed ledger split, a straggler's slowdown — and a bad topology flag
// is one line naming it.
func TestCostTopologyText(t *testing.T) {
	args := costCases[8].args // the 128 × 8 question
	code, out, _ := cli(t, "", append([]string{"cost"}, args...)...)
	if code != exitOK {
		t.Fatalf("status %d", code)
	}
	_, r := evaluate(t, args)
	tr := r.Topology
	for label, w := range map[string]string{
		"cluster":      "128 nodes × 8 GPUs per node",
		"intra-node":   "450 GB/s (3600 Gbps) per direction, α = 1 µs",
		"inter bytes":  report.Bytes(tr.InterBytesPerRank),
		"flat ring":    fmt.Sprintf("%s; its busiest rank sends %s across nodes (%.3g×", cost.FormatSeconds(tr.FlatRing.TimeS), report.Bytes(tr.FlatRing.InterBytesPerRank), float64(tr.FlatRing.InterBytesPerRank)/float64(tr.InterBytesPerRank)),
		"ledger intra": report.Bytes(tr.Ledger.IntraBytes),
		"ledger inter": report.Bytes(tr.Ledger.InterBytes),
	} {
		if v, ok := labelled(out, label); !ok || !strings.Contains(v, w) {
			t.Errorf("line %q = %q, want %q\n%s", label, v, w, out)
		}
	}
	if !strings.Contains(out, "(8.06×") {
		t.Errorf("the flat ring should send 8.06× the hierarchical's inter-node bytes:\n%s", out)
	}
	code, out, _ = cli(t, "", append([]string{"cost"}, costCases[9].args...)...)
	_, r = evaluate(t, costCases[9].args)
	if v, _ := labelled(out, "without it"); code != exitOK || !strings.Contains(v, cost.FormatSeconds(r.Topology.UnslowedTimeS)) || !strings.Contains(v, "3.99×") {
		t.Errorf("straggler: %q\n%s", v, out)
	}
	for _, c := range []struct {
		args   []string
		want   string
		reason string
	}{
		{[]string{"--gpus-per-node", "3"}, "ccplay: --gpus-per-node: ranks are placed on whole nodes: want a divisor of 8 ranks, got 3 GPUs per node", "8 ranks on nodes of 3"},
		{[]string{"--intra-bandwidth", "100GB/s"}, "ccplay: --intra-bandwidth: describes the link inside a node", "intra link without nodes"},
		{[]string{"--slow-rank", "2"}, "ccplay: --slow-rank: give slow-factor too", "no factor"},
		{[]string{"--model", "mpi"}, "ccplay: --model: want one of alpha-beta, nccl, got \"mpi\"", "unknown model"},
		{[]string{"--model", "nccl", "--collective", "alltoall", "--algorithm", "pairwise"}, "ccplay: --model: NCCL's tuning model covers", "NCCL has no tuned alltoall"},
	} {
		code, stdout, stderr := cli(t, "", append([]string{"cost"}, c.args...)...)
		wantUsageError(t, c.reason, code, stdout, stderr, c.want)
	}
}

// TestCostAutoCrossovers: auto lists cost.Crossovers' sizes, and on one flat
// network the lecture's ring-vs-tree S*.
func TestCostAutoCrossovers(t *testing.T) {
	args := []string{"--algorithm", "auto", "--ranks", "8", "--size", "1MiB"}
	code, out, _ := cli(t, "", append([]string{"cost"}, args...)...)
	if code != exitOK {
		t.Fatalf("status %d", code)
	}
	p, _ := evaluate(t, args)
	xs, err := cost.Crossovers(p, int64(p.ElemSize), question.CrossoverLimit)
	if err != nil || len(xs) == 0 {
		t.Fatalf("crossovers %v, %v", xs, err)
	}
	for _, x := range xs {
		if w := fmt.Sprintf("from %-22s %s (was %s)", report.Bytes(x.SizeBytes), x.To, x.From); !strings.Contains(out, w) && !strings.Contains(out, "alternate") {
			t.Errorf("missing %q:\n%s", w, out)
		}
	}
	if !strings.Contains(out, "S* = P(P−1−⌈log₂P⌉)·α/(β + γ/2) = 8 MB") {
		t.Errorf("the lecture's ring-vs-tree crossover at P = 8 is 8 MB:\n%s", out)
	}
}

// TestCostNCCLText: --model nccl prints NCCL's tuning table (the layout of
// NCCL_DEBUG_SUBSYS=TUNING) with cost.NCCL's numbers, every cell's time,
// the winner and the version; --json carries the same object.
func TestCostNCCLText(t *testing.T) {
	args := []string{"--model", "nccl", "--ranks", "16", "--gpus-per-node", "8", "--intra-preset", "nvlink4", "--preset", "ib400", "--size", "64KiB"}
	code, out, errOut := cli(t, "", append([]string{"cost"}, args...)...)
	if code != exitOK || errOut != "" {
		t.Fatalf("status %d, stderr %q", code, errOut)
	}
	_, r := evaluate(t, args)
	n := r.NCCL
	if n == nil {
		t.Fatal("Evaluate has no NCCL result")
	}
	row := fmt.Sprintf("%13s |", "AllReduce")
	for _, c := range n.Cells {
		row += fmt.Sprintf("%8.1f/%6.1f |", c.LatencyUs, c.AlgBwGBs)
	}
	for _, w := range []string{
		"NCCL " + cost.NCCLVersion + "'s model: " + n.Winner,
		"  Algorithm   |", "  Protocol    |", row,
		"← NCCL's choice", "winner: " + n.Winner + ", " + cost.FormatSeconds(n.TimeS),
		"(NCCL's tuner estimate); predicted run time " + cost.FormatSeconds(n.Predicted.TimeS),
		"predicted run time: " + cost.FormatSeconds(n.Predicted.TimeS) + "; algbw",
		"src/graph/tuning.cc",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
	if n.Winner != "Tree/LL" {
		t.Errorf("64 KiB on 2 × 8: NCCL's model picks %s, want Tree/LL (latency-bound)", n.Winner)
	}
}

// TestTableNCCL: --model nccl rows are NCCL's winners, named after '#': on two
// NVLink nodes large sizes run NVLSTree, as NCCL does.
func TestTableNCCL(t *testing.T) {
	code, out, _ := cli(t, "", "table", "--model", "nccl", "--ranks", "16", "--gpus-per-node", "8", "-b", "8", "-e", "8G", "-f", "1024")
	if code != exitOK || !strings.Contains(out, "NCCL "+cost.NCCLVersion+"'s tuning model") ||
		!strings.Contains(out, "# Tree/LL") || !strings.Contains(out, "# NVLSTree/Simple") {
		t.Errorf("status %d:\n%s", code, out)
	}
}
