package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/report"
)

func init() {
	commands["cost"] = command{
		summary: "price one collective under the α-β-γ model: time, its terms, bytes, algbw/busbw, formula",
		run:     runCost,
	}
}

const (
	costSynopsis = "ccplay cost [flags]"
	costAbout    = "Prices one collective with the closed form of its algorithm:\n" +
		"the time with its latency (α), bandwidth (β) and compute (γ) terms, the steps, the bytes the busiest\n" +
		"rank sends, algbw and busbw (nccl-tests' definitions, GB/s = 10⁹ B/s), the lower bound, the formula\n" +
		"and the formula with the numbers plugged in. Flags not given take the defaults below (the lecture's\n" +
		"Experiment 3 setting). With --fabric other than ideal the schedule is simulated on that switched fabric\n" +
		"(flows sharing links max-min fairly, docs/contention.md) and the time is the simulated one.\n" +
		"--json prints one JSON object instead."
)

// runCost implements `ccplay cost`.
func runCost(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("cost")
	f.costFields()
	f.fabricFields()
	asJSON := f.boolean("json", "print one JSON object instead of text: the answer's fields, auto's crossovers, and inputs (each value with where it came from)")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, costSynopsis, costAbout)
	}
	a, err := question.AnswerCost(f.lookup())
	if err != nil {
		return f.report(stderr, err)
	}
	if *asJSON {
		out, err := marshalJSON(a, true)
		if err != nil {
			return f.report(stderr, err)
		}
		return write(stdout, stderr, out)
	}
	var b strings.Builder
	report.Cost(&b, a.Params, a.Inputs, a.Result, f.isGiven("chunks")) //nolint:errcheck // a strings.Builder never fails
	return write(stdout, stderr, b.String())
}

// write writes s to stdout; a failed write (a closed pipe) is status 1.
func write(stdout, stderr io.Writer, s string) int {
	if _, err := io.WriteString(stdout, s); err != nil {
		fmt.Fprintf(stderr, "ccplay: writing the output: %s\n", oneLine(err.Error()))
		return exitInternal
	}
	return exitOK
}
