package plan

import (
	"strings"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// Zero is the ZeRO stage (Rajbhandari et al. 2020, "ZeRO: Memory
// Optimizations Toward Training Trillion Parameter Models"): 0 is plain
// data parallelism (DDP), 1 shards the optimizer state, 2 also the
// gradients, 3 also the parameters. FSDP (full sharding) is stage 3 under
// PyTorch's name.
type Zero int

// The ZeRO stages.
const (
	DDP Zero = iota
	Zero1
	Zero2
	Zero3
	FSDP
)

// String names the stage as the CLI accepts it.
func (z Zero) String() string {
	return [...]string{"0", "1", "2", "3", "fsdp"}[z]
}

// Label names the stage for people: DDP, ZeRO-1 … FSDP.
func (z Zero) Label() string {
	return [...]string{"DDP", "ZeRO-1", "ZeRO-2", "ZeRO-3", "FSDP"}[z]
}

// shardsParams reports whether the parameters themselves are sharded.
func (z Zero) shardsParams() bool { return z >= Zero3 }

// ParseZero reads 0, 1, 2, 3 or fsdp.
func ParseZero(s string) (Zero, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "0", "ddp":
		return DDP, nil
	case "1":
		return Zero1, nil
	case "2":
		return Zero2, nil
	case "3":
		return Zero3, nil
	case "fsdp":
		return FSDP, nil
	}
	return 0, fielderr.New("zero", "plan.zero.text", s)
}

// Recompute is the activation recomputation policy of Korthikanti et al.
// 2022 ("Reducing Activation Recomputation in Large Transformer Models").
type Recompute string

// The policies: none stores every activation; selective recomputes the
// attention core (the 5·a·s/h term; FlashAttention has the same effect);
// full stores only each layer's input.
const (
	RecomputeNone      Recompute = "none"
	RecomputeSelective Recompute = "selective"
	RecomputeFull      Recompute = "full"
)

// Shape is the training shape: sequence length s, micro-batch b (sequences
// per micro-batch per model replica) and global batch (sequences per step).
// The pipeline runs GlobalBatch / (MicroBatch · DP) micro-batches.
type Shape struct {
	Seq         int `json:"seq"`
	MicroBatch  int `json:"micro_batch"`
	GlobalBatch int `json:"global_batch"`
}

// Parallel is the parallel layout. Order lists the grid dimensions from
// fastest-varying (neighbouring ranks) to slowest, e.g. "tp-pp-dp": TP
// groups are consecutive ranks, then pipeline stages, then data-parallel
// replicas. EP divides DP: expert-parallel groups are consecutive DP ranks,
// and the expert-data-parallel group (which reduces expert gradients) is
// the remaining DP / EP.
type Parallel struct {
	DP        int       `json:"dp"`
	TP        int       `json:"tp"`
	PP        int       `json:"pp"`
	EP        int       `json:"ep"`
	SP        bool      `json:"sp"`
	Zero      Zero      `json:"-"`
	Bucket    int64     `json:"bucket_bytes"`
	Recompute Recompute `json:"recompute"`
	Order     string    `json:"order"`
	// Algorithm prices every collective it can run (sched.Applicable);
	// the others, and all of them when it is auto, take the cheapest
	// (cost's auto). Each row of the plan names the algorithm it used.
	Algorithm sched.Algorithm `json:"algorithm"`
}

// World is DP · TP · PP, the number of GPUs.
func (p Parallel) World() int { return p.DP * p.TP * p.PP }

// Cluster is where the GPUs are: nodes of GPUsPerNode GPUs, joined by
// Intra inside a node and Inter between nodes, each reaching Efficiency
// of its bandwidth.
type Cluster struct {
	Nodes       int       `json:"nodes"`
	GPUsPerNode int       `json:"gpus_per_node"`
	Intra       topo.Link `json:"intra"`
	Inter       topo.Link `json:"inter"`
	Efficiency  float64   `json:"efficiency"`
	// Fabric is the switched network between the nodes; the DP, ZeRO and
	// EP calls of groups that span nodes are simulated on it (Row.TimePerCall
	// is then the simulated time). Zero is the ideal network. The plan's
	// JSON states it in Result.Fabric, present only when it is active.
	Fabric fabric.Spec `json:"-"`
}

// Compute turns FLOPs into time: PeakFLOPS (FLOP/s per GPU, e.g. 989e12 for
// an H100 SXM in dense BF16) times MFU, the fraction achieved.
type Compute struct {
	PeakFLOPS float64 `json:"peak_flops"`
	MFU       float64 `json:"mfu"`
}

// Input is one planning question.
type Input struct {
	Model    Model    `json:"model"`
	Shape    Shape    `json:"shape"`
	Parallel Parallel `json:"parallel"`
	Cluster  Cluster  `json:"cluster"`
	Compute  Compute  `json:"compute"`
}

// Limits of the inputs.
const (
	MaxWorld  = prim.MaxRanks // GPUs
	MaxSeq    = 1 << 24
	MaxBatch  = 1 << 24
	MaxBucket = int64(1) << 40
)

// dims are the grid dimensions Order may name.
var dims = []string{"tp", "pp", "dp"}

// Validate checks every field and names the first bad one.
func (in Input) Validate() error {
	if err := in.Model.Validate(); err != nil {
		return err
	}
	s, p, c := in.Shape, in.Parallel, in.Cluster
	for _, f := range []struct {
		name   string
		v, max int
	}{{"seq", s.Seq, MaxSeq}, {"micro-batch", s.MicroBatch, MaxBatch}, {"global-batch", s.GlobalBatch, MaxBatch},
		{"dp", p.DP, MaxWorld}, {"tp", p.TP, MaxWorld}, {"pp", p.PP, MaxWorld}, {"ep", p.EP, MaxWorld},
		{"nodes", c.Nodes, MaxWorld}, {"gpus-per-node", c.GPUsPerNode, MaxWorld}} {
		if f.v < 1 || f.v > f.max {
			return fielderr.New(f.name, "plan.int.range", f.max, f.v)
		}
	}
	w := int64(p.DP) * int64(p.TP) * int64(p.PP)
	switch {
	case w > MaxWorld:
		return fielderr.New("dp", "plan.world.max", w, MaxWorld)
	case int64(c.Nodes)*int64(c.GPUsPerNode) != w:
		return fielderr.New("nodes", "plan.nodes.world",
			c.Nodes, c.GPUsPerNode, p.DP, p.TP, p.PP, w)
	case float64(s.MicroBatch)*float64(s.Seq)*float64(in.Model.Hidden)*Elem*float64(max(in.Model.TopK, 1)) > 1<<50:
		return fielderr.New("micro-batch", "plan.activations.max",
			s.MicroBatch, s.Seq, in.Model.Hidden, max(in.Model.TopK, 1))
	case p.PP > in.Model.Layers:
		return fielderr.New("pp", "plan.pp.layers", in.Model.Layers, p.PP)
	case s.GlobalBatch%(s.MicroBatch*p.DP) != 0:
		return fielderr.New("global-batch", "plan.global_batch.multiple",
			s.MicroBatch, p.DP, s.MicroBatch*p.DP, s.GlobalBatch)
	case p.TP > 1 && in.Model.Heads%p.TP != 0:
		return fielderr.New("tp", "plan.tp.heads", in.Model.Heads, in.Model.Heads, p.TP)
	case p.SP && p.TP == 1:
		return fielderr.New("sp", "plan.sp.tp")
	case p.SP && s.Seq%p.TP != 0:
		return fielderr.New("sp", "plan.sp.seq", p.TP, p.TP, s.Seq)
	case p.EP > 1 && !in.Model.MoE():
		return fielderr.New("ep", "plan.ep.dense", in.Model.Name)
	case p.DP%p.EP != 0:
		return fielderr.New("ep", "plan.ep.dp", p.DP, p.EP)
	case in.Model.MoE() && in.Model.Experts%p.EP != 0:
		return fielderr.New("ep", "plan.ep.experts", in.Model.Experts, p.EP)
	case p.Zero < DDP || p.Zero > FSDP:
		return fielderr.New("zero", "plan.zero.stage", int(p.Zero))
	case p.Bucket < 2 || p.Bucket > MaxBucket || p.Bucket%2 != 0:
		return fielderr.New("bucket", "plan.bucket.range", p.Bucket)
	case p.Zero.shardsParams() && p.PP > 1:
		return fielderr.New("zero", "plan.zero.pp")
	}
	switch p.Recompute {
	case RecomputeNone, RecomputeSelective, RecomputeFull:
	default:
		return fielderr.New("recompute", "plan.recompute.unknown", string(p.Recompute))
	}
	if _, err := strides(p.Order); err != nil {
		return err
	}
	if !usable(p.Algorithm) {
		return fielderr.New("algorithm", "plan.algorithm.none", string(p.Algorithm), joinIDs(planned), joinIDs(usableAlgorithms()))
	}
	for _, l := range []struct {
		name string
		l    topo.Link
	}{{"intra-bandwidth", c.Intra}, {"bandwidth", c.Inter}} {
		if !(l.l.Bandwidth > 0) || l.l.Bandwidth > 1e18 {
			return fielderr.New(l.name, "plan.bandwidth.range", l.l.Bandwidth)
		}
	}
	switch {
	case !(c.Intra.Alpha >= 0) || c.Intra.Alpha > 1:
		return fielderr.New("intra-latency", "plan.latency.range", c.Intra.Alpha)
	case !(c.Inter.Alpha >= 0) || c.Inter.Alpha > 1:
		return fielderr.New("latency", "plan.latency.range", c.Inter.Alpha)
	case !(c.Efficiency > 0 && c.Efficiency <= 1):
		return fielderr.New("efficiency", "plan.fraction.range", c.Efficiency)
	case !(in.Compute.PeakFLOPS > 0) || in.Compute.PeakFLOPS > 1e18:
		return fielderr.New("peak", "plan.peak.range", in.Compute.PeakFLOPS)
	case !(in.Compute.MFU > 0 && in.Compute.MFU <= 1):
		return fielderr.New("mfu", "plan.fraction.range", in.Compute.MFU)
	}
	if err := cost.CheckLink("intra-bandwidth", c.Intra.Bandwidth, c.Efficiency); err != nil {
		return err
	}
	if err := c.Fabric.Validate(c.Nodes); err != nil {
		return err
	}
	return cost.CheckLink("bandwidth", c.Inter.Bandwidth, c.Efficiency)
}

// strides maps each grid dimension to its stride on the rank grid for an
// order such as "tp-pp-dp" (fastest first). The strides are unit-free: the
// caller multiplies by the degrees.
func strides(order string) ([3]string, error) {
	parts := strings.Split(strings.ToLower(strings.TrimSpace(order)), "-")
	var out [3]string
	if len(parts) != 3 {
		return out, fielderr.New("order", "plan.order.form", order)
	}
	seen := map[string]bool{}
	for i, d := range parts {
		ok := false
		for _, x := range dims {
			ok = ok || x == d
		}
		if !ok || seen[d] {
			return out, fielderr.New("order", "plan.order.each", order)
		}
		seen[d] = true
		out[i] = d
	}
	return out, nil
}

// planned are the collectives a plan may call.
var planned = []prim.Collective{prim.AllReduce, prim.AllGather, prim.ReduceScatter, prim.AllToAll, prim.SendRecv}

// usableAlgorithms lists auto and every algorithm that runs a planned
// collective, in the registry's order.
func usableAlgorithms() []sched.Algorithm {
	var out []sched.Algorithm
	for _, a := range sched.Choices() {
		if usable(a) {
			out = append(out, a)
		}
	}
	return out
}

// joinIDs lists identifiers as text: "allreduce, allgather, …".
func joinIDs[T ~string](ids []T) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = string(id)
	}
	return strings.Join(parts, ", ")
}

// usable reports whether a is auto or runs at least one planned collective.
func usable(a sched.Algorithm) bool {
	if a == sched.Auto {
		return true
	}
	for _, c := range planned {
		if sched.Check(c, a) == nil {
			return true
		}
	}
	return false
}
