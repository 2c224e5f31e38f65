package main

import (
	"io"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/report"
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
		"α-β-γ model (question.TableQuery, cost.Table): nccl-tests' header, columns, units and widths, the\n" +
		"out-of-place columns only, #wrong as N/A, and the average bus bandwidth. As in nccl-tests, bare\n" +
		"K/M/G suffixes of -b, -e and -i are binary (8G = 8 GiB). --json prints the rows as a JSON array."
)

// runTable implements `ccplay table`.
func runTable(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("table")
	f.costFields("size")
	f.text("minbytes", "smallest size, nccl-tests' -b", question.SweepDefaults["minbytes"], "b")
	f.text("maxbytes", "largest size, nccl-tests' -e", question.SweepDefaults["maxbytes"], "e")
	f.text("stepfactor", "multiply the size by this factor each row, nccl-tests' -f", question.SweepDefaults["stepfactor"], "f")
	f.text("stepbytes", "add this many bytes each row instead, nccl-tests' -i", question.SweepDefaults["stepbytes"], "i")
	asJSON := f.boolean("json", "print the rows as a JSON array of cost.Row instead of the table")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, tableSynopsis, tableAbout)
	}
	if f.isGiven("stepfactor") && f.isGiven("stepbytes") {
		return fail(stderr, "--stepbytes: give either --stepfactor (-f) or --stepbytes (-i), not both")
	}
	t, err := question.ReadTable(f.lookup())
	if err != nil {
		return f.report(stderr, err)
	}
	p := t.Params
	rows, err := cost.Table(p, t.DType, t.Sweep)
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
	var b strings.Builder
	report.Table(&b, p, t.Inputs, rows) //nolint:errcheck // a strings.Builder never fails
	return write(stdout, stderr, b.String())
}
