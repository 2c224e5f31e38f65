package fabric

import "math"

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
// a request's budget admits with these allowances (cost.FabricWork ≤
// budget.FabricWork), spends at most a third of them
// (docs/performance.md):
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

// WorkCap is the work Simulate is allowed for flows messages on n: each
// on a route of at most n.MaxHops() links, WorkPerLink units a link
// (Spec.WorkCap). O(1).
func (n *Net) WorkCap(flows int64) int64 { return n.Spec.WorkCap(flows) }

// WorkCap is Net.WorkCap on the fabric s describes (normalised,
// Spec.Normal), known before the net is built: flows × MaxHops ×
// WorkPerLink, math.MaxInt64 where that product overflows. O(1).
func (s Spec) WorkCap(flows int64) int64 {
	per := int64(s.MaxHops()) * s.WorkPerLink() // < 2^36: at most 2^20 nodes, R ≤ MaxOversubscription
	if flows > 0 && per > math.MaxInt64/flows {
		return math.MaxInt64
	}
	return flows * per
}
