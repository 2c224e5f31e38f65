// Package job runs collectives for real, over package transport: it starts
// one OS process per rank and collects their reports (Launch), is the
// work of one such rank process (RunRank), benchmarks a transport over an
// nccl-tests size sweep in one process (Bench), and fits α and β to what
// was measured (FitNCCL, FitBench). The program every rank runs is a list
// of Calls (Program), checked against prim.Reference on every rank.
//
// Inputs are read from named text fields through a request.Lookup, with the
// CLI's flag names (ReadLaunch, ReadRank, ReadBench), so bad input is a
// *fielderr.Error naming the field and what is accepted. The reports are
// typed values (Result, measure.Bench, FitTable) with their text renderings
// (Result.Text, BenchText, FitText) beside them; cmd/ccplay only registers
// the flags, calls these and prints.
//
// A rank process may also be started by a cluster's launcher (mpirun,
// srun, torchrun-style variables): ReadPlacement reads its place from the
// flags and the launcher's environment, in a documented order; the ranks
// on one host form a node (NodeLayout), which hierarchical schedules are
// built for, and each rank reports its bytes by link class. BenchJob is
// Bench with every process of such a job one rank: each link class
// fitted, every row predicted by the cost rule (ClusterBench).
//
// The launcher and its rank processes talk through a command line (the
// executable re-run as RankCommand with the fields as flags, see
// RankArgs) and JSON Lines on the rank's stdout (Line); what must not
// appear in ps — the job's random token — and what a command line cannot
// carry — rank 0's bound rendezvous socket — travel in the rank's
// environment and inherited files (rankenv.go). Launch bounds what it
// starts: it refuses runs whose memory estimate (RankBytes) exceeds what
// is available, forwards SIGINT and SIGTERM to every rank, and on Linux
// its ranks die with it. This package does I/O and starts processes, so
// it lives outside core/.
package job
