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
	costSynopsis = "ccplay cost [--collective C] [--algorithm A] [--ranks P] [--size S] [--bandwidth B] [--latency α] [--gamma γ] [--efficiency E] [--root R] [--dtype T] [--chunks K]\n" +
		"                   [--preset NET] [--gpus-per-node g [--intra-bandwidth B₁] [--intra-latency α₁] [--intra-preset LINK]] [--slow-rank R | --slow-link A-B] [--slow-factor F] [--model alpha-beta|nccl] [--json]"
	costAbout = "Prices one collective with the closed form of its algorithm (request.CostParams, cost.Evaluate):\n" +
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
	if r.NCCL != nil {
		return write(stdout, stderr, ncclText(r))
	}
	text := costText(p, r, f.isGiven("chunks"))
	if r.AutoChosen {
		text += crossoverText(p, r)
	}
	return write(stdout, stderr, text)
}

// crossoverLimit is the largest size the CLI scans for auto's crossovers.
const crossoverLimit = 1 << 40

// crossoverText lists the sizes at which auto's choice changes for this
// question, from one element to 1 TiB (or the largest size P allows), with
// the lecture's ring-vs-tree crossover for AllReduce on one flat network.
func crossoverText(p cost.Params, r cost.Result) string {
	hi := min(int64(crossoverLimit), cost.MaxSize(p.Ranks))
	xs, err := cost.Crossovers(p, int64(p.ElemSize), hi)
	if err != nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "crossovers (auto's choice by size, %s to %s; cost.Crossovers)\n", units.FormatBytes(float64(p.ElemSize), true), units.FormatBytes(float64(hi), true))
	q := p
	q.Size = int64(p.ElemSize)
	if _, first, err := cost.Quick(q); err == nil {
		fmt.Fprintf(&b, "  from %-22s %s\n", bytesText(int64(p.ElemSize)), first)
	}
	for i := 0; i < len(xs); {
		x := xs[i]
		// A run of changes back and forth between the same two algorithms is
		// a near tie that uneven chunk rounding tips either way: one line.
		j := i + 1
		for j < len(xs) && xs[j].From == xs[j-1].To && xs[j].To == xs[j-1].From {
			j++
		}
		if j-i >= 3 {
			last := xs[j-1]
			fmt.Fprintf(&b, "  from %-22s %s and %s alternate %d times up to %s (a near tie that uneven chunk rounding tips either way), then %s\n",
				bytesText(x.SizeBytes), x.To, x.From, j-i, bytesText(last.SizeBytes), last.To)
		} else {
			for _, y := range xs[i:j] {
				fmt.Fprintf(&b, "  from %-22s %s (was %s)\n", bytesText(y.SizeBytes), y.To, y.From)
			}
		}
		i = j
	}
	if p.Collective == "allreduce" && !p.Topological() {
		s := cost.RingTreeCrossover(p.Ranks, p.Latency, 1/(p.Bandwidth*p.Efficiency), p.Gamma)
		fmt.Fprintf(&b, "  ring vs tree    the lecture's 2(P−1)α + 2(P−1)/P·S·β = 2⌈log₂P⌉α + 2S·β at S* = P(P−1−⌈log₂P⌉)·α/(β + γ/2) = %s\n",
			units.FormatBytes(s, false))
	}
	return b.String()
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
	if tr := r.Topology; tr != nil {
		if p.GPUsPerNode > 0 {
			line("cluster", "%d nodes × %d GPUs per node, ranks placed in order (rank r on node r/%d)", tr.Nodes, tr.GPUsPerNode, tr.GPUsPerNode)
			line("intra-node", "%s (%s) per direction, α = %s (--intra-bandwidth, --intra-latency; after efficiency)",
				units.Bandwidth(tr.IntraBandwidthBps), units.Bandwidth(tr.IntraBandwidthBps).Gbps(), units.Duration(tr.IntraLatencyS))
			line("inter-node", "the network link above (--bandwidth, --latency)")
		}
		if tr.Slow != "" {
			line("slowdown", "%s: β × %g on every message it touches (α unchanged)", tr.Slow, tr.SlowFactor)
		}
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
	if tr := r.Topology; tr != nil {
		topologyText(&b, line, r, tr)
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

// topologyText writes the link-class part of the answer: the inter-node
// bytes of the busiest rank, the flat ring beside hierarchical, and the
// executed ledger split by link class.
func topologyText(b *strings.Builder, line func(label, format string, args ...any), r cost.Result, tr *cost.TopologyResult) {
	if tr.Slow != "" {
		b.WriteString("slowdown\n")
		if r.ScheduleTimeS > 0 && tr.UnslowedScheduleTimeS > 0 {
			line("without it", "%s executed (closed-form bound %s); with %s the rounds that use it wait for its port: %.3g× as long (1× = no round uses it)",
				cost.FormatSeconds(tr.UnslowedScheduleTimeS), cost.FormatSeconds(tr.UnslowedTimeS), tr.Slow, tr.SlowRatio)
		} else {
			line("without it", "%s; with %s the rounds that use it wait for its port: %.3g× as long (1× = no round uses it)", cost.FormatSeconds(tr.UnslowedTimeS), tr.Slow, tr.SlowRatio)
		}
	}
	if r.Topology.GPUsPerNode <= 1 && r.Topology.Nodes == r.Ranks && tr.FlatRing == nil {
		return // one flat network: every byte is a network byte
	}
	b.WriteString("links\n")
	if tr.InterBytesPerRank >= 0 {
		line("inter bytes", "the busiest rank sends %s across nodes", bytesText(tr.InterBytesPerRank))
	}
	if fr := tr.FlatRing; fr != nil {
		ratio := "∞"
		if fr.InterRatio > 0 {
			ratio = fmt.Sprintf("%.3g×", fr.InterRatio)
		}
		line("flat ring", "one ring over all %d ranks on the same links: %s; its busiest rank sends %s across nodes (%s the hierarchical's)",
			r.Ranks, cost.FormatSeconds(fr.TimeS), bytesText(fr.InterBytesPerRank), ratio)
	}
	if l := tr.Ledger; l != nil {
		line("ledger intra", "%s on intra-node links in all; the busiest rank (%d) sends %s", bytesText(l.IntraBytes), l.MaxIntraSentRank, bytesText(l.MaxIntraSent))
		line("ledger inter", "%s on inter-node links in all; the busiest rank (%d) sends %s", bytesText(l.InterBytes), l.MaxInterSentRank, bytesText(l.MaxInterSent))
	} else {
		line("ledger", "the schedule is too large to build here; the bytes above are the closed form's")
	}
}
