package plan

import (
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/topo"
)

// Elem is the bytes of one element on the wire: bf16 activations,
// gradients and gathered weights.
const Elem = 2

// The strategies a collective belongs to.
const (
	StratDP   = "DP"   // gradient synchronisation of DDP and ZeRO-0
	StratZero = "ZeRO" // ZeRO-1/2/3, FSDP
	StratTP   = "TP"
	StratSP   = "SP"
	StratPP   = "PP"
	StratEP   = "EP"
)

// The phases of a step.
const (
	PhaseForward   = "forward"
	PhaseBackward  = "backward"
	PhaseRecompute = "recompute"
	PhaseStep      = "optimizer step"
)

// phaseIDs are the messages of the phases.
var phaseIDs = map[string]msg.ID{PhaseForward: "plan.phase.forward", PhaseBackward: "plan.phase.backward",
	PhaseRecompute: "plan.phase.recompute", PhaseStep: "plan.phase.step"}

// PhaseMessage is one of the phases above as a message.
func PhaseMessage(phase string) msg.Message { return msg.New(phaseIDs[phase]) }

// LinksMessage is link classes (topo.Intra's and topo.Inter's names) as one
// message, joined by the message join (a format "%s…%s").
func LinksMessage(classes []string, join msg.ID) msg.Message {
	var m msg.Message
	for i, c := range classes {
		l := msg.New("plan.link.inter")
		if c == topo.Intra.String() {
			l = msg.New("plan.link.intra")
		}
		if i == 0 {
			m = l
		} else {
			m = msg.New(join, m, l)
		}
	}
	return m
}

// Call is one kind of collective call in a training step, before pricing:
// Calls calls per step of Collective over the Group family, each of Bytes
// bytes in nccl-tests' convention (AllReduce: the vector; AllGather and
// ReduceScatter: the whole gathered buffer; AllToAll: each rank's send
// buffer; SendRecv: the message).
type Call struct {
	Strategy   string          `json:"strategy"`
	Phase      string          `json:"phase"`
	What       string          `json:"what"`
	Collective prim.Collective `json:"collective"`
	Group      string          `json:"group"`
	GroupSize  int             `json:"group_size"`
	Bytes      int64           `json:"bytes_per_call"`
	Calls      int64           `json:"calls_per_step"`
	Source     string          `json:"source"`
	// WhatMsg is What as a message (What is it in English).
	WhatMsg msg.Message `json:"-"`
}

// call is the Call of what, with What its English.
func call(strategy, phase string, what msg.Message, c prim.Collective, group string, size int, bytes, calls int64, source string) Call {
	return Call{strategy, phase, what.String(), c, group, size, bytes, calls, source, what}
}

// The sources the derivations follow.
const (
	srcZero     = "Rajbhandari et al. 2020, ZeRO (SC'20), §5 and §7: DDP 2Ψ, ZeRO-1/2 2Ψ (ReduceScatter + AllGather), ZeRO-3 3Ψ"
	srcDDP      = "Li et al. 2020, PyTorch Distributed (VLDB): gradient buckets (25 MB default) AllReduced during backward"
	srcTP       = "Shoeybi et al. 2019, Megatron-LM §3: two AllReduce per block forward (after attention and MLP; g), two backward (f)"
	srcSP       = "Korthikanti et al. 2022, §4.2.2: with SP each TP AllReduce becomes AllGather + ReduceScatter of the same total"
	srcPP       = "Narayanan et al. 2021 (Megatron-LM PTD-P): b·s·h activations per micro-batch per stage boundary, gradients back"
	srcMoE      = "Lepikhin et al. 2021 (GShard), Fedus et al. 2022 (Switch): dispatch and combine AllToAll per MoE layer, both again in backward"
	srcRecomp   = "Korthikanti et al. 2022 §5: full recomputation re-runs each layer's forward, and its TP/EP collectives, in backward"
	srcZeroIter = "DeepSpeed ZeRO-2/3: gradients are reduce-scattered in every micro-batch's backward (no whole gradient is kept); ZeRO-3 gathers each layer's weights in every micro-batch"
)

// buckets cuts total bytes into full buckets and one smaller last bucket:
// (size, count) pairs with Σ size·count = total.
func buckets(total, bucket int64) [][2]int64 {
	var out [][2]int64
	if n := total / bucket; n > 0 {
		out = append(out, [2]int64{bucket, n})
	}
	if r := total % bucket; r > 0 {
		out = append(out, [2]int64{r, 1})
	}
	return out
}

// derive lists every call of one training step on a GPU of stage st, for
// micro-batches m. Pure arithmetic, O(layers of the stage).
func derive(in Input, st Stage, m int64) []Call {
	p, mo := in.Parallel, in.Model
	var out []Call
	add := func(c Call) {
		if c.GroupSize > 1 && c.Bytes > 0 && c.Calls > 0 {
			out = append(out, c)
		}
	}
	b, s, h := int64(in.Shape.MicroBatch), int64(in.Shape.Seq), int64(mo.Hidden)
	act := b * s * h * Elem
	layers, moe := int64(st.Layers), int64(st.MoELayers)

	// Tensor (and sequence) parallelism: 2 per block each way.
	fwdTP := func(phase, src string) {
		if p.SP {
			add(call(StratSP, phase, msg.New("plan.what.sp_gather"), prim.AllGather, "tp", p.TP, act, 2*layers*m, src))
			add(call(StratSP, phase, msg.New("plan.what.sp_scatter"), prim.ReduceScatter, "tp", p.TP, act, 2*layers*m, src))
			return
		}
		add(call(StratTP, phase, msg.New("plan.what.tp_g"), prim.AllReduce, "tp", p.TP, act, 2*layers*m, src))
	}
	fwdTP(PhaseForward, ternary(p.SP, srcSP, srcTP))
	if p.Recompute == RecomputeFull {
		fwdTP(PhaseRecompute, srcRecomp)
	}
	if p.SP {
		add(call(StratSP, PhaseBackward, msg.New("plan.what.sp_gather_grad"), prim.ReduceScatter, "tp", p.TP, act, 2*layers*m, srcSP))
		add(call(StratSP, PhaseBackward, msg.New("plan.what.sp_scatter_grad"), prim.AllGather, "tp", p.TP, act, 2*layers*m, srcSP))
	} else {
		add(call(StratTP, PhaseBackward, msg.New("plan.what.tp_f"), prim.AllReduce, "tp", p.TP, act, 2*layers*m, srcTP))
	}

	// Expert parallelism: dispatch and combine per MoE layer, each way.
	tokens := b * s
	if p.SP {
		tokens /= int64(p.TP)
	}
	a2a := tokens * int64(mo.TopK) * h * Elem
	fwdEP := func(phase, src string) {
		add(call(StratEP, phase, msg.New("plan.what.ep_a2a"), prim.AllToAll, "ep", p.EP, a2a, 2*moe*m, src))
	}
	fwdEP(PhaseForward, srcMoE)
	if p.Recompute == RecomputeFull {
		fwdEP(PhaseRecompute, srcRecomp)
	}
	add(call(StratEP, PhaseBackward, msg.New("plan.what.ep_a2a_grad"), prim.AllToAll, "ep", p.EP, a2a, 2*moe*m, srcMoE))

	// Pipeline: one activation forward, one gradient back, per micro-batch.
	add(call(StratPP, PhaseForward, msg.New("plan.what.pp_act"), prim.SendRecv, "pp", min(p.PP, 2), act, m, srcPP))
	add(call(StratPP, PhaseBackward, msg.New("plan.what.pp_grad"), prim.SendRecv, "pp", min(p.PP, 2), act, m, srcPP))

	// Data parallelism: dense gradients over DP, expert gradients over
	// the expert-data-parallel group.
	dense, experts := st.perGPU(p)
	type part struct {
		group string
		size  int
		psi   int64  // bytes of bf16 gradients (= of bf16 weights)
		what  msg.ID // "" or ".experts", the suffix of the "what" message IDs
	}
	parts := []part{{"dp", p.DP, dense * Elem, ""}, {"edp", p.DP / p.EP, experts * Elem, ".experts"}}
	for _, pt := range parts {
		switch p.Zero {
		case DDP:
			for _, bk := range buckets(pt.psi, p.Bucket) {
				add(call(StratDP, PhaseBackward, msg.New("plan.what.buckets"+pt.what), prim.AllReduce, pt.group, pt.size, bk[0], bk[1], srcDDP))
			}
		case Zero1, Zero2:
			per := int64(1)
			src := srcZero
			if p.Zero == Zero2 {
				per, src = m, srcZeroIter
			}
			for _, bk := range buckets(pt.psi, p.Bucket) {
				add(call(StratZero, PhaseBackward, msg.New("plan.what.buckets_owners"+pt.what), prim.ReduceScatter, pt.group, pt.size, bk[0], bk[1]*per, src))
			}
			for _, bk := range buckets(pt.psi, p.Bucket) {
				add(call(StratZero, PhaseStep, msg.New("plan.what.weights_owners"+pt.what), prim.AllGather, pt.group, pt.size, bk[0], bk[1], srcZero))
			}
		case Zero3, FSDP:
			for _, u := range gatherUnits(mo, st, p, pt.group == "edp") {
				add(call(StratZero, PhaseForward, msg.New("plan.what.zero3_fwd"+pt.what, msg.New(u.Label)), prim.AllGather, pt.group, pt.size, u.Bytes, u.Count*m, srcZeroIter))
				add(call(StratZero, PhaseBackward, msg.New("plan.what.zero3_bwd"+pt.what, msg.New(u.Label)), prim.AllGather, pt.group, pt.size, u.Bytes, u.Count*m, srcZeroIter))
				add(call(StratZero, PhaseBackward, msg.New("plan.what.zero3_grad"+pt.what, msg.New(u.Label)), prim.ReduceScatter, pt.group, pt.size, u.Bytes, u.Count*m, srcZeroIter))
			}
		}
	}
	return out
}

// unit is one size of ZeRO-3 gather unit: Count units of Bytes bf16 bytes.
type unit struct {
	Bytes, Count int64
	Label        msg.ID // what the unit is
}

// gatherUnits are ZeRO-3's gather units on one GPU of stage st — the input
// embedding, each transformer layer, the output projection — with equal
// sizes of one kind merged; expert parts when experts is set, the rest
// otherwise. Σ Bytes·Count = the stage's bytes on the GPU up to TP rounding.
func gatherUnits(m Model, st Stage, p Parallel, experts bool) []unit {
	var out []unit
	put := func(bytes int64, label msg.ID) {
		if bytes == 0 {
			return
		}
		for i := range out {
			if out[i].Bytes == bytes && out[i].Label == label {
				out[i].Count++
				return
			}
		}
		out = append(out, unit{bytes, 1, label})
	}
	t := int64(p.TP)
	in, outp := m.EmbeddingParams()
	if !experts && st.Index == 0 {
		put(ceilDiv(in, t)*Elem, "plan.unit.embedding")
	}
	for l := st.First; l < st.First+st.Layers; l++ {
		d, e := m.LayerParams(l)
		if experts {
			put(ceilDiv(e, int64(p.EP)*t)*Elem, "plan.unit.layer_experts")
		} else {
			put(ceilDiv(d, t)*Elem, "plan.unit.layer")
		}
	}
	if !experts && st.Index == p.PP-1 {
		put(ceilDiv(outp, t)*Elem, "plan.unit.output")
	}
	return out
}

func ternary[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}
