package plan

import (
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// The lecture's memory fact: 70 B parameters × 16 B = 1120 GB of training
// state; ZeRO-3 on 64 GPUs leaves 1120 / 64 = 17.5 GB on each.
func TestSixteenBytesPerParameter(t *testing.T) {
	w, g, o := ShardedState(70e9, DDP, 64)
	if s := w + g + o; s != 1120e9 {
		t.Errorf("DDP state of 70e9 parameters = %g B, want 1120e9", s)
	}
	w, g, o = ShardedState(70e9, Zero3, 64)
	if s := w + g + o; s != 17.5e9 {
		t.Errorf("ZeRO-3 on 64: %g B, want 17.5e9", s)
	}
	// Rajbhandari et al. 2020 Figure 1: ZeRO-1 (4 + 12/N)Ψ, ZeRO-2 (2 + 14/N)Ψ.
	for _, c := range []struct {
		z    Zero
		want float64
	}{{Zero1, (4 + 12.0/64) * 70e9}, {Zero2, (2 + 14.0/64) * 70e9}, {FSDP, 16 * 70e9 / 64}} {
		w, g, o := ShardedState(70e9, c.z, 64)
		if s := w + g + o; !near(s, c.want, 1e-12) {
			t.Errorf("%s on 64: %g B, want %g", c.z.Label(), s, c.want)
		}
	}
	// The preset through the whole planner: 70,553,706,496 parameters (the
	// published count) · 16 B / 64.
	r := mustPlan(t, map[string]string{"model": "70b", "dp": "64", "zero": "3"})
	m := r.Memory
	if s, want := m.Weights+m.Gradients+m.Optimizer, 70553706496.0*16/64; !near(s, want, 1e-12) {
		t.Errorf("70b ZeRO-3 dp 64: state %g B per GPU, want %g", s, want)
	}
}

// Data-parallel volume per step (Rajbhandari et al. 2020 §7): DDP's
// AllReduce moves Ψ (the gradient bytes) per call total, and with ring each
// rank sends 2(N−1)/N·Ψ; ZeRO-1/2 ReduceScatter Ψ + AllGather Ψ, the same;
// ZeRO-3 3Ψ. Ψ is derived here by hand: 7B (Llama-2) on tp 1 holds every
// parameter, 6,738,415,616 × 2 B.
func TestDataParallelVolume(t *testing.T) {
	const psi = 6738415616 * 2
	const n = 8
	for _, c := range []struct {
		zero       string
		strategy   string
		wantBytes  int64   // Σ calls · S
		wantFactor float64 // busiest rank sends factor · (N−1)/N · Ψ
	}{
		{"0", StratDP, psi, 2},
		{"1", StratZero, 2 * psi, 2},
		{"2", StratZero, 2 * psi, 2},
		{"3", StratZero, 3 * psi, 3},
		{"fsdp", StratZero, 3 * psi, 3},
	} {
		r := mustPlan(t, map[string]string{"model": "7b", "dp": "8", "zero": c.zero, "algorithm": "ring"})
		tot := r.Total(c.strategy)
		if tot.Bytes != c.wantBytes {
			t.Errorf("zero %s: %d bytes per step, want %d", c.zero, tot.Bytes, c.wantBytes)
		}
		want := c.wantFactor * (n - 1) / n * psi
		// Each call cuts S into N near-equal blocks: the busiest rank may
		// send one element more per block and step.
		if got := float64(tot.SentBytes); got < want || got > want+float64(len(r.Rows))*2*n*Elem*1000 {
			t.Errorf("zero %s: busiest rank sends %g B, want %g·(N−1)/N·Ψ = %g", c.zero, got, c.wantFactor, want)
		}
		if r.DenseOnGPU != 6738415616 {
			t.Errorf("7b on tp 1: %d parameters per GPU, want all", r.DenseOnGPU)
		}
	}
	// Buckets: 25 MiB each, the last one smaller.
	r := mustPlan(t, map[string]string{"model": "7b", "dp": "8"})
	rows := rowsOf(r, StratDP, "allreduce")
	full := int64(psi / (25 << 20))
	if len(rows) != 2 || rows[0].Bytes != 25<<20 || rows[0].Calls != full || rows[1].Bytes != psi-full*(25<<20) || rows[1].Calls != 1 {
		t.Errorf("DDP buckets: %+v, want %d × 25 MiB and one of %d B", rows, full, psi-full*(25<<20))
	}
}

// Megatron TP: 2 AllReduce per block forward, 2 backward (Shoeybi et al.
// 2019), each of the activations b·s·h·2 B; with SP each AllReduce becomes
// AllGather + ReduceScatter of the same S, so the bytes are the same and
// with ring the busiest rank sends the same 2(N−1)/N·S per former AllReduce
// (Korthikanti et al. 2022).
func TestTensorParallel(t *testing.T) {
	const b, s, h, layers, m = 2, 4096, 8192, 80, 3
	const act = b * s * h * 2
	base := map[string]string{"model": "70b", "tp": "8", "dp": "2", "micro-batch": "2", "micro-batches": "3", "algorithm": "ring"}
	r := mustPlan(t, base)
	for _, phase := range []string{PhaseForward, PhaseBackward} {
		var calls int64
		for _, x := range rowsOf(r, StratTP, "allreduce") {
			if x.Phase == phase {
				calls += x.Calls
				if x.Bytes != act || x.GroupSize != 8 {
					t.Errorf("TP %s: S = %d on %d ranks, want b·s·h·2 = %d on 8", phase, x.Bytes, x.GroupSize, act)
				}
			}
		}
		if calls != 2*layers*m {
			t.Errorf("TP %s: %d AllReduce per step, want 2 per block × %d blocks × %d micro-batches", phase, calls, layers, m)
		}
	}
	sp := map[string]string{"sp": "on"}
	for k, v := range base {
		sp[k] = v
	}
	q := mustPlan(t, sp)
	if len(rowsOf(q, StratTP, "")) != 0 {
		t.Error("SP on: AllReduce rows remain")
	}
	ag, rs := rowsOf(q, StratSP, "allgather"), rowsOf(q, StratSP, "reducescatter")
	if len(ag) != 2 || len(rs) != 2 {
		t.Fatalf("SP: %d AllGather and %d ReduceScatter rows, want 2 and 2 (forward, backward)", len(ag), len(rs))
	}
	if q.Total(StratSP).Bytes != r.Total(StratTP).Bytes*2 {
		t.Errorf("SP moves %d B as AG + RS, want twice TP's %d (each AllReduce S becomes AG S + RS S)", q.Total(StratSP).Bytes, r.Total(StratTP).Bytes)
	}
	if q.Total(StratSP).SentBytes != r.Total(StratTP).SentBytes {
		t.Errorf("SP: busiest rank sends %d B, TP %d: want the same total", q.Total(StratSP).SentBytes, r.Total(StratTP).SentBytes)
	}
	if want := int64(4 * layers * m * 2 * 7 * act / 8); r.Total(StratTP).SentBytes != want {
		t.Errorf("TP sends %d B, want 4·L·m·2(N−1)/N·S = %d", r.Total(StratTP).SentBytes, want)
	}
}

// Pipeline: b·s·h activations per micro-batch per boundary, forward, and
// their gradients back (Narayanan et al. 2021).
func TestPipeline(t *testing.T) {
	r := mustPlan(t, map[string]string{"model": "13b", "pp": "4", "dp": "2", "micro-batch": "4", "micro-batches": "8", "gpus-per-node": "8"})
	rows := rowsOf(r, StratPP, "sendrecv")
	if len(rows) != 2 {
		t.Fatalf("%d pipeline rows, want forward and backward", len(rows))
	}
	for _, x := range rows {
		if x.Bytes != 4*4096*5120*2 || x.Calls != 8 || x.GroupSize != 2 {
			t.Errorf("%s: %d B × %d calls, want b·s·h·2 = %d × 8 micro-batches", x.Phase, x.Bytes, x.Calls, 4*4096*5120*2)
		}
		// A send between stages inside a node: α + S/B on NVLink.
		if want := 1e-6 + float64(x.Bytes)/450e9; !near(x.TimePerCall, want, 1e-12) {
			t.Errorf("%s: %g s per send, want α + S/B = %g", x.Phase, x.TimePerCall, want)
		}
	}
	// 1F1B bubble: (p − 1)/m of the compute (Narayanan et al. 2021).
	if !near(r.BubbleS, 3.0/8*r.ComputeS, 1e-12) {
		t.Errorf("bubble %g, want 3/8 of compute %g", r.BubbleS, r.ComputeS)
	}
}

// MoE: two AllToAll per MoE layer forward (dispatch, combine), two
// backward, each rank sending tokens × top-k × hidden × 2 B.
func TestMoE(t *testing.T) {
	r := mustPlan(t, map[string]string{"model": "mixtral-8x7b", "dp": "8", "ep": "8", "micro-batch": "2", "micro-batches": "2", "algorithm": "pairwise"})
	rows := rowsOf(r, StratEP, "alltoall")
	var calls int64
	for _, x := range rows {
		calls += x.Calls
		if want := int64(2 * 4096 * 2 * 4096 * 2); x.Bytes != want {
			t.Errorf("AllToAll S = %d, want tokens·top-k·h·2 = %d", x.Bytes, want)
		}
	}
	if calls != 4*32*2 {
		t.Errorf("%d AllToAll per step, want 4 per MoE layer × 32 × 2 micro-batches", calls)
	}
	// Experts are sharded over EP; DP 8 = EP 8 leaves no expert gradient
	// to reduce, the dense rest is AllReduced over DP.
	for _, x := range r.Rows {
		if x.Group == "edp" {
			t.Errorf("expert-data-parallel group of size 1 has a row: %+v", x.Call)
		}
	}
	// DeepSeek-V3-like: 58 MoE layers, top-8; with SP the tokens are s/t.
	d := mustPlan(t, map[string]string{"model": "deepseek-v3", "dp": "32", "ep": "32", "tp": "2", "sp": "on", "pp": "1", "micro-batches": "1"})
	var c2 int64
	for _, x := range rowsOf(d, StratEP, "alltoall") {
		c2 += x.Calls
		if want := int64(4096 / 2 * 8 * 7168 * 2); x.Bytes != want {
			t.Errorf("deepseek AllToAll S = %d, want (s/t)·8·h·2 = %d", x.Bytes, want)
		}
	}
	if c2 != 4*58 {
		t.Errorf("deepseek: %d AllToAll, want 4 × 58 MoE layers", c2)
	}
}

// Placement: a TP group inside a node never touches the network; a DP group
// with one rank per node uses only the network; each is priced with the
// cost of exactly that link, built here independently.
func TestPlacementLinks(t *testing.T) {
	r := mustPlan(t, map[string]string{"model": "70b", "dp": "8", "tp": "8", "zero": "3"})
	for _, x := range r.Rows {
		var want cost.Params
		switch x.Group {
		case "tp":
			if len(x.Links) != 1 || x.Links[0] != "intra-node" {
				t.Errorf("TP row crosses %v, want intra-node only", x.Links)
			}
			want = cost.Params{Bandwidth: 450e9, Latency: 1e-6}
		case "dp":
			if len(x.Links) != 1 || x.Links[0] != "inter-node" {
				t.Errorf("DP row crosses %v, want inter-node only", x.Links)
			}
			want = cost.Params{Bandwidth: 50e9, Latency: 5e-6}
		default:
			t.Errorf("unexpected group %s", x.Group)
			continue
		}
		want.Collective, want.Algorithm, want.Ranks, want.Size, want.ElemSize, want.Efficiency = x.Collective, sched.Auto, 8, x.Bytes, 2, 1
		terms, _, err := cost.Quick(want)
		if err != nil {
			t.Fatal(err)
		}
		if terms.Time() != x.TimePerCall {
			t.Errorf("%s %s: %g s per call, want the flat-link cost %g", x.Group, x.Collective, x.TimePerCall, terms.Time())
		}
	}
	// Breaking the rule: dp fastest puts the TP group across 8 nodes.
	q := mustPlan(t, map[string]string{"model": "70b", "dp": "8", "tp": "8", "order": "dp-tp-pp"})
	for _, x := range rowsOf(q, StratTP, "") {
		if len(x.Links) != 1 || x.Links[0] != "inter-node" {
			t.Errorf("dp-tp-pp: TP crosses %v, want inter-node", x.Links)
		}
	}
	// tp 4 on nodes of 6: group 0–3 sits in one node, 4–7 straddles two
	// (2 + 2); the row is the slower, straddling one.
	six := mustPlan(t, map[string]string{"model": "7b", "dp": "3", "tp": "4", "gpus-per-node": "6"})
	tp := rowsOf(six, StratTP, "")
	if len(tp) == 0 || len(tp[0].Shapes) != 2 || tp[0].Shape != (Placement{Nodes: 2, PerNode: 2}) {
		t.Errorf("tp 4 on nodes of 6: %+v, want two placements, the slowest 2 nodes × 2", tp)
	}
	// tp 4 on nodes of 3: group 0–3 is 3 + 1, uneven: priced over the
	// network and says so.
	u := mustPlan(t, map[string]string{"model": "7b", "dp": "3", "tp": "4", "gpus-per-node": "3"})
	tp = rowsOf(u, StratTP, "")
	if len(tp) == 0 || !tp[0].Shape.Uneven || tp[0].Note == "" {
		t.Errorf("tp 4 on nodes of 3: %+v, want an uneven placement with a note", tp)
	}
}

// The lecture's hierarchical question: 128 nodes × 8 GPUs, NVLink 450 GB/s
// per direction inside, 400 Gbps between. DP over all 1024 GPUs spans 128
// nodes with 8 ranks each and is priced on the two-class cluster; with TP 8
// inside the nodes, the DP group has one rank per node and only the network.
func TestLectureHierarchical(t *testing.T) {
	base := map[string]string{"model": "7b", "nodes": "128", "gpus-per-node": "8", "bandwidth": "400Gbps", "intra-bandwidth": "450GB/s", "algorithm": "hierarchical"}
	base["dp"] = "1024"
	r := mustPlan(t, base)
	rows := rowsOf(r, StratDP, "allreduce")
	if len(rows) == 0 {
		t.Fatal("no DP rows")
	}
	x := rows[0]
	if x.Shape != (Placement{Nodes: 128, PerNode: 8}) || x.Algorithm != "hierarchical" {
		t.Fatalf("DP over 1024: %+v with %s, want 128 nodes × 8, hierarchical", x.Shape, x.Algorithm)
	}
	want := cost.Params{Collective: prim.AllReduce, Algorithm: sched.Hierarchical, Ranks: 1024, Size: x.Bytes, ElemSize: 2,
		Bandwidth: 50e9, Latency: 5e-6, Efficiency: 1, GPUsPerNode: 8, IntraBandwidth: 450e9, IntraLatency: 1e-6}
	terms, _, err := cost.Quick(want)
	if err != nil {
		t.Fatal(err)
	}
	if terms.Time() != x.TimePerCall {
		t.Errorf("hierarchical DP: %g s per bucket, want %g", x.TimePerCall, terms.Time())
	}
	// Hierarchical beats a flat ring over the same cluster.
	ring := want
	ring.Algorithm = sched.Ring
	rt, _, _ := cost.Quick(ring)
	if !(terms.Time() < rt.Time()) {
		t.Errorf("hierarchical %g s not below flat ring %g s", terms.Time(), rt.Time())
	}
}

// Compute: 6 · params · tokens FLOPs (Kaplan et al. 2020) at peak × MFU.
func TestComputeTime(t *testing.T) {
	r := mustPlan(t, map[string]string{"model": "70b", "dp": "8", "tp": "8", "micro-batches": "4", "peak": "1000", "mfu": "50%"})
	flops := 6 * 70553706496.0 * 32 * 4096
	if !near(r.FLOPs, flops, 1e-12) || !near(r.ComputeS, flops/64/(1000e12*0.5), 1e-12) {
		t.Errorf("FLOPs %g, compute %g s; want %g and %g", r.FLOPs, r.ComputeS, flops, flops/64/500e12)
	}
	var comm float64
	for _, x := range r.Rows {
		comm += float64(x.Calls) * x.TimePerCall
	}
	if !near(r.CommS, comm, 1e-12) || !near(r.StepS, r.ComputeS+r.CommS, 1e-12) || !near(r.CommShare, r.CommS/r.StepS, 1e-12) {
		t.Errorf("comm %g step %g share %g inconsistent", r.CommS, r.StepS, r.CommShare)
	}
}

// Activations: Korthikanti et al. 2022 Table 2, computed by hand for 70B,
// s 4096, b 1, h 8192, a 64, t 8, 80 layers, 1 micro-batch.
func TestActivations(t *testing.T) {
	const sbh = 4096.0 * 1 * 8192
	attn := 5 * 64 * 4096.0 / (8192 * 8)
	for _, c := range []struct {
		sp, rc string
		want   float64
	}{
		{"off", "none", sbh * (10 + 24.0/8 + attn) * 80},
		{"on", "none", sbh * (34.0/8 + attn) * 80},
		{"off", "selective", sbh * (10 + 24.0/8) * 80},
		{"on", "selective", sbh * 34.0 / 8 * 80},
		{"on", "full", 2 * sbh / 8 * 80},
	} {
		r := mustPlan(t, map[string]string{"model": "70b", "tp": "8", "sp": c.sp, "recompute": c.rc})
		if !near(r.Memory.Activations, c.want, 1e-12) {
			t.Errorf("sp %s recompute %s: %g B, want %g", c.sp, c.rc, r.Memory.Activations, c.want)
		}
	}
	// Full recomputation repeats the forward TP collectives.
	r := mustPlan(t, map[string]string{"model": "70b", "tp": "8", "recompute": "full"})
	if n := len(rowsOf(r, StratTP, "allreduce")); n != 3 {
		t.Errorf("full recompute: %d TP rows, want forward, recompute, backward", n)
	}
}

// The strategy table is the planner's output: the counts the lecture gives.
func TestStrategyTable(t *testing.T) {
	rows, err := StrategyTable()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"DDP":              "2·(N−1)/N·Ψ per step",
		"ZeRO-1":           "2·(N−1)/N·Ψ per step",
		"ZeRO-2":           "2·(N−1)/N·Ψ per step",
		"ZeRO-3 / FSDP":    "3·(N−1)/N·Ψ per step",
		"Megatron TP":      "8·(N−1)/N·A per block (forward + backward)",
		"Megatron TP + SP": "8·(N−1)/N·A per block (forward + backward)",
		"Pipeline":         "1·A each way per micro-batch per boundary",
		"MoE (EP)":         "4·(N−1)/N·T per MoE layer (forward + backward)",
	}
	calls := map[string][]string{
		"Megatron TP": {"AllReduce ×2 per block (forward)", "AllReduce ×2 per block (backward)"},
		"MoE (EP)":    {"AllToAll ×2 per MoE layer (forward)", "AllToAll ×2 per MoE layer (backward)"},
		"ZeRO-3 / FSDP": {"AllGather ×1 per layer (forward)", "AllGather ×1 per layer (backward)",
			"ReduceScatter ×1 per layer (backward)"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for _, r := range rows {
		if r.Volume != want[r.Strategy] {
			t.Errorf("%s: volume %q, want %q", r.Strategy, r.Volume, want[r.Strategy])
		}
		if c, ok := calls[r.Strategy]; ok && (len(c) != len(r.Calls) || c[0] != r.Calls[0] || c[len(c)-1] != r.Calls[len(c)-1]) {
			t.Errorf("%s: calls %q, want %q", r.Strategy, r.Calls, c)
		}
	}
}
