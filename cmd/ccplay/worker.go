package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/units"
	"github.com/ccplay/ccplay/transport"
)

func init() {
	commands["worker"] = command{
		summary: "one rank of `ccplay launch` (started by launch; runs the calls over TCP)",
		run:     runWorker,
	}
}

const (
	workerSynopsis = "ccplay worker --rank R --np P --addr 127.0.0.1:PORT [--collective LIST] [--algorithm A] [--count N] [--repeat K] [--warmup W] [--timeout D] [--spin D|auto]"
	workerAbout    = "One rank of a multi-process run, normally started by `ccplay launch`. Rank 0 serves the\n" +
		"rendezvous on --addr (like MASTER_ADDR:MASTER_PORT); the others connect to it, then every pair of\n" +
		"ranks is connected. Each call's result is verified against the collective's definition\n" +
		"(prim.Reference; with --repeat K, every warm-up call's and the last of the K back-to-back\n" +
		"timed calls') and printed as one JSON line on stdout; an error is one line on stderr and a\n" +
		"non-zero exit status (1 for a failed run: a peer that died, a timeout, mismatched calls)."
)

// workerLine is one line of a worker's stdout: a call's result on the rank
// (the output of its last timed repetition, verified in full), or, with
// Event "done", the summary.
type workerLine struct {
	Rank       int       `json:"rank"`
	Call       int       `json:"call,omitempty"` // 1-based sequence number
	Collective string    `json:"collective,omitempty"`
	Algorithm  string    `json:"algorithm,omitempty"`
	Input      []float64 `json:"input,omitempty"` // the first maxShown elements
	Output     []float64 `json:"output"`          // the first maxShown elements; null where undefined
	InputLen   int       `json:"input_len"`       // elements in the whole buffer
	OutputLen  int       `json:"output_len"`
	Verified   bool      `json:"verified,omitempty"`
	TimeS      float64   `json:"time_s,omitempty"` // wall time of the first timed call
	Event      string    `json:"event,omitempty"`  // "result" or "done"
	MeanS      []float64 `json:"mean_s,omitempty"` // done: wall time per call over the back-to-back repetitions
	Repeats    int       `json:"repeats,omitempty"`
	Warmup     int       `json:"warmup,omitempty"` // done: untimed calls before each call's timed ones
}

// workerFlags registers the flags worker and launch share.
func workerFlags(f *flagSet) {
	f.text("collective", "comma-separated collectives to call in order (default: the lecture's Experiment 2: allreduce,allgather,reducescatter)", "")
	f.text("algorithm", "algorithm of every call: naive, ring, tree, binomial or pairwise (default ring where it applies)", "")
	f.text("count", "elements per rank and call (default: a 4-element AllReduce vector, 1-element blocks)", "")
	f.text("repeat", "time each call this many times back to back after a barrier, like nccl-tests and Open MPI (after --warmup untimed calls when more than 1); the warm-up calls and the last timed call are verified against the definition and the last one's result is printed", "1")
	f.text("warmup", "untimed calls before the timed ones when --repeat is more than 1 (nccl-tests -w), 0 to 1048576", "5")
	f.text("timeout", "bound on every wait for a peer (receive, write, connection set-up)", "30s")
	f.text("spin", spinHelp, "auto")
}

// workerConfig is the parsed shared flags.
type workerConfig struct {
	np      int
	calls   []progCall
	repeat  int
	warmup  int // untimed calls before the timed ones when repeat > 1
	timeout time.Duration
	spin    time.Duration // transport.Options.Spin
	yield   bool          // transport.Options.Yield
}

// parseWorkerConfig reads the shared flags for np ranks.
func parseWorkerConfig(f *flagSet, np int) (workerConfig, error) {
	cfg := workerConfig{np: np}
	colls, err := parseCollectives(f.given["collective"], f.isGiven("collective"))
	if err != nil {
		return cfg, err
	}
	alg, err := parseAlgorithm(f.given["algorithm"], f.isGiven("algorithm"))
	if err != nil {
		return cfg, err
	}
	count, err := f.intFlag("count", 0, 1, maxLaunchCount)
	if err != nil {
		return cfg, err
	}
	if cfg.repeat, err = f.intFlag("repeat", 1, 1, 1<<30); err != nil {
		return cfg, err
	}
	if cfg.warmup, err = f.intFlag("warmup", 5, 0, 1<<20); err != nil {
		return cfg, err
	}
	if cfg.timeout, err = parseTimeout("timeout", f.given["timeout"], f.isGiven("timeout"), transport.DefaultTimeout); err != nil {
		return cfg, err
	}
	if cfg.spin, cfg.yield, err = parseSpin(f.given["spin"], np); err != nil {
		return cfg, err
	}
	cfg.calls, err = program(np, colls, alg, count)
	return cfg, err
}

// runWorker implements `ccplay worker`.
func runWorker(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("worker")
	f.text("rank", "this process's rank, 0 to np−1", "")
	f.text("np", "number of ranks (processes)", "")
	f.text("addr", "rank 0's rendezvous address, 127.0.0.1:PORT", "")
	workerFlags(f)
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, workerSynopsis, workerAbout)
	}
	for _, req := range []string{"rank", "np", "addr"} {
		if !f.isGiven(req) {
			return fail(stderr, "--%s: required (ccplay worker is started by ccplay launch)", req)
		}
	}
	np, err := f.intFlag("np", 0, 1, maxLaunchRanks)
	if err != nil {
		return f.report(stderr, err)
	}
	rank, err := f.intFlag("rank", 0, 0, np-1)
	if err != nil {
		return f.report(stderr, err)
	}
	cfg, err := parseWorkerConfig(f, np)
	if err != nil {
		return f.report(stderr, err)
	}
	if err := work(rank, f.given["addr"], cfg, stdout); err != nil {
		fmt.Fprintf(stderr, "ccplay: worker: %s\n", oneLine(err.Error()))
		return exitInternal
	}
	return exitOK
}

// work joins the group and runs the calls; any failure aborts the endpoint
// so the other ranks stop at once.
func work(rank int, addr string, cfg workerConfig, stdout io.Writer) error {
	if os.Getenv("GOMAXPROCS") == "" {
		// One rank per core, as MPI places them: P ranks on fewer cores
		// than P × GOMAXPROCS threads only add context switches (measured
		// on 2 cores, P = 2, 1 MiB AllReduce: half the switches, −25 % time).
		runtime.GOMAXPROCS(max(1, runtime.NumCPU()/cfg.np))
	}
	o := transport.Options{Timeout: cfg.timeout, SetupTimeout: cfg.timeout, Spin: cfg.spin, Yield: cfg.yield}
	ep, err := transport.DialTCP(rank, cfg.np, addr, o)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(stdout)
	if err := runCalls(ep, cfg, func(l workerLine) error { return enc.Encode(l) }); err != nil {
		ep.Abort(err)
		return err
	}
	return ep.Close()
}

// runCalls measures each of cfg's calls on ep in turn with
// transport.TimeRank — cfg.warmup untimed calls when cfg.repeat > 1, a
// barrier, then cfg.repeat calls back to back under one clock, like
// nccl-tests and Open MPI's benchmarks — and emits, per call, its result
// (the last timed call's output, verified in full against prim.Reference,
// as are the warm-up calls') with the first timed call's time, then a summary
// with the mean time per call.
func runCalls(ep transport.Endpoint, cfg workerConfig, emit func(workerLine) error) error {
	rank := ep.Rank()
	type prepared struct {
		s    *sched.Schedule
		in   []float64
		want []float64
		ws   *transport.Workspace[float64] // the call's work buffer, faulted in before any timing
	}
	preps := make([]prepared, len(cfg.calls))
	for i, c := range cfg.calls {
		s, err := sched.Build(c.Spec, c.Algorithm, sched.Options{})
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
	}
	warmup := 0
	if cfg.repeat > 1 {
		// Connections past slow start, caches and socket buffers warm, as
		// in Open MPI's and nccl-tests' timing loops (nccl-tests: 5 calls).
		warmup = cfg.warmup
	}
	means := make([]float64, len(cfg.calls))
	seq := uint64(1)
	for i, p := range preps {
		t, err := transport.TimeRank(ep, p.s, seq, p.in, p.want, p.ws, warmup, cfg.repeat)
		if err != nil {
			return err
		}
		seq, means[i] = t.Seq, t.Mean
		c := cfg.calls[i]
		if err := emit(workerLine{Rank: rank, Call: i + 1, Collective: string(c.Spec.Collective), Algorithm: string(c.Algorithm),
			Input: head(p.in), Output: head(t.Out), InputLen: len(p.in), OutputLen: len(t.Out),
			Verified: true, TimeS: t.First, Event: "result"}); err != nil {
			return err
		}
	}
	return emit(workerLine{Rank: rank, Event: "done", MeanS: means, Repeats: cfg.repeat, Warmup: warmup})
}

// ---- the program every worker runs (shared with launch and bench) ----

// experiment2 is the lecture's Experiment 2: the three collectives, in order.
var experiment2 = []prim.Collective{prim.AllReduce, prim.AllGather, prim.ReduceScatter}

// maxLaunchRanks caps --np: every rank is an OS process and the TCP mesh
// has P(P−1)/2 connections.
const maxLaunchRanks = 64

// maxLaunchCount caps --count (elements per rank and call): 2^25 doubles =
// 256 MiB, the largest size of the Open MPI comparison. Every worker also
// builds all ranks' inputs and reference outputs to verify its result, so
// memory is about 2·P·count·8 bytes per worker.
const maxLaunchCount = 1 << 25

// progCall is one collective call of the program every worker runs: the
// same list on every rank, so call i has sequence number i+1 everywhere.
type progCall struct {
	Spec      prim.Spec
	Algorithm sched.Algorithm
	Input     string // how rank r's send buffer is filled, for people
}

// program lists the calls for np ranks: collectives in the given order,
// each with algorithm alg (empty: ring where it applies, else the first
// applicable one), count elements (0: the lecture's sizes: a 4-element
// AllReduce vector, 1-element blocks for the rest).
func program(np int, colls []prim.Collective, alg sched.Algorithm, count int) ([]progCall, error) {
	var calls []progCall
	for _, c := range colls {
		a := alg
		if a == "" {
			a = sched.Applicable(c)[0]
			if slices.Contains(sched.Applicable(c), sched.Ring) {
				a = sched.Ring
			}
		}
		if a == sched.Auto {
			return nil, fielderr.Errorf("algorithm", "auto picks by the cost model; name a concrete algorithm for real runs: %s", joinAlgs(sched.Applicable(c)))
		}
		if sched.Check(c, a) != nil {
			return nil, fielderr.Errorf("algorithm", "%s has no %s schedule; for %s use one of: %s", a, c, c, joinAlgs(sched.Applicable(c)))
		}
		n := count
		if n == 0 {
			n = 1
			if c == prim.AllReduce {
				n = 4
			}
		}
		sp := prim.Spec{Collective: c, Ranks: np, Op: prim.Sum, Count: n}
		calls = append(calls, progCall{Spec: sp, Algorithm: a, Input: inputText(c, n)})
	}
	return calls, nil
}

func joinAlgs(as []sched.Algorithm) string {
	s := make([]string, len(as))
	for i, a := range as {
		s[i] = string(a)
	}
	return strings.Join(s, ", ")
}

// inputText describes inputValue for people.
func inputText(c prim.Collective, n int) string {
	switch c {
	case prim.AllReduce:
		return fmt.Sprintf("ones(%d)×(rank+1)", n)
	case prim.AllGather:
		return "rank×100"
	case prim.ReduceScatter:
		return "(rank+1)×10"
	}
	return "rank×100 + index"
}

// inputValue is element k of rank r's send buffer: the lecture's
// Experiment 2 inputs for its three collectives, rank×100 + k otherwise.
func inputValue(c prim.Collective, r, k int) float64 {
	switch c {
	case prim.AllReduce:
		return float64(r + 1)
	case prim.AllGather:
		return float64(r * 100)
	case prim.ReduceScatter:
		return float64((r + 1) * 10)
	}
	return float64(r*100 + k)
}

// inputs are every rank's send buffers for call c.
func (c progCall) inputs() [][]float64 {
	in := make([][]float64, c.Spec.Ranks)
	for r := range in {
		n := c.Spec.InLen(r)
		if n == prim.Undefined {
			continue
		}
		in[r] = make([]float64, n)
		for k := range in[r] {
			in[r][k] = inputValue(c.Spec.Collective, r, k)
		}
	}
	return in
}

// parseCollectives reads --collective: a comma-separated list (default
// the lecture's Experiment 2).
func parseCollectives(s string, given bool) ([]prim.Collective, error) {
	if !given {
		return experiment2, nil
	}
	var cs []prim.Collective
	for _, part := range strings.Split(s, ",") {
		c, err := prim.ParseCollective(part)
		if err != nil {
			return nil, fielderr.Errorf("collective", "unknown collective %q; want a comma-separated list of: sendrecv, broadcast, scatter, gather, reduce, allreduce, reducescatter, allgather, alltoall", strings.TrimSpace(part))
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// parseAlgorithm reads --algorithm ("" when not given).
func parseAlgorithm(s string, given bool) (sched.Algorithm, error) {
	if !given {
		return "", nil
	}
	return sched.ParseAlgorithm(s)
}

// parseTimeout reads a duration flag in (0, 1 h].
func parseTimeout(field, s string, given bool, def time.Duration) (time.Duration, error) {
	if !given {
		return def, nil
	}
	d, ok := durationWithin(s, 0, time.Hour)
	if !ok || d == 0 {
		return 0, fielderr.Errorf(field, "want a duration from 1ms to 1h such as 10s or 500ms, got %q", s)
	}
	return d, nil
}

// durationWithin reads s as units.ParseDuration does (a number with a
// unit) and reports whether it lies in [lo, hi]; the result is rounded to
// whole nanoseconds.
func durationWithin(s string, lo, hi time.Duration) (time.Duration, bool) {
	d, err := units.ParseDuration(s)
	if err != nil || d.Seconds() < lo.Seconds() || d.Seconds() > hi.Seconds() {
		return 0, false
	}
	return time.Duration(d.Seconds() * float64(time.Second)), true
}

// spinHelp describes --spin (launch, worker and bench).
const spinHelp = "how long a rank polls an idle TCP socket before it sleeps (Linux): auto (100us when -np is at most the number of CPUs, else 1ms yielding the CPU between polls), 0 (never) or a duration up to 10ms (yielding when -np exceeds the CPUs)"

// maxSpin bounds --spin: longer polling only burns the core (a message
// that has not come within milliseconds is not saved a wake-up).
const maxSpin = 10 * time.Millisecond

// parseSpin reads --spin for np ranks on this machine: "auto" (or not
// given) is transport.SpinFor(np, runtime.NumCPU()); otherwise 0 or a
// duration from 0 to maxSpin, yielding when np exceeds the CPUs.
func parseSpin(s string, np int) (spin time.Duration, yield bool, err error) {
	cpus := runtime.NumCPU()
	switch s {
	case "", "auto":
		spin, yield = transport.SpinFor(np, cpus)
		return spin, yield, nil
	case "0":
		return 0, false, nil // no unit needed to say none
	}
	d, ok := durationWithin(s, 0, maxSpin)
	if !ok {
		return 0, false, fielderr.Errorf("spin", "want auto, 0 or a duration up to 10ms such as 100us, got %q", s)
	}
	return d, np > cpus, nil
}

// maxShown caps the elements of a buffer a worker reports: the launcher
// prints at most 16, and a whole 256 MiB buffer as JSON would cost the
// launcher gigabytes and the timed calls their CPU.
const maxShown = 64

// head is the first maxShown elements of v (nil stays nil).
func head(v []float64) []float64 {
	if len(v) > maxShown {
		return v[:maxShown]
	}
	return v
}

// formatVec prints a buffer of total elements, of which v is the start, as
// [10 10 10 10], or [0 1 2 3 4 5 6 7 …] (1024 elements) when long.
func formatVec(v []float64, total int) string {
	if v == nil {
		return "undefined"
	}
	const keep = 16
	n := len(v)
	if total > keep {
		n = min(n, keep/2)
	}
	parts := make([]string, n)
	for i, x := range v[:n] {
		parts[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	if total > n {
		return "[" + strings.Join(parts, " ") + " …] (" + strconv.Itoa(total) + " elements)"
	}
	return "[" + strings.Join(parts, " ") + "]"
}
