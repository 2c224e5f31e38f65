package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/units"
	"github.com/ccplay/ccplay/report"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// costCases are cost questions with the reason each is here.
var costCases = []struct {
	args   []string
	reason string
}{
	{[]string{"--collective", "allreduce", "--algorithm", "ring", "--ranks", "8", "--size", "100MiB", "--bandwidth", "50GB/s", "--latency", "5us"}, "the README's question (the lecture's Experiment 3 at P = 8)"},
	{[]string{"--algorithm", "auto", "--efficiency", "90%", "--gamma", "2e-12"}, "auto with efficiency and γ: alternatives, compute term"},
	{[]string{"--algorithm", "tree", "--ranks", "2048"}, "the lecture's tree: a limit, with the executed schedule's time"},
	{[]string{"--collective", "broadcast", "--algorithm", "ring", "--ranks", "6", "--root", "3", "--chunks", "4", "--size", "1MB"}, "a rooted, pipelined collective with given chunks"},
	{[]string{"--collective", "alltoall", "--algorithm", "pairwise", "--ranks", "3", "--size", "28", "--dtype", "float"}, "uneven blocks: 7 elements over 3 ranks"},
	{[]string{"--collective", "sendrecv", "--algorithm", "naive", "--ranks", "2", "--size", "0"}, "zero bytes"},
	{[]string{"--collective", "allgather", "--ranks", "1048576", "--size", "1GiB", "--bandwidth", "400Gbps"}, "the largest P, closed form only"},
	{[]string{"--collective", "reduce", "--algorithm", "binomial", "--ranks", "1", "--dtype", "bf16", "--size", "2"}, "one rank costs nothing"},
	{[]string{"--algorithm", "hierarchical", "--ranks", "1024", "--gpus-per-node", "8", "--size", "1GiB", "--preset", "ib400", "--intra-preset", "nvlink4"}, "the lecture's 128 × 8 hierarchical question"},
	{[]string{"--ranks", "16", "--slow-rank", "3", "--slow-factor", "4", "--size", "1GiB"}, "a straggler on a flat ring"},
	{[]string{"--algorithm", "binomial", "--ranks", "16", "--gpus-per-node", "4", "--slow-link", "0-8", "--slow-factor", "3"}, "an inexact closed form on a cluster, with the executed schedule's time"},
	{[]string{"--algorithm", "auto", "--ranks", "64", "--gpus-per-node", "8", "--size", "64MiB"}, "auto on a cluster"},
	{[]string{"--collective", "alltoall", "--algorithm", "pairwise", "--ranks", "64", "--gpus-per-node", "8", "--size", "64MiB", "--fabric", "fat-tree", "--oversubscription", "4", "--leaf-nodes", "2"}, "AllToAll simulated on a 4:1 fat-tree"},
}

// TestCostJSONIsEvaluate: --json prints exactly one object, and it is
// cost.Evaluate's answer to the same fields; for auto, with the crossovers
// of question.AutoCrossovers (the list the text answer prints).
func TestCostJSONIsEvaluate(t *testing.T) {
	// The JSON carries the English texts; the messages they are made from
	// are for faces that render another language.
	messagesOnly := cmp.Options{
		cmpopts.IgnoreFields(cost.Result{}, "FormulaMsg", "FormulaNumbersMsg", "NoteMsg", "SourceMsg"),
		cmpopts.IgnoreFields(cost.NCCLResult{}, "AssumptionMsgs"),
		cmpopts.IgnoreFields(cost.NCCLCell{}, "ReasonMsg"),
	}
	required := []string{"collective", "algorithm", "ranks", "size_bytes", "time_s", "latency_term_s", "bandwidth_term_s",
		"compute_term_s", "steps", "bytes_sent_per_rank", "algbw_Bps", "busbw_Bps", "busbw_factor", "lower_bound_s",
		"formula", "formula_numbers"}
	for _, c := range costCases {
		code, out, errOut := cli(t, "", append([]string{"cost", "--json"}, c.args...)...)
		if code != exitOK || errOut != "" {
			t.Errorf("%s: status %d, stderr %q", c.reason, code, errOut)
			continue
		}
		var got question.CostAnswer
		decodeStrict(t, out, &got)
		p, want := evaluate(t, c.args)
		if d := cmp.Diff(want, got.Result, messagesOnly); d != "" {
			t.Errorf("%s: --json differs from cost.Evaluate (-want +got):\n%s", c.reason, d)
		}
		var wantXs []cost.Crossover
		var upTo int64
		if want.AutoChosen && want.NCCL == nil {
			var err error
			if upTo, wantXs, err = question.AutoCrossovers(p); err != nil {
				t.Fatal(err)
			}
		}
		if d := cmp.Diff(wantXs, got.Crossovers); d != "" || got.CrossoversUpTo != upTo {
			t.Errorf("%s: --json crossovers up to %d B, want %d B (-want +got):\n%s", c.reason, got.CrossoversUpTo, upTo, d)
		}
		var raw map[string]any
		decodeStrict(t, out, &raw)
		for _, k := range required {
			if _, ok := raw[k]; !ok {
				t.Errorf("%s: --json lacks %q", c.reason, k)
			}
		}
		if want.Note != "" && raw["note"] != want.Note {
			t.Errorf("%s: note %q, want %q", c.reason, raw["note"], want.Note)
		}
	}
}

// TestCostTextShowsTheNumbers: the text output carries Evaluate's numbers,
// each on its labelled line.
func TestCostTextShowsTheNumbers(t *testing.T) {
	for _, c := range costCases {
		code, out, errOut := cli(t, "", append([]string{"cost"}, c.args...)...)
		if code != exitOK || errOut != "" {
			t.Errorf("%s: status %d, stderr %q", c.reason, code, errOut)
			continue
		}
		_, r := evaluate(t, c.args)
		want := map[string]string{
			"collective":   r.Collective,
			"ranks P":      fmt.Sprint(r.Ranks),
			"size S":       report.Bytes(r.SizeBytes),
			"latency α":    cost.FormatSeconds(r.LatencyS),
			"time":         fmt.Sprintf("%s = %s latency (α) + %s bandwidth (β) + %s compute (γ)", cost.FormatSeconds(r.TimeS), cost.FormatSeconds(r.LatencyTermS), cost.FormatSeconds(r.BandwidthTermS), cost.FormatSeconds(r.ComputeTermS)),
			"steps":        fmt.Sprintf("%d ", r.Steps),
			"busiest rank": report.Bytes(r.BytesSentPerRank),
			"total bytes":  report.Bytes(r.TotalBytes),
			"algbw":        fmt.Sprintf("%.4g GB/s", r.AlgBwBps/1e9),
			"busbw":        fmt.Sprintf("%.4g GB/s (algbw × %.4g", r.BusBwBps/1e9, r.BusBwFactor),
			"lower bound":  fmt.Sprintf("%s (", cost.FormatSeconds(r.LowerBoundS)),
			"formula":      "T = " + r.Formula,
			"with numbers": "T = " + r.FormulaNumbers,
			"source":       r.Source,
		}
		if f := r.Fabric; f != nil {
			want["time"] = fmt.Sprintf("%s simulated on the fabric below; without contention %s = %s latency (α)", cost.FormatSeconds(r.TimeS), cost.FormatSeconds(f.IdealTimeS), cost.FormatSeconds(r.LatencyTermS))
			want["simulated"] = fmt.Sprintf("%s for %d flows", cost.FormatSeconds(r.TimeS), f.Flows)
			want["bisection"] = cost.FormatSeconds(f.BisectionBoundS)
			want["hottest links"] = fmt.Sprintf("%s → %s: %s%% busy", f.Links[0].From, f.Links[0].To, units.FormatShare(f.Links[0].Utilisation, 1))
		}
		if r.Note != "" {
			want["note"] = r.Note
		}
		if r.ScheduleTimeS > 0 {
			want["schedule time"] = fmt.Sprintf("%s in %d steps", cost.FormatSeconds(r.ScheduleTimeS), r.ScheduleSteps)
		}
		if r.AutoChosen {
			want["algorithm"] = "auto → " + r.Algorithm
		} else {
			want["algorithm"] = r.Algorithm
		}
		for label, w := range want {
			v, ok := labelled(out, label)
			if !ok || !strings.Contains(v, w) {
				t.Errorf("%s: line %q = %q, want it to contain %q\n%s", c.reason, label, v, w, out)
			}
		}
		if r.AutoChosen {
			for i, a := range r.Alternatives {
				w := fmt.Sprintf("  %d. %s", i+1, a.Algorithm)
				if !strings.Contains(out, w) || !strings.Contains(out, cost.FormatSeconds(a.TimeS)) {
					t.Errorf("%s: alternative %q (%s) missing:\n%s", c.reason, w, cost.FormatSeconds(a.TimeS), out)
				}
			}
		}
	}
}

// TestCostTextTheREADMEQuestion pins the README's example to the lecture's
// numbers: S = 100 MiB, 50 GB/s = 400 Gbps, ring at P = 8 takes 3.74 ms in
// 14 steps, each rank sending 2(P−1)/P·S = 175 MiB.
func TestCostTextTheREADMEQuestion(t *testing.T) {
	code, out, _ := cli(t, "", append([]string{"cost"}, costCases[0].args...)...)
	if code != exitOK {
		t.Fatalf("status %d", code)
	}
	for _, w := range []string{
		"104857600 B (100 MiB, 104.9 MB)",
		"50 GB/s (400 Gbps) per direction",
		"3.74 ms = 70 µs latency (α) + 3.67 ms bandwidth (β)",
		"steps           14 ",
		"sends 183500800 B (175 MiB, 183.5 MB)",
		"algbw × 1.75",
		"T = 2(P−1)·α + 2(P−1)/P·S·β",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("output lacks %q:\n%s", w, out)
		}
	}
}

// labelled returns the value of the line "  label   value".
func labelled(out, label string) (string, bool) {
	for _, line := range strings.Split(out, "\n") {
		if rest, ok := strings.CutPrefix(line, "  "+label+" "); ok {
			return strings.TrimLeft(rest, " "), true
		}
	}
	return "", false
}

// TestCostJSONIsOneObject: nothing but the object on stdout.
func TestCostJSONIsOneObject(t *testing.T) {
	_, out, _ := cli(t, "", "cost", "--json")
	dec := json.NewDecoder(strings.NewReader(out))
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	if dec.More() || !strings.HasSuffix(out, "}\n") {
		t.Errorf("more than one JSON object or no final newline: %q", out)
	}
}
