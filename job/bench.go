package job

import (
	"fmt"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fit"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
	"github.com/ccplay/ccplay/transport"
)

// Bench measures, with every rank a goroutine of this process on
// cfg.Transport: the one-way ping-pong time between ranks 0 and 1 over the
// sweep, and fits the link to it (T = α + β·S, fit.FitLine); then each
// series over the sweep (transport.TimeCollective: warm-up, barrier, timed
// calls; every result verified), with per row the closed form of
// cost.Evaluate on the fitted link and, per series, the algorithm's own
// α-β fit (T = A·α + B·β, fit.FitModel). A fit that fails is reported in
// the result (LinkError, FitError); an error is returned only for a
// failed run.
func Bench(cfg BenchConfig) (measure.Bench, error) {
	rep := measure.Bench{Transport: cfg.Transport, Ranks: cfg.Ranks, Type: "double", Iters: cfg.Iters, Warmup: cfg.Warmup,
		SpinS: cfg.Spin.Seconds(), SpinYield: cfg.Yield}
	o := transport.Options{Timeout: cfg.Timeout, SetupTimeout: cfg.Timeout, Spin: cfg.Spin, Yield: cfg.Yield}
	var eps []transport.Endpoint
	var err error
	if cfg.Transport == "chan" {
		eps, err = transport.NewChan(cfg.Ranks, o)
	} else {
		eps, err = transport.LocalTCP(cfg.Ranks, o)
	}
	if err != nil {
		return rep, err
	}
	sizes, err := cfg.Sweep.Sizes()
	if err != nil {
		transport.CloseAll(eps)
		return rep, err
	}
	seq := uint64(1)
	var pts []fit.Point
	step, steps := 0, len(sizes)*(1+len(cfg.Series))
	report := func(what string) {
		if cfg.Progress != nil {
			cfg.Progress(step, steps, what)
		}
		step++
	}
	for _, s := range sizes {
		report("ping-pong, " + units.FormatBytes(float64(s), true))
		t, err := transport.PingPong(eps[0], eps[1], int(s), cfg.Warmup, cfg.Iters, seq)
		if err != nil {
			transport.CloseAll(eps)
			return rep, err
		}
		seq = t.Seq
		bw, _ := cost.Bandwidths(prim.SendRecv, 2, s, t.Seconds) // one-way: S ÷ half the round trip
		rep.PingPong = append(rep.PingPong, measure.BenchPing{SizeBytes: s, TimeS: t.Seconds, BwGBs: bw / 1e9})
		pts = append(pts, fit.Point{Size: float64(s), Time: t.Seconds})
	}
	if link, err := fit.FitLine(pts, fit.Relative); err == nil {
		rep.Link = &link
	} else {
		rep.LinkError = err.Error()
	}
	for _, ser := range cfg.Series {
		if err := timeSeries(eps, &ser, sizes, cfg, &seq, rep.Link, report); err != nil {
			transport.CloseAll(eps)
			return rep, err
		}
		rep.Series = append(rep.Series, ser)
	}
	return rep, transport.CloseAll(eps)
}

// timeSeries times one collective/algorithm over the sweep — each size
// rounded down to whole per-rank blocks of doubles (cost.RoundSize), sizes
// that round to 0 or to the previous row's left out — predicts each row
// from the link and fits the algorithm's own α and β.
func timeSeries(eps []transport.Endpoint, ser *measure.BenchSeries, sizes []int64, cfg BenchConfig, seq *uint64, link *fit.Result, report func(string)) error {
	c, a := prim.Collective(ser.Collective), sched.Algorithm(ser.Algorithm)
	var sf seriesFit
	for _, size := range sizes {
		report(fmt.Sprintf("%s %s, %s", c, a, units.FormatBytes(float64(size), true)))
		size = cost.RoundSize(c, cfg.Ranks, transport.ElemSize, size)
		if size == 0 || (len(ser.Rows) > 0 && ser.Rows[len(ser.Rows)-1].SizeBytes == size) {
			continue
		}
		p := cost.Params{Collective: c, Algorithm: a, Ranks: cfg.Ranks, Size: size, ElemSize: transport.ElemSize, Bandwidth: 1, Efficiency: 1}
		s, err := sched.Build(p.Spec(), a, sched.Options{})
		if err != nil {
			return err
		}
		p.Chunks = s.Chunks
		ser.Chunks = s.Chunks
		t, err := transport.TimeCollective(eps, s, Call{Spec: s.Spec, Algorithm: a}.inputs(), cfg.Warmup, cfg.Iters, *seq)
		if err != nil {
			return err
		}
		*seq = t.Seq
		row := benchRow(c, cfg.Ranks, size, t.Seconds)
		if link != nil && link.Beta > 0 {
			q := p
			q.Latency, q.Bandwidth = max(link.Alpha, 0), link.BwBps
			if r, err := cost.Evaluate(q); err == nil {
				row.ModelS = r.TimeS
				row.ModelDiff = measure.DiffPct(r.TimeS, t.Seconds)
			}
		}
		sf.add(p, t.Seconds)
		ser.Rows = append(ser.Rows, row)
	}
	sf.fit(ser)
	return nil
}

// benchRow is the row of one timed call of collective c: size bytes of
// doubles on ranks ranks in seconds, with nccl-tests' redop, root, algbw
// and busbw.
func benchRow(c prim.Collective, ranks int, size int64, seconds float64) measure.BenchRow {
	redop, root := "none", -1
	if c.Reduces() {
		redop = "sum"
	}
	if c.Rooted() {
		root = 0
	}
	alg, bus := cost.Bandwidths(c, ranks, size, seconds)
	return measure.BenchRow{SizeBytes: size, Count: size / transport.ElemSize, Type: "double", Redop: redop, Root: root,
		TimeS: seconds, AlgBwGBs: alg / 1e9, BusBwGBs: bus / 1e9}
}

// seriesFit gathers a series' rows for the algorithm's own α-β fit
// (T = A·α + B·β, fit.FitModel): per row, the closed form's coefficients.
type seriesFit struct {
	samples []fit.Sample
	coef    [][2]float64 // per row, fitted or not
}

// add adds the row of question p timed at seconds.
func (f *seriesFit) add(p cost.Params, seconds float64) {
	ca, cb, err := fit.Coefficients(p)
	if err == nil {
		f.samples = append(f.samples, fit.Sample{A: ca, B: cb, Time: seconds})
	}
	f.coef = append(f.coef, [2]float64{ca, cb})
}

// fit fits the rows added and sets ser's Fit and every row's FitS, or
// ser's FitError.
func (f *seriesFit) fit(ser *measure.BenchSeries) {
	r, err := fit.FitModel(f.samples, fit.Relative)
	if err != nil {
		ser.FitError = err.Error()
		return
	}
	ser.Fit = &r
	for i := range ser.Rows {
		ser.Rows[i].FitS = r.Predict(f.coef[i][0], f.coef[i][1])
	}
}
