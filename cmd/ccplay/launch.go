package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/transport"
)

func init() {
	commands["launch"] = command{
		summary: "run real collectives in P OS processes over TCP on 127.0.0.1 (the lecture's Experiment 2)",
		run:     runLaunch,
	}
}

const (
	launchSynopsis = "ccplay launch [-np P] [--collective LIST] [--algorithm A] [--count N] [--repeat K] [--warmup W] [--timeout D] [--spin D|auto] [--port N] [--json]"
	launchAbout    = "Starts P processes (this binary re-executed as `ccplay worker`), one per rank. Rank 0 serves\n" +
		"the rendezvous on 127.0.0.1:PORT (like MASTER_ADDR/MASTER_PORT; a free port unless --port), then\n" +
		"every pair of ranks is connected over TCP. Every rank runs the same calls — by default the\n" +
		"lecture's Experiment 2: AllReduce of ones(4)×(rank+1), AllGather of rank×100, ReduceScatter of\n" +
		"(rank+1)×10 — verifies its result against the collective's definition and reports it. A rank\n" +
		"that fails (a dead peer, a timeout, mismatched calls) makes every other rank exit with an error;\n" +
		"launch kills any rank still running 2×timeout + 5 s after the first failure. Exit status 1 if\n" +
		"any rank failed."
)

// runLaunch implements `ccplay launch`.
func runLaunch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("launch")
	f.text("np", "number of ranks: one OS process each, 1 to 64", "4")
	workerFlags(f)
	f.text("port", "rank 0's rendezvous port on 127.0.0.1 (default: a free port)", "")
	asJSON := f.boolean("json", "print one JSON object instead of the text report")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, launchSynopsis, launchAbout)
	}
	np, err := f.intFlag("np", 4, 1, maxLaunchRanks)
	if err != nil {
		return f.report(stderr, err)
	}
	cfg, err := parseWorkerConfig(f, np)
	if err != nil {
		return f.report(stderr, err)
	}
	port, err := f.intFlag("port", 0, 1, 65535)
	if err != nil {
		return f.report(stderr, err)
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	if port == 0 {
		if addr, err = transport.FreeAddr(); err != nil {
			fmt.Fprintf(stderr, "ccplay: launch: choosing a port: %s\n", oneLine(err.Error()))
			return exitInternal
		}
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "ccplay: launch: finding this executable: %s\n", oneLine(err.Error()))
		return exitInternal
	}
	var forward []string
	for _, name := range []string{"collective", "algorithm", "count", "repeat", "warmup", "timeout", "spin"} {
		if v, ok := f.given[name]; ok {
			forward = append(forward, "--"+name, v)
		}
	}
	res := launch(exe, addr, np, forward, 2*cfg.timeout+5*time.Second)
	if *asJSON {
		writeLaunchJSON(stdout, res, cfg)
	} else {
		writeLaunchText(stdout, res, cfg)
	}
	failed := false
	for _, p := range res.procs {
		if p.failure != "" {
			failed = true
			fmt.Fprintf(stderr, "ccplay: launch: rank %d (pid %d) %s\n", p.rank, p.pid, oneLine(p.failure))
		}
	}
	if res.startErr != nil {
		fmt.Fprintf(stderr, "ccplay: launch: %s\n", oneLine(res.startErr.Error()))
		return exitInternal
	}
	if failed {
		return exitInternal
	}
	return exitOK
}

// proc is one worker process and what it reported.
type proc struct {
	rank, pid int
	cmd       *exec.Cmd
	lines     []workerLine
	stderr    tailBuffer
	failure   string // "" if it exited 0 with a summary line
	done      chan struct{}
	killed    atomic.Bool // by launch, after the grace
}

// launchResult is a finished launch.
type launchResult struct {
	addr     string
	procs    []*proc
	startErr error
	wall     time.Duration
}

// launch starts np workers and waits for all of them. Once one has failed,
// the others get grace to exit on their own; then they are killed by PID.
func launch(exe, addr string, np int, forward []string, grace time.Duration) launchResult {
	res := launchResult{addr: addr}
	start := time.Now()
	exited := make(chan *proc, np)
	for r := range np {
		args := append([]string{"worker", "--rank", strconv.Itoa(r), "--np", strconv.Itoa(np), "--addr", addr}, forward...)
		p := &proc{rank: r, cmd: exec.Command(exe, args...), done: make(chan struct{})}
		p.cmd.Stderr = &p.stderr
		out, err := p.cmd.StdoutPipe()
		if err == nil {
			err = p.cmd.Start()
		}
		if err != nil {
			res.startErr = fmt.Errorf("starting rank %d: %v", r, err)
			for _, q := range res.procs {
				q.cmd.Process.Kill()
			}
			for _, q := range res.procs {
				<-q.done
			}
			return res
		}
		p.pid = p.cmd.Process.Pid
		res.procs = append(res.procs, p)
		go func() { p.collect(out); exited <- p }()
	}
	var deadline <-chan time.Time // armed by the first failure
	for remaining := len(res.procs); remaining > 0; {
		select {
		case p := <-exited:
			remaining--
			if p.failure != "" && deadline == nil {
				deadline = time.After(grace)
			}
		case <-deadline:
			deadline = make(chan time.Time) // never fires again
			for _, q := range res.procs {
				select {
				case <-q.done:
				default:
					q.killed.Store(true)
					q.cmd.Process.Kill()
				}
			}
		}
	}
	res.wall = time.Since(start)
	return res
}

// collect reads the worker's JSON lines, waits for it and records why it
// failed, if it did.
func (p *proc) collect(out io.Reader) {
	defer close(p.done)
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<16), 1<<30)
	for sc.Scan() {
		var l workerLine
		if json.Unmarshal(sc.Bytes(), &l) == nil {
			p.lines = append(p.lines, l)
		}
	}
	err := p.cmd.Wait()
	msg := strings.TrimSpace(p.stderr.last())
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee):
		p.failure = ee.ProcessState.String()
		if p.killed.Load() {
			p.failure = "still running after the grace; killed by launch (" + p.failure + ")"
		}
		if msg != "" {
			p.failure += ": " + strings.TrimPrefix(msg, "ccplay: ")
		}
	case err != nil:
		p.failure = err.Error()
	case len(p.lines) == 0 || p.lines[len(p.lines)-1].Event != "done":
		p.failure = "exited without reporting its results"
	}
}

// tailBuffer keeps the last 64 KiB written to it.
type tailBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b.Write(p)
	if t.b.Len() > 64<<10 {
		t.b.Next(t.b.Len() - 64<<10)
	}
	return len(p), nil
}

// last is the last non-empty line written.
func (t *tailBuffer) last() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(t.b.String()), "\n")
	return lines[len(lines)-1]
}

// result is rank r's line for call i (1-based), if it reported one.
func (res launchResult) result(r, call int) (workerLine, bool) {
	for _, l := range res.procs[r].lines {
		if l.Event == "result" && l.Call == call {
			return l, true
		}
	}
	return workerLine{}, false
}

// summary is rank r's "done" line, if it reported one.
func (res launchResult) summary(r int) (workerLine, bool) {
	for _, l := range res.procs[r].lines {
		if l.Event == "done" {
			return l, true
		}
	}
	return workerLine{}, false
}

// writeLaunchText prints the report: per call, every rank's input and
// output, and the slowest rank's time. Calls no rank reported (the rest of
// a failed run) are counted, not listed.
func writeLaunchText(w io.Writer, res launchResult, cfg workerConfig) {
	var b strings.Builder
	pids := make([]string, len(res.procs))
	for i, p := range res.procs {
		pids[i] = strconv.Itoa(p.pid)
	}
	fmt.Fprintf(&b, "launched %d processes (pids %s); rank 0 serves the rendezvous on %s\n", len(res.procs), strings.Join(pids, " "), res.addr)
	verified, silent := 0, 0
	for i, c := range cfg.calls {
		slowest, mean, reported, warmup := 0.0, 0.0, false, 0
		for r := range res.procs {
			if l, ok := res.result(r, i+1); ok {
				slowest, reported = max(slowest, l.TimeS), true
			}
			if s, ok := res.summary(r); ok && i < len(s.MeanS) {
				mean, warmup = max(mean, s.MeanS[i]), s.Warmup
			}
		}
		if !reported {
			silent++ // a failed run: listed as a count below, not call by call
			continue
		}
		fmt.Fprintf(&b, "\n%s (%s), input %s:", c.Spec.Collective, c.Algorithm, c.Input)
		if slowest > 0 {
			fmt.Fprintf(&b, " %s", cost.FormatSeconds(slowest))
			if cfg.repeat > 1 && mean > 0 {
				fmt.Fprintf(&b, ", mean of %d after %d warm-up: %s", cfg.repeat, warmup, cost.FormatSeconds(mean))
			}
		}
		b.WriteString("\n")
		for r := range res.procs {
			l, ok := res.result(r, i+1)
			if !ok {
				fmt.Fprintf(&b, "  rank %d: no result\n", r)
				continue
			}
			verified++
			in := formatVec(l.Input, l.InputLen)
			if l.Input == nil {
				in = "(no input)"
			}
			fmt.Fprintf(&b, "  rank %d: %s -> %s\n", r, in, formatVec(l.Output, l.OutputLen))
		}
	}
	if silent > 0 {
		fmt.Fprintf(&b, "\n%d of %d calls: no result from any rank\n", silent, len(cfg.calls))
	}
	total := len(cfg.calls) * len(res.procs)
	failed := false
	for _, p := range res.procs {
		failed = failed || p.failure != ""
	}
	if failed {
		fmt.Fprintf(&b, "\n%d of %d results reported and verified; then the run failed (errors below)\n", verified, total)
	} else if verified == total {
		fmt.Fprintf(&b, "\nall %d results match the definition (prim.Reference); %s wall\n", total, cost.FormatSeconds(res.wall.Seconds()))
	} else {
		fmt.Fprintf(&b, "\n%d of %d results reported and verified; see the errors below\n", verified, total)
	}
	io.WriteString(w, b.String())
}

// launchJSON is the --json output.
type launchJSON struct {
	Ranks int            `json:"ranks"`
	Addr  string         `json:"addr"`
	PIDs  []int          `json:"pids"`
	Calls []launchCall   `json:"calls"`
	OK    bool           `json:"ok"`
	Fails []launchFailed `json:"failures,omitempty"`
	WallS float64        `json:"wall_s"`
}

type launchCall struct {
	Call       int          `json:"call"`
	Collective string       `json:"collective"`
	Algorithm  string       `json:"algorithm"`
	Input      string       `json:"input"`
	Results    []workerLine `json:"results"`
	MeanS      []float64    `json:"mean_s,omitempty"` // per rank, over the repetitions
}

type launchFailed struct {
	Rank  int    `json:"rank"`
	PID   int    `json:"pid"`
	Error string `json:"error"`
}

func writeLaunchJSON(w io.Writer, res launchResult, cfg workerConfig) {
	out := launchJSON{Ranks: len(res.procs), Addr: res.addr, OK: res.startErr == nil, WallS: res.wall.Seconds()}
	for _, p := range res.procs {
		out.PIDs = append(out.PIDs, p.pid)
		if p.failure != "" {
			out.OK = false
			out.Fails = append(out.Fails, launchFailed{p.rank, p.pid, p.failure})
		}
	}
	for i, c := range cfg.calls {
		lc := launchCall{Call: i + 1, Collective: string(c.Spec.Collective), Algorithm: string(c.Algorithm), Input: c.Input, Results: []workerLine{}}
		for r := range res.procs {
			if l, ok := res.result(r, i+1); ok {
				lc.Results = append(lc.Results, l)
			}
			if s, ok := res.summary(r); ok && i < len(s.MeanS) {
				lc.MeanS = append(lc.MeanS, s.MeanS[i])
			}
		}
		out.Calls = append(out.Calls, lc)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(out)
}
