package cost

import (
	"github.com/ccplay/ccplay/core/msg"
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// hierForm is exact for sched.buildHierarchical on k = P/g nodes of g
// ranks (the lecture's §9 design; NCCL calls the same idea a 2D or
// hierarchical ring). The vector of n elements is cut into g pieces
// (largest ⌈n/g⌉ = c₁), each piece into k sub-chunks (largest
// ⌈⌈n/g⌉/k⌉ = c₂). Every round of a phase carries its phase's largest
// message, so on links α₁, β₁ inside a node and α₂, β₂ across:
//
//	T = 2(g−1)·α₁ + 2(g−1)·c₁·β₁ + 2(k−1)·α₂ + 2(k−1)·c₂·β₂ + ((g−1)·c₁ + (k−1)·c₂)·γ
//	  = 2(g−1)α₁ + 2(g−1)/g·S·β₁ + 2(k−1)α₂ + 2(k−1)/k·(S/g)·β₂ + …   when P | n
//
// With a slowdown each phase is priced at the worst link it uses (the
// straggler's own ring neighbours, or the slow link if a phase's ring
// uses it); that is exact when P | n (all messages of a phase equal) and an
// upper bound otherwise. O(1).
func hierForm(c topo.Cluster, s shape, gamma float64) Terms {
	t := Terms{Exact: true}
	for _, ph := range hierPhases(c, s, gamma) {
		t.Steps += ph.Steps
		t.Latency += ph.Latency
		t.Bandwidth += ph.Bandwidth
		t.Compute += ph.Compute
		t.Exact = t.Exact && ph.Exact
	}
	g, k := int64(c.GPUsPerNode), int64(c.Nodes())
	n := s.n
	pieces := split(n, g)
	// Rank (node j, local l) sends 2n − piece_l − piece_{l+1} inside its node
	// and 2·piece_l − sub_l(j) − sub_l(j+1) across; the maximum is reached at
	// one of the local indices where the piece size changes.
	best := int64(0)
	for _, l := range []int64{0, pieces.rem - 1, pieces.rem, g - 1} {
		if l < 0 || l >= g {
			continue
		}
		pl, next := pieces.size(l), pieces.size((l+1)%g)
		sent := 2*n - pl - next + 2*pl - split(pl, k).smallestAdjacentPair()
		best = max(best, sent)
	}
	t.MaxSent = int64(s.bytes(best))
	t.Total = int64(s.bytes(2*k*(g-1)*n + 2*(k-1)*n))
	return t
}

// hierPhases are hierForm's four phases in schedule order (the phases of
// sched.buildHierarchical): g−1 intra-node rounds of the largest piece c₁
// (reduced), k−1 inter-node rounds of its largest sub-chunk c₂ (reduced),
// k−1 inter-node rounds of c₂, g−1 intra-node rounds of c₁. Only the time
// terms, Steps and Exact are set. O(1).
func hierPhases(c topo.Cluster, s shape, gamma float64) [4]Terms {
	g, k := int64(c.GPUsPerNode), int64(c.Nodes())
	c1 := split(s.n, g).largest()
	c2 := split(c1, k).largest()
	var intraBuf, interBuf [4]linkCost
	intraCands, interCands := hierLinks(c, &intraBuf, &interBuf)
	exact := s.n%s.p == 0 || !c.Slow.Active()
	pick := func(cands []linkCost, bytes float64) model {
		switch {
		case len(cands) == 0:
			return model{gamma: gamma}
		case exact:
			w := worst(cands, bytes)
			return model{alpha: w.alpha, beta: w.beta, gamma: gamma}
		}
		b := bound(cands)
		return model{alpha: b.alpha, beta: b.beta, gamma: gamma}
	}
	m1 := pick(intraCands, s.bytes(c1))
	m2 := pick(interCands, s.bytes(c2))
	var out [4]Terms
	for i, ph := range [4]struct {
		rounds         int64
		bytes, reduced float64
		m              model
	}{
		{g - 1, s.bytes(c1), s.bytes(c1), m1},
		{k - 1, s.bytes(c2), s.bytes(c2), m2},
		{k - 1, s.bytes(c2), 0, m2},
		{g - 1, s.bytes(c1), 0, m1},
	} {
		out[i].Exact = exact
		out[i].add(ph.rounds, 1, ph.bytes, ph.reduced, ph.m)
	}
	return out
}

// hierInterMaxSent is the most inter-node bytes one rank sends in the
// hierarchical AllReduce: 2·c − (smallest two adjacent sub-chunks of the
// largest piece c), = 2(k−1)/k·S/g when P | n; 0 on one node.
func hierInterMaxSent(g, k int64, s shape) int64 {
	if k == 1 {
		return 0
	}
	c1 := split(s.n, g).largest()
	return int64(s.bytes(2*c1 - split(c1, k).smallestAdjacentPair()))
}

// flatRingInterMaxSent is the most inter-node bytes one rank sends in ring
// AllReduce over all P ranks in order on nodes of g: the rank jg−1 that
// sends to the next node sends everything it sends across,
// 2n − c(jg−1) − c(jg), = 2(P−1)/P·S when P | n. O(k).
func flatRingInterMaxSent(g, k int64, s shape) int64 {
	if k == 1 {
		return 0
	}
	chunks := split(s.n, s.p)
	best := int64(0)
	for j := int64(1); j <= k; j++ {
		r := j*g - 1
		best = max(best, 2*s.n-chunks.size(r)-chunks.size((r+1)%s.p))
	}
	return int64(s.bytes(best))
}

// hierLinks lists the links the intra phases and the inter phase use that
// differ in α or β: the class, plus the slowed ones. O(1).
func hierLinks(c topo.Cluster, intraBuf, interBuf *[4]linkCost) (intra, inter []linkCost) {
	intra, inter = intraBuf[:0], interBuf[:0]
	g, k := c.GPUsPerNode, c.Nodes()
	if g > 1 {
		intra = append(intra, linkCost{c.Intra.Alpha, c.Intra.Beta()})
	}
	if k > 1 {
		inter = append(inter, linkCost{c.Inter.Alpha, c.Inter.Beta()})
	}
	s := c.Slow
	if !s.Active() {
		return intra, inter
	}
	nextIntra := func(r int) int { return r/g*g + (r%g+1)%g }
	nextInter := func(r int) int { return (r/g+1)%k*g + r%g }
	prevIntra := func(r int) int { return r/g*g + (r%g+g-1)%g }
	prevInter := func(r int) int { return (r/g+k-1)%k*g + r%g }
	if !s.IsLink {
		if g > 1 {
			intra = append(intra, pair(c, prevIntra(s.Rank), s.Rank), pair(c, s.Rank, nextIntra(s.Rank)))
		}
		if k > 1 {
			inter = append(inter, pair(c, prevInter(s.Rank), s.Rank), pair(c, s.Rank, nextInter(s.Rank)))
		}
		return intra, inter
	}
	for _, e := range [2][2]int{{s.A, s.B}, {s.B, s.A}} {
		if g > 1 && nextIntra(e[0]) == e[1] {
			intra = append(intra, pair(c, e[0], e[1]))
		}
		if k > 1 && nextInter(e[0]) == e[1] {
			inter = append(inter, pair(c, e[0], e[1]))
		}
	}
	return intra, inter
}

// hierarchicalCost is Hierarchical's closed form and formula.
var hierarchicalCost = algorithmCost{
	id:   sched.Hierarchical,
	form: ringForm, // on one flat network: the ring (see hierForm)
	formula: func(c prim.Collective) Formula {
		return form(msg.New("cost.formula.hierarchical", "2(g−1)·α₁ + 2(g−1)/g·S·β₁ + 2(k−1)·α₂ + 2(k−1)/k·(S/g)·β₂ + ((g−1)/g·S + (k−1)/k·S/g)·γ"),
			msg.New("cost.source.hierarchical"), srcThakur)
	},
}
