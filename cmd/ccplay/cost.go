package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/request"
	"github.com/ccplay/ccplay/core/units"
)

func init() {
	commands["cost"] = command{
		summary: "price one collective under the α-β-γ model: time, its terms, bytes, algbw/busbw, formula",
		run:     runCost,
	}
}

const (
	costSynopsis = "ccplay cost [--collective C] [--algorithm A] [--ranks P] [--size S] [--bandwidth B] [--latency α] [--gamma γ] [--efficiency E] [--root R] [--dtype T] [--chunks K] [--json]"
	costAbout    = "Prices one collective with the closed form of its algorithm (request.CostParams, cost.Evaluate):\n" +
		"the time with its latency (α), bandwidth (β) and compute (γ) terms, the steps, the bytes the busiest\n" +
		"rank sends, algbw and busbw (nccl-tests' definitions, GB/s = 10⁹ B/s), the lower bound, the formula\n" +
		"and the formula with the numbers plugged in. Flags not given take the defaults below (the lecture's\n" +
		"Experiment 3 setting). --json prints one JSON object instead."
)

// runCost implements `ccplay cost`.
func runCost(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("cost")
	f.costFields()
	asJSON := f.boolean("json", "print one JSON object (the fields of cost.Result) instead of text")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, costSynopsis, costAbout)
	}
	p, err := request.CostParams(f.lookup())
	if err != nil {
		return f.report(stderr, err)
	}
	r, err := cost.Evaluate(p)
	if err != nil {
		return f.report(stderr, err)
	}
	if *asJSON {
		out, err := marshalJSON(r, true)
		if err != nil {
			return f.report(stderr, err)
		}
		return write(stdout, stderr, out)
	}
	return write(stdout, stderr, costText(p, r, f.isGiven("chunks")))
}

// costText lays out a cost.Result for people: the question, then the
// answer, each value with its unit.
// chunksGiven tells whether --chunks was given (else the chunk count shown
// is the one Evaluate chose).
func costText(p cost.Params, r cost.Result, chunksGiven bool) string {
	var b strings.Builder
	line := func(label, format string, args ...any) {
		fmt.Fprintf(&b, "  %-15s %s\n", label, fmt.Sprintf(format, args...))
	}
	fmt.Fprintf(&b, "%s of %s on %d ranks with %s: %s\n", r.Collective, units.FormatBytes(float64(r.SizeBytes), true),
		r.Ranks, r.Algorithm, cost.FormatSeconds(r.TimeS))
	b.WriteString("question\n")
	line("collective", "%s", r.Collective)
	if r.AutoChosen {
		line("algorithm", "auto → %s (the cheapest of %d applicable algorithms)", r.Algorithm, len(r.Alternatives))
	} else {
		line("algorithm", "%s", r.Algorithm)
	}
	line("ranks P", "%d", r.Ranks)
	if r.Root != 0 || p.Collective.Rooted() {
		line("root", "%d", r.Root)
	}
	line("size S", "%s, %d elements of %d B", bytesText(r.SizeBytes), p.Elems(), r.ElemSize)
	raw := units.Bandwidth(p.Bandwidth)
	if p.Efficiency == 1 {
		line("bandwidth B", "%s (%s) per direction, efficiency %s", raw, raw.Gbps(), units.Efficiency(p.Efficiency))
	} else {
		eff := units.Bandwidth(r.BandwidthBps)
		line("bandwidth B", "%s (%s) per direction × efficiency %s = %s (%s)", raw, raw.Gbps(),
			units.Efficiency(p.Efficiency), eff, eff.Gbps())
	}
	line("latency α", "%s per message", units.Duration(r.LatencyS))
	if r.Gamma == 0 {
		line("γ", "0 s per byte reduced (reduction is free)")
	} else {
		line("γ", "%g s per byte reduced", r.Gamma)
	}
	if r.Chunks > 0 {
		how := "chosen: the count that minimises the time"
		if chunksGiven {
			how = "given"
		}
		line("chunks K", "%d pipeline chunks (%s)", r.Chunks, how)
	}

	b.WriteString("answer\n")
	line("time", "%s = %s latency (α) + %s bandwidth (β) + %s compute (γ)", cost.FormatSeconds(r.TimeS),
		cost.FormatSeconds(r.LatencyTermS), cost.FormatSeconds(r.BandwidthTermS), cost.FormatSeconds(r.ComputeTermS))
	line("steps", "%d (rounds that carry a message: the α coefficient)", r.Steps)
	line("busiest rank", "sends %s over the whole call", bytesText(r.BytesSentPerRank))
	line("total bytes", "%s on the wire, all ranks together", bytesText(r.TotalBytes))
	line("algbw", "%s (S ÷ time)", gbps(r.AlgBwBps))
	line("busbw", "%s (algbw × %.4g, nccl-tests' bus factor for %s on %d ranks)", gbps(r.BusBwBps), r.BusBwFactor, r.Collective, r.Ranks)
	line("lower bound", "%s (Chan et al. 2007: ⌈log₂P⌉·α + the bytes some rank must move and reduce); this algorithm reaches %.1f%% of it", cost.FormatSeconds(r.LowerBoundS), r.PctOfLowerBound)
	line("formula", "T = %s", r.Formula)
	line("with numbers", "T = %s", r.FormulaNumbers)
	line("source", "%s", r.Source)
	if r.Exact {
		line("exact", "yes: equals the cost of the executed schedule under the cost rule")
	} else {
		line("exact", "no: see the note")
	}
	if r.Note != "" {
		line("note", "%s", r.Note)
	}
	if r.ScheduleTimeS > 0 {
		line("schedule time", "%s in %d steps (the executed schedule, schedule_time_s)", cost.FormatSeconds(r.ScheduleTimeS), r.ScheduleSteps)
	}
	if len(r.Alternatives) > 0 {
		b.WriteString("alternatives (auto, fastest first)\n")
		w := 0
		for _, a := range r.Alternatives {
			w = max(w, len(a.Algorithm))
		}
		for i, a := range r.Alternatives {
			mark := ""
			if a.Algorithm == r.Algorithm {
				mark = "  ← chosen"
			}
			fmt.Fprintf(&b, "  %d. %-*s  %s%s\n", i+1, w, a.Algorithm, cost.FormatSeconds(a.TimeS), mark)
		}
	}
	return b.String()
}

// bytesText writes an exact byte count with its binary and decimal
// readings: "104857600 B (100 MiB, 104.9 MB)"; below 1000 B just "8 B".
func bytesText(n int64) string {
	if n < 1000 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%d B (%s, %s)", n, units.FormatBytes(float64(n), true), units.FormatBytes(float64(n), false))
}

// gbps writes bytes per second in GB/s (10⁹ B/s) with four significant
// figures, as nccl-tests reports algbw and busbw.
func gbps(bps float64) string {
	return fmt.Sprintf("%.4g GB/s", bps/1e9)
}

// write writes s to stdout; a failed write (a closed pipe) is status 1.
func write(stdout, stderr io.Writer, s string) int {
	if _, err := io.WriteString(stdout, s); err != nil {
		fmt.Fprintf(stderr, "ccplay: writing the output: %s\n", oneLine(err.Error()))
		return exitInternal
	}
	return exitOK
}
