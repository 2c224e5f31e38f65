package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/ccplay/ccplay/job"
)

func init() {
	commands["bench"] = command{
		summary: "measure ping-pong and collectives on a real transport, fit α and β, compare with the model",
		run:     runBench,
	}
}

const (
	benchSynopsis = "ccplay bench [flags]"
	benchAbout    = "Measures, on one transport, the one-way ping-pong time between ranks 0 and 1 and each\n" +
		"collective over an nccl-tests size sweep (elements are 8-byte doubles; sizes follow nccl-tests:\n" +
		"AllGather/ReduceScatter/AllToAll count the whole buffer). Every rank is a goroutine; with tcp each\n" +
		"pair of ranks has its own TCP connection over 127.0.0.1, with chan messages go through memory.\n" +
		"Times are the slowest rank's mean over the timed iterations; every result is verified.\n\n" +
		"Then it fits the link: one-way ping-pong time = α + β·S (least squares on relative error), and\n" +
		"prints per row the measured time, algbw and busbw, the model's time for that link (the closed\n" +
		"form of `ccplay cost` with the fitted α and 1/β) and the difference, and per algorithm its own fit\n" +
		"T = A·α + B·β (A, B: the closed form's coefficients) with R² and residuals. --json prints the\n" +
		"same as one object (the playground overlays its points on the model's lines)."
)

// runBench implements `ccplay bench`: job.ReadBench, job.Bench, then the
// report (its JSON is core/measure's measure.Bench, which ccplay fit
// --bench and the playground read).
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet("bench")
	f.text("transport", "tcp (loopback TCP between every pair of ranks), chan (in memory) or job (this process is one rank of a job started by a launcher, as ccplay rank)", "tcp")
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
	f.text("rank", "with --transport job: this process's rank (overrides the launcher's)", "")
	f.text("master-addr", "with --transport job: rank 0's host, the rendezvous (overrides MASTER_ADDR)", "")
	f.text("master-port", "with --transport job: the rendezvous port (overrides MASTER_PORT)", "")
	f.text("iface", "with --transport job: interfaces to accept peers on, local rank l uses the l-th", "")
	asJSON := f.boolean("json", "print one JSON object instead of the table")
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, benchSynopsis, benchAbout)
	}
	if t, _ := f.lookup()("transport"); t == "job" {
		return runBenchJob(f, *asJSON, stdout, stderr)
	}
	cfg, err := job.ReadBench(f.lookup())
	if err != nil {
		return f.report(stderr, err)
	}
	prog := newProgress(stderr)
	cfg.Progress = prog.progressFunc()
	rep, err := job.Bench(cfg)
	prog.done()
	if err != nil {
		fmt.Fprintf(stderr, "ccplay: bench: %s\n", oneLine(err.Error()))
		return exitInternal
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
	} else {
		io.WriteString(stdout, job.BenchText(rep))
	}
	return exitOK
}
