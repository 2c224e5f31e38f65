package fabric

import "math"

// WorkPerLink is the work Simulate is allowed per message and link of its
// route on the fabric s describes (normalised, Spec.Normal): 64 units, and
// R/2 times that on a fat-tree or rail fabric oversubscribed R > 2 to 1.
// Collective schedules spend a few units per message and link where the
// leaves are alike (AllToAll on 1024 ranks at 4:1, the most tangled even
// case measured, about 15). Where the last leaf holds fewer nodes than the
// others and R is large, messages crossing the spine get different rates,
// finish one by one, and each finish re-shares the rates of the others:
// pairwise AllToAll on 178 to 723 ranks, one GPU a node, leaves of a
// quarter of the nodes, spends 6 units at 1:1, 28 at 4:1, 79 at 8:1, 191
// at 16:1 and 690 at 64:1, below R/2 × 64 ÷ 2.5 throughout
// (TestWorkWithinCap). O(1).
func (s Spec) WorkPerLink() int64 {
	return int64(math.Ceil(64 * max(1, s.ratio()/2)))
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
