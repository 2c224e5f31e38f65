// Package cost prices collectives under the α-β-γ model, mostly without
// building a schedule: closed forms (exact for the cost rule of package sim
// wherever their doc says so; the rule is written out in docs/conventions.md),
// lower bounds, nccl-tests algbw/busbw, auto and its crossovers, NCCL's
// tuning model, and the result object the CLI, the API and the playground
// show. Where a face needs the executed schedule a question prices, it asks
// ScheduleOf, the one place that builds it.
package cost

import (
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/core/topo"
)

// Params is one cost question: a collective of Size bytes over Ranks ranks,
// on links of the given bandwidth and latency.
type Params struct {
	Collective prim.Collective
	Algorithm  sched.Algorithm
	Ranks      int
	Root       int
	Size       int64   // S in bytes, nccl-tests' convention (docs/conventions.md)
	ElemSize   int     // bytes per element (the dtype); S must be a multiple
	Bandwidth  float64 // bytes/s per direction, before Efficiency
	Efficiency float64 // fraction of Bandwidth achieved, in (0, 1]
	Latency    float64 // α in seconds
	Gamma      float64 // seconds per byte reduced
	Chunks     int     // pipeline chunks; 0 picks the count that minimises time
	// GPUsPerNode is g: ranks sit in order on nodes of g GPUs, joined inside
	// a node by the intra link (IntraBandwidth, IntraLatency) and across
	// nodes by the network (Bandwidth, Latency). 0, the zero value, is one
	// flat network: every link is the network link, as before topologies.
	GPUsPerNode    int
	IntraBandwidth float64 // bytes/s per direction inside a node, before Efficiency
	IntraLatency   float64 // α inside a node, seconds
	// Slow slows one rank or one link down (topo.Slow); the zero value
	// slows nothing.
	Slow topo.Slow
	// CostModel is "" or ModelAlphaBeta (the α-β-γ cost rule) or ModelNCCL,
	// which adds NCCL's algorithm × protocol model (Result.NCCL; NCCL).
	CostModel string
	// NCCL is the machine (a whole-system preset) and NCCL's knobs for
	// NCCL's model (NCCLOptions); the zero value derives the machine from
	// the fields above with NCCL's defaults.
	NCCL NCCLOptions
	// Fabric is the switched network the schedule is simulated on
	// (FabricResult); the zero value is the ideal fabric: no simulation,
	// every answer the α-β-γ rule's.
	Fabric fabric.Spec
}

// The cost models of Params.CostModel.
const (
	ModelAlphaBeta = "alpha-beta"
	ModelNCCL      = "nccl"
)

// CostModels lists the cost models a face offers, the default first.
func CostModels() []string { return []string{ModelAlphaBeta, ModelNCCL} }

// Topological reports whether p has more than one flat link: nodes of
// GPUs, or a slowdown. Without it every closed form is today's.
func (p Params) Topological() bool { return p.GPUsPerNode > 0 || p.Slow.Active() }

// Cluster is the cluster p describes, with effective bandwidths (after
// Efficiency). GPUsPerNode 0 is a flat network: one rank per node, every
// link the network link.
func (p Params) Cluster() topo.Cluster {
	inter := topo.Link{Alpha: p.Latency, Bandwidth: p.Bandwidth * p.Efficiency}
	c := topo.Cluster{Ranks: p.Ranks, GPUsPerNode: p.GPUsPerNode, Inter: inter, Intra: inter, Slow: p.Slow}
	if p.GPUsPerNode == 0 {
		c.GPUsPerNode = 1
	} else {
		c.Intra = topo.Link{Alpha: p.IntraLatency, Bandwidth: p.IntraBandwidth * p.Efficiency}
	}
	return c
}

// MaxTrafficBytes bounds P·S·(⌈log₂P⌉+2), more than any algorithm moves in
// all (naive AllReduce 2(P−1)·S; recursive doubling and Bruck about
// P·S·log₂P), so that byte totals stay exact in int64.
const MaxTrafficBytes = 1 << 62

// SizeStep is the granularity of a size S on p ranks of elemSize-byte
// elements: one element, or P elements where every rank's part must be
// equal (Scatter, Gather, AllGather, ReduceScatter and AllToAll, the way
// nccl-tests counts them: its count is one rank's part, paramcount =
// count / nranks in GetCollByteCount of NVIDIA/nccl-tests src/scatter.cu,
// gather.cu, all_gather.cu, reduce_scatter.cu, alltoall.cu). Sweeps, charts,
// tables and benchmarks round S down to a multiple of it (RoundSize); a
// single cost question need not (Spec splits uneven blocks).
func SizeStep(c prim.Collective, p, elemSize int) int64 {
	if c.Blocked() || c == prim.AllToAll {
		return int64(elemSize) * int64(p)
	}
	return int64(elemSize)
}

// RoundSize rounds size down to a multiple of SizeStep(c, p, elemSize); it
// may return 0.
func RoundSize(c prim.Collective, p, elemSize int, size int64) int64 {
	step := SizeStep(c, p, elemSize)
	return size / step * step
}

// DoublingSizes is the sizes of a time-vs-size sweep from lo to hi: lo,
// 2·lo, 4·lo, … up to hi, and hi itself, each rounded down with RoundSize,
// keeping only the positive sizes above the one before (so the list is
// strictly ascending and may be empty). It is the one sweep rule of the
// playground's charts and the API's chart embeds. O(log(hi/lo)); lo ≥ 1.
func DoublingSizes(c prim.Collective, p, elemSize int, lo, hi int64) []int64 {
	var out []int64
	add := func(s int64) {
		if s = RoundSize(c, p, elemSize, s); s > 0 && (len(out) == 0 || s > out[len(out)-1]) {
			out = append(out, s)
		}
	}
	for s := max(lo, 1); s <= hi; s *= 2 {
		add(s)
		if s > hi/2 {
			break
		}
	}
	add(hi)
	return out
}

// MaxSize is the largest S accepted on p ranks: MaxTrafficBytes /
// (P·(⌈log₂P⌉+2)), e.g. about 400 TB on 1024 ranks, 190 GB on 2^20.
func MaxSize(p int) int64 {
	return MaxTrafficBytes / (int64(p) * int64(sched.Log2Ceil(p)+2))
}

// Validate checks every field and names the first bad one.
func (p Params) Validate() error {
	sp := prim.Spec{Collective: p.Collective, Ranks: p.Ranks, Root: p.Root, Op: prim.Sum}
	if err := sp.Validate(); err != nil {
		return err
	}
	if err := sched.Check(p.Collective, p.Algorithm); err != nil {
		return err
	}
	switch {
	case p.ElemSize < 1:
		return fielderr.New("dtype", "cost.elem_size.min", p.ElemSize)
	case p.Size < 0:
		return fielderr.New("size", "cost.size.negative", p.Size)
	case p.Size%int64(p.ElemSize) != 0:
		return fielderr.New("size", "cost.size.whole", p.Size, p.ElemSize)
	case !(p.Bandwidth > 0) || p.Bandwidth > 1e18:
		return fielderr.New("bandwidth", "cost.bandwidth.range", p.Bandwidth)
	case !(p.Efficiency > 0 && p.Efficiency <= 1):
		return fielderr.New("efficiency", "cost.efficiency.range", p.Efficiency)
	case !(p.Latency >= 0) || p.Latency > 1e6:
		return fielderr.New("latency", "cost.latency.range", p.Latency)
	case !(p.Gamma >= 0) || p.Gamma > 1e6:
		return fielderr.New("gamma", "cost.gamma.range", p.Gamma)
	case p.Chunks < 0:
		return fielderr.New("chunks", "cost.chunks.min", p.Chunks)
	case p.Chunks > 0 && p.Algorithm == sched.Auto:
		return fielderr.New("chunks", "cost.chunks.auto")
	case p.Size > MaxSize(p.Ranks):
		return fielderr.New("size", "cost.size.max",
			MaxSize(p.Ranks), p.Ranks, p.Size)
	}
	if err := CheckLink("bandwidth", p.Bandwidth, p.Efficiency); err != nil {
		return err
	}
	if p.CostModel != "" && p.CostModel != ModelAlphaBeta && p.CostModel != ModelNCCL {
		return fielderr.New("model", "cost.model.unknown", p.CostModel)
	}
	if p.Topological() {
		if p.GPUsPerNode < 0 {
			return fielderr.New("gpus-per-node", "cost.gpus_per_node.min", p.GPUsPerNode)
		}
		if !(p.IntraBandwidth >= 0) || !(p.IntraLatency >= 0) {
			return fielderr.New("intra-bandwidth", "cost.intra.range", p.IntraBandwidth, p.IntraLatency)
		}
		if err := p.Cluster().Validate(); err != nil {
			return err
		}
		if p.GPUsPerNode > 0 {
			if err := CheckLink("intra-bandwidth", p.IntraBandwidth, p.Efficiency); err != nil {
				return err
			}
		}
	}
	if err := p.validateFabric(); err != nil {
		return err
	}
	if p.Chunks > 0 && p.Algorithm != sched.Auto {
		if !sched.Pipelined(p.Collective, p.Algorithm) {
			return fielderr.New("chunks", "cost.chunks.no_pipeline", p.Algorithm, p.Collective)
		}
		if m := sched.MaxChunks(p.Collective, p.Algorithm, int(p.Elems())); p.Chunks > m {
			return fielderr.New("chunks", "cost.chunks.range", m, p.Elems(), p.Chunks)
		}
	}
	return nil
}

// Elems is the element count n = S / ElemSize.
func (p Params) Elems() int64 { return p.Size / int64(p.ElemSize) }

// Model is the α-β-γ model of the parameters: β = 1/(Bandwidth·Efficiency);
// on a topology (Topological) Link gives every pair its link class's α and
// β, slowdown included (topo.Cluster.Link).
func (p Params) Model() sim.Model {
	m := sim.Model{Alpha: p.Latency, Beta: 1 / (p.Bandwidth * p.Efficiency), Gamma: p.Gamma}
	if p.Topological() {
		m.Link = p.Cluster().Link
	}
	return m
}

// Spec is the exact call the closed forms price: S bytes as n elements;
// blocked collectives and AllToAll cut n into P near-equal blocks
// (sched.Split), as evenly as the element count allows.
func (p Params) Spec() prim.Spec {
	n := int(p.Elems())
	sp := prim.Spec{Collective: p.Collective, Ranks: p.Ranks, Root: p.Root, Op: prim.Sum, Count: n}
	if p.Collective.Blocked() || p.Collective == prim.AllToAll {
		sp.Count = n / p.Ranks
		if n%p.Ranks != 0 {
			off := sched.Split(n, p.Ranks)
			blocks := make([]int, p.Ranks)
			for i := range blocks {
				blocks[i] = off[i+1] - off[i]
			}
			if p.Collective == prim.AllToAll {
				sp.SendCounts = make([][]int, p.Ranks)
				for i := range sp.SendCounts {
					sp.SendCounts[i] = blocks
				}
			} else {
				sp.Counts = blocks
			}
		}
	}
	return sp
}
