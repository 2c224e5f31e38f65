package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/ccplay/ccplay/job"
	"github.com/ccplay/ccplay/transport"
)

// runBenchJob is `ccplay bench --transport job`: job.ReadBenchJob, the
// rendezvous as ccplay rank joins it, job.BenchJob; rank 0 prints the
// report (job.ClusterBenchText, or its JSON), the other ranks nothing.
func runBenchJob(f *flagSet, asJSON bool, stdout, stderr io.Writer) int {
	pl, cfg, err := job.ReadBenchJob(f.lookup(), os.LookupEnv)
	if err != nil {
		return f.report(stderr, err)
	}
	rv, err := pl.Rendezvous(os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "ccplay: bench: %s\n", oneLine(err.Error()))
		return exitUsage
	}
	o := transport.Options{Timeout: cfg.Timeout, SetupTimeout: cfg.Timeout, Spin: cfg.Spin, Yield: cfg.Yield}
	ep, err := rv.Dial(pl.Rank, pl.Ranks, o)
	if err != nil {
		fmt.Fprintf(stderr, "ccplay: bench: %s\n", oneLine(err.Error()))
		return exitInternal
	}
	var prog *progressLine
	if pl.Rank == 0 {
		prog = newProgress(stderr)
	}
	rep, err := job.BenchJob(ep, cfg, prog.progressFunc())
	prog.done()
	if err != nil {
		ep.Abort(err)
		fmt.Fprintf(stderr, "ccplay: bench: rank %d: %s\n", pl.Rank, oneLine(err.Error()))
		return exitInternal
	}
	if err := ep.Close(); err != nil {
		fmt.Fprintf(stderr, "ccplay: bench: rank %d: %s\n", pl.Rank, oneLine(err.Error()))
		return exitInternal
	}
	if pl.Rank != 0 {
		return exitOK
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	} else {
		io.WriteString(stdout, job.ClusterBenchText(rep))
	}
	return exitOK
}
