package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/units"
)

// Table writes rows (from cost.Table for the question p) as the table
// nccl-tests prints (src/common.cu of NVIDIA/nccl-tests): a comment header
// naming the model's parameters, the column header with its units, one line
// per size — 12-wide size and count, 8-wide type, 6-wide redop and root,
// the time in µs 7 wide (no decimals from 10000 µs, one from 100 µs, two
// below), algbw and busbw in GB/s as %6.2f, and #wrong as N/A, two spaces
// between columns — and the average bus bandwidth. Only the out-of-place
// columns are written: the model predicts the same for in-place. With
// algorithm auto or the NCCL model, each line ends with "# <choice>"; the
// header names the topology and any slowdown, and which values a preset
// or system supplied (Sources).
//
// This is the one formatter of the table: `ccplay table` and GET
// /api/v1/table?format=text both print it. It returns the first write error.
func Table(w io.Writer, p cost.Params, inputs field.Inputs, rows []cost.Row) error {
	var b strings.Builder
	nccl := p.CostModel == cost.ModelNCCL
	switch {
	case nccl && p.NCCL.System.Name != "":
		fmt.Fprintf(&b, "# ccplay expected nccl-tests table: %s, NCCL %s's tuning model and predicted run time, %d ranks of %s, network %s per GPU per direction",
			p.Collective, cost.NCCLVersion, p.Ranks, p.NCCL.System.Label, units.Bandwidth(p.Bandwidth))
	case nccl:
		fmt.Fprintf(&b, "# ccplay expected nccl-tests table: %s, NCCL %s's tuning model and predicted run time, %d ranks, network %s per direction",
			p.Collective, cost.NCCLVersion, p.Ranks, units.Bandwidth(p.Bandwidth))
	default:
		fmt.Fprintf(&b, "# ccplay expected nccl-tests table: %s, %s, %d ranks, %s per direction, α = %s",
			p.Collective, p.Algorithm, p.Ranks, units.Bandwidth(p.Bandwidth), units.Duration(p.Latency))
	}
	if p.Efficiency != 1 {
		fmt.Fprintf(&b, ", efficiency %s", units.Efficiency(p.Efficiency))
	}
	if p.Gamma != 0 && !nccl {
		fmt.Fprintf(&b, ", γ = %g s/B", p.Gamma)
	}
	if p.GPUsPerNode > 0 {
		fmt.Fprintf(&b, ", %d nodes × %d GPUs, intra-node %s", p.Ranks/p.GPUsPerNode, p.GPUsPerNode, units.Bandwidth(p.IntraBandwidth))
		if !nccl {
			fmt.Fprintf(&b, " α = %s", units.Duration(p.IntraLatency))
		}
	}
	if s := p.Slow; s.Active() {
		if s.IsLink {
			fmt.Fprintf(&b, ", link %d-%d slowed ×%g", s.A, s.B, s.Factor)
		} else {
			fmt.Fprintf(&b, ", rank %d slowed ×%g", s.Rank, s.Factor)
		}
	}
	if p.Fabric.Active() {
		fmt.Fprintf(&b, "; fabric %s", fabricSpec(p.Fabric.Normal(p.Ranks/max(p.GPUsPerNode, 1))))
	}
	b.WriteString("\n")
	if src := Sources(inputs); src != "" {
		b.WriteString("# from presets: " + src + "\n")
	}
	if nccl {
		b.WriteString("# These are predicted run times of NCCL's choice (NCCL's tuner estimate, its own constants restated, plus pipeline start-up; see ccplay cost --model nccl), not measurements.\n")
	} else {
		b.WriteString("# These are α-β-γ model predictions, not measurements: put them beside a real nccl-tests run.\n")
		if p.Fabric.Active() {
			b.WriteString("# Each time is the row's schedule simulated on the fabric (flows share links max-min fairly, docs/contention.md); algbw and busbw follow it.\n")
		}
	}
	b.WriteString("# Only nccl-tests' out-of-place columns are shown; #wrong is N/A (a model has nothing to verify).\n")
	if nccl {
		b.WriteString("# NCCL's choice of algorithm/protocol for each size, and its tuner's estimate, follow its row after '#'.\n")
	} else if string(p.Algorithm) == "auto" {
		b.WriteString("# algorithm auto: the algorithm chosen for each size follows its row after '#'.\n")
	}
	b.WriteString("#\n")
	header := func(format string, cols ...any) {
		b.WriteString(strings.TrimRight(fmt.Sprintf(format, cols...), " ") + "\n")
	}
	header("# %10s  %12s  %8s  %6s  %6s           out-of-place", "", "", "", "", "")
	header("# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s %6s", "size", "count", "type", "redop", "root", "time", "algbw", "busbw", "#wrong")
	header("# %10s  %12s  %8s  %6s  %6s  %7s  %6s  %6s  %5s", "(B)", "(elements)", "", "", "", "(us)", "(GB/s)", "(GB/s)", "")
	sum := 0.0
	for _, r := range rows {
		fmt.Fprintf(&b, "%12d  %12d  %8s  %6s  %6d  %7s  %6.2f  %6.2f  %5s", r.SizeBytes, r.Count, r.Type, r.Redop, r.Root,
			microseconds(r.TimeUs), r.AlgBwGBs, r.BusBwGBs, "N/A")
		switch {
		case nccl:
			fmt.Fprintf(&b, "  # %s, tuner %s us", r.Algorithm, microseconds(r.TunerTimeUs))
		case string(p.Algorithm) == "auto":
			fmt.Fprintf(&b, "  # %s", r.Algorithm)
		}
		b.WriteString("\n")
		sum += r.BusBwGBs
	}
	avg := 0.0
	if len(rows) > 0 {
		avg = sum / float64(len(rows))
	}
	b.WriteString("# Out of bounds values : N/A (a model has nothing to verify)\n")
	fmt.Fprintf(&b, "# Avg bus bandwidth    : %.6g\n", avg)
	b.WriteString("#\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// microseconds writes a time in µs 7 wide: no decimals from 10000 µs, one
// from 100 µs, two below.
func microseconds(us float64) string {
	switch {
	case us >= 10000:
		return fmt.Sprintf("%7.0f", us)
	case us >= 100:
		return fmt.Sprintf("%7.1f", us)
	}
	return fmt.Sprintf("%7.2f", us)
}
