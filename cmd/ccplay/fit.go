package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fit"
	"github.com/ccplay/ccplay/core/nccltests"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

func init() {
	commands["fit"] = command{
		summary: "fit α and β to nccl-tests output and show how far the model is from each measured row",
		run:     runFit,
	}
}

const (
	fitSynopsis = "ccplay fit --nccl-tests FILE [--collective C] [--np P] [--algorithm LIST] [--inplace] [--json]"
	fitAbout    = "Reads the output of an nccl-tests benchmark (FILE, or - for stdin): the text log in any of its\n" +
		"layouts (#wrong or the older error column, with or without redop and root) or the JSON report of\n" +
		"-J. For each table it fits, by least squares on relative error:\n" +
		"  line:       T = α + β·S                 (the collective's own latency and inverse bandwidth)\n" +
		"  algorithm:  T = A·α + B·β               (A, B from the algorithm's closed form: for ring\n" +
		"              AllReduce A = 2(P−1), B = 2(P−1)/P·S; so α is per step and 1/β the link bandwidth)\n" +
		"and prints R², the residuals, and per row the measured and fitted times and their difference.\n" +
		"The collective comes from the log (JSON args, the footer) or busbw/algbw; the ranks from the\n" +
		"device lines; --collective and --np override them."
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

// fitTable is the report of one table.
type fitTable struct {
	Collective string      `json:"collective"`
	Source     string      `json:"collective_source"` // log, busbw/algbw, --collective
	Ranks      int         `json:"ranks"`
	Type       string      `json:"type"`
	Variant    string      `json:"variant"` // out-of-place or in-place
	Rows       []fitRow    `json:"rows"`
	Skipped    int         `json:"skipped_rows"` // size 0 or no valid time
	Line       *fit.Result `json:"line,omitempty"`
	LineError  string      `json:"line_error,omitempty"`
	Algorithms []fitAlg    `json:"algorithms"`
}

func runFit(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("fit")
	f.text("nccl-tests", "nccl-tests output to fit: a file, or - for stdin", "")
	f.text("collective", "the collective measured, if the log does not say", "")
	f.text("np", "number of ranks, if the log has no device lines", "")
	f.text("algorithm", "comma-separated algorithms to fit (default ring and tree where they apply)", "")
	inPlace := f.boolean("inplace", "fit the in-place columns instead of out-of-place")
	asJSON := f.boolean("json", "print one JSON object")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, fitSynopsis, fitAbout)
	}
	path, ok := f.given["nccl-tests"]
	if !ok || strings.TrimSpace(path) == "" {
		return fail(stderr, "--nccl-tests: required: the nccl-tests output to fit (a file, or - for stdin)")
	}
	var coll prim.Collective
	if v, ok := f.given["collective"]; ok {
		c, err := prim.ParseCollective(v)
		if err != nil {
			return f.report(stderr, prim.Errorf("collective", "unknown collective %q; accepted: %s", v, strings.Join(collNames(), ", ")))
		}
		coll = c
	}
	np, err := f.intFlag("np", 0, 2, prim.MaxRanks)
	if err != nil {
		return f.report(stderr, err)
	}
	var data []byte
	if path == "-" {
		data, err = io.ReadAll(io.LimitReader(stdin, nccltests.MaxInput+1))
	} else {
		data, err = readLimited(path, nccltests.MaxInput+1)
	}
	if err != nil {
		return fail(stderr, "--nccl-tests: %s", oneLine(err.Error()))
	}
	log, err := nccltests.Parse(data)
	if err != nil {
		return f.report(stderr, err)
	}
	var out []fitTable
	for i, t := range log.Tables {
		ft, err := fitOne(t, coll, np, f.given["algorithm"], f.isGiven("algorithm"), *inPlace)
		if err != nil {
			if len(log.Tables) > 1 {
				if fe, ok := err.(*prim.FieldError); ok {
					fe.Msg = fmt.Sprintf("table %d: %s", i+1, fe.Msg)
				}
			}
			return f.report(stderr, err)
		}
		out = append(out, ft)
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(struct {
			File   string     `json:"file"`
			Format string     `json:"format"`
			Tables []fitTable `json:"tables"`
		}{path, log.Format, out})
		return exitOK
	}
	for i, ft := range out {
		writeFitText(stdout, path, i, ft)
	}
	return exitOK
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

// fitOne fits one table.
func fitOne(t nccltests.Table, coll prim.Collective, np int, algText string, algGiven, inPlace bool) (fitTable, error) {
	ft := fitTable{Variant: "out-of-place", Algorithms: []fitAlg{}}
	if inPlace {
		ft.Variant = "in-place"
	}
	if np > 0 {
		t.Ranks = np
	}
	ft.Ranks = t.Ranks
	switch {
	case coll != "":
		ft.Collective, ft.Source = string(coll), "--collective"
	case t.Collective != "":
		ft.Collective, ft.Source = string(t.Collective), "log"
	default:
		c, err := t.InferCollective()
		if err != nil {
			return ft, err
		}
		ft.Collective, ft.Source = string(c), "busbw/algbw"
	}
	c := prim.Collective(ft.Collective)
	if ft.Ranks < 2 {
		return ft, prim.Errorf("np", "the log lists no ranks; give --np")
	}
	var algs []sched.Algorithm
	if algGiven {
		for _, part := range strings.Split(algText, ",") {
			a, err := sched.ParseAlgorithm(part)
			if err != nil {
				return ft, err
			}
			if a == sched.Auto || sched.Check(c, a) != nil {
				return ft, prim.Errorf("algorithm", "%s has no %s closed form to fit; for %s use: %s", a, c, c, joinAlgs(sched.Applicable(c)))
			}
			algs = append(algs, a)
		}
	} else {
		for _, a := range []sched.Algorithm{sched.Ring, sched.Tree} {
			if sched.Check(c, a) == nil {
				algs = append(algs, a)
			}
		}
		if len(algs) == 0 {
			algs = sched.Applicable(c)
		}
	}
	var pts []fit.Point
	elem := 0
	for _, r := range t.Rows {
		v := r.OutOfPlace
		if inPlace {
			v = r.InPlace
		}
		if v == nil || !v.Valid() || r.SizeBytes == 0 {
			ft.Skipped++
			continue
		}
		if ft.Type == "" {
			ft.Type = r.Type
			if dt, err := cost.ParseDType(r.Type); err == nil {
				elem = dt.Size
			}
		}
		ft.Rows = append(ft.Rows, fitRow{SizeBytes: r.SizeBytes, TimeS: v.TimeUs * 1e-6, BusBwGBs: v.BusBwGBs})
		pts = append(pts, fit.Point{Size: float64(r.SizeBytes), Time: v.TimeUs * 1e-6})
	}
	if elem == 0 {
		elem = 1 // unknown type: sizes in bytes still price correctly
	}
	if line, err := fit.FitLine(pts, fit.Relative); err == nil {
		ft.Line = &line
		for i := range ft.Rows {
			ft.Rows[i].LineS = line.Predict(1, float64(ft.Rows[i].SizeBytes))
		}
	} else {
		ft.LineError = err.Error()
	}
	for _, a := range algs {
		fa := fitAlg{Algorithm: string(a)}
		var samples []fit.Sample
		var coef [][2]float64
		for _, r := range ft.Rows {
			size := r.SizeBytes
			if size%int64(elem) != 0 {
				size = size / int64(elem) * int64(elem)
			}
			ca, cb, err := fit.Coefficients(cost.Params{Collective: c, Algorithm: a, Ranks: ft.Ranks, Size: size, ElemSize: elem})
			if err != nil {
				fa.Error = err.Error()
				break
			}
			samples = append(samples, fit.Sample{A: ca, B: cb, Time: r.TimeS})
			coef = append(coef, [2]float64{ca, cb})
		}
		if fa.Error == "" {
			if r, err := fit.FitModel(samples, fit.Relative); err == nil {
				fa.Fit = &r
				for _, k := range coef {
					fa.PredS = append(fa.PredS, r.Predict(k[0], k[1]))
				}
			} else {
				fa.Error = err.Error()
			}
		}
		ft.Algorithms = append(ft.Algorithms, fa)
	}
	return ft, nil
}

// writeFitText prints one table's fits and the per-row comparison.
func writeFitText(w io.Writer, path string, i int, ft fitTable) {
	var b strings.Builder
	if i > 0 {
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "# %s, table %d: %s on %d ranks (collective from %s), %s, %s, %d rows", path, i+1, ft.Collective, ft.Ranks, ft.Source, ft.Type, ft.Variant, len(ft.Rows))
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

// pctDiff is the model's error relative to the measurement.
func pctDiff(model, measured float64) string {
	if model == 0 || measured == 0 {
		return "-"
	}
	return fmt.Sprintf("%+.1f", (model-measured)/measured*100)
}
