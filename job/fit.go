package job

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/fit"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// FitAlg is one algorithm's fit of a table.
type FitAlg struct {
	Algorithm string      `json:"algorithm"`
	Fit       *fit.Result `json:"fit,omitempty"`
	Error     string      `json:"error,omitempty"`
	PredS     []float64   `json:"predicted_s,omitempty"` // per row
}

// FitRow is one measured row.
type FitRow struct {
	SizeBytes int64   `json:"size_bytes"`
	TimeS     float64 `json:"time_s"`
	BusBwGBs  float64 `json:"busbw_GBps"`
	LineS     float64 `json:"line_s,omitempty"`
}

// FitTable is the fit of one nccl-tests table or one bench series.
type FitTable struct {
	Collective string `json:"collective"`
	Source     string `json:"collective_source"` // log, busbw/algbw, --collective, bench over TRANSPORT
	// Measured is the algorithm a bench series ran ("" for nccl-tests,
	// where NCCL chose it).
	Measured   string      `json:"measured_algorithm,omitempty"`
	Ranks      int         `json:"ranks"`
	Type       string      `json:"type"`
	Variant    string      `json:"variant,omitempty"` // nccl-tests: out-of-place or in-place
	Rows       []FitRow    `json:"rows"`
	Skipped    int         `json:"skipped_rows"` // size 0 or no valid time
	Line       *fit.Result `json:"line,omitempty"`
	LineError  string      `json:"line_error,omitempty"`
	Algorithms []FitAlg    `json:"algorithms"`
}

// Fitted reports whether anything in ft was fitted: the line or at least
// one algorithm. A table none of whose rows is usable fits nothing.
func (ft FitTable) Fitted() bool {
	if ft.Line != nil {
		return true
	}
	for _, a := range ft.Algorithms {
		if a.Fit != nil {
			return true
		}
	}
	return false
}

// FitNCCL fits every table of nccl-tests output (data; inPlace: the
// in-place columns): the line and ring and tree where they apply (else
// every applicable algorithm), or the fields' "algorithm" list, as NCCL's
// choice is not in the log. Fields "collective" and "np" (2 to
// prim.MaxRanks) say what the log does not.
func FitNCCL(get field.Lookup, data []byte, inPlace bool) ([]FitTable, error) {
	var opt measure.Options
	if v, ok := get("collective"); ok {
		c, err := prim.ParseCollective(v)
		if err != nil {
			return nil, fielderr.On("collective", fmt.Errorf("unknown collective %q; accepted: %s", v, strings.Join(collNames(), ", ")))
		}
		opt.Collective = c
	}
	np, err := field.Int(get, "np", 0, 2, prim.MaxRanks)
	if err != nil {
		return nil, err
	}
	opt.Ranks, opt.InPlace = np, inPlace
	set, err := measure.ParseNCCLTests(data, opt)
	if err != nil {
		if fe, ok := err.(*fielderr.Error); ok && fe.ID == "measure.np.none" {
			return nil, fielderr.On("np", fmt.Errorf("the log lists no ranks; give --np"))
		}
		return nil, err
	}
	given, err := readAlgorithms(get)
	if err != nil {
		return nil, err
	}
	var out []FitTable
	for i, s := range set.Series {
		algs, err := fitAlgorithms(s.Collective, given)
		if err != nil {
			if len(set.Series) > 1 {
				err = fielderr.New("algorithm", "measure.table", i+1, err)
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

// fitAlgorithms is the given algorithms, each checked for collective c,
// or ring and tree where they apply (else every applicable algorithm).
func fitAlgorithms(c prim.Collective, given []sched.Algorithm) ([]sched.Algorithm, error) {
	for _, a := range given {
		if a == sched.Auto || sched.Check(c, a) != nil {
			return nil, fielderr.On("algorithm", fmt.Errorf("%s has no %s closed form to fit; for %s use: %s", a, c, c, joinAlgs(sched.Applicable(c))))
		}
	}
	if given != nil {
		return given, nil
	}
	var algs []sched.Algorithm
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

// FitBench fits every series of a ccplay bench report (data) with the
// algorithm it measured; the fields "collective" and "algorithm" (lists)
// choose the series. Field "np" is refused (the report states its ranks).
func FitBench(get field.Lookup, data []byte, inPlace bool) ([]FitTable, error) {
	if _, ok := get("np"); ok {
		return nil, fielderr.On("np", fmt.Errorf("a ccplay bench report states its ranks; --np is for nccl-tests logs"))
	}
	set, err := measure.ParseBench(data, measure.Options{InPlace: inPlace})
	if err != nil {
		return nil, err
	}
	colls, err := readCollectives(get, nil)
	if err != nil {
		return nil, err
	}
	algs, err := readAlgorithms(get)
	if err != nil {
		return nil, err
	}
	var out []FitTable
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
		return nil, fielderr.On(field, fmt.Errorf("no series of the report matches; it has %s", strings.Join(have, ", ")))
	}
	return out, nil
}

// fitSeries fits one series: the line and each algorithm's closed form
// (measure.LineFit, measure.ModelFit).
func fitSeries(s measure.Series, source, transport string, algs []sched.Algorithm) FitTable {
	ft := FitTable{Collective: string(s.Collective), Source: source, Measured: string(s.Algorithm), Ranks: s.Ranks,
		Type: s.Type, Variant: s.Variant, Skipped: s.Skipped, Algorithms: []FitAlg{}}
	if transport != "" {
		ft.Source = "bench over " + transport
	}
	for _, p := range s.Points {
		ft.Rows = append(ft.Rows, FitRow{SizeBytes: p.SizeBytes, TimeS: p.TimeS, BusBwGBs: p.BusBwBps / 1e9})
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
		fa := FitAlg{Algorithm: string(a)}
		if r, pred, err := measure.ModelFit(s, a); err == nil {
			fa.Fit, fa.PredS = &r, pred
		} else {
			fa.Error = err.Error()
		}
		ft.Algorithms = append(ft.Algorithms, fa)
	}
	return ft
}
