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
	commands["table"] = command{
		summary: "the nccl-tests table (e.g. all_reduce_perf -b 8 -e 8G -f 2) the α-β-γ model expects",
		run:     runTable,
	}
}

const (
	tableSynopsis = "ccplay table [--collective C] [--algorithm A] [--ranks P] [--bandwidth B] [--latency α] [...] -b MIN -e MAX (-f FACTOR | -i STEP) [--json]"
	tableAbout    = "Prints the table nccl-tests would print for this sweep if the network behaved exactly like the\n" +
		"α-β-γ model (request.TableQuery, cost.Table): nccl-tests' header, columns, units and widths, the\n" +
		"out-of-place columns only, #wrong as N/A, and the average bus bandwidth. As in nccl-tests, bare\n" +
		"K/M/G suffixes of -b, -e and -i are binary (8G = 8 GiB). --json prints the rows as a JSON array."
)

// runTable implements `ccplay table`.
func runTable(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("table")
	f.costFields("size")
	f.text("minbytes", "smallest size, nccl-tests' -b", "8", "b")
	f.text("maxbytes", "largest size, nccl-tests' -e", "8G", "e")
	f.text("stepfactor", "multiply the size by this factor each row, nccl-tests' -f", "2", "f")
	f.text("stepbytes", "add this many bytes each row instead, nccl-tests' -i", "0", "i")
	asJSON := f.boolean("json", "print the rows as a JSON array of cost.Row instead of the table")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, tableSynopsis, tableAbout)
	}
	if f.isGiven("stepfactor") && f.isGiven("stepbytes") {
		return fail(stderr, "--stepbytes: give either --stepfactor (-f) or --stepbytes (-i), not both")
	}
	p, dt, sweep, err := request.TableQuery(f.lookup())
	if err != nil {
		return f.report(stderr, err)
	}
	rows, err := cost.Table(p, dt, sweep)
	if err != nil {
		return f.report(stderr, err)
	}
	if *asJSON {
		if rows == nil {
			rows = []cost.Row{}
		}
		out, err := marshalJSON(rows, true)
		if err != nil {
			return f.report(stderr, err)
		}
		return write(stdout, stderr, out)
	}
	return write(stdout, stderr, tableText(p, rows))
}

// tableText lays the rows out as nccl-tests does (src/common.cu): a 12-wide
// size and count, 8-wide type, 6-wide redop and root, then time (7 wide,
// its decimals depending on its magnitude), algbw and busbw (6.2f) and
// #wrong (5 wide), two spaces between columns.
func tableText(p cost.Params, rows []cost.Row) string {
	var b strings.Builder
	nccl := p.CostModel == cost.ModelNCCL
	if nccl {
		fmt.Fprintf(&b, "# ccplay expected nccl-tests table: %s, NCCL %s's tuning model (Ring/Tree × LL/LL128/Simple), %d ranks, network %s per direction",
			p.Collective, cost.NCCLVersion, p.Ranks, units.Bandwidth(p.Bandwidth))
	} else {
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
	b.WriteString("\n")
	if nccl {
		b.WriteString("# These are NCCL-model predictions (illustrative constants, see ccplay cost --model nccl), not measurements.\n")
	} else {
		b.WriteString("# These are α-β-γ model predictions, not measurements: put them beside a real nccl-tests run.\n")
	}
	b.WriteString("# Only nccl-tests' out-of-place columns are shown; #wrong is N/A (a model has nothing to verify).\n")
	if nccl {
		b.WriteString("# NCCL's choice of algorithm/protocol for each size follows its row after '#'.\n")
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
			ncclTime(r.TimeUs), r.AlgBwGBs, r.BusBwGBs, "N/A")
		if string(p.Algorithm) == "auto" || nccl {
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
	return b.String()
}

// ncclTime writes a time in µs as nccl-tests does: no decimals from
// 10000 µs, one from 100 µs, two below, right-aligned in 7 columns.
func ncclTime(us float64) string {
	switch {
	case us >= 10000:
		return fmt.Sprintf("%7.0f", us)
	case us >= 100:
		return fmt.Sprintf("%7.1f", us)
	}
	return fmt.Sprintf("%7.2f", us)
}
