package report

import (
	"fmt"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/units"
)

// ncclFuncNames are NCCL's names of the collectives (ncclFuncStr).
var ncclFuncNames = map[string]string{
	"allreduce": "AllReduce", "allgather": "AllGather", "reducescatter": "ReduceScatter",
	"broadcast": "Broadcast", "reduce": "Reduce",
}

// ncclText lays out NCCL's model: the tuning table in the layout NCCL
// prints with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=TUNING (latency µs /
// algorithm bandwidth GB/s per algorithm × protocol), then the predicted
// time of every entry for this size, the winner, and the assumptions.
func ncclText(r cost.Result) string {
	n := r.NCCL
	var b strings.Builder
	fmt.Fprintf(&b, "%s of %s on %d ranks, NCCL %s's model: %s in %s\n", r.Collective, units.FormatBytes(float64(n.SizeBytes), true),
		n.Ranks, n.Version, n.Winner, cost.FormatSeconds(n.TimeS))
	fmt.Fprintf(&b, "cluster: %d node(s) × %d GPU(s), intra-node %s, %d channels; per-channel speed intra %.4g/%.4g GB/s, inter %.4g/%.4g GB/s (Tree/Ring)\n",
		n.Nodes, n.GPUsPerNode, n.IntraHW, n.Channels, n.BwIntraGBs[0], n.BwIntraGBs[1], n.BwInterGBs[0], n.BwInterGBs[1])
	b.WriteString("\nNCCL's tuning table (as NCCL_DEBUG_SUBSYS=TUNING prints it: latency µs / algorithm bandwidth GB/s; 0.0 = disabled)\n")
	line := "  Algorithm   |"
	for _, a := range []string{"Tree", "Ring"} {
		line += fmt.Sprintf(" %14s   %14s   %14s |", "", a, "")
	}
	b.WriteString(line + "\n")
	line = "  Protocol    |"
	for range 2 {
		for _, p := range []string{"LL", "LL128", "Simple"} {
			line += fmt.Sprintf(" %14s |", p)
		}
	}
	b.WriteString(line + "\n")
	line = fmt.Sprintf("%13s |", ncclFuncNames[r.Collective])
	for _, c := range n.Cells {
		lat, bw := c.LatencyUs, c.AlgBwGBs
		if !c.Enabled {
			lat, bw = 0, 0
		}
		line += fmt.Sprintf("%8.1f/%6.1f |", lat, bw)
	}
	b.WriteString(line + "\n")
	fmt.Fprintf(&b, "\npredicted for S = %s (time = latency + S ÷ (1000 × algbw) µs, ncclTopoGetAlgoTime)\n", Bytes(n.SizeBytes))
	fmt.Fprintf(&b, "  %-6s %-7s %12s %12s %12s %14s\n", "algo", "proto", "latency", "busbw", "algbw", "time")
	for _, c := range n.Cells {
		if !c.Enabled {
			fmt.Fprintf(&b, "  %-6s %-7s %s\n", c.Algorithm, c.Protocol, "disabled: "+c.Reason)
			continue
		}
		mark := ""
		if c.Algorithm+"/"+c.Protocol == n.Winner {
			mark = "  ← NCCL's choice"
		}
		fmt.Fprintf(&b, "  %-6s %-7s %9.2f µs %7.1f GB/s %7.1f GB/s %14s%s\n", c.Algorithm, c.Protocol, c.LatencyUs, c.BusBwGBs, c.AlgBwGBs,
			cost.FormatSeconds(c.TimeUs*1e-6), mark)
	}
	fmt.Fprintf(&b, "winner: %s, %s; algbw %s, busbw %s (nccl-tests' definitions)\n", n.Winner, cost.FormatSeconds(n.TimeS), gbps(n.AlgBwBps), gbps(n.BusBwBps))
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
