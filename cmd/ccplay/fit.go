package main

import (
	"encoding/json"
	"errors"
	"io"
	"os"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/job"
)

func init() {
	commands["fit"] = command{
		summary: "fit α and β to nccl-tests output or ccplay bench --json and show how far the model is from each measured row",
		run:     runFit,
	}
}

const (
	fitSynopsis = "ccplay fit --nccl-tests FILE [flags]\n       ccplay fit --bench FILE [flags]"
	fitAbout    = "Reads measurements (FILE, or - for stdin): with --nccl-tests the output of an nccl-tests\n" +
		"benchmark — the text log in any of its layouts (#wrong or the older error column, with or without\n" +
		"redop and root) or the JSON report of -J; with --bench the JSON of ccplay bench --json. For each\n" +
		"nccl-tests table, or each bench series (one collective and algorithm), it fits by least squares on\n" +
		"relative error:\n" +
		"  line:       T = α + β·S                 (the collective's own latency and inverse bandwidth)\n" +
		"  algorithm:  T = A·α + B·β               (A, B from the algorithm's closed form: for ring\n" +
		"              AllReduce A = 2(P−1), B = 2(P−1)/P·S; so α is per step and 1/β the link bandwidth)\n" +
		"and prints R², the residuals, and per row the measured and fitted times and their difference.\n" +
		"nccl-tests: NCCL chose the algorithm, so ring and tree (where they apply) or --algorithm are fitted;\n" +
		"the collective comes from the log (JSON args, the footer) or busbw/algbw, the ranks from the\n" +
		"device lines; --collective and --np override them. Bench: each series is fitted with the algorithm\n" +
		"it measured; --collective and --algorithm choose series."
)

// fitInput is which flag named the file.
type fitInput struct {
	flag, path string
	bench      bool
}

// runFit implements `ccplay fit`: it reads the file, checks that its format
// is the flag's, then job.FitBench or job.FitNCCL, and the report.
func runFit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("fit")
	f.text("nccl-tests", "nccl-tests output to fit: a file, or - for stdin", "")
	f.text("bench", "ccplay bench --json output to fit: a file, or - for stdin", "")
	f.text("collective", "nccl-tests: the collective measured, if the log does not say; bench: the series to fit (comma-separated)", "")
	f.text("np", "nccl-tests: number of ranks, if the log has no device lines", "")
	f.text("algorithm", "comma-separated algorithms to fit (nccl-tests: default ring and tree where they apply; bench: the series to fit)", "")
	inPlace := f.boolean("inplace", "nccl-tests: fit the in-place columns instead of out-of-place")
	asJSON := f.boolean("json", "print one JSON object")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, fitSynopsis, fitAbout)
	}
	in, code := fitFile(f, stderr)
	if code >= 0 {
		return code
	}
	var data []byte
	var err error
	if in.path == "-" {
		data, err = io.ReadAll(io.LimitReader(stdin, measure.MaxInput+1))
	} else {
		data, err = readLimited(in.path, measure.MaxInput+1)
	}
	if err != nil {
		return fail(stderr, "--%s: %s", in.flag, oneLine(err.Error()))
	}
	format := measure.Detect(data)
	switch {
	case in.bench && format != measure.FormatBench:
		return fail(stderr, "--bench: not the JSON of ccplay bench --json (no \"series\" or \"pingpong\"); for nccl-tests output use --nccl-tests")
	case !in.bench && format == measure.FormatBench:
		return fail(stderr, "--nccl-tests: this is the JSON of ccplay bench --json; use --bench %s", in.path)
	}
	var out []job.FitTable
	if in.bench {
		out, err = job.FitBench(f.lookup(), data, *inPlace)
	} else {
		out, err = job.FitNCCL(f.lookup(), data, *inPlace)
	}
	if err != nil {
		var fe *fielderr.Error
		if errors.As(err, &fe) && (fe.Field == "measurements" || fe.Field == "bench" || fe.Field == "nccl-tests") {
			return fail(stderr, "--%s: %s", in.flag, fe.Msg)
		}
		if errors.As(err, &fe) && fe.Field == "inplace" { // a boolean flag: not in f.field
			return fail(stderr, "--inplace: %s", fe.Msg)
		}
		return f.report(stderr, err)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			File   string         `json:"file"`
			Format string         `json:"format"`
			Tables []job.FitTable `json:"tables"`
		}{in.path, jsonFormat(format), out})
	} else {
		for i, ft := range out {
			io.WriteString(stdout, job.FitText(in.path, i, ft))
		}
	}
	return fitStatus(in.flag, out, stderr)
}

// fitStatus is the exit status of a fit that was reported: exitOK when at
// least one table fitted something, else exitUsage with one line saying
// that no row of the file was usable (the report above shows why).
func fitStatus(flag string, out []job.FitTable, stderr io.Writer) int {
	for _, ft := range out {
		if ft.Fitted() {
			return exitOK
		}
	}
	return fail(stderr, "--%s: nothing to fit: no table has two usable rows (a size above 0 with a valid time); see the report above", flag)
}

// jsonFormat is the report's "format": nccl-tests' own names (text, json)
// as before, or ccplay-bench.
func jsonFormat(format string) string {
	switch format {
	case measure.FormatNCCLText:
		return "text"
	case measure.FormatNCCLJSON:
		return "json"
	}
	return format
}

// fitFile checks that exactly one of --nccl-tests and --bench names a
// file; code ≥ 0 is the exit status of a refusal.
func fitFile(f *flagSet, stderr io.Writer) (fitInput, int) {
	nt, okN := f.given["nccl-tests"]
	b, okB := f.given["bench"]
	switch {
	case okN && okB:
		return fitInput{}, fail(stderr, "--bench: give either --nccl-tests or --bench, not both")
	case okB:
		if strings.TrimSpace(b) == "" {
			return fitInput{}, fail(stderr, "--bench: want a file (or - for stdin) holding ccplay bench --json output")
		}
		return fitInput{flag: "bench", path: b, bench: true}, -1
	case !okN || strings.TrimSpace(nt) == "":
		return fitInput{}, fail(stderr, "--nccl-tests: required: the nccl-tests output to fit (a file, or - for stdin); or --bench for ccplay bench --json output")
	}
	return fitInput{flag: "nccl-tests", path: nt}, -1
}

// readLimited reads at most n bytes of a file.
func readLimited(path string, n int64) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return io.ReadAll(io.LimitReader(fh, n))
}
