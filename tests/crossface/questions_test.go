package crossface

// question is one cost question, written as the playground's URL query
// with the CLI's flag names; the CLI gets the same pairs as flags.
type question struct {
	name  string // what it asks, named in every failure
	query string
}

// costQuestions are asked through `ccplay cost --json`, GET /api/v1/cost
// and the playground's timing answer (TestCost), and their schedules
// through GET /api/v1/schedule and the playground's ledger (TestSchedule).
// They cover every collective, every algorithm, hierarchical AllReduce with
// GPUs per node, stragglers, NCCL's model and auto.
var costQuestions = []question{
	// every collective with each of its algorithms
	{"sendrecv, naive", "collective=sendrecv&algorithm=naive&ranks=2&size=1MiB"},
	{"broadcast, naive", "collective=broadcast&algorithm=naive&ranks=8&size=1MiB&root=3"},
	{"broadcast, ring (pipelined)", "collective=broadcast&algorithm=ring&ranks=8&size=1MiB"},
	{"broadcast, tree (pipelined)", "collective=broadcast&algorithm=tree&ranks=16&size=4MiB"},
	{"broadcast, binomial", "collective=broadcast&algorithm=binomial&ranks=16&size=64KiB&root=5"},
	{"broadcast, scatter_allgather", "collective=broadcast&algorithm=scatter_allgather&ranks=8&size=1MiB"},
	{"scatter, naive", "collective=scatter&algorithm=naive&ranks=8&size=1MiB&root=2"},
	{"scatter, binomial", "collective=scatter&algorithm=binomial&ranks=16&size=1MiB"},
	{"gather, naive", "collective=gather&algorithm=naive&ranks=8&size=1MiB"},
	{"gather, binomial", "collective=gather&algorithm=binomial&ranks=12&size=96KiB&root=7"},
	{"reduce, naive", "collective=reduce&algorithm=naive&ranks=8&size=1MiB&gamma=1e-11"},
	{"reduce, ring (pipelined)", "collective=reduce&algorithm=ring&ranks=8&size=16MiB"},
	{"reduce, tree (pipelined)", "collective=reduce&algorithm=tree&ranks=16&size=16MiB"},
	{"reduce, binomial", "collective=reduce&algorithm=binomial&ranks=8&size=1MiB"},
	{"reduce, rabenseifner on 12 ranks", "collective=reduce&algorithm=rabenseifner&ranks=12&size=3MiB"},
	{"allreduce, ring (the README's example)", "collective=allreduce&algorithm=ring&ranks=8&size=100MiB&bandwidth=50GB/s&latency=5us"},
	{"allreduce, tree on 64 ranks", "collective=allreduce&algorithm=tree&ranks=64&size=1GiB&bandwidth=400Gbps&latency=5us"},
	{"allreduce, naive", "collective=allreduce&algorithm=naive&ranks=8&size=1MiB"},
	{"allreduce, binomial", "collective=allreduce&algorithm=binomial&ranks=8&size=1MiB"},
	{"allreduce, recursive_doubling", "collective=allreduce&algorithm=recursive_doubling&ranks=16&size=256KiB&efficiency=0.8"},
	{"allreduce, rabenseifner on 24 ranks", "collective=allreduce&algorithm=rabenseifner&ranks=24&size=6MiB&dtype=half"},
	{"reducescatter, naive", "collective=reducescatter&algorithm=naive&ranks=8&size=1MiB"},
	{"reducescatter, ring", "collective=reducescatter&algorithm=ring&ranks=8&size=8MiB"},
	{"reducescatter, recursive_halving", "collective=reducescatter&algorithm=recursive_halving&ranks=16&size=1MiB"},
	{"reducescatter, pairwise", "collective=reducescatter&algorithm=pairwise&ranks=8&size=1MiB"},
	{"allgather, naive", "collective=allgather&algorithm=naive&ranks=8&size=1MiB"},
	{"allgather, ring", "collective=allgather&algorithm=ring&ranks=8&size=8MiB"},
	{"allgather, recursive_doubling", "collective=allgather&algorithm=recursive_doubling&ranks=16&size=1MiB"},
	{"allgather, bruck on 12 ranks", "collective=allgather&algorithm=bruck&ranks=12&size=768KiB"},
	{"alltoall, naive", "collective=alltoall&algorithm=naive&ranks=8&size=1MiB"},
	{"alltoall, pairwise", "collective=alltoall&algorithm=pairwise&ranks=8&size=1MiB"},
	{"alltoall, bruck", "collective=alltoall&algorithm=bruck&ranks=16&size=1MiB"},

	// hierarchical AllReduce with GPUs per node, and rings on two link classes
	{"allreduce, hierarchical, 4 nodes of 4", "collective=allreduce&algorithm=hierarchical&ranks=16&gpus-per-node=4&size=64KiB&bandwidth=50GB/s&latency=5us"},
	{"allreduce, hierarchical, 8 nodes of 8 on NVLink 4 and IB", "collective=allreduce&algorithm=hierarchical&ranks=64&gpus-per-node=8&size=1GiB&preset=ib400&intra-preset=nvlink4"},
	{"allreduce, hierarchical, the lecture's 128 nodes × 8", "collective=allreduce&algorithm=hierarchical&ranks=1024&gpus-per-node=8&size=1GiB&preset=ib400&intra-preset=nvlink4"},
	{"allreduce, ring over 2 nodes of 8", "collective=allreduce&algorithm=ring&ranks=16&gpus-per-node=8&size=64MiB&preset=ib400&intra-preset=nvlink4"},
	{"allgather, ring over 4 nodes of 4", "collective=allgather&algorithm=ring&ranks=16&gpus-per-node=4&size=16MiB&intra-bandwidth=300GB/s&intra-latency=2us"},

	// stragglers
	{"straggler: rank 3 four times slower", "collective=allreduce&algorithm=ring&ranks=8&size=100MiB&slow-rank=3&slow-factor=4"},
	{"straggler: link 3-4 four times slower, on nodes", "collective=allreduce&algorithm=ring&ranks=16&gpus-per-node=8&size=64MiB&preset=ib400&intra-preset=nvlink4&slow-link=3-4&slow-factor=4"},
	{"straggler: rank 8 on the lecture's cluster", "collective=allreduce&algorithm=ring&ranks=1024&gpus-per-node=8&size=1GiB&preset=ib400&intra-preset=nvlink4&slow-rank=8&slow-factor=4"},

	// NCCL's model
	{"NCCL's model, 2 nodes of 8, 64 KiB", "collective=allreduce&algorithm=ring&ranks=16&gpus-per-node=8&size=64KiB&preset=ib400&intra-preset=nvlink4&model=nccl"},
	{"NCCL's model, 2 nodes of 8, 1 GiB", "collective=allreduce&algorithm=ring&ranks=16&gpus-per-node=8&size=1GiB&preset=ib400&intra-preset=nvlink4&model=nccl"},
	{"NCCL's model, allgather on one node", "collective=allgather&algorithm=ring&ranks=8&size=1MiB&model=nccl"},

	// auto: the sweep around its first crossover at P = 1024, and on a cluster
	{"auto, P = 1024, 4 KiB", "collective=allreduce&algorithm=auto&ranks=1024&size=4KiB"},
	{"auto, P = 1024, 305 KiB", "collective=allreduce&algorithm=auto&ranks=1024&size=312496"},
	{"auto, P = 1024, 312500 B", "collective=allreduce&algorithm=auto&ranks=1024&size=312500"},
	{"auto, P = 1024, 1 MiB", "collective=allreduce&algorithm=auto&ranks=1024&size=1MiB"},
	{"auto, P = 1024, 1 GiB", "collective=allreduce&algorithm=auto&ranks=1024&size=1GiB"},
	{"auto on the lecture's cluster, 64 MiB", "collective=allreduce&algorithm=auto&ranks=1024&gpus-per-node=8&preset=ib400&intra-preset=nvlink4&size=64MiB"},
	{"auto, allgather on 8 ranks", "collective=allgather&algorithm=auto&ranks=8&size=1MiB"},
}
