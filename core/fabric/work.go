package fabric

import (
	"math"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
)

// WorkPerLink is the work Simulate is allowed per message and link of its
// route on the fabric s describes (normalised, Spec.Normal). Its actual
// work cannot be told in advance: where messages get different rates (a
// last leaf holding fewer nodes than the others, a high ratio R,
// intra-node messages beside network ones) they finish one by one, and
// each finish re-shares the rates of the flows linked to it by shared
// links — on a torus, most of the flows under way. So the allowance is
// measured: the grid of every collective and algorithm at 1 MiB and
// 256 MiB, on fat-trees and rail fabrics at R = 1 … 64 (leaves of 16
// nodes and of a quarter of the nodes, uneven last leaves included, one
// GPU a node and nodes of 8) and on square tori, each at the largest size
// a request's budget admits (cost.FabricWork ≤ budget.FabricWork),
// spends at most half of them, each schedule held to its own ceiling
// (WorkPerLinkOf; docs/performance.md):
//
//   - fat-tree and rail fabrics: 64 units at R ≤ 1, 256 at R ≤ 2, 1,024
//     at R ≤ 4, 5,120 at R ≤ 64 and R/64 times that beyond, where the
//     work per link grows with R (LinkWeight refuses such questions on
//     their route links first);
//   - a torus: 2,048 units, whatever its size (its routes already count
//     the torus distance).
//
// O(1).
func (s Spec) WorkPerLink() int64 {
	if s.Kind == Torus {
		return 2048
	}
	switch r := s.ratio(); {
	case r <= 1:
		return 64
	case r <= 2:
		return 256
	case r <= 4:
		return 1024
	default:
		return int64(math.Ceil(5120 * max(1, r/64)))
	}
}

// LinkWeight is how many times one link of a route counts against a
// budget of route links (cost.FabricSize) on the fabric s describes
// (normalised): once, and R/8 times on a fat-tree or rail fabric
// oversubscribed R > 8 to 1, so that a budget sized for the work of
// simulating 8:1 (WorkPerLink) refuses before any work the questions
// whose work per link is larger. O(1).
func (s Spec) LinkWeight() int64 {
	return int64(math.Ceil(max(1, s.ratio()/8)))
}

// ratio is s's oversubscription where it applies (fat-tree, rail), else 1.
func (s Spec) ratio() float64 {
	if (s.Kind == FatTree || s.Kind == Rail) && s.Oversubscription > 1 {
		return s.Oversubscription
	}
	return 1
}

// scheduleWork is one collective and algorithm's ceiling on the work
// per message and link (Spec.WorkPerLinkOf).
type scheduleWork struct {
	c     prim.Collective
	a     sched.Algorithm
	units int64
}

// workCeilings holds, for every collective and algorithm, the most work
// per message and link its simulation is allowed on any fabric up to 64:1
// (WorkPerLinkOf): at least twice the most it spent over the boundary
// grid (docs/performance.md) — every fabric kind and ratio, uneven last
// leaves, one GPU a node and nodes of 8, 1 MiB and 256 MiB, each at the
// largest size a request's budget admits with these ceilings — and never
// below the 64 units of 1:1. Most schedules spend a few units a message
// and link at 1:1 and tens at 64:1: their messages start and end
// together, so few events re-share rates. Trees, recursive doubling and
// halving, Rabenseifner, pairwise exchange and Bruck's AllGather spend
// hundreds, growing with the ratio and the rank count, and keep higher
// ceilings; those whose work grew past half a lower ceiling at the
// boundary it admitted keep the fabric's allowance (5,120). A test checks
// every collective and algorithm of the registry has one entry.
var workCeilings = []scheduleWork{
	{prim.SendRecv, sched.Naive, 64},
	{prim.Broadcast, sched.Naive, 64},
	{prim.Broadcast, sched.Ring, 128},
	{prim.Broadcast, sched.Tree, 5120},
	{prim.Broadcast, sched.Binomial, 64},
	{prim.Broadcast, sched.ScatterAllgather, 2048},
	{prim.Scatter, sched.Naive, 64},
	{prim.Scatter, sched.Binomial, 64},
	{prim.Gather, sched.Naive, 64},
	{prim.Gather, sched.Binomial, 64},
	{prim.Reduce, sched.Naive, 64},
	{prim.Reduce, sched.Ring, 128},
	{prim.Reduce, sched.Tree, 5120},
	{prim.Reduce, sched.Binomial, 64},
	{prim.Reduce, sched.Rabenseifner, 5120},
	{prim.AllReduce, sched.Naive, 64},
	{prim.AllReduce, sched.Ring, 128},
	{prim.AllReduce, sched.Tree, 1024},
	{prim.AllReduce, sched.Binomial, 64},
	{prim.AllReduce, sched.RecursiveDoubling, 5120},
	{prim.AllReduce, sched.Rabenseifner, 5120},
	{prim.AllReduce, sched.Hierarchical, 64},
	{prim.ReduceScatter, sched.Naive, 64},
	{prim.ReduceScatter, sched.Ring, 128},
	{prim.ReduceScatter, sched.RecursiveHalving, 512},
	{prim.ReduceScatter, sched.Pairwise, 2048},
	{prim.AllGather, sched.Naive, 64},
	{prim.AllGather, sched.Ring, 128},
	{prim.AllGather, sched.RecursiveDoubling, 5120},
	{prim.AllGather, sched.Bruck, 4096},
	{prim.AllToAll, sched.Naive, 128},
	{prim.AllToAll, sched.Pairwise, 2048},
	{prim.AllToAll, sched.Bruck, 128},
}

// WorkPerLinkOf is the work Simulate is allowed per message and link of
// its route for the schedule of collective c by algorithm a (concrete) on
// the fabric s describes (normalised): WorkPerLink, the fabric's
// allowance, at most the schedule's ceiling (workCeilings), which grows
// past 64:1 as the fabric's allowance does (R/64 times) — so a ceiling of
// 5,120 is none. A pair without a ceiling gets the fabric's allowance,
// which holds for every schedule measured. O(1).
func (s Spec) WorkPerLinkOf(c prim.Collective, a sched.Algorithm) int64 {
	units := s.WorkPerLink()
	for _, w := range workCeilings {
		if w.c == c && w.a == a {
			return min(units, int64(math.Ceil(float64(w.units)*max(1, s.ratio()/64))))
		}
	}
	return units
}

// WorkCap is the work Simulate is allowed for flows messages of the
// schedule of collective c by algorithm a on n: each on a route of at
// most n.MaxHops() links, WorkPerLinkOf units a link (Spec.WorkCap).
// O(1).
func (n *Net) WorkCap(c prim.Collective, a sched.Algorithm, flows int64) int64 {
	return n.Spec.WorkCap(c, a, flows)
}

// WorkCap is Net.WorkCap on the fabric s describes (normalised,
// Spec.Normal), known before the net is built: flows × MaxHops ×
// WorkPerLinkOf(c, a), math.MaxInt64 where that product overflows. O(1).
func (s Spec) WorkCap(c prim.Collective, a sched.Algorithm, flows int64) int64 {
	per := int64(s.MaxHops()) * s.WorkPerLinkOf(c, a) // < 2^36: at most 2^20 nodes, R ≤ MaxOversubscription
	if flows > 0 && per > math.MaxInt64/flows {
		return math.MaxInt64
	}
	return flows * per
}
