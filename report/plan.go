package report

import (
	"fmt"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/plan"
	"github.com/ccplay/ccplay/core/units"
)

// Plan writes the plan as the CLI prints it: the question, the groups on the
// rank grid, one line per collective, totals per strategy, memory per GPU
// and the step time. O(rows).
func Plan(r plan.Result) string {
	var b strings.Builder
	in := r.Input
	p, c := in.Parallel, in.Cluster
	fmt.Fprintf(&b, "plan: %s, %s parameters (%s active per token)", in.Model.Name, paramCount(r.Params), paramCount(r.ActiveParams))
	if in.Model.Source != "" {
		fmt.Fprintf(&b, "; config: %s", in.Model.Source)
	}
	fmt.Fprintf(&b, "\ncluster: %d GPUs = %d nodes × %d; inside a node %s, α %s; between nodes %s, α %s; efficiency %s\n",
		r.World, c.Nodes, c.GPUsPerNode, units.Bandwidth(c.Intra.Bandwidth), units.Duration(c.Intra.Alpha),
		units.Bandwidth(c.Inter.Bandwidth), units.Duration(c.Inter.Alpha), units.Efficiency(c.Efficiency))
	if c.Fabric.Active() {
		s := c.Fabric.Normal(c.Nodes)
		if s.Kind == fabric.Torus {
			s.Dims = [3]int{} // each group has the squarest torus of its own nodes
		}
		fmt.Fprintf(&b, "fabric: %s; DP, ZeRO and EP calls of groups across nodes simulated on it, each group alone on its own nodes (docs/contention.md)\n", fabricSpec(s))
	}
	fmt.Fprintf(&b, "layout: dp %d × tp %d × pp %d, ep %d, sp %s, %s, bucket %s, recompute %s, order %s, algorithm %s\n",
		p.DP, p.TP, p.PP, p.EP, onOff(p.SP), r.Zero, units.FormatBytes(float64(p.Bucket), true), p.Recompute, p.Order, p.Algorithm)
	fmt.Fprintf(&b, "step: seq %d, micro-batch %d, %d micro-batches, global batch %d sequences = %d tokens\n",
		in.Shape.Seq, in.Shape.MicroBatch, r.MicroBatches, in.Shape.GlobalBatch, int64(in.Shape.GlobalBatch)*int64(in.Shape.Seq))
	fmt.Fprintf(&b, "rows and memory describe stage %d (layers %d–%d, %d with experts): %s dense + %s expert parameters per GPU\n",
		r.Stage.Index, r.Stage.First, r.Stage.First+r.Stage.Layers-1, r.Stage.MoELayers, paramCount(r.DenseOnGPU), paramCount(r.ExpertsOnGPU))

	b.WriteString("\ngroups on the rank grid (ranks of the group holding rank 0; placements)\n")
	if len(r.Groups) == 0 {
		b.WriteString("  none: one GPU\n")
	}
	for _, g := range r.Groups {
		var sh []string
		for _, s := range g.Shapes {
			sh = append(sh, s.String())
		}
		fmt.Fprintf(&b, "  %-4s size %-5d stride %-5d %-24s %s\n", g.Name, g.Size, g.Stride, rankList(g.Example, g.Size), strings.Join(sh, "; "))
	}

	b.WriteString("\ncollectives per training step, on one GPU (the slowest group of each family)\n")
	fmt.Fprintf(&b, "  %-5s %-15s %-14s %-5s %11s %7s %-22s %-26s %11s %11s %11s  %s\n",
		"strat", "phase", "collective", "group", "bytes/call", "calls", "links", "algorithm", "time/call", "time/step", "sent/step", "what")
	for _, row := range r.Rows {
		alg := row.Algorithm
		if row.AutoChosen {
			alg += " (auto)"
		}
		fmt.Fprintf(&b, "  %-5s %-15s %-14s %-5s %11s %7d %-22s %-26s %11s %11s %11s  %s\n",
			row.Strategy, row.Phase, row.Collective, fmt.Sprintf("%s%d", row.Group, row.GroupSize),
			units.FormatBytes(float64(row.Bytes), false), row.Calls, strings.Join(row.Links, "+"), alg,
			cost.FormatSeconds(row.TimePerCall), cost.FormatSeconds(row.TimeS), units.FormatBytes(float64(row.SentBytes), false), row.What)
	}
	if len(r.Rows) == 0 {
		b.WriteString("  none\n")
	}
	for _, row := range r.Rows {
		if row.Note != "" {
			fmt.Fprintf(&b, "  note (%s %s): %s\n", row.Strategy, row.Collective, row.Note)
		}
	}
	b.WriteString("\ntotals per strategy (bytes = Σ calls × bytes per call; sent = by the busiest rank)\n")
	for _, t := range r.Totals {
		fmt.Fprintf(&b, "  %-5s %12s  sent %12s  %s\n", t.Strategy, units.FormatBytes(float64(t.Bytes), false),
			units.FormatBytes(float64(t.SentBytes), false), cost.FormatSeconds(t.TimeS))
	}

	if f := r.Fabric; f != nil {
		planFabric(&b, f, r)
	}

	m := r.Memory
	fmt.Fprintf(&b, "\nmemory per GPU (16 B/parameter mixed-precision Adam as %s divides it; activations %s per layer × %d layers × %d micro-batches in flight, Korthikanti et al. 2022)\n",
		r.Zero, m.ActivationFormula, r.Stage.Layers, m.InFlight)
	fmt.Fprintf(&b, "  weights %s  gradients %s  optimizer %s  activations %s  total %s\n",
		gigabytes(m.Weights), gigabytes(m.Gradients), gigabytes(m.Optimizer), gigabytes(m.Activations), gigabytes(m.Total))

	fmt.Fprintf(&b, "\ntime per step (compute = 6 · %s active parameters · tokens / (%d GPUs · %.4g TFLOP/s · MFU %s))\n",
		paramCount(r.ActiveParams), r.World, in.Compute.PeakFLOPS/1e12, units.Efficiency(in.Compute.MFU))
	fmt.Fprintf(&b, "  compute %s  pipeline bubble %s  communication %s (nothing overlapped)  step %s  communication share %.1f%%\n",
		cost.FormatSeconds(r.ComputeS), cost.FormatSeconds(r.BubbleS), cost.FormatSeconds(r.CommS), cost.FormatSeconds(r.StepS), 100*r.CommShare)
	if tls := plan.Timelines(r, plan.DefaultMoEChunks); len(tls) > 0 {
		b.WriteString("\noverlap (plan.Timelines; ccplay plan --timeline NAME draws one as SVG)\n")
		for _, t := range tls {
			fmt.Fprintf(&b, "  %-17s %-72s compute %s, finish %s, serial %s, exposed %s\n", t.Name, t.About,
				cost.FormatSeconds(t.Compute), cost.FormatSeconds(t.Finish), cost.FormatSeconds(t.Serial), cost.FormatSeconds(t.Exposed))
		}
	}
	return b.String()
}

// planFabric writes what the fabric changed: each row simulated on it, its
// time per step without contention and on the fabric, and the
// communication time both ways.
func planFabric(b *strings.Builder, f *plan.FabricEffect, r plan.Result) {
	b.WriteString("\non the fabric (time per step without contention → simulated)\n")
	for _, x := range f.Rows {
		fmt.Fprintf(b, "  %-5s %-15s %-14s %-5s %11s → %11s  %6.3g×  %s\n", x.Strategy, x.Phase, x.Collective, fmt.Sprintf("%s%d", x.Group, r.Rows[x.Row].GroupSize),
			cost.FormatSeconds(x.IdealS), cost.FormatSeconds(x.TimeS), x.Slowdown, x.What)
	}
	if len(f.Rows) == 0 {
		b.WriteString("  no row: every DP, ZeRO and EP group sits inside one node\n")
	}
	fmt.Fprintf(b, "  communication %s → %s  %6.3g×\n", cost.FormatSeconds(f.IdealCommS), cost.FormatSeconds(r.CommS), cost.Slowdown(r.CommS, f.IdealCommS))
}

// StrategyTable writes the planner's strategy table (plan.StrategyTable) as
// the CLI prints it, one strategy
// per block. O(rows).
func StrategyTable(rows []plan.StrategyRow) string {
	var b strings.Builder
	b.WriteString("the lecture's §0.3 / §6 table, regenerated by the planner (each row is the plan of a reference question;\n")
	b.WriteString("Ψ = gradient bytes, A = b·s·h·2 activation bytes, T = tokens·top-k·h·2, N = group size; busiest rank, ring)\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "\n%s — splits %s\n  collectives: %s\n  travels: %s\n  sent per rank: %s\n",
			r.Strategy, r.Split, strings.Join(r.Calls, "; "), r.Travels, r.Volume)
	}
	return b.String()
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// paramCount writes a parameter count: 70.55 B, 6.74 B, 805.3 M.
func paramCount(n int64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2f B", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1f M", float64(n)/1e6)
	}
	return fmt.Sprintf("%d", n)
}

// gigabytes writes bytes in GB (10⁹).
func gigabytes(x float64) string { return fmt.Sprintf("%.2f GB", x/1e9) }

// rankList writes a rank list briefly: "0-7", "0,8,16,…,56".
func rankList(ex []int, size int) string {
	if len(ex) == 0 {
		return ""
	}
	if len(ex) == size && ex[len(ex)-1]-ex[0] == size-1 {
		return fmt.Sprintf("%d-%d", ex[0], ex[len(ex)-1])
	}
	var parts []string
	for i, r := range ex {
		if i == 3 && size > 4 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, fmt.Sprint(r))
	}
	return strings.Join(parts, ",")
}
