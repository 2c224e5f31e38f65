// Package report writes core's answers as text for people: the cost
// answer (Cost), the nccl-tests table (Table) — the one rendering of each,
// used by the CLI and the HTTP API alike. It formats results computed by
// core; it computes none of its own except the crossover list Cost asks
// cost.Crossovers for.
package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/units"
)

// Cost writes the text answer to the cost question p whose result is r
// (cost.Evaluate): NCCL's model when r has one (cost model nccl), else the
// question, the answer with its units and, when auto chose, the sizes at
// which its choice changes. chunksGiven tells whether the chunk count was
// given (else it is the one Evaluate chose). It returns the write error.
func Cost(w io.Writer, p cost.Params, inputs field.Inputs, r cost.Result, chunksGiven bool) error {
	var text string
	if src := Sources(inputs); src != "" {
		text = "from presets: " + src + "\n"
	}
	if r.NCCL != nil {
		text += ncclText(r)
	} else {
		text += costText(p, r, chunksGiven)
		if r.AutoChosen {
			text += crossoverText(p, r)
		}
	}
	_, err := io.WriteString(w, text)
	return err
}

// crossoverText lists the sizes at which auto's choice changes for this
// question (question.AutoCrossovers), with the lecture's ring-vs-tree crossover for
// AllReduce on one flat network.
func crossoverText(p cost.Params, r cost.Result) string {
	hi, xs, err := question.AutoCrossovers(p)
	if err != nil {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "crossovers (auto's choice by size, %s to %s; cost.Crossovers)\n", units.FormatBytes(float64(p.ElemSize), true), units.FormatBytes(float64(hi), true))
	q := p
	q.Size = int64(p.ElemSize)
	if _, first, err := cost.Quick(q); err == nil {
		fmt.Fprintf(&b, "  from %-22s %s\n", Bytes(int64(p.ElemSize)), first)
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
				Bytes(x.SizeBytes), x.To, x.From, j-i, Bytes(last.SizeBytes), last.To)
		} else {
			for _, y := range xs[i:j] {
				fmt.Fprintf(&b, "  from %-22s %s (was %s)\n", Bytes(y.SizeBytes), y.To, y.From)
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
	line("size S", "%s, %d elements of %d B", Bytes(r.SizeBytes), p.Elems(), r.ElemSize)
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
	if f := r.Fabric; f != nil {
		line("time", "%s simulated on the fabric below; without contention %s = %s latency (α) + %s bandwidth (β) + %s compute (γ)", cost.FormatSeconds(r.TimeS),
			cost.FormatSeconds(f.IdealTimeS), cost.FormatSeconds(r.LatencyTermS), cost.FormatSeconds(r.BandwidthTermS), cost.FormatSeconds(r.ComputeTermS))
	} else {
		line("time", "%s = %s latency (α) + %s bandwidth (β) + %s compute (γ)", cost.FormatSeconds(r.TimeS),
			cost.FormatSeconds(r.LatencyTermS), cost.FormatSeconds(r.BandwidthTermS), cost.FormatSeconds(r.ComputeTermS))
	}
	line("steps", "%d (rounds that carry a message: the α coefficient)", r.Steps)
	line("busiest rank", "sends %s over the whole call", Bytes(r.BytesSentPerRank))
	line("total bytes", "%s on the wire, all ranks together", Bytes(r.TotalBytes))
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
	if f := r.Fabric; f != nil {
		fabricText(&b, line, r, f)
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

// Bytes writes an exact byte count with its binary and decimal
// readings (units.ExactBytes): "104857600 B (100 MiB, 104.9 MB)".
func Bytes(n int64) string { return units.ExactBytes(n) }

// gbps writes bytes per second in GB/s (10⁹ B/s) with four significant
// figures, as nccl-tests reports algbw and busbw.
func gbps(bps float64) string {
	return fmt.Sprintf("%.4g GB/s", bps/1e9)
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
		line("inter bytes", "the busiest rank sends %s across nodes", Bytes(tr.InterBytesPerRank))
	}
	if fr := tr.FlatRing; fr != nil {
		ratio := "∞"
		if fr.InterRatio > 0 {
			ratio = fmt.Sprintf("%.3g×", fr.InterRatio)
		}
		line("flat ring", "one ring over all %d ranks on the same links: %s; its busiest rank sends %s across nodes (%s the hierarchical's)",
			r.Ranks, cost.FormatSeconds(fr.TimeS), Bytes(fr.InterBytesPerRank), ratio)
	}
	if l := tr.Ledger; l != nil {
		line("ledger intra", "%s on intra-node links in all; the busiest rank (%d) sends %s", Bytes(l.IntraBytes), l.MaxIntraSentRank, Bytes(l.MaxIntraSent))
		line("ledger inter", "%s on inter-node links in all; the busiest rank (%d) sends %s", Bytes(l.InterBytes), l.MaxInterSentRank, Bytes(l.MaxInterSent))
	} else {
		line("ledger", "the schedule is too large to build here; the bytes above are the closed form's")
	}
}
