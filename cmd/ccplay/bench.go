package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/fit"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
	"github.com/ccplay/ccplay/transport"
)

func init() {
	commands["bench"] = command{
		summary: "measure ping-pong and collectives on a real transport, fit α and β, compare with the model",
		run:     runBench,
	}
}

const (
	benchSynopsis = "ccplay bench [--transport tcp|chan] [-np P] [--collective LIST] [--algorithm LIST|all] [-b MIN] [-e MAX] [-f FACTOR] [-n ITERS] [-w WARMUP] [--json]"
	benchAbout    = "Measures, on one transport, the one-way ping-pong time between ranks 0 and 1 and each\n" +
		"collective over an nccl-tests size sweep (elements are 8-byte doubles; sizes follow nccl-tests:\n" +
		"AllGather/ReduceScatter/AllToAll count the whole buffer). Every rank is a goroutine; with tcp each\n" +
		"pair of ranks has its own TCP connection over 127.0.0.1, with chan messages go through memory.\n" +
		"Times are the slowest rank's mean over the timed iterations; every result is verified.\n\n" +
		"Then it fits the link: one-way ping-pong time = α + β·S (least squares on relative error), and\n" +
		"prints per row the measured time, algbw and busbw, the model's time for that link (the closed\n" +
		"form of cost.Evaluate with the fitted α and 1/β) and the difference, and per algorithm its own fit\n" +
		"T = A·α + B·β (A, B: the closed form's coefficients) with R² and residuals. --json prints the\n" +
		"same as one object (the playground overlays its points on the model's lines)."
)

// The report's schema is core/measure's (measure.Bench): the CLI writes
// what measure.ParseBench, ccplay fit --bench and the playground read.
type (
	benchReport = measure.Bench
	benchSeries = measure.BenchSeries
	benchRow    = measure.BenchRow
	pingRow     = measure.BenchPing
)

// benchConfig is the parsed flags.
type benchConfig struct {
	transport     string
	np            int
	series        []benchSeries // collective and algorithm only
	sweep         cost.Sweep
	iters, warmup int
	timeout       time.Duration
	spin          time.Duration // transport.Options.Spin (tcp)
	yield         bool          // transport.Options.Yield (tcp)
}

func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("bench")
	f.text("transport", "tcp (loopback TCP between every pair of ranks) or chan (in memory)", "tcp")
	f.text("np", "number of ranks, 2 to 64", "4")
	f.text("collective", "comma-separated collectives to measure", "allreduce")
	f.text("algorithm", "comma-separated algorithms, or all (each collective runs those that apply)", "ring where it applies")
	f.text("minbytes", "smallest size (nccl-tests -b; bare K, M, G are binary)", "1K", "b")
	f.text("maxbytes", "largest size (nccl-tests -e)", "4M", "e")
	f.text("stepfactor", "multiply the size by this between rows (nccl-tests -f)", "4", "f")
	f.text("iters", "timed calls per size (nccl-tests -n)", "20", "n")
	f.text("warmup", "untimed calls per size first (nccl-tests -w)", "5", "w")
	f.text("timeout", "bound on every wait for a peer", "30s")
	f.text("spin", spinHelp+" (tcp only)", "auto")
	asJSON := f.boolean("json", "print one JSON object instead of the table")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, benchSynopsis, benchAbout)
	}
	cfg, err := parseBench(f)
	if err != nil {
		return f.report(stderr, err)
	}
	rep, err := bench(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "ccplay: bench: %s\n", oneLine(err.Error()))
		return exitInternal
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	} else {
		writeBenchText(stdout, rep)
	}
	return exitOK
}

func parseBench(f *flagSet) (benchConfig, error) {
	cfg := benchConfig{transport: "tcp"}
	if v, ok := f.given["transport"]; ok {
		cfg.transport = strings.ToLower(strings.TrimSpace(v))
		if cfg.transport != "tcp" && cfg.transport != "chan" {
			return cfg, fielderr.Errorf("transport", "want tcp or chan, got %q", v)
		}
	}
	var err error
	if cfg.np, err = f.intFlag("np", 4, 2, maxLaunchRanks); err != nil {
		return cfg, err
	}
	colls := []prim.Collective{prim.AllReduce}
	if f.isGiven("collective") {
		if colls, err = parseCollectives(f.given["collective"], true); err != nil {
			return cfg, err
		}
	}
	algText, allAlgs := f.given["algorithm"], false
	if strings.EqualFold(strings.TrimSpace(algText), "all") {
		allAlgs = true
	}
	for _, c := range colls {
		var algs []sched.Algorithm
		switch {
		case allAlgs:
			algs = sched.Applicable(c)
		case f.isGiven("algorithm"):
			for _, part := range strings.Split(algText, ",") {
				a, err := sched.ParseAlgorithm(part)
				if err != nil {
					return cfg, err
				}
				if a == sched.Auto || sched.Check(c, a) != nil {
					continue
				}
				algs = append(algs, a)
			}
			if len(algs) == 0 {
				return cfg, fielderr.Errorf("algorithm", "none of %q runs %s; for %s use: %s", algText, c, c, joinAlgs(sched.Applicable(c)))
			}
		default:
			calls, _ := program(cfg.np, []prim.Collective{c}, "", 1)
			algs = []sched.Algorithm{calls[0].Algorithm}
		}
		for _, a := range algs {
			cfg.series = append(cfg.series, benchSeries{Collective: string(c), Algorithm: string(a)})
		}
	}
	for _, s := range []struct {
		name, def string
		dst       *int64
	}{{"minbytes", "1K", &cfg.sweep.MinBytes}, {"maxbytes", "4M", &cfg.sweep.MaxBytes}} {
		text, ok := f.given[s.name]
		if !ok {
			text = s.def
		}
		v, err := units.ParseNCCLSize(text)
		if err != nil {
			return cfg, fielderr.Errorf(s.name, "%v", strings.TrimPrefix(err.Error(), "size: "))
		}
		*s.dst = int64(v)
	}
	if cfg.sweep.MaxBytes > 1<<30 {
		return cfg, fielderr.Errorf("maxbytes", "at most 1G per rank buffer in a benchmark, got %d bytes", cfg.sweep.MaxBytes)
	}
	factor, err := f.intFlag("stepfactor", 4, 2, 1<<20)
	if err != nil {
		return cfg, err
	}
	cfg.sweep.StepFactor = int64(factor)
	if _, err := cfg.sweep.Sizes(); err != nil {
		return cfg, err
	}
	if cfg.iters, err = f.intFlag("iters", 20, 1, 1<<20); err != nil {
		return cfg, err
	}
	if cfg.warmup, err = f.intFlag("warmup", 5, 0, 1<<20); err != nil {
		return cfg, err
	}
	if cfg.timeout, err = parseTimeout("timeout", f.given["timeout"], f.isGiven("timeout"), transport.DefaultTimeout); err != nil {
		return cfg, err
	}
	if cfg.transport == "tcp" {
		cfg.spin, cfg.yield, err = parseSpin(f.given["spin"], cfg.np)
	} else if f.isGiven("spin") {
		err = fielderr.Errorf("spin", "applies to --transport tcp only (chan ranks never sleep on a socket)")
	}
	return cfg, err
}

// bench measures and fits; it returns an error only for a failed run.
func bench(cfg benchConfig) (benchReport, error) {
	rep := benchReport{Transport: cfg.transport, Ranks: cfg.np, Type: "double", Iters: cfg.iters, Warmup: cfg.warmup, SpinS: cfg.spin.Seconds(), SpinYield: cfg.yield}
	o := transport.Options{Timeout: cfg.timeout, SetupTimeout: cfg.timeout, Spin: cfg.spin, Yield: cfg.yield}
	var eps []transport.Endpoint
	var err error
	if cfg.transport == "chan" {
		eps, err = transport.NewChan(cfg.np, o)
	} else {
		eps, err = transport.LocalTCP(cfg.np, o)
	}
	if err != nil {
		return rep, err
	}
	sizes, _ := cfg.sweep.Sizes()
	seq := uint64(1)
	var pts []fit.Point
	for _, s := range sizes {
		t, err := transport.PingPong(eps[0], eps[1], int(s), cfg.warmup, cfg.iters, seq)
		if err != nil {
			return rep, err
		}
		seq = t.Seq
		bw, _ := cost.Bandwidths(prim.SendRecv, 2, s, t.Seconds) // one-way: S ÷ half the round trip
		rep.PingPong = append(rep.PingPong, pingRow{SizeBytes: s, TimeS: t.Seconds, BwGBs: bw / 1e9})
		pts = append(pts, fit.Point{Size: float64(s), Time: t.Seconds})
	}
	if link, err := fit.FitLine(pts, fit.Relative); err == nil {
		rep.Link = &link
	} else {
		rep.LinkError = err.Error()
	}
	for _, ser := range cfg.series {
		if err := measureSeries(eps, &ser, sizes, cfg, &seq, rep.Link); err != nil {
			transport.CloseAll(eps)
			return rep, err
		}
		rep.Series = append(rep.Series, ser)
	}
	return rep, transport.CloseAll(eps)
}

// measureSeries measures one collective/algorithm over the sweep, predicts
// each row from the link and fits the algorithm's own α and β.
func measureSeries(eps []transport.Endpoint, ser *benchSeries, sizes []int64, cfg benchConfig, seq *uint64, link *fit.Result) error {
	c, a := prim.Collective(ser.Collective), sched.Algorithm(ser.Algorithm)
	unit := int64(transport.ElemSize)
	if c.Blocked() || c == prim.AllToAll {
		unit *= int64(cfg.np)
	}
	redop, root := "none", -1
	if c.Reduces() {
		redop = "sum"
	}
	if c.Rooted() {
		root = 0
	}
	var samples []fit.Sample
	var coef [][2]float64 // per row: the closed form's α and β coefficients
	for _, size := range sizes {
		size = size / unit * unit
		if size == 0 || (len(ser.Rows) > 0 && ser.Rows[len(ser.Rows)-1].SizeBytes == size) {
			continue
		}
		p := cost.Params{Collective: c, Algorithm: a, Ranks: cfg.np, Size: size, ElemSize: transport.ElemSize, Bandwidth: 1, Efficiency: 1}
		s, err := sched.Build(p.Spec(), a, sched.Options{})
		if err != nil {
			return err
		}
		p.Chunks = s.Chunks
		ser.Chunks = s.Chunks
		call := progCall{Spec: s.Spec, Algorithm: a}
		t, err := transport.TimeCollective(eps, s, call.inputs(), cfg.warmup, cfg.iters, *seq)
		if err != nil {
			return err
		}
		*seq = t.Seq
		row := benchRow{SizeBytes: size, Count: size / transport.ElemSize, Type: "double", Redop: redop, Root: root, TimeS: t.Seconds}
		alg, bus := cost.Bandwidths(c, cfg.np, size, t.Seconds)
		row.AlgBwGBs, row.BusBwGBs = alg/1e9, bus/1e9
		if link != nil && link.Beta > 0 {
			q := p
			q.Latency, q.Bandwidth = max(link.Alpha, 0), link.BwBps
			if r, err := cost.Evaluate(q); err == nil {
				row.ModelS = r.TimeS
				row.ModelDiff = measure.DiffPct(r.TimeS, t.Seconds)
			}
		}
		ca, cb, err := fit.Coefficients(p)
		if err == nil {
			samples = append(samples, fit.Sample{A: ca, B: cb, Time: t.Seconds})
		}
		coef = append(coef, [2]float64{ca, cb})
		ser.Rows = append(ser.Rows, row)
	}
	r, err := fit.FitModel(samples, fit.Relative)
	if err != nil {
		ser.FitError = err.Error()
		return nil
	}
	ser.Fit = &r
	for i := range ser.Rows {
		ser.Rows[i].FitS = r.Predict(coef[i][0], coef[i][1])
	}
	return nil
}

// writeBenchText prints the report as nccl-tests-style tables.
func writeBenchText(w io.Writer, rep benchReport) {
	var b strings.Builder
	how := "each pair of ranks connected over TCP on 127.0.0.1"
	if rep.Transport == "chan" {
		how = "messages through memory"
	} else if rep.SpinS > 0 {
		how += ", an idle socket polled for " + cost.FormatSeconds(rep.SpinS) + " before its rank sleeps"
		if rep.SpinYield {
			how += ", yielding the CPU between polls"
		}
	}
	fmt.Fprintf(&b, "# ccplay bench: %d ranks, one goroutine each, %s transport (%s)\n", rep.Ranks, rep.Transport, how)
	fmt.Fprintf(&b, "# type %s; time = slowest rank's mean of %d calls after %d warm-up; every result verified\n#\n", rep.Type, rep.Iters, rep.Warmup)
	b.WriteString("# ping-pong rank 0 <-> rank 1, one-way time (half the round trip)\n")
	fmt.Fprintf(&b, "# %12s  %10s  %8s\n", "size", "time", "bw")
	fmt.Fprintf(&b, "# %12s  %10s  %8s\n", "(B)", "(us)", "(GB/s)")
	for _, r := range rep.PingPong {
		fmt.Fprintf(&b, "  %12d  %10.2f  %8.3f\n", r.SizeBytes, r.TimeS*1e6, r.BwGBs)
	}
	if rep.Link != nil {
		fmt.Fprintf(&b, "# fitted link (T = α + β·S): %s\n", fitText(*rep.Link))
	} else {
		fmt.Fprintf(&b, "# no link fit: %s\n", rep.LinkError)
	}
	for _, s := range rep.Series {
		fmt.Fprintf(&b, "#\n# %s, %s", s.Collective, s.Algorithm)
		if s.Chunks > 0 {
			fmt.Fprintf(&b, " (%d chunks)", s.Chunks)
		}
		b.WriteString("; model = closed form on the fitted link, fit = this algorithm's own α-β fit\n")
		fmt.Fprintf(&b, "# %12s  %12s  %6s  %5s  %4s  %10s  %7s  %7s  %6s  %10s  %7s  %10s\n",
			"size", "count", "type", "redop", "root", "time", "algbw", "busbw", "#wrong", "model", "diff", "fit")
		fmt.Fprintf(&b, "# %12s  %12s  %6s  %5s  %4s  %10s  %7s  %7s  %6s  %10s  %7s  %10s\n",
			"(B)", "(elements)", "", "", "", "(us)", "(GB/s)", "(GB/s)", "", "(us)", "(%)", "(us)")
		for _, r := range s.Rows {
			model, diff, fitted := "-", "-", "-"
			if r.ModelS > 0 {
				model, diff = fmt.Sprintf("%.2f", r.ModelS*1e6), fmt.Sprintf("%+.1f", r.ModelDiff)
			}
			if s.Fit != nil {
				fitted = fmt.Sprintf("%.2f", r.FitS*1e6)
			}
			fmt.Fprintf(&b, "  %12d  %12d  %6s  %5s  %4d  %10.2f  %7.3f  %7.3f  %6d  %10s  %7s  %10s\n",
				r.SizeBytes, r.Count, r.Type, r.Redop, r.Root, r.TimeS*1e6, r.AlgBwGBs, r.BusBwGBs, r.Wrong, model, diff, fitted)
		}
		if s.Fit != nil {
			fmt.Fprintf(&b, "# %s/%s fit (T = A·α + B·β): %s\n", s.Collective, s.Algorithm, fitText(*s.Fit))
		} else {
			fmt.Fprintf(&b, "# %s/%s: no fit: %s\n", s.Collective, s.Algorithm, s.FitError)
		}
	}
	io.WriteString(w, b.String())
}

// fitText is "α = 21.3 µs, β = 1/(1.52 GB/s), R² = 0.998, residuals rms 3.1 %, max 7.9 %".
func fitText(r fit.Result) string {
	var bw string
	if r.Beta > 0 {
		bw = formatBps(r.BwBps)
	} else {
		bw = fmt.Sprintf("%g s/B (not positive)", r.Beta)
	}
	return fmt.Sprintf("α = %s, 1/β = %s, R² = %.4f, residuals rms %.1f %%, max %.1f %% (%d points)",
		cost.FormatSeconds(r.Alpha), bw, r.R2, 100*r.RMSRe, 100*r.MaxRe, r.N)
}

// formatBps prints a bandwidth with four significant digits in GB/s or
// MB/s (10⁹ and 10⁶ B/s).
func formatBps(bps float64) string {
	switch {
	case bps >= 1e9:
		return fmt.Sprintf("%.4g GB/s", bps/1e9)
	case bps >= 1e6:
		return fmt.Sprintf("%.4g MB/s", bps/1e6)
	}
	return fmt.Sprintf("%.4g kB/s", bps/1e3)
}
