package api

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/chart/figure"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// Chart limits: the largest size of a time-vs-size sweep. The number of
// points is bounded by it (sizes double: at most 41 from 1 B to 1 TiB).
const MaxChartBytes = 1 << 40

// chartSpec is one /embed/{name}.svg chart: its query parameters, an
// example query and the function that draws it.
type chartSpec struct {
	name, summary string
	fields        []string
	example       string
	// draw renders the chart; a sweep calls stop between points and
	// returns its error (the request's context ended).
	draw func(get field.Lookup, stop func() error) ([]byte, error)
}

// sweepFields are the cost fields the sweep charts read: every field of
// question.CostFields (links, topology, stragglers, model) except those the
// chart sets itself for each point.
func sweepFields(extra []string, own ...string) []string {
	return fields([][]string{question.CostFields, extra}, append([]string{"algorithm", "chunks"}, own...)...)
}

// charts lists the charts in the order the index shows them.
var charts = []chartSpec{
	{"time-vs-ranks", "modelled time against P for each algorithm (the lecture's Experiment 3); minranks, maxranks (defaults 4, 1024), algorithms (default: all that apply)",
		sweepFields([]string{"algorithms", "minranks", "maxranks"}, "ranks"),
		"collective=allreduce&size=100MiB&bandwidth=400Gbps&latency=5us&algorithms=naive,ring,tree", drawTimeVsRanks},
	{"time-vs-size", "modelled time against S for each algorithm, with the sizes where the cheapest changes; minbytes, maxbytes (defaults 1K, 1G, binary as nccl-tests), algorithms",
		sweepFields([]string{"algorithms", "minbytes", "maxbytes"}, "size"),
		"collective=allreduce&ranks=64&bandwidth=400Gbps&latency=5us", drawTimeVsSize},
	{"ledger-bars", fmt.Sprintf("bytes sent and received per rank from the executed schedule's ledger (P ≤ %d)", MaxScheduleRanks),
		question.CostFields, "collective=allreduce&algorithm=naive&ranks=8&size=100MiB", drawLedgerBars},
	{"ring-step", fmt.Sprintf("one round (round=1…) of a schedule drawn on a circle of ranks (P ≤ %d)", MaxScheduleRanks),
		fields([][]string{question.CostFields, {"round"}}), "collective=allreduce&algorithm=ring&ranks=8&round=3", drawRingStep},
}

// serveEmbed answers GET /embed/{chart}.svg.
func serveEmbed(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutSuffix(strings.TrimPrefix(r.URL.Path, "/embed/"), ".svg")
	var spec *chartSpec
	for i := range charts {
		if ok && charts[i].name == name {
			spec = &charts[i]
		}
	}
	if spec == nil {
		names := make([]string, len(charts))
		for i, c := range charts {
			names[i] = "/embed/" + c.name + ".svg"
		}
		sendFail(w, http.StatusNotFound, "chart", fmt.Sprintf("no chart %s; the charts are %s", r.URL.Path, strings.Join(names, ", ")))
		return
	}
	get, err := readQuery(r, spec.fields)
	if err != nil {
		sendError(w, err)
		return
	}
	svg, err := spec.draw(get, r.Context().Err)
	if gone(w, err) {
		return
	}
	if err != nil {
		sendError(w, err)
		return
	}
	// The SVG is a picture: no scripts, no outside resources.
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	send(w, http.StatusOK, svgType, CacheControl, svg)
}

// algorithmsParam reads algorithms=a,b,c (default: every algorithm that
// applies to c). Auto is refused: it is the cheapest of the others.
func algorithmsParam(get field.Lookup, c prim.Collective) ([]sched.Algorithm, error) {
	s, ok := get("algorithms")
	if !ok {
		return sched.Applicable(c), nil
	}
	var algs []sched.Algorithm
	for _, part := range strings.Split(s, ",") {
		a, err := sched.ParseAlgorithm(part)
		if err != nil {
			return nil, fielderr.On("algorithms", err)
		}
		if a == sched.Auto {
			return nil, fielderr.New("algorithms", "api.algorithms.auto", joinNames(sched.Applicable(c)))
		}
		algs = append(algs, a)
	}
	return algs, nil
}

func joinNames(algs []sched.Algorithm) string {
	s := make([]string, len(algs))
	for i, a := range algs {
		s[i] = string(a)
	}
	return strings.Join(s, ",")
}

// drawTimeVsRanks: P = minranks, 2·minranks, 4·minranks, … up to maxranks
// (and maxranks itself).
func drawTimeVsRanks(get field.Lookup, stop func() error) ([]byte, error) {
	lo, err := field.Int(get, "minranks", 4, 2, prim.MaxRanks)
	if err != nil {
		return nil, err
	}
	hi, err := field.Int(get, "maxranks", 1024, 2, prim.MaxRanks)
	if err != nil {
		return nil, err
	}
	if hi < lo {
		return nil, fielderr.New("maxranks", "api.ranks.order", lo, hi)
	}
	p, err := question.CostParams(override(get, map[string]string{"algorithm": "auto", "ranks": strconv.Itoa(lo), "chunks": "0"}))
	if err != nil {
		return nil, err
	}
	algs, err := algorithmsParam(get, p.Collective)
	if err != nil {
		return nil, err
	}
	var ranks []int
	for r := lo; r <= hi; r *= 2 {
		ranks = append(ranks, r)
	}
	if ranks[len(ranks)-1] != hi {
		ranks = append(ranks, hi)
	}
	q := p
	q.Ranks = hi
	if err := checkWork("maxranks", sweepWork(q, algs, len(ranks), false)); err != nil {
		return nil, err
	}
	c, err := figure.TimeVsRanksUntil(p, ranks, algs, stop)
	if err != nil {
		return nil, renameField(err, "ranks", "maxranks")
	}
	return c.SVG(), nil
}

// drawTimeVsSize: S = minbytes, 2·minbytes, … up to maxbytes (and maxbytes
// itself), each rounded down to the size step (cost.DoublingSizes).
func drawTimeVsSize(get field.Lookup, stop func() error) ([]byte, error) {
	p, err := question.CostParams(override(get, map[string]string{"algorithm": "auto", "size": "0", "chunks": "0"}))
	if err != nil {
		return nil, err
	}
	algs, err := algorithmsParam(get, p.Collective)
	if err != nil {
		return nil, err
	}
	lo, err := sizeParam(get, "minbytes", "1K")
	if err != nil {
		return nil, err
	}
	hi, err := sizeParam(get, "maxbytes", "1G")
	if err != nil {
		return nil, err
	}
	if hi < lo {
		return nil, fielderr.New("maxbytes", "api.bytes.order", lo, hi)
	}
	sizes := cost.DoublingSizes(p.Collective, p.Ranks, p.ElemSize, lo, hi)
	if len(sizes) == 0 {
		return nil, fielderr.New("maxbytes", "api.bytes.no_step", lo, hi, cost.SizeStep(p.Collective, p.Ranks, p.ElemSize))
	}
	if err := checkWork("maxbytes", sweepWork(p, algs, len(sizes), false)+cost.CrossoverWork(p, algs, sizes[0], sizes[len(sizes)-1])); err != nil {
		return nil, err
	}
	c, _, err := figure.TimeVsSizeUntil(p, sizes, algs, stop)
	if err != nil {
		return nil, renameField(err, "size", "maxbytes")
	}
	return c.SVG(), nil
}

// renameField gives a core error about field from (which this chart sets
// itself, point by point) the name of the chart parameter to that drives it.
func renameField(err error, from, to string) error {
	if fe, ok := err.(*fielderr.Error); ok && fe.Field == from {
		return fielderr.On(to, fe)
	}
	return err
}

// sizeParam reads a sweep end as nccl-tests does (bare K, M, G binary),
// from 1 byte to MaxChartBytes.
func sizeParam(get field.Lookup, name, def string) (int64, error) {
	s, ok := get(name)
	if !ok {
		s = def
	}
	v, err := units.ParseNCCLSize(s)
	if err != nil {
		return 0, fielderr.On(name, err)
	}
	if v < 1 || v > MaxChartBytes {
		return 0, fielderr.New(name, "api.size.range", int64(MaxChartBytes), int64(v))
	}
	return int64(v), nil
}

// scheduleFor reads the cost fields and builds the schedule within the
// limits of buildSchedule.
func scheduleFor(get field.Lookup) (cost.Params, *sched.Schedule, error) {
	p, err := question.CostParams(get)
	if err != nil {
		return p, nil, err
	}
	return buildSchedule(p)
}

// drawLedgerBars draws one schedule of at most MaxScheduleRanks ranks: bounded
// work, so it does not poll for the client.
func drawLedgerBars(get field.Lookup, _ func() error) ([]byte, error) {
	p, s, err := scheduleFor(get)
	if err != nil {
		return nil, err
	}
	return figure.LedgerBars(s, p.ElemSize).SVG(), nil
}

// drawRingStep draws one round of such a schedule (bounded, as drawLedgerBars).
func drawRingStep(get field.Lookup, _ func() error) ([]byte, error) {
	round, err := field.Int(get, "round", 1, 1, 1<<30)
	if err != nil {
		return nil, err
	}
	p, s, err := scheduleFor(get)
	if err != nil {
		return nil, err
	}
	c, err := figure.Step(s, round, p.ElemSize)
	if err != nil {
		return nil, err
	}
	return c.SVG(), nil
}
