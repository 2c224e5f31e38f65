package cost_test

import (
	"errors"
	"math"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// ncclCase is one NCCL-model cell computed by hand from the formulas in
// NCCL's doc comment (NCCL 2.30.7's tuning.cc constants for Hopper).
type ncclCase struct {
	algo, proto   string
	latUs, algBw  float64
	busBw, timeUs float64
}

func checkNCCL(t *testing.T, name string, p cost.Params, want []ncclCase, winner string) {
	t.Helper()
	r, err := cost.NCCL(p)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if r.Version != cost.NCCLVersion || len(r.Cells) != 6 {
		t.Fatalf("%s: version %q, %d cells", name, r.Version, len(r.Cells))
	}
	for i, w := range want {
		c := r.Cells[i]
		ok := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }
		if c.Algorithm != w.algo || c.Protocol != w.proto || !ok(c.LatencyUs, w.latUs) || !ok(c.AlgBwGBs, w.algBw) ||
			!ok(c.BusBwGBs, w.busBw) || !ok(c.TimeUs, w.timeUs) {
			t.Errorf("%s: cell %d = %s/%s lat %.6g µs algbw %.6g busbw %.6g time %.6g µs; want %s/%s %.6g / %.6g / %.6g / %.6g",
				name, i, c.Algorithm, c.Protocol, c.LatencyUs, c.AlgBwGBs, c.BusBwGBs, c.TimeUs, w.algo, w.proto, w.latUs, w.algBw, w.busBw, w.timeUs)
		}
	}
	if r.Winner != winner || !closeRel(r.TimeS*1e6, minEnabled(r)) {
		t.Errorf("%s: winner %s (%g s), want %s", name, r.Winner, r.TimeS, winner)
	}
}

func minEnabled(r cost.NCCLResult) float64 {
	best := math.Inf(1)
	for _, c := range r.Cells {
		if c.Enabled {
			best = math.Min(best, c.TimeUs)
		}
	}
	return best
}

// TestNCCLOneNodeNVLink4: 8 GPUs in one node on NVLink 4 (450 GB/s per
// direction), 16 channels of 28.125 GB/s, AllReduce (nsteps = 14).
// By hand: Ring busBw LL min(141, 450/2) = 141, LL128 min(0.92·450,
// 16·36.7) = 414, Simple 450, algBw = busBw·8/14; Ring latency
// base + 14·NVLink hop (6.6+14·0.6, 14+14·1.9, 8.4+14·3.4). Tree busBw
// min(0.92·450, 16·38.7) = 414, then LL 414/3.8, LL128 414·7/9, algBw =
// busBw/2; latency base + 2·7·NVLink hop (6.8+14·0.6, 14+14·1.25,
// 8.4+14·4). At 1 GiB no tree correction applies (log₂(S/64) = 24 ≥ 23);
// at 64 KiB log₂(S/64) = 10, whose correction is 0.6 for every protocol.
func TestNCCLOneNodeNVLink4(t *testing.T) {
	p := base(prim.AllReduce, sched.Ring, 8)
	p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = 8, 450e9, 1e-6
	const GiB = 1 << 30
	for _, tc := range []struct {
		size   int64
		corr   float64
		winner string
	}{{GiB, 1, "Ring/Simple"}, {64 << 10, 0.6, "Ring/LL"}} {
		p.Size = tc.size
		S := float64(tc.size)
		ring := func(proto string, lat, bus float64) ncclCase {
			alg := bus * 8 / 14
			return ncclCase{"Ring", proto, lat, alg, bus, lat + S/(1000*alg)}
		}
		tree := func(proto string, lat, bus float64) ncclCase {
			alg := bus / 2
			return ncclCase{"Tree", proto, lat, alg, bus, lat + S/(1000*alg*tc.corr)}
		}
		checkNCCL(t, "1×8 NVLink4", p, []ncclCase{
			tree("LL", 6.8+14*0.6, 414/3.8), tree("LL128", 14+14*1.25, 414*7.0/9), tree("Simple", 8.4+14*4, 414),
			ring("LL", 6.6+14*0.6, 141), ring("LL128", 14+14*1.9, 414), ring("Simple", 8.4+14*3.4, 450),
		}, tc.winner)
	}
}

// TestNCCLTwoNodesIB400: 2 nodes × 8 GPUs, NVLink 4 inside, one 400G NIC
// (50 GB/s) per GPU: the ring's path speed is min(450, 8·50)/16 = 25 GB/s
// per channel; a tree on 2 nodes runs at its intra speed min(2·25, 450/16)
// = 28.125 — so Tree busBw (414) exceeds the node's NICs (400), the effect
// nccl-tests users report on two nodes. nsteps = 30, 2 inter-node steps,
// LL ceiling 39 (two nodes, Intel host), network overhead 1 µs (3 µs for
// Simple) as the intra-step floor; tree latency 2·(7 intra + 1 network hop).
func TestNCCLTwoNodesIB400(t *testing.T) {
	p := base(prim.AllReduce, sched.Ring, 16)
	p.GPUsPerNode, p.IntraBandwidth, p.IntraLatency = 8, 450e9, 1e-6
	p.Size = 1 << 30
	S := float64(p.Size)
	ring := func(proto string, lat, bus float64) ncclCase {
		alg := bus * 16 / 30
		return ncclCase{"Ring", proto, lat, alg, bus, 1.4*lat + S/(1000*alg)} // Simple: plateau ×1.4 below
	}
	tree := func(proto string, lat, bus float64) ncclCase {
		alg := bus / 2
		return ncclCase{"Tree", proto, lat, alg, bus, lat + S/(1000*alg)}
	}
	rl, rl128 := ring("LL", 6.6+28*1.0+2*2.7, 39), ring("LL128", 14+28*1.9+2*4.0, 368)
	rl.timeUs = rl.latUs + S/(1000*rl.algBw)
	rl128.timeUs = rl128.latUs + S/(1000*rl128.algBw)
	checkNCCL(t, "2×8 IB400", p, []ncclCase{
		tree("LL", 6.8+2*(7*0.6+5.0), 39), tree("LL128", 14+2*(7*1.25+8.5), 414*120.0/128), tree("Simple", 8.4+2*(7*4.0+14), 414),
		rl, rl128, ring("Simple", 8.4+28*3.4+2*14.0, 400),
	}, "Ring/Simple")
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
