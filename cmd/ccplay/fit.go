package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/fit"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

func init() {
	commands["fit"] = command{
		summary: "fit α and β to nccl-tests output or ccplay bench --json and show how far the model is from each measured row",
		run:     runFit,
	}
}

const (
	fitSynopsis = "ccplay fit --nccl-tests FILE [--collective C] [--np P] [--algorithm LIST] [--inplace] [--json]\n" +
		"       ccplay fit --bench FILE [--collective LIST] [--algorithm LIST] [--json]"
	fitAbout = "Reads measurements (FILE, or - for stdin): with --nccl-tests the output of an nccl-tests\n" +
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

// fitAlg is one algorithm's fit of a table.
type fitAlg struct {
	Algorithm string      `json:"algorithm"`
	Fit       *fit.Result `json:"fit,omitempty"`
	Error     string      `json:"error,omitempty"`
	PredS     []float64   `json:"predicted_s,omitempty"` // per row
}

// fitRow is one measured row.
type fitRow struct {
	SizeBytes int64   `json:"size_bytes"`
	TimeS     float64 `json:"time_s"`
	BusBwGBs  float64 `json:"busbw_GBps"`
	LineS     float64 `json:"line_s,omitempty"`
}

// fitTable is the report of one nccl-tests table or one bench series.
type fitTable struct {
	Collective string `json:"collective"`
	Source     string `json:"collective_source"` // log, busbw/algbw, --collective, bench
	// Measured is the algorithm a bench series ran ("" for nccl-tests,
	// where NCCL chose it).
	Measured   string      `json:"measured_algorithm,omitempty"`
	Ranks      int         `json:"ranks"`
	Type       string      `json:"type"`
	Variant    string      `json:"variant,omitempty"` // nccl-tests: out-of-place or in-place
	Rows       []fitRow    `json:"rows"`
	Skipped    int         `json:"skipped_rows"` // size 0 or no valid time
	Line       *fit.Result `json:"line,omitempty"`
	LineError  string      `json:"line_error,omitempty"`
	Algorithms []fitAlg    `json:"algorithms"`
}

// fitInput is which flag named the file.
type fitInput struct {
	flag, path string
	bench      bool
}

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
	var out []fitTable
	if in.bench {
		out, err = fitBench(f, data, *inPlace)
	} else {
		out, err = fitNCCL(f, data, *inPlace)
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
			File   string     `json:"file"`
			Format string     `json:"format"`
			Tables []fitTable `json:"tables"`
		}{in.path, jsonFormat(format), out})
		return exitOK
	}
	for i, ft := range out {
		writeFitText(stdout, in.path, i, ft)
	}
	return exitOK
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

func collNames() []string {
	var s []string
	for _, c := range prim.Collectives() {
		s = append(s, string(c))
	}
	return s
}

// fitNCCL fits every table of an nccl-tests log: ring and tree (or
// --algorithm), as NCCL's choice is not in the log.
func fitNCCL(f *flagSet, data []byte, inPlace bool) ([]fitTable, error) {
	var opt measure.Options
	if v, ok := f.given["collective"]; ok {
		c, err := prim.ParseCollective(v)
		if err != nil {
			return nil, fielderr.Errorf("collective", "unknown collective %q; accepted: %s", v, strings.Join(collNames(), ", "))
		}
		opt.Collective = c
	}
	np, err := f.intFlag("np", 0, 2, prim.MaxRanks)
	if err != nil {
		return nil, err
	}
	opt.Ranks, opt.InPlace = np, inPlace
	set, err := measure.ParseNCCLTests(data, opt)
	if err != nil {
		if fe, ok := err.(*fielderr.Error); ok && fe.Field == "np" && strings.HasSuffix(fe.Msg, "give the number of ranks") {
			return nil, fielderr.Errorf("np", "the log lists no ranks; give --np")
		}
		return nil, err
	}
	var out []fitTable
	for i, s := range set.Series {
		algs, err := fitAlgorithms(s.Collective, f.given["algorithm"], f.isGiven("algorithm"))
		if err != nil {
			if len(set.Series) > 1 {
				err = fielderr.Errorf("algorithm", "table %d: %s", i+1, err.(*fielderr.Error).Msg)
			}
			return nil, err
		}
		src := s.CollectiveFrom
		if src == "option" {
			src = "--collective"
		}
		out = append(out, fitSeries(s, src, "", algs))
	}
	return out, nil
}

// fitAlgorithms is --algorithm for collective c, or ring and tree where
// they apply (else every applicable algorithm).
func fitAlgorithms(c prim.Collective, algText string, algGiven bool) ([]sched.Algorithm, error) {
	var algs []sched.Algorithm
	if algGiven {
		for _, part := range strings.Split(algText, ",") {
			a, err := sched.ParseAlgorithm(part)
			if err != nil {
				return nil, err
			}
			if a == sched.Auto || sched.Check(c, a) != nil {
				return nil, fielderr.Errorf("algorithm", "%s has no %s closed form to fit; for %s use: %s", a, c, c, joinAlgs(sched.Applicable(c)))
			}
			algs = append(algs, a)
		}
		return algs, nil
	}
	for _, a := range []sched.Algorithm{sched.Ring, sched.Tree} {
		if sched.Check(c, a) == nil {
			algs = append(algs, a)
		}
	}
	if len(algs) == 0 {
		algs = sched.Applicable(c)
	}
	return algs, nil
}

// fitBench fits every series of a ccplay bench report with the algorithm
// it measured; --collective and --algorithm choose the series.
func fitBench(f *flagSet, data []byte, inPlace bool) ([]fitTable, error) {
	if f.isGiven("np") {
		return nil, fielderr.Errorf("np", "a ccplay bench report states its ranks; --np is for nccl-tests logs")
	}
	set, err := measure.ParseBench(data, measure.Options{InPlace: inPlace})
	if err != nil {
		return nil, err
	}
	var colls []prim.Collective
	if f.isGiven("collective") {
		if colls, err = parseCollectives(f.given["collective"], true); err != nil {
			return nil, err
		}
	}
	var algs []sched.Algorithm
	if f.isGiven("algorithm") {
		for _, part := range strings.Split(f.given["algorithm"], ",") {
			a, err := sched.ParseAlgorithm(part)
			if err != nil {
				return nil, err
			}
			algs = append(algs, a)
		}
	}
	var out []fitTable
	var have []string
	for _, s := range set.Series {
		have = append(have, s.Label())
		if (colls != nil && !slices.Contains(colls, s.Collective)) || (algs != nil && !slices.Contains(algs, s.Algorithm)) {
			continue
		}
		out = append(out, fitSeries(s, "bench", set.Transport, []sched.Algorithm{s.Algorithm}))
	}
	if len(out) == 0 {
		field := "algorithm"
		if colls != nil {
			field = "collective"
		}
		return nil, fielderr.Errorf(field, "no series of the report matches; it has %s", strings.Join(have, ", "))
	}
	return out, nil
}

// fitSeries fits one series: the line and each algorithm's closed form
// (measure.LineFit, measure.ModelFit).
func fitSeries(s measure.Series, source, transport string, algs []sched.Algorithm) fitTable {
	ft := fitTable{Collective: string(s.Collective), Source: source, Measured: string(s.Algorithm), Ranks: s.Ranks,
		Type: s.Type, Variant: s.Variant, Skipped: s.Skipped, Algorithms: []fitAlg{}}
	if transport != "" {
		ft.Source = "bench over " + transport
	}
	for _, p := range s.Points {
		ft.Rows = append(ft.Rows, fitRow{SizeBytes: p.SizeBytes, TimeS: p.TimeS, BusBwGBs: p.BusBwBps / 1e9})
	}
	if line, pred, err := measure.LineFit(s); err == nil {
		ft.Line = &line
		for i := range ft.Rows {
			ft.Rows[i].LineS = pred[i]
		}
	} else {
		ft.LineError = err.Error()
	}
	for _, a := range algs {
		fa := fitAlg{Algorithm: string(a)}
		if r, pred, err := measure.ModelFit(s, a); err == nil {
			fa.Fit, fa.PredS = &r, pred
		} else {
			fa.Error = err.Error()
		}
		ft.Algorithms = append(ft.Algorithms, fa)
	}
	return ft
}

// writeFitText prints one table's fits and the per-row comparison.
func writeFitText(w io.Writer, path string, i int, ft fitTable) {
	var b strings.Builder
	if i > 0 {
		b.WriteString("\n")
	}
	if ft.Measured != "" {
		fmt.Fprintf(&b, "# %s, series %d: %s/%s on %d ranks (ccplay %s), %s, %d rows", path, i+1, ft.Collective, ft.Measured, ft.Ranks, ft.Source, ft.Type, len(ft.Rows))
	} else {
		fmt.Fprintf(&b, "# %s, table %d: %s on %d ranks (collective from %s), %s, %s, %d rows", path, i+1, ft.Collective, ft.Ranks, ft.Source, ft.Type, ft.Variant, len(ft.Rows))
	}
	if ft.Skipped > 0 {
		fmt.Fprintf(&b, " (%d skipped: size 0 or no time)", ft.Skipped)
	}
	b.WriteString("\n")
	if ft.Line != nil {
		fmt.Fprintf(&b, "# line   T = α + β·S:   %s\n", fitText(*ft.Line))
	} else {
		fmt.Fprintf(&b, "# line: no fit: %s\n", ft.LineError)
	}
	for _, a := range ft.Algorithms {
		if a.Fit != nil {
			fmt.Fprintf(&b, "# %-6s T = A·α + B·β: %s\n", a.Algorithm, fitText(*a.Fit))
		} else {
			fmt.Fprintf(&b, "# %-6s no fit: %s\n", a.Algorithm, a.Error)
		}
	}
	fmt.Fprintf(&b, "# %12s  %10s  %8s  %10s  %7s", "size", "measured", "busbw", "line", "diff")
	for _, a := range ft.Algorithms {
		fmt.Fprintf(&b, "  %10s  %7s", a.Algorithm, "diff")
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "# %12s  %10s  %8s  %10s  %7s", "(B)", "(us)", "(GB/s)", "(us)", "(%)")
	for range ft.Algorithms {
		fmt.Fprintf(&b, "  %10s  %7s", "(us)", "(%)")
	}
	b.WriteString("\n")
	for k, r := range ft.Rows {
		fmt.Fprintf(&b, "  %12d  %10.2f  %8.2f  %10s  %7s", r.SizeBytes, r.TimeS*1e6, r.BusBwGBs, usOrDash(r.LineS), pctDiff(r.LineS, r.TimeS))
		for _, a := range ft.Algorithms {
			p := 0.0
			if k < len(a.PredS) {
				p = a.PredS[k]
			}
			fmt.Fprintf(&b, "  %10s  %7s", usOrDash(p), pctDiff(p, r.TimeS))
		}
		b.WriteString("\n")
	}
	io.WriteString(w, b.String())
}

func usOrDash(s float64) string {
	if s == 0 || math.IsNaN(s) {
		return "-"
	}
	return fmt.Sprintf("%.2f", s*1e6)
}

// pctDiff is the model's error relative to the measurement
// (measure.DiffPct), "-" where either is missing.
func pctDiff(model, measured float64) string {
	if model == 0 || measured == 0 {
		return "-"
	}
	return fmt.Sprintf("%+.1f", measure.DiffPct(model, measured))
}
