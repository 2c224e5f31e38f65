package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/ccplay/ccplay/job"
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
	launchAbout    = "Starts P processes (this binary re-executed as `ccplay " + job.RankCommand + "`), one per rank. Rank 0 serves\n" +
		"the rendezvous on 127.0.0.1:PORT (like MASTER_ADDR/MASTER_PORT; a free port unless --port), then\n" +
		"every pair of ranks is connected over TCP. Every rank runs the same calls — by default the\n" +
		"lecture's Experiment 2: AllReduce of ones(4)×(rank+1), AllGather of rank×100, ReduceScatter of\n" +
		"(rank+1)×10 — verifies its result against the collective's definition and reports it. A rank\n" +
		"that fails (a dead peer, a timeout, mismatched calls) makes every other rank exit with an error;\n" +
		"launch kills any rank still running 2×timeout + 5 s after the first failure. Exit status 1 if\n" +
		"any rank failed."
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
	res := job.Launch(exe, addr, cfg)
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
	if res.Failed() {
		return exitInternal
	}
	return exitOK
}
