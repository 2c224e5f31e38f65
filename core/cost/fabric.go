package cost

import (
	"math"

	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// FabricTransfers caps the schedule simulated on a switched fabric: 2^22
// transfers (ring AllReduce on 1024 ranks has 2,095,104).
const FabricTransfers = 1 << 22

// FabricPathLinks caps the links of all the simulated flows' routes
// together (transfers × the longest route, × fabric.Spec.LinkWeight past
// 8:1): 2^26, 256 MiB of route.
const FabricPathLinks = 1 << 26

// FabricLinks is how many of the hottest links a FabricResult lists.
const FabricLinks = 8

// FabricResult is the part of a Result simulated on a switched fabric
// (Params.Fabric): Result.TimeS is then the simulated time, and algbw,
// busbw and the share of the lower bound follow it; the α, β and γ terms
// stay the closed form's, whose time is IdealTimeS.
type FabricResult struct {
	Kind             string  `json:"kind"`
	Node             string  `json:"node"`
	Oversubscription float64 `json:"oversubscription,omitempty"`
	LeafNodes        int     `json:"leaf_nodes,omitempty"`
	Tiers            int     `json:"tiers,omitempty"`
	PodLeaves        int     `json:"pod_leaves,omitempty"`
	TorusDims        []int   `json:"torus_dims,omitempty"`
	// UplinksPerLeaf is U, each leaf's uplinks (one per spine).
	UplinksPerLeaf int `json:"uplinks_per_leaf,omitempty"`
	// NICsPerNode is the NICs of a node where fewer than its GPUs share
	// them (a system preset's); absent when every GPU has its own.
	NICsPerNode int `json:"nics_per_node,omitempty"`
	LinkCount   int `json:"link_count"`
	Flows       int `json:"flows"`
	Events      int `json:"events"`
	// IdealTimeS is the α-β-γ answer without contention (the closed form).
	IdealTimeS float64 `json:"ideal_time_s"`
	// Slowdown is time_s ÷ ideal_time_s (Slowdown); 1 when both are 0.
	Slowdown float64 `json:"slowdown"`
	// SlowdownNote says why a Slowdown below 1 (by more than
	// BelowIdealTol) is no contradiction: the closed form is no lower
	// bound. Empty otherwise; SlowdownNoteMsg is it as a message.
	SlowdownNote    string      `json:"slowdown_note,omitempty"`
	SlowdownNoteMsg msg.Message `json:"-"`
	// BisectionBoundS is AllToAll's least time through the leaves' uplinks
	// (fabric.Net.AllToAllBisection); absent for other collectives.
	BisectionBoundS float64 `json:"bisection_bound_s,omitempty"`
	// Links are the hottest links, by utilisation.
	Links []fabric.LinkUse `json:"links"`
}

// validateFabric checks p.Fabric for p's nodes: a switched fabric takes no
// slowdown.
func (p Params) validateFabric() error {
	nodes := p.Ranks / max(p.GPUsPerNode, 1)
	if err := p.Fabric.Validate(nodes); err != nil {
		return err
	}
	if p.Fabric.Active() && p.Slow.Active() {
		return fielderr.New("fabric", "fabric.slow")
	}
	return nil
}

// simulateFabric simulates the concrete question p on p.Fabric and puts
// the answer in r: its schedule is built, unless built (the one Evaluate
// built already) is not nil. It refuses, before building anything, a
// schedule that may exceed FabricTransfers.
func simulateFabric(p Params, r *Result, yield func(), built *sched.Schedule) error {
	f, _, err := startFabric(p, r, yield, built, nil)
	if err != nil {
		return err
	}
	if _, err := f.sim.Advance(math.MaxInt64); err != nil {
		return err
	}
	f.finish()
	return nil
}

// BelowIdealTol is how far below 1 a FabricResult's Slowdown must be for
// its SlowdownNote: the faces show the factor to two decimals, so a note
// comes with a factor that reads below 1.00× and never beside "1.00×".
const BelowIdealTol = 0.005

// Slowdown is t ÷ ideal: how many times longer contention makes a time;
// 1 when both are 0 (nothing to send), +Inf when only ideal is.
func Slowdown(t, ideal float64) float64 {
	if t == ideal {
		return 1
	}
	return t / ideal
}

// FabricSize is what simulating p on its fabric holds before it runs: the
// transfers of its schedule (TransferBound) and the links of their routes
// together, at most, each link counted fabric.Spec.LinkWeight times (once
// up to 8:1; the simulation's work per link grows with the
// oversubscription beyond). O(1) after validation.
func FabricSize(p Params) (transfers, routeLinks int64, err error) {
	q, err := Concrete(p)
	if err != nil {
		return 0, 0, err
	}
	n := TransferBound(q)
	return n, routeLinksOf(n, p.Fabric.Normal(p.Ranks/max(p.GPUsPerNode, 1))), nil
}

// SetupWork is what one transfer of a schedule simulated on a fabric
// costs besides the simulation's work units, counted in those units
// (fabric.Run's, 1.6–4.4 ns each on a 2-core machine): building,
// pricing and laying out the schedule, routing its messages and the
// simulation's bookkeeping of each message, which no unit counts — about
// 1 µs a transfer (docs/performance.md).
const SetupWork = 256

// FabricWork bounds the work of answering p on its switched fabric, in the
// simulation's units of work, before any of it: SetupWork for each
// transfer of its schedule (TransferBound) and the work cap its simulation
// stops at (fabric.Spec.WorkCap of those transfers). A simulation never
// spends more than its cap — it stops with an error on ranks — so a face
// that refuses questions whose FabricWork is over its budget bounds the
// CPU time of every question it admits, whatever the simulation's
// actual work. math.MaxInt64 where the bound overflows. O(1) after
// validation.
func FabricWork(p Params) (int64, error) {
	q, err := Concrete(p)
	if err != nil {
		return 0, err
	}
	n := TransferBound(q)
	limit := p.Fabric.Normal(p.Ranks/max(p.GPUsPerNode, 1)).WorkCap(q.Collective, q.Algorithm, n)
	if n > (math.MaxInt64-limit)/SetupWork {
		return math.MaxInt64, nil
	}
	return n*SetupWork + limit, nil
}

// routeLinksOf is FabricSize's route links for n transfers on the
// normalised fabric s.
func routeLinksOf(n int64, s fabric.Spec) int64 {
	return n * int64(s.MaxHops()) * s.LinkWeight()
}

// fabricRun is the simulation of a question's schedule on its fabric,
// started (startFabric) and, once its sim is over, written into the
// question's Result (finish).
type fabricRun struct {
	p   Params
	r   *Result
	net *fabric.Net
	sim *fabric.Run
}

// startFabric refuses a question too large to simulate, builds its net
// and schedule and starts the simulation, whose answer finish writes
// into r, and returns the schedule's messages (fabric.Layout) it
// simulates. A schedule built already is not built again: laid, if not
// nil, is p's schedule laid out (by an earlier startFabric of p on another
// fabric); else built, if not nil, is p's schedule (ScheduleOf(p)). Either
// is the same schedule, so the same answer bit for bit. The run holds no
// reference to the schedule: once the caller drops its own, its memory is
// free while the simulation runs.
func startFabric(p Params, r *Result, yield func(), built *sched.Schedule, laid *fabric.Messages) (*fabricRun, *fabric.Messages, error) {
	q := concrete(p)
	if n := TransferBound(q); n > FabricTransfers {
		return nil, nil, fielderr.New("ranks", "fabric.too-large", n, int64(FabricTransfers))
	}
	spec := p.Fabric
	if sys := p.NCCL.System; sys.NICs > 0 && p.GPUsPerNode > 0 {
		if n := sys.NICsFor(p.GPUsPerNode); n < p.GPUsPerNode {
			spec.NICs = n // the system's GPUs share its NICs
		}
	}
	net := fabric.Build(spec, p.Cluster())
	if n := routeLinksOf(TransferBound(q), net.Spec); n > FabricPathLinks {
		return nil, nil, fielderr.New("ranks", "fabric.paths", n, int64(FabricPathLinks))
	}
	if laid == nil {
		if built == nil {
			var err error
			if built, err = scheduleOf(q, FabricTransfers, yield); err != nil {
				return nil, nil, err
			}
		}
		laid = fabric.Layout(built, p.ElemSize)
		if yield != nil {
			yield()
		}
	}
	sim := fabric.StartMessages(laid, net, p.Gamma, net.WorkCap(q.Collective, q.Algorithm, int64(laid.Transfers())), yield)
	return &fabricRun{p: p, r: r, net: net, sim: sim}, laid, nil
}

// finish writes the simulation's answer, over once f.sim has reported
// done, into the question's Result, and returns it.
func (f *fabricRun) finish() fabric.Result {
	p, r, net, res := f.p, f.r, f.net, f.sim.Result()
	sp := net.Spec
	fr := &FabricResult{Kind: sp.Kind, Node: sp.Node, NICsPerNode: sp.NICs, LinkCount: len(net.Links), Flows: res.Flows, Events: res.Events,
		IdealTimeS: r.TimeS, Links: net.Hottest(res, FabricLinks)}
	switch sp.Kind {
	case fabric.FatTree, fabric.Rail:
		fr.Oversubscription, fr.LeafNodes, fr.UplinksPerLeaf = sp.Oversubscription, sp.LeafNodes, net.U
		if sp.Kind == fabric.FatTree {
			fr.Tiers = sp.Tiers
			if sp.Tiers == 3 {
				fr.PodLeaves = sp.PodLeaves
			}
		}
	case fabric.Torus:
		fr.TorusDims = sp.TorusDims()
	}
	if p.Collective == prim.AllToAll {
		fr.BisectionBoundS = net.AllToAllBisection(float64(p.Size))
	}
	r.Fabric = fr
	r.TimeS = res.Time
	fr.Slowdown = Slowdown(r.TimeS, fr.IdealTimeS)
	if fr.Slowdown < 1-BelowIdealTol {
		fr.SlowdownNoteMsg = msg.New("fabric.below-ideal")
		fr.SlowdownNote = fr.SlowdownNoteMsg.String()
	}
	r.AlgBwBps, r.BusBwBps, r.PctOfLowerBound = 0, 0, 100
	if r.TimeS > 0 {
		r.AlgBwBps, r.BusBwBps = Bandwidths(p.Collective, p.Ranks, p.Size, r.TimeS)
		r.PctOfLowerBound = 100 * r.LowerBoundS / r.TimeS
	}
	return res
}
