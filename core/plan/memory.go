package plan

// Bytes per parameter of mixed-precision Adam (Rajbhandari et al. 2020,
// §3.1: 2Ψ + 2Ψ + KΨ with K = 12): bf16 weights, bf16 gradients, and the
// fp32 master weights, momentum and variance.
const (
	WeightBytes    = 2
	GradBytes      = 2
	OptimizerBytes = 12
	StateBytes     = WeightBytes + GradBytes + OptimizerBytes // 16
)

// Memory is what one GPU holds, in bytes. Weights, gradients and optimizer
// state are the busiest stage's parameters on the GPU divided as the ZeRO
// stage divides them: ZeRO-1 divides the optimizer state by the
// data-parallel degree, ZeRO-2 the gradients too, ZeRO-3/FSDP the weights
// too (expert parameters by the expert-data-parallel degree DP / EP).
type Memory struct {
	Weights     float64 `json:"weights_bytes"`
	Gradients   float64 `json:"gradients_bytes"`
	Optimizer   float64 `json:"optimizer_bytes"`
	Activations float64 `json:"activations_bytes"`
	Total       float64 `json:"total_bytes"`
	// ActivationFormula is the per-layer formula used, in the paper's terms.
	ActivationFormula string `json:"activation_formula"`
	InFlight          int64  `json:"in_flight_micro_batches"`
}

// ShardedState is the training state of psi parameters on one of n
// data-parallel ranks at a ZeRO stage: 16·Ψ for DDP, (4 + 12/n)·Ψ for
// ZeRO-1, (2 + 14/n)·Ψ for ZeRO-2, 16·Ψ/n for ZeRO-3 and FSDP
// (Rajbhandari et al. 2020, Figure 1). Returns the three parts. O(1).
func ShardedState(psi float64, z Zero, n int) (weights, grads, opt float64) {
	d := float64(n)
	weights, grads, opt = WeightBytes*psi, GradBytes*psi, OptimizerBytes*psi
	if z >= Zero1 {
		opt /= d
	}
	if z >= Zero2 {
		grads /= d
	}
	if z >= Zero3 {
		weights /= d
	}
	return
}

// activationsPerLayer is the activation memory of one layer for one
// micro-batch, from Korthikanti et al. 2022, "Reducing Activation
// Recomputation in Large Transformer Models", Table 2 (bytes, 16-bit
// activations, s sequence, b micro-batch, h hidden, a heads, t TP):
//
//	no parallelism:      s·b·h·(34 + 5·a·s/h)
//	TP:                  s·b·h·(10 + 24/t + 5·a·s/(h·t))
//	TP + SP:             s·b·h·(34/t + 5·a·s/(h·t))
//	selective recompute: the same without the 5·a·s/h term (as with FlashAttention)
//	full recompute:      2·s·b·h (only each layer's input; /t with SP)
//
// The constants assume a 4h GELU MLP and full multi-head attention; for
// SwiGLU and grouped-query attention they are an estimate.
func activationsPerLayer(in Input) (float64, string) {
	s, b, h := float64(in.Shape.Seq), float64(in.Shape.MicroBatch), float64(in.Model.Hidden)
	a, t := float64(in.Model.Heads), float64(in.Parallel.TP)
	sbh := s * b * h
	attn := 5 * a * s / (h * t)
	sp := in.Parallel.SP
	switch in.Parallel.Recompute {
	case RecomputeFull:
		if sp {
			return 2 * sbh / t, "2·s·b·h/t"
		}
		return 2 * sbh, "2·s·b·h"
	case RecomputeSelective:
		attn = 0
	}
	var v float64
	var f string
	switch {
	case sp:
		v, f = sbh*(34/t+attn), "s·b·h·(34/t"
	case t > 1:
		v, f = sbh*(10+24/t+attn), "s·b·h·(10 + 24/t"
	default:
		v, f = sbh*(34+attn), "s·b·h·(34"
	}
	if attn > 0 {
		f += " + 5·a·s/(h·t))"
	} else {
		f += ")"
	}
	return v, f
}

// memory is one GPU of stage st: state as ZeRO divides it, activations for
// the micro-batches in flight on stage i under 1F1B, min(PP − i, m)
// (Narayanan et al. 2021; Korthikanti et al. 2022 §4.2.3).
func memory(in Input, st Stage, m int64) Memory {
	p := in.Parallel
	dense, experts := st.perGPU(p)
	w1, g1, o1 := ShardedState(float64(dense), p.Zero, p.DP)
	w2, g2, o2 := ShardedState(float64(experts), p.Zero, p.DP/p.EP)
	per, f := activationsPerLayer(in)
	inflight := min(int64(p.PP-st.Index), m)
	mem := Memory{Weights: w1 + w2, Gradients: g1 + g2, Optimizer: o1 + o2,
		Activations: per * float64(st.Layers) * float64(inflight), ActivationFormula: f, InFlight: inflight}
	mem.Total = mem.Weights + mem.Gradients + mem.Optimizer + mem.Activations
	return mem
}
