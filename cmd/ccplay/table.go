package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/msg"
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
	tableSynopsis = "ccplay table [flags]\n       ccplay table [flags] -- <an nccl-tests command line, e.g. mpirun -np 2 ./build/all_reduce_perf -b 8 -e 128M -f 2 -g 8>"
	tableAbout    = "Prints the table nccl-tests would print for this sweep if the network behaved exactly like the\n" +
		"model: nccl-tests' header, columns, units and widths, the out-of-place columns only, #wrong as N/A,\n" +
		"and the average bus bandwidth. nccl-tests' own flags work with their meanings: as in nccl-tests, bare\n" +
		"K/M/G suffixes of -b, -e and -i are binary (8G = 8 GiB); -g × -t (× a launcher's -np, or --nprocs) is\n" +
		"the number of ranks when --ranks is not given; -d and -o take all. Flags that change how a real run is\n" +
		"measured but not what a model predicts (-n, -w, -c, -G …) are accepted and listed in a note. After --,\n" +
		"a whole nccl-tests command line is read: its binary names the collective. With --fabric other than ideal\n" +
		"each row is the schedule simulated on that switched fabric (docs/contention.md). --json prints the rows\n" +
		"as a JSON array."
)

// runTable implements `ccplay table`.
func runTable(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	args, pasted, hasPasted := cutArgs(args)
	f := newFlagSet("table")
	f.costFields("size")
	f.fabricFields()
	for _, nf := range question.NCCLTestsFlags {
		names := []string{nf.Short}
		if nf.Long != "" {
			names = append(names, nf.Long)
		}
		switch {
		case nf.Field == "dtype" || nf.Field == "root":
			f.alias(nf.Field, names...)
		case nf.Field != "":
			f.text(nf.Field, msg.New(nf.About).String(), question.SweepDefaults[nf.Field], without(names, nf.Field)...)
		default:
			f.text(names[len(names)-1], msg.New(nf.About).String(), "", names[:len(names)-1]...)
		}
	}
	f.text("nprocs", msg.New("nccltests.flag.nprocs").String(), "1")
	asJSON := f.boolean("json", "print the rows as a JSON array instead of the table")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, tableSynopsis, tableAbout)
	}
	var unmodelled []question.Unmodelled
	if hasPasted {
		fields, un, err := question.NCCLTestsCommand(pasted)
		if err != nil {
			return f.report(stderr, err)
		}
		for k, v := range fields {
			if f.isGiven(k) {
				return fail(stderr, "%s: given both as a flag and in the nccl-tests command line; give it once", dashed(k))
			}
			f.given[k] = v
		}
		unmodelled = un
	}
	for _, nf := range question.NCCLTestsFlags {
		name := nf.Long
		if name == "" {
			name = nf.Short
		}
		if v, ok := f.given[name]; ok && nf.Field == "" {
			unmodelled = append(unmodelled, question.Unmodelled{Flag: nf, Value: v})
			delete(f.given, name)
		}
	}
	t, err := question.ReadTable(f.lookup())
	if err != nil {
		return f.report(stderr, err)
	}
	rows, err := question.TableRows(nil, t) //nolint:staticcheck // nil: a local run has no client to lose
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
	if len(unmodelled) > 0 {
		var parts []string
		for _, u := range unmodelled {
			parts = append(parts, fmt.Sprintf("-%s %s", u.Flag.Short, u.Value))
		}
		fmt.Fprintf(&b, "# nccl-tests flags that do not change a prediction (accepted): %s\n", strings.Join(parts, " "))
	}
	report.Table(&b, t.Params, t.Inputs, rows) //nolint:errcheck // a strings.Builder never fails
	return write(stdout, stderr, b.String())
}

// cutArgs splits args at the first "--": the flags before it, and the
// pasted command line after it.
func cutArgs(args []string) (flags, pasted []string, ok bool) {
	for i, a := range args {
		if a == "--" {
			return args[:i], args[i+1:], true
		}
	}
	return args, nil, false
}

// without is names without name.
func without(names []string, name string) []string {
	var out []string
	for _, n := range names {
		if n != name {
			out = append(out, n)
		}
	}
	return out
}
