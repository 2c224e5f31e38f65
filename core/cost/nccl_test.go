package cost_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// ncclCase is one NCCL-model cell computed by hand from NCCL 2.30.7's
// tuning.cc constants (see NCCLWith's doc comment).
type ncclCase struct {
	algo, proto  string
	latUs, busBw float64
	algBw        float64
}

func system(t *testing.T, name string) topo.System {
	t.Helper()
	s, err := topo.LookupSystem("system", name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func ncclRun(t *testing.T, p cost.Params, o cost.NCCLOptions) cost.NCCLResult {
	t.Helper()
	r, err := cost.NCCLWith(p, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func cellOf(t *testing.T, r cost.NCCLResult, algo, proto string) cost.NCCLCell {
	t.Helper()
	for _, c := range r.Cells {
		if c.Algorithm == algo && c.Protocol == proto {
			return c
		}
	}
	t.Fatalf("no cell %s/%s", algo, proto)
	return cost.NCCLCell{}
}

func checkCells(t *testing.T, name string, r cost.NCCLResult, want []ncclCase) {
	t.Helper()
	ok := func(a, b float64) bool { return math.Abs(a-b) <= 1e-6*math.Max(1, math.Abs(b)) }
	for _, w := range want {
		c := cellOf(t, r, w.algo, w.proto)
		if !c.Enabled || !ok(c.LatencyUs, w.latUs) || !ok(c.BusBwGBs, w.busBw) || !ok(c.AlgBwGBs, w.algBw) {
			t.Errorf("%s: %s/%s enabled %v lat %.6g busbw %.6g algbw %.6g; want %.6g / %.6g / %.6g (%s)",
				name, w.algo, w.proto, c.Enabled, c.LatencyUs, c.BusBwGBs, c.AlgBwGBs, w.latUs, w.busBw, w.algBw, c.Reason)
		}
	}
}

func ncclParams(c prim.Collective, ranks int, size int64) cost.Params {
	p := base(c, sched.Ring, ranks)
	p.Size = size
	return p
}

// TestNCCLSearchDGXH100 checks the topology search's outcome by hand.
// One node: 18 NVLinks × 20.6 GB/s (SM90_NVLINK_BW) = 370.8 GB/s per GPU.
// Ring: 60 GB/s fits 6 channels (360), 50 → 7 (350), 40 → 9 (360, not
// more), 30 → 12 (360), 24/60 < 0.49 stops: 6 × 60, duplicated to 12 × 30
// (60 ≥ 25 and ≥ 50); 40 with 12 channels (480) does not fit. Trees take
// the ring's 12 channels at 30. NVLS: 8 heads, each channel costs every
// GPU bwIntra and its head twice: 9 × 40 = 360 ≤ 370.8, 9 × 50 > 370.8,
// so bwIntra 40; bwInter climbs 50, 60 (the top). Kernels run on
// 2 × 12 = 24 channels. Two nodes, 8 NICs of 400 Gb/s (50 GB/s) behind
// PCIe Gen5 (48): the ring starts at 48, 8 channels (one per NIC;
// 8 × 48 × 7/8 = 336 ≤ 370.8 on NVLink), 8 × 48 = 384 ≥ 370.8 ends the
// search; 48 < 50 with 8 > 4 channels is not duplicated. NVLS: 48 and 45
// fit 6 and 7 heads (⌊370.8/s⌋ − 1), 40 fits all 8; bwInter climbs 42,
// 45, 48 (the NIC path). Kernels run on 16 channels (8 doubled, not < 16).
func TestNCCLSearchDGXH100(t *testing.T) {
	h100 := system(t, "dgx-h100")
	for _, tc := range []struct {
		ranks    int
		graphs   []cost.NCCLGraph
		channels int
	}{
		{8, []cost.NCCLGraph{{"Ring", 12, 30, 30}, {"Tree", 12, 30, 30}, {"NVLS", 8, 40, 60}}, 24},
		{16, []cost.NCCLGraph{{"Ring", 8, 48, 48}, {"Tree", 8, 48, 48}, {"NVLS", 8, 40, 48}}, 16},
	} {
		r := ncclRun(t, ncclParams(prim.AllReduce, tc.ranks, 1<<20), cost.NCCLOptions{System: h100})
		if len(r.Graphs) != len(tc.graphs) || r.Channels != tc.channels {
			t.Fatalf("%d ranks: graphs %v, %d channels; want %v, %d", tc.ranks, r.Graphs, r.Channels, tc.graphs, tc.channels)
		}
		for i, g := range tc.graphs {
			if r.Graphs[i] != g {
				t.Errorf("%d ranks: graph %v, want %v", tc.ranks, r.Graphs[i], g)
			}
		}
		if r.Nodes != tc.ranks/8 || r.GPUsPerNode != 8 || r.IntraHW != "NVLink" || r.Arch != topo.ArchHopper {
			t.Errorf("%d ranks: %d nodes × %d, %s, %s", tc.ranks, r.Nodes, r.GPUsPerNode, r.IntraHW, r.Arch)
		}
	}
}

// TestNCCLOneNodeH100: AllReduce on one DGX H100 (P = 8, nsteps = 14).
// Ring (12 × 30 = 360): LL min(141, 360/2), LL128 min(0.92·360,
// 12·36.7), Simple 360, algBw = busBw·8/14; latency base + 14 NVLink hops
// (6.6+14·0.6, 14+14·1.9, 8.4+14·3.4). Tree: min(0.92·360, 12·38.7) =
// 331.2, LL /3.8, LL128 ·7/9, algBw = busBw/2; latency base + 2·7 hops
// (6.8+14·0.6, 14+14·1.25, 8.4+14·4). NVLS: 8·min(40·0.85·7/8·2, 60) =
// 476, algBw 476·8/14 = 272, latency 25 (NVLink NVLS Simple, replacing
// the base). Winners: Ring/LL to 1 MiB (15 + 2^20/80.57e3 = 28.01 µs
// against NVLS 25 + 2^20/272e3 = 28.85), NVLS from 2 MiB, as NCCL does.
func TestNCCLOneNodeH100(t *testing.T) {
	h100 := system(t, "dgx-h100")
	r := ncclRun(t, ncclParams(prim.AllReduce, 8, 1<<30), cost.NCCLOptions{System: h100})
	ring := func(proto string, lat, bus float64) ncclCase { return ncclCase{"Ring", proto, lat, bus, bus * 8 / 14} }
	tree := func(proto string, lat, bus float64) ncclCase { return ncclCase{"Tree", proto, lat, bus, bus / 2} }
	checkCells(t, "1×8 H100", r, []ncclCase{
		tree("LL", 6.8+14*0.6, 331.2/3.8), tree("LL128", 14+14*1.25, 331.2*7/9), tree("Simple", 8.4+14*4, 331.2),
		ring("LL", 6.6+14*0.6, 141), ring("LL128", 14+14*1.9, 0.92*360), ring("Simple", 8.4+14*3.4, 360),
		{"NVLS", "Simple", 25, 476, 272},
	})
	if !closeRel(r.TimeS*1e6, 25+float64(1<<30)/272e3) || r.Winner != "NVLS/Simple" {
		t.Errorf("1 GiB: %s %g µs", r.Winner, r.TimeS*1e6)
	}
	for _, tc := range []struct {
		size   int64
		winner string
	}{{32 << 10, "Ring/LL"}, {1 << 20, "Ring/LL"}, {2 << 20, "NVLS/Simple"}, {16 << 30, "NVLS/Simple"}} {
		if w := ncclRun(t, ncclParams(prim.AllReduce, 8, tc.size), cost.NCCLOptions{System: h100}).Winner; w != tc.winner {
			t.Errorf("%d B: %s, want %s", tc.size, w, tc.winner)
		}
	}
	for _, off := range []struct{ algo, why string }{
		{"NVLSTree", "NVLSTree needs more than one node"},
		{"CollNetDirect", "CollNet needs NCCL_COLLNET_ENABLE=1"},
		{"PAT", "NCCL has no PAT for allreduce"},
	} {
		if c := cellOf(t, r, off.algo, "Simple"); c.Enabled || !strings.HasPrefix(c.Reason, off.why) {
			t.Errorf("%s: enabled %v, %q", off.algo, c.Enabled, c.Reason)
		}
	}
}

// TestNCCLTwoNodesH100: AllReduce on two DGX H100 (P = 16, nsteps = 30,
// 2 network steps, Intel host: LL ceiling 39, network overhead 1 µs, 3 for
// Simple). Ring 8 × 48 = 384: LL min(39, 192), LL128 min(353.28, 8·36.7),
// algBw ·16/30; latency base + 28·max(hop, overhead) + 2·net hop. Tree
// min(353.28, 8·41.4) = 331.2: LL min(331.2/3.8, 39), LL128 min(331.2·
// 120/128, 8·36.7); latency base + 2(7 hops + 1 net hop). NVLSTree:
// 8·min(40·0.85·7/8·2, 2·48, 57.7) = 461.6, algBw ·16/30, latency
// 25 + 2·20.9. NVLS across nodes needs CollNet. At 16 GiB NVLSTree wins
// (66.8 + S/246.19e3); at 1 MiB Tree/LL128 (48.5 + S/(146.8·0.6e3)).
func TestNCCLTwoNodesH100(t *testing.T) {
	h100 := system(t, "dgx-h100")
	r := ncclRun(t, ncclParams(prim.AllReduce, 16, 16<<30), cost.NCCLOptions{System: h100})
	ring := func(proto string, lat, bus float64) ncclCase { return ncclCase{"Ring", proto, lat, bus, bus * 16 / 30} }
	tree := func(proto string, lat, bus float64) ncclCase { return ncclCase{"Tree", proto, lat, bus, bus / 2} }
	checkCells(t, "2×8 H100", r, []ncclCase{
		tree("LL", 6.8+2*(7*0.6+5.0), 39), tree("LL128", 14+2*(7*1.25+8.5), 8*36.7), tree("Simple", 8.4+2*(7*4.0+14), 331.2),
		ring("LL", 6.6+28*1.0+2*2.7, 39), ring("LL128", 14+28*1.9+2*4.0, 8*36.7), ring("Simple", 8.4+28*3.4+2*14.0, 384),
		{"NVLSTree", "Simple", 25 + 2*20.9, 461.6, 461.6 * 16 / 30},
	})
	if r.Winner != "NVLSTree/Simple" || !closeRel(r.TimeS*1e6, 66.8+float64(16<<30)/(461.6*16/30*1e3)) {
		t.Errorf("16 GiB: %s %g µs", r.Winner, r.TimeS*1e6)
	}
	if c := cellOf(t, r, "NVLS", "Simple"); c.Enabled || c.Reason != "NVLS across nodes needs CollNet" {
		t.Errorf("NVLS: %v %q", c.Enabled, c.Reason)
	}
	small := ncclRun(t, ncclParams(prim.AllReduce, 16, 1<<20), cost.NCCLOptions{System: h100})
	if !closeRel(small.TimeS*1e6, 48.5+float64(1<<20)/(8*36.7/2*0.6*1e3)) || small.Winner != "Tree/LL128" {
		t.Errorf("1 MiB: %s %g µs", small.Winner, small.TimeS*1e6)
	}
	// CollNet on: NVLS runs across nodes with SHARP: 8·min(59.5, 48) = 384,
	// latency 25 + 18; CollNet Direct: 8 heads of 48, f = 8/8 = 1, ×0.85,
	// algBw /2, latency 2·(3.7 + 7·0.4) + 31.
	cn := ncclRun(t, ncclParams(prim.AllReduce, 16, 16<<30), cost.NCCLOptions{System: h100, CollNet: true})
	checkCells(t, "2×8 H100 CollNet", cn, []ncclCase{
		{"NVLS", "Simple", 25 + 18, 384, 384.0 * 16 / 30},
		{"CollNetDirect", "Simple", 2*(3.7+7*0.4) + 31, 8 * 48 * 0.85, 8 * 48 * 0.85 / 2},
	})
}

// TestNCCLKnobs: NCCL_ALGO and NCCL_PROTO in NCCL's syntax, and the channel
// limits.
func TestNCCLKnobs(t *testing.T) {
	h100 := system(t, "dgx-h100")
	p := ncclParams(prim.AllReduce, 8, 1<<30)
	// NCCL_ALGO=Ring: the ring's 360 GB/s (370.8 is NCCL's NVLink rate).
	r := ncclRun(t, p, cost.NCCLOptions{System: h100, Algo: "Ring"})
	if r.Winner != "Ring/Simple" || cellOf(t, r, "NVLS", "Simple").Reason != "NCCL_ALGO leaves it out" {
		t.Errorf("NCCL_ALGO=Ring: %s", r.Winner)
	}
	if bus := r.BusBwBps / 1e9; math.Abs(bus-360)/360 > 0.02 {
		t.Errorf("NCCL_ALGO=Ring at 1 GiB: busbw %.1f, want about 360", bus)
	}
	for _, tc := range []struct{ algo, proto, winner string }{
		{"^NVLS", "", "Ring/Simple"},
		{"allreduce:tree", "", "Tree/Simple"},
		{"Ring;allgather:Tree", "", "Ring/Simple"},
		{"", "LL", "Ring/LL"},
		{"ring", "^simple", "Ring/LL128"},
	} {
		if w := ncclRun(t, p, cost.NCCLOptions{System: h100, Algo: tc.algo, Proto: tc.proto}).Winner; w != tc.winner {
			t.Errorf("NCCL_ALGO=%q NCCL_PROTO=%q: %s, want %s", tc.algo, tc.proto, w, tc.winner)
		}
	}
	// NCCL_PROTO=LL128 enables LL128 even over PCIe (pEnable = 1, not 2).
	pcie := system(t, "pcie-l40s")
	if c := cellOf(t, ncclRun(t, p, cost.NCCLOptions{System: pcie}), "Ring", "LL128"); c.Enabled {
		t.Error("LL128 on by default over PCIe")
	}
	if c := cellOf(t, ncclRun(t, p, cost.NCCLOptions{System: pcie, Proto: "LL128"}), "Ring", "LL128"); !c.Enabled {
		t.Errorf("NCCL_PROTO=LL128 over PCIe: %q", c.Reason)
	}
	if r := ncclRun(t, p, cost.NCCLOptions{System: h100, MaxChannels: 4}); r.Channels != 4 {
		t.Errorf("NCCL_MAX_NCHANNELS=4: %d channels", r.Channels)
	}
	for _, tc := range []struct {
		o     cost.NCCLOptions
		field string
	}{
		{cost.NCCLOptions{Algo: "Butterfly"}, "nccl-algo"},
		{cost.NCCLOptions{Algo: "ring;tree"}, "nccl-algo"},
		{cost.NCCLOptions{Algo: "gather:ring"}, "nccl-algo"},
		{cost.NCCLOptions{Proto: "LL256"}, "nccl-proto"},
		{cost.NCCLOptions{Algo: "PAT"}, "nccl-algo"}, // no PAT AllReduce: nothing left
		{cost.NCCLOptions{MaxChannels: 65}, "nccl-channels"},
	} {
		o := tc.o
		o.System = h100
		_, err := cost.NCCLWith(p, o)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tc.field {
			t.Errorf("%+v: %v, want an error on %s", tc.o, err, tc.field)
		}
	}
}

// TestNCCLPATAndAllGather: with one GPU per node NCCL may run AllGather as
// PAT: latency 8 + ⌊log₂k⌋·14/3.5 + 2.8·P (k = P = 8 nodes: 8 + 12 +
// 22.4), bandwidth the tree graph's ×0.75, not converted (non-ring
// AllGather). One node: AllGather rings at 360 GB/s (algBw = 360·8/7),
// NVLS at 8·min(40·0.85·7/8·7/8, 60) = 208.25 unconverted, and no tree.
func TestNCCLPATAndAllGather(t *testing.T) {
	p := ncclParams(prim.AllGather, 8, 1<<20)
	p.Bandwidth = 50e9
	r := ncclRun(t, p, cost.NCCLOptions{})
	pat := cellOf(t, r, "PAT", "Simple")
	tree := r.Graphs[1]
	if !pat.Enabled || !closeRel(pat.LatencyUs, 8+3*14/3.5+2.8*8) || !closeRel(pat.AlgBwGBs, float64(tree.Channels)*tree.BwInter*0.75) {
		t.Errorf("PAT: %+v (tree graph %+v)", pat, tree)
	}
	h := ncclRun(t, ncclParams(prim.AllGather, 8, 1<<30), cost.NCCLOptions{System: system(t, "dgx-h100")})
	checkCells(t, "1×8 H100 allgather", h, []ncclCase{
		{"Ring", "Simple", 8.4 + 7*3.4, 360, 360 * 8.0 / 7},
		{"NVLS", "Simple", 25, 8 * 40 * 0.85 * 7 / 8 * 7 / 8, 8 * 40 * 0.85 * 7 / 8 * 7 / 8},
	})
	if c := cellOf(t, h, "Tree", "Simple"); c.Enabled || c.Reason != "NCCL has no Tree for allgather" {
		t.Errorf("tree allgather: %q", c.Reason)
	}
	if h.Winner != "Ring/Simple" {
		t.Errorf("1 GiB allgather: %s", h.Winner)
	}
}

// TestNCCLLayout: without a system or gpus-per-node every rank is its own
// node, and the answer says so first; a system sets the layout; an explicit
// gpus-per-node overrides it.
func TestNCCLLayout(t *testing.T) {
	p := ncclParams(prim.AllReduce, 8, 1<<20)
	r := ncclRun(t, p, cost.NCCLOptions{})
	if r.Nodes != 8 || r.GPUsPerNode != 1 || !strings.Contains(r.Assumptions[0], "every rank is its own node") {
		t.Errorf("no layout: %d × %d, %q", r.Nodes, r.GPUsPerNode, r.Assumptions[0])
	}
	h100 := system(t, "dgx-h100")
	if r := ncclRun(t, p, cost.NCCLOptions{System: h100}); r.Nodes != 1 || r.GPUsPerNode != 8 || r.System != "dgx-h100" {
		t.Errorf("dgx-h100: %d × %d", r.Nodes, r.GPUsPerNode)
	}
	p.GPUsPerNode, p.IntraBandwidth = 8, 450e9 // as the request sets them from the preset
	if r := ncclRun(t, p, cost.NCCLOptions{System: h100}); strings.Contains(strings.Join(r.Machine, "\n"), "as asked") {
		t.Errorf("dgx-h100 with its own 8 per node: %q", r.Machine)
	}
	p.GPUsPerNode, p.IntraBandwidth = 4, 450e9
	if r := ncclRun(t, p, cost.NCCLOptions{System: h100}); r.Nodes != 2 || r.GPUsPerNode != 4 ||
		!strings.Contains(r.Machine[0], "4 GPUs per node as asked") || !strings.Contains(r.Machine[1], " 4 NICs of 50 GB/s per node") {
		t.Errorf("dgx-h100 with 4 per node: %d × %d, %q", r.Nodes, r.GPUsPerNode, r.Machine)
	}
	// A derived NVLink node: 450 GB/s is 18 links of NVLink 4, as dgx-h100.
	q := ncclParams(prim.AllReduce, 8, 1<<30)
	q.GPUsPerNode, q.IntraBandwidth = 8, 450e9
	d := ncclRun(t, q, cost.NCCLOptions{})
	if d.Winner != "NVLS/Simple" || d.Graphs[2] != (cost.NCCLGraph{Pattern: "NVLS", Channels: 8, BwIntra: 40, BwInter: 60}) {
		t.Errorf("derived 8 × NVLink 4: %s %v", d.Winner, d.Graphs)
	}
	if c, ok := d.WinnerCell(); !ok || c.Algorithm+"/"+c.Protocol != d.Winner || c.TimeUs*1e-6 != d.TimeS {
		t.Errorf("winner cell %+v (%v) of %s at %g s", c, ok, d.Winner, d.TimeS)
	}
	if _, ok := (cost.NCCLResult{}).WinnerCell(); ok {
		t.Error("the zero result has a winner cell")
	}
}

// TestNCCLSystems: every preset names a source, has a layout and runs.
func TestNCCLSystems(t *testing.T) {
	for _, s := range topo.Systems() {
		if s.Source == "" || s.GPUsPerNode < 1 || s.NICs < 1 || s.CompCap < 70 {
			t.Errorf("%s: incomplete preset %+v", s.Name, s)
		}
		for _, nodes := range []int{1, 2} {
			r := ncclRun(t, ncclParams(prim.AllReduce, nodes*s.GPUsPerNode, 1<<26), cost.NCCLOptions{System: s})
			if r.Winner == "" || !(r.TimeS > 0) {
				t.Errorf("%s on %d nodes: %+v", s.Name, nodes, r)
			}
		}
	}
	if _, err := topo.LookupSystem("system", "dgx-9000"); err == nil || !strings.Contains(err.Error(), "dgx-h100") {
		t.Errorf("unknown system: %v", err)
	}
}

// TestNCCLRefuses: collectives NCCL does not tune, one rank and slowdowns
// are errors on "model".
func TestNCCLRefuses(t *testing.T) {
	for _, tc := range []struct {
		p      cost.Params
		reason string
	}{
		{base(prim.AllToAll, sched.Naive, 8), "alltoall is point-to-point in NCCL"},
		{base(prim.AllReduce, sched.Ring, 1), "one rank"},
		{func() cost.Params {
			q := base(prim.AllReduce, sched.Ring, 8)
			q.Slow = topo.Slow{Factor: 2, Rank: 1}
			return q
		}(), "a straggler"},
	} {
		_, err := cost.NCCL(tc.p)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != "model" {
			t.Errorf("%s: %v, want an error on model", tc.reason, err)
		}
	}
}
