package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/job"
)

func init() {
	commands[job.RankCommand] = command{
		summary: "one rank of a job (started by ccplay launch, mpirun, srun or a torchrun-style launcher; runs the calls over TCP)",
		run:     runRank,
	}
}

const (
	rankSynopsis = "ccplay " + job.RankCommand + " [flags]"
	rankAbout    = "One rank of a multi-process run, started by `ccplay launch` or by a cluster's launcher\n" +
		"(mpirun -np 8 ccplay rank --master-addr HOST, srun -n 16 ccplay rank, torchrun-style RANK,\n" +
		"WORLD_SIZE, LOCAL_RANK, MASTER_ADDR, MASTER_PORT; see docs/real-runs.md for the order in which\n" +
		"the flags and each launcher's variables are read). Rank 0 serves the\n" +
		"rendezvous on --addr (like MASTER_ADDR:MASTER_PORT); the others connect to it, then every pair of\n" +
		"ranks is connected. Each call's result is verified against the collective's definition\n" +
		"(with --repeat K, every warm-up call's and the last of the K back-to-back\n" +
		"timed calls') and printed as one JSON line on stdout; an error is one line on stderr and a\n" +
		"non-zero exit status (1 for a failed run: a peer that died, a timeout, mismatched calls).\n" +
		"The launch passes the job's random token in the environment (" + job.TokenEnv + ", not on the\n" +
		"command line, which ps shows to every user); every connection proves it before any data moves."
)

// spinHelp describes --spin (launch, rank and bench).
const spinHelp = "how long a rank polls an idle TCP socket before it sleeps (Linux): auto (100us when -np is at most the number of CPUs, else 1ms yielding the CPU between polls), 0 (never) or a duration up to 10ms (yielding when -np exceeds the CPUs)"

// programFlags registers job.ProgramFields, the flags rank and launch share.
func programFlags(f *flagSet) {
	f.text("collective", "comma-separated collectives to call in order (default: the lecture's Experiment 2: allreduce,allgather,reducescatter)", "")
	f.text("algorithm", "algorithm of every call: "+algorithmList(sched.Algorithms())+" (default: the collective's own, ring where it applies)", "")
	f.text("count", "elements per rank and call (default: a 4-element AllReduce vector, 1-element blocks)", "")
	f.text("repeat", "time each call this many times back to back after a barrier, like nccl-tests and Open MPI (after --warmup untimed calls when more than 1); the warm-up calls and the last timed call are verified against the definition and the last one's result is printed", "1")
	f.text("warmup", "untimed calls before the timed ones when --repeat is more than 1 (nccl-tests -w), 0 to 1048576", "5")
	f.text("timeout", "bound on every wait for a peer (receive, write, connection set-up)", "30s")
	f.text("spin", spinHelp, "auto")
}

// runRank implements `ccplay rank`: job.ReadRankJob (flags and the
// launcher's environment), Placement.Rendezvous
// (what the launch passed in the environment: the job token, rank 0's
// rendezvous socket), then job.RunRank.
func runRank(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	f := newFlagSet(job.RankCommand)
	f.text("rank", "this process's rank, 0 to np−1", "")
	f.text("np", "number of ranks (processes)", "")
	f.text("addr", "rank 0's rendezvous address, HOST:PORT (as ccplay launch passes it)", "")
	f.text("master-addr", "rank 0's host, the rendezvous (overrides MASTER_ADDR and Slurm's node list)", "")
	f.text("master-port", "the rendezvous port (overrides MASTER_PORT; without either 29500, in a Slurm job 29500 + SLURM_JOB_ID mod 10000)", "")
	f.text("iface", "comma-separated interfaces to accept peers on: local rank l uses the l-th, modulo the list (default: the one that reaches the rendezvous)", "")
	programFlags(f)
	if err := f.parse(args); err != nil {
		return f.parseFailed(err, stdout, stderr, rankSynopsis, rankAbout)
	}
	pl, cfg, err := job.ReadRankJob(f.lookup(), os.LookupEnv)
	if err != nil {
		return f.report(stderr, err)
	}
	rv, err := pl.Rendezvous(os.Getenv)
	if err != nil {
		fmt.Fprintf(stderr, "ccplay: %s: %s\n", job.RankCommand, oneLine(err.Error()))
		return exitUsage
	}
	if err := job.RunRank(pl.Rank, rv, cfg, stdout); err != nil {
		fmt.Fprintf(stderr, "ccplay: %s: %s\n", job.RankCommand, oneLine(err.Error()))
		return exitInternal
	}
	return exitOK
}

// algorithmList names the algorithms, comma-separated, as the registry
// lists them.
func algorithmList(as []sched.Algorithm) string {
	names := make([]string, len(as))
	for i, a := range as {
		names[i] = string(a)
	}
	return strings.Join(names, ", ")
}
