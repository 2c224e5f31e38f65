package job

import (
	"fmt"
	"runtime"
	"strings"
	"time"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/measure"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
)

// BenchConfig is what Bench measures.
type BenchConfig struct {
	// Transport is "tcp" (loopback TCP between every pair of ranks),
	// "chan" (in memory) or "job" (this process is one rank of a job
	// started by a launcher: ReadBenchJob, BenchJob).
	Transport     string
	Ranks         int
	Series        []measure.BenchSeries // collective and algorithm only
	Sweep         cost.Sweep
	Iters, Warmup int
	Timeout       time.Duration
	Spin          time.Duration // transport.Options.Spin (tcp)
	Yield         bool          // transport.Options.Yield (tcp)
	// Progress, when set, is told each step (a ping-pong size, a
	// series' size) as it starts; it is not read from the fields.
	Progress Progress
}

// MaxBenchBytes bounds the largest size of a benchmark: one rank's buffer.
const MaxBenchBytes = 1 << 30

// ReadBench reads a benchmark from the fields transport (tcp or chan),
// np (2 to MaxRanks, default 4), collective (a list, default allreduce),
// algorithm (a list, or all; default sched.DefaultFor each collective;
// those a collective lacks are left out of its series), minbytes and
// maxbytes (nccl-tests sizes, default 1K and 4M), stepfactor (default 4),
// iters (default 20), warmup (default 5), timeout and spin (tcp only).
func ReadBench(get field.Lookup) (BenchConfig, error) {
	cfg := BenchConfig{Transport: "tcp"}
	if v, ok := get("transport"); ok {
		cfg.Transport = strings.ToLower(strings.TrimSpace(v))
		if cfg.Transport != "tcp" && cfg.Transport != "chan" && cfg.Transport != "job" {
			return cfg, fielderr.On("transport", fmt.Errorf("want tcp, chan or job, got %q", v))
		}
	}
	var err error
	if cfg.Ranks, err = field.Int(get, "np", 4, 2, MaxRanks); err != nil {
		return cfg, err
	}
	if cfg.Series, err = readSeries(get); err != nil {
		return cfg, err
	}
	for _, s := range []struct {
		name, def string
		dst       *int64
	}{{"minbytes", "1K", &cfg.Sweep.MinBytes}, {"maxbytes", "4M", &cfg.Sweep.MaxBytes}} {
		text, ok := get(s.name)
		if !ok {
			text = s.def
		}
		v, err := units.ParseNCCLSize(text)
		if err != nil {
			return cfg, fielderr.On(s.name, fmt.Errorf("%v", strings.TrimPrefix(err.Error(), "size: ")))
		}
		*s.dst = int64(v)
	}
	if cfg.Sweep.MaxBytes > MaxBenchBytes {
		return cfg, fielderr.On("maxbytes", fmt.Errorf("at most 1G per rank buffer in a benchmark, got %d bytes", cfg.Sweep.MaxBytes))
	}
	factor, err := field.Int(get, "stepfactor", 4, 2, 1<<20)
	if err != nil {
		return cfg, err
	}
	cfg.Sweep.StepFactor = int64(factor)
	if _, err := cfg.Sweep.Sizes(); err != nil {
		return cfg, err
	}
	if cfg.Iters, err = field.Int(get, "iters", 20, 1, 1<<20); err != nil {
		return cfg, err
	}
	if cfg.Warmup, err = field.Int(get, "warmup", 5, 0, 1<<20); err != nil {
		return cfg, err
	}
	if cfg.Timeout, err = readTimeout(get); err != nil {
		return cfg, err
	}
	if _, given := get("spin"); cfg.Transport == "chan" && given {
		return cfg, fielderr.On("spin", fmt.Errorf("applies to --transport tcp only (chan ranks never sleep on a socket)"))
	} else if cfg.Transport != "chan" {
		cfg.Spin, cfg.Yield, err = readSpin(get, cfg.Ranks, runtime.NumCPU())
	}
	return cfg, err
}

// readSeries reads collective and algorithm into the series to measure.
func readSeries(get field.Lookup) ([]measure.BenchSeries, error) {
	colls, err := readCollectives(get, []prim.Collective{prim.AllReduce})
	if err != nil {
		return nil, err
	}
	algText, _ := get("algorithm")
	allAlgs := strings.EqualFold(strings.TrimSpace(algText), "all")
	var given []sched.Algorithm
	if !allAlgs {
		if given, err = readAlgorithms(get); err != nil {
			return nil, err
		}
	}
	var series []measure.BenchSeries
	for _, c := range colls {
		var algs []sched.Algorithm
		switch {
		case allAlgs:
			algs = sched.Applicable(c)
		case given != nil:
			for _, a := range given {
				if a != sched.Auto && sched.Check(c, a) == nil {
					algs = append(algs, a)
				}
			}
			if len(algs) == 0 {
				return nil, fielderr.On("algorithm", fmt.Errorf("none of %q runs %s; for %s use: %s", algText, c, c, joinAlgs(sched.Applicable(c))))
			}
		default:
			algs = []sched.Algorithm{sched.DefaultFor(c)}
		}
		for _, a := range algs {
			series = append(series, measure.BenchSeries{Collective: string(c), Algorithm: string(a)})
		}
	}
	return series, nil
}
