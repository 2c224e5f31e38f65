package job

import (
	"encoding/json"
	"io"
	"os"
	"runtime"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/transport"
)

// RunRank is the work of rank process rank of cfg: it joins the group
// through rendezvous rv (rank 0 serves it; see RankRendezvous), runs
// cfg's calls (runCalls) and writes their Lines to out as JSON Lines. Any
// failure aborts the endpoint, so the other ranks stop at once, and is
// returned. Unless GOMAXPROCS is set in the environment, it sets
// runtime.GOMAXPROCS to the CPUs ÷ cfg.Ranks (at least 1): it is meant to
// be the whole of a process.
func RunRank(rank int, rv transport.Rendezvous, cfg Config, out io.Writer) error {
	if os.Getenv("GOMAXPROCS") == "" {
		// One rank per core, as MPI places them: P ranks on fewer cores
		// than P × GOMAXPROCS threads only add context switches (measured
		// on 2 cores, P = 2, 1 MiB AllReduce: half the switches, −25 % time).
		runtime.GOMAXPROCS(max(1, runtime.NumCPU()/cfg.Ranks))
	}
	o := transport.Options{Timeout: cfg.Timeout, SetupTimeout: cfg.Timeout, Spin: cfg.Spin, Yield: cfg.Yield}
	ep, err := rv.Dial(rank, cfg.Ranks, o)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(out)
	if err := runCalls(ep, cfg, func(l Line) error { return enc.Encode(l) }); err != nil {
		ep.Abort(err)
		return err
	}
	return ep.Close()
}

// prepGC is the size of a call's every-rank buffers from which runCalls
// collects them before preparing the next call.
const prepGC = 16 << 20

// totalLen is the elements of every buffer of b.
func totalLen(b [][]float64) int {
	n := 0
	for _, x := range b {
		n += len(x)
	}
	return n
}

// runCalls times each of cfg's calls on ep in turn with
// transport.TimeRank — cfg.Warmup untimed calls when cfg.Repeat > 1, a
// barrier, then cfg.Repeat calls back to back under one clock, like
// nccl-tests and Open MPI's benchmarks — and emits, per call, its result
// (the last timed call's output, verified in full against prim.Reference,
// as are the warm-up calls') with the first timed call's time, then a
// summary with the mean time per call. Every call's schedule, inputs and
// reference output are built, and its work buffer faulted in, before the
// first call runs; the rank keeps of each call only its own input and
// expected output (RankBytes estimates the peak).
func runCalls(ep transport.Endpoint, cfg Config, emit func(Line) error) error {
	rank := ep.Rank()
	g, err := rankLayout(ep, cfg.Calls)
	if err != nil {
		return err
	}
	type prepared struct {
		s    *sched.Schedule
		in   []float64
		want []float64
		ws   *transport.Workspace[float64]
	}
	preps := make([]prepared, len(cfg.Calls))
	for i, c := range cfg.Calls {
		s, err := sched.Build(c.Spec, c.Algorithm, sched.Options{GPUsPerNode: g})
		if err != nil {
			return err
		}
		in := c.inputs()
		ref, err := prim.Reference(c.Spec, in)
		if err != nil {
			return err
		}
		ws := new(transport.Workspace[float64])
		ws.Reserve(s.WorkLen[rank])
		preps[i] = prepared{s, in[rank], ref[rank], ws}
		if 8*(totalLen(in)+totalLen(ref)) >= prepGC {
			// Free the other ranks' buffers before the next call's are
			// built, so the peak is one call's (RankBytes).
			runtime.GC()
		}
	}
	warmup := 0
	if cfg.Repeat > 1 {
		// Connections past slow start, caches and socket buffers warm, as
		// in Open MPI's and nccl-tests' timing loops (nccl-tests: 5 calls).
		warmup = cfg.Warmup
	}
	means := make([]float64, len(cfg.Calls))
	seq := uint64(1)
	for i, p := range preps {
		t, err := transport.TimeRank(ep, p.s, seq, p.in, p.want, p.ws, warmup, cfg.Repeat)
		if err != nil {
			return err
		}
		seq, means[i] = t.Seq, t.Mean
		c := cfg.Calls[i]
		if err := emit(Line{Rank: rank, Call: i + 1, Collective: string(c.Spec.Collective), Algorithm: string(c.Algorithm),
			Input: head(p.in), Output: head(t.Out), InputLen: len(p.in), OutputLen: len(t.Out),
			Verified: true, TimeS: t.First, Event: "result"}); err != nil {
			return err
		}
	}
	return emit(withLinks(Line{Rank: rank, Event: "done", MeanS: means, Repeats: cfg.Repeat, Warmup: warmup}, ep, g))
}
