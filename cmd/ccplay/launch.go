package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/job"
)

func init() {
	commands["launch"] = command{
		summary: "run real collectives in P OS processes over TCP on 127.0.0.1 (the lecture's Experiment 2)",
		run:     runLaunch,
	}
}

const (
	launchSynopsis = "ccplay launch [flags]"
	launchAbout    = "Starts P processes (this binary re-executed as `ccplay " + job.RankCommand + "`), one per rank. Rank 0 serves\n" +
		"the rendezvous on 127.0.0.1:PORT (like MASTER_ADDR/MASTER_PORT; a free port unless --port), then\n" +
		"every pair of ranks is connected over TCP. Every rank runs the same calls — by default the\n" +
		"lecture's Experiment 2: AllReduce of ones(4)×(rank+1), AllGather of rank×100, ReduceScatter of\n" +
		"(rank+1)×10 — verifies its result against the collective's definition and reports it. A rank\n" +
		"that fails (a dead peer, a timeout, mismatched calls) makes every other rank exit with an error;\n" +
		"launch kills any rank still running 2×timeout + 5 s after the first failure. Exit status 1 if\n" +
		"any rank failed.\n\n" +
		"Launch binds the rendezvous port before it starts any rank (a taken --port is refused at once)\n" +
		"and passes each rank a random job token in its environment; a process without it can neither\n" +
		"join nor read data. It refuses (status 2) a run whose ranks would together need more memory\n" +
		"than is available (MemAvailable; the estimate is in docs/real-runs.md). SIGINT or SIGTERM is\n" +
		"forwarded to every rank, which is killed 0.5 s later if still running; the exit status is then\n" +
		"128 + the signal's number. On Linux the ranks die with launch even when it is killed (SIGKILL)."
)

// runLaunch implements `ccplay launch`: job.ReadLaunch, job.Launch, then
// the report.
func runLaunch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("launch")
	f.text("np", "number of ranks: one OS process each, 1 to 64", "4")
	programFlags(f)
	f.text("port", "rank 0's rendezvous port on 127.0.0.1 (default: a free port)", "")
	asJSON := f.boolean("json", "print one JSON object instead of the text report")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, launchSynopsis, launchAbout)
	}
	cfg, err := job.ReadLaunch(f.lookup())
	if err != nil {
		return f.report(stderr, err)
	}
	port, err := f.intFlag("port", 0, 1, 65535)
	if err != nil {
		return f.report(stderr, err)
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintf(stderr, "ccplay: launch: finding this executable: %s\n", oneLine(err.Error()))
		return exitInternal
	}
	ln, err := job.ListenRendezvous(port)
	if err != nil {
		return f.report(stderr, err)
	}
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	prog := newProgress(stderr)
	res := job.Launch(job.LaunchOptions{Exe: exe, Listener: ln, Stop: stop, Progress: prog.progressFunc()}, cfg)
	prog.done()
	signal.Stop(stop)
	var fe *fielderr.Error
	if errors.As(res.StartErr, &fe) {
		return f.report(stderr, res.StartErr) // refused before any rank started
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(res.Report())
	} else {
		io.WriteString(stdout, res.Text())
	}
	for _, p := range res.Procs {
		if p.Failure != "" {
			fmt.Fprintf(stderr, "ccplay: launch: rank %d (pid %d) %s\n", p.Rank, p.PID, oneLine(p.Failure))
		}
	}
	if res.StartErr != nil {
		fmt.Fprintf(stderr, "ccplay: launch: %s\n", oneLine(res.StartErr.Error()))
	}
	if res.Signal != nil {
		fmt.Fprintf(stderr, "ccplay: launch: %s\n", stoppedLine(res))
		if sig, ok := res.Signal.(syscall.Signal); ok {
			return 128 + int(sig) // as a shell reports a process ended by the signal
		}
	}
	if res.Failed() {
		return exitInternal
	}
	return exitOK
}

// stoppedLine says which signal stopped the launch and which ranks it
// stopped, by rank and PID.
func stoppedLine(res job.Result) string {
	var ranks []string
	for _, p := range res.Procs {
		if p.Stopped {
			ranks = append(ranks, fmt.Sprintf("%d (pid %d)", p.Rank, p.PID))
		}
	}
	if len(ranks) == 0 {
		return fmt.Sprintf("stopped by %s; every rank had already exited", res.Signal)
	}
	return fmt.Sprintf("stopped by %s: forwarded it to ranks %s; none is left running", res.Signal, strings.Join(ranks, ", "))
}
