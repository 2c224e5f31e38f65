package question

import "github.com/ccplay/ccplay/core/field"

// costDefaults are the texts of the cost fields that are not given: the
// lecture's Experiment 3 setting (AllReduce of 100 MiB over 400 Gbps =
// 50 GB/s links with α = 5 µs) on 8 ranks. The algorithm has no text
// default: it is the collective's default algorithm (sched.DefaultFor).
var costDefaults = map[string]string{
	"collective": "allreduce",
	"ranks":      "8",
	"size":       "100MiB",
	"bandwidth":  field.LinkDefaults["bandwidth"],
	"latency":    field.LinkDefaults["latency"],
	"gamma":      "0",
	"efficiency": "1",
	"root":       "0",
	"dtype":      "float",
	"chunks":     "0",
	// 0 GPUs per node is one flat network; the intra link defaults to
	// NVLink 4 (topo preset nvlink4).
	"gpus-per-node":   "0",
	"intra-bandwidth": field.LinkDefaults["intra-bandwidth"],
	"intra-latency":   field.LinkDefaults["intra-latency"],
	"model":           "alpha-beta",
}

// Default is the default text of a cost field ("" if it has none; the
// algorithm's default depends on the collective: DefaultAlgorithm).
func Default(name string) string { return costDefaults[name] }

// NCCLFields are the whole-system preset and NCCL's knobs: system (a
// topo.Systems name), nccl-algo and nccl-proto (NCCL_ALGO and NCCL_PROTO
// in NCCL's syntax), nccl-channels (NCCL_MIN_NCHANNELS = NCCL_MAX_NCHANNELS),
// nccl-collnet (NCCL_COLLNET_ENABLE: 0 or 1) and nccl-buffsize
// (NCCL_BUFFSIZE, a size).
var NCCLFields = []string{"system", "nccl-algo", "nccl-proto", "nccl-channels", "nccl-collnet", "nccl-buffsize"}

// CostFields are the fields of a cost question, in the order faces list
// them.
var CostFields = append([]string{"collective", "algorithm", "ranks", "size", "bandwidth", "latency", "gamma", "efficiency", "root", "dtype", "chunks",
	"preset", "gpus-per-node", "intra-bandwidth", "intra-latency", "intra-preset", "slow-rank", "slow-factor", "slow-link", "model"}, NCCLFields...)
