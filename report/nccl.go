package report

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/units"
)

// ncclText lays out NCCL's model: the machine as NCCL sees it (its rates,
// the searched graphs), the tuning table in the layout NCCL prints with
// NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=TUNING (latency µs / algorithm
// bandwidth GB/s, one column group per algorithm in the order of the cells,
// one column per protocol), then the tuner's time of every entry for this
// size, the winner, the predicted run time of the winner
// (NCCLResult.Predicted, term by term), and the assumptions. O(cells).
func ncclText(r cost.Result) string {
	n := r.NCCL
	var b strings.Builder
	fmt.Fprintf(&b, "%s of %s on %d ranks, NCCL %s's model: %s in %s (NCCL's tuner estimate); predicted run time %s\n", r.Collective, units.FormatBytes(float64(n.SizeBytes), true),
		n.Ranks, n.Version, n.Winner, cost.FormatSeconds(n.TimeS), cost.FormatSeconds(n.Predicted.TimeS))
	fmt.Fprintf(&b, "machine: %d node(s) × %d GPU(s), intra-node %s, %s GPUs, %d channels at run time\n", n.Nodes, n.GPUsPerNode, n.IntraHW, n.Arch, n.Channels)
	for _, m := range n.Machine {
		fmt.Fprintf(&b, "  %s\n", m)
	}
	for _, g := range n.Graphs {
		fmt.Fprintf(&b, "  %s graph: %d channels × %.4g GB/s inside a node", g.Pattern, g.Channels, g.BwIntra)
		if n.Nodes > 1 {
			fmt.Fprintf(&b, ", %.4g GB/s across nodes", g.BwInter)
		}
		b.WriteString("\n")
	}
	algs, protos := ncclAxes(n.Cells)
	b.WriteString("\nNCCL's tuning table (as NCCL_DEBUG_SUBSYS=TUNING prints it: latency µs / algorithm bandwidth GB/s; 0.0 = disabled)\n")
	const cell = 15 // "%8.1f/%6.1f" plus its " |"
	group := len(protos)*(cell+2) - 1
	line := "  Algorithm   |"
	for _, a := range algs {
		line += fmt.Sprintf(" %*s |", group-1, center(a, group-1))
	}
	b.WriteString(line + "\n")
	line = "  Protocol    |"
	for range algs {
		for _, p := range protos {
			line += fmt.Sprintf(" %*s |", cell-1, p)
		}
	}
	b.WriteString(line + "\n")
	line = fmt.Sprintf("%13s |", prim.Collective(r.Collective).Name())
	for _, c := range n.Cells {
		lat, bw := c.LatencyUs, c.AlgBwGBs
		if !c.Enabled {
			lat, bw = 0, 0
		}
		line += fmt.Sprintf("%8.1f/%6.1f |", lat, bw)
	}
	b.WriteString(line + "\n")
	w := 0
	for _, a := range algs {
		w = max(w, len(a))
	}
	fmt.Fprintf(&b, "\nNCCL's tuner time for S = %s (time = latency + S ÷ (1000 × algbw) µs, ncclTopoGetAlgoTime)\n", Bytes(n.SizeBytes))
	fmt.Fprintf(&b, "  %-*s %-7s %12s %12s %12s %14s\n", w, "algo", "proto", "latency", "busbw", "algbw", "time")
	for _, c := range n.Cells {
		if !c.Enabled {
			fmt.Fprintf(&b, "  %-*s %-7s %s\n", w, c.Algorithm, c.Protocol, "disabled: "+c.Reason)
			continue
		}
		mark := ""
		if c.Algorithm+"/"+c.Protocol == n.Winner {
			mark = "  ← NCCL's choice"
		}
		fmt.Fprintf(&b, "  %-*s %-7s %9.2f µs %7.1f GB/s %7.1f GB/s %14s%s\n", w, c.Algorithm, c.Protocol, c.LatencyUs, c.BusBwGBs, c.AlgBwGBs,
			cost.FormatSeconds(c.TimeUs*1e-6), mark)
	}
	fmt.Fprintf(&b, "winner: %s, %s; algbw %s, busbw %s (nccl-tests' definitions)\n", n.Winner, cost.FormatSeconds(n.TimeS), gbps(n.AlgBwBps), gbps(n.BusBwBps))
	b.WriteString(predictedText(*n))
	fmt.Fprintf(&b, "α-β-γ model for comparison: %s %s", r.Algorithm, cost.FormatSeconds(r.TimeS))
	if n.Nodes > 1 && n.GPUsPerNode > 1 {
		fmt.Fprintf(&b, " (one schedule over ranks in order: a single ring crosses each node boundary on one NIC, while NCCL's %d channels spread over all %d NICs of a node)", n.Channels, n.GPUsPerNode)
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "source: %s\nassumptions (illustrative, not a measurement):\n", n.Source)
	for _, a := range n.Assumptions {
		fmt.Fprintf(&b, "  - %s\n", a)
	}
	return b.String()
}

// predictedText is the prediction beside the tuner's estimate: its time
// and bandwidths, its three terms, and what NCCL runs the size on.
func predictedText(n cost.NCCLResult) string {
	p := n.Predicted
	var b strings.Builder
	fmt.Fprintf(&b, "predicted run time: %s; algbw %s, busbw %s (NCCL's tuner estimate above has no pipeline start-up)\n",
		cost.FormatSeconds(p.TimeS), gbps(p.AlgBwBps), gbps(p.BusBwBps))
	fmt.Fprintf(&b, "  = start-up %.2f µs + pipeline fill %.2f µs + S ÷ rate %.2f µs; %d channels, %s chunks", p.StartUs, p.FillUs, p.BandwidthUs, p.Channels, units.FormatBytes(float64(p.ChunkBytes), true))
	if p.Plugin != "" {
		fmt.Fprintf(&b, ", network plugin %s", p.Plugin)
		if p.WindowBound {
			b.WriteString(" (its round trip sets the rate)")
		}
	}
	b.WriteString("\n")
	return b.String()
}

// ncclAxes lists the algorithms and the protocols of cells in the order
// they first appear (cells run algorithm by algorithm, protocol by protocol,
// as NCCL's table). O(cells²) on at most a few dozen cells.
func ncclAxes(cells []cost.NCCLCell) (algs, protos []string) {
	for _, c := range cells {
		if !slices.Contains(algs, c.Algorithm) {
			algs = append(algs, c.Algorithm)
		}
		if !slices.Contains(protos, c.Protocol) {
			protos = append(protos, c.Protocol)
		}
	}
	return algs, protos
}

// center pads s with spaces on both sides to width w (s unchanged if longer).
func center(s string, w int) string {
	pad := w - len(s)
	if pad <= 0 {
		return s
	}
	return strings.Repeat(" ", pad-pad/2) + s + strings.Repeat(" ", pad/2)
}
