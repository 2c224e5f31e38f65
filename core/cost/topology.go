package cost

import (
	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/topo"
)

// Closed forms on a cluster with two link classes and slowdowns.
//
// The cost rule prices a round by its busiest port, each message at its own
// link's α and β. When every message of a round has the same size c, the
// round costs max over the links it uses of α + β·c: which link wins does
// not depend on the round, only on c. Hence:
//
//   - one class only (one node, or one GPU per node) and no slowdown: the
//     flat closed form on that class's α and β, exact wherever it is exact.
//   - ring AllReduce/ReduceScatter/AllGather with P | n: every round uses
//     every link r → r+1, so the flat closed form on the winning link is
//     exact. Ranks in order cross nodes on the k links (jg−1) → jg; when the
//     network is the slower class every round's busiest port is one of
//     those (k > 1). A straggler's two links (β·f) join the candidates, so
//     the bandwidth term grows by f if the straggler's link wins.
//   - hierarchical: exact, see hierForm.
//   - recursive doubling/halving and Rabenseifner with P and g powers of
//     two (and a Reduce root at a node's first rank), no slowdown: every
//     round pairs ranks mask apart, all inside nodes or all across, so each
//     round is priced on its own class, exact (maskModel).
//   - everything else, and uneven chunks with a slowdown or mixed classes:
//     an upper bound, each round priced at the largest α and the largest β
//     of any link it may use (Exact false). Evaluate then also reports the
//     executed schedule's cost when it can build it.

// linkCost is one candidate link: its α and β (slowdown included).
type linkCost struct{ alpha, beta float64 }

// worst is the candidate with the largest α + β·bytes (the first on ties).
func worst(cands []linkCost, bytes float64) linkCost {
	best := cands[0]
	for _, c := range cands[1:] {
		if c.alpha+c.beta*bytes > best.alpha+best.beta*bytes {
			best = c
		}
	}
	return best
}

// bound is the largest α and the largest β of the candidates.
func bound(cands []linkCost) linkCost {
	b := cands[0]
	for _, c := range cands[1:] {
		b.alpha = max(b.alpha, c.alpha)
		b.beta = max(b.beta, c.beta)
	}
	return b
}

func pair(c topo.Cluster, src, dst int) linkCost {
	a, b := c.Link(src, dst)
	return linkCost{a, b}
}

// classes lists the link classes a cluster has between different ranks,
// without slowdown, plus every slowed link the slowdown can touch.
func classes(c topo.Cluster, buf *[4]linkCost) []linkCost {
	out := buf[:0]
	if c.GPUsPerNode > 1 {
		out = append(out, linkCost{c.Intra.Alpha, c.Intra.Beta()})
	}
	if c.Nodes() > 1 || len(out) == 0 { // one rank alone: no link is used; keep the network's
		out = append(out, linkCost{c.Inter.Alpha, c.Inter.Beta()})
	}
	if s := c.Slow; s.Active() {
		f := s.Factor
		for i, n := 0, len(out); i < n; i++ {
			out = append(out, linkCost{out[i].alpha, out[i].beta * f})
		}
	}
	return out
}

// topoTerms is the closed form of a validated, concrete, Topological p
// with shape s; bm is the bound model (largest α and β of any link).
func topoTerms(p Params, s shape, bm model) Terms {
	if s.p == 1 || s.n == 0 {
		return closedForm(p.Collective, p.Algorithm, s, bm)
	}
	c := p.Cluster()
	if p.Algorithm == sched.Hierarchical {
		return hierForm(c, s, bm.gamma)
	}
	if !c.Slow.Active() && (c.GPUsPerNode == 1 || c.Nodes() == 1) {
		var buf [4]linkCost
		l := classes(c, &buf)[0]
		return closedForm(p.Collective, p.Algorithm, s, model{alpha: l.alpha, beta: l.beta, gamma: bm.gamma})
	}
	if mm, ok := maskModel(p, c, bm); ok {
		return closedForm(p.Collective, p.Algorithm, s, mm)
	}
	if p.Algorithm == sched.Ring && (p.Collective == prim.AllReduce || p.Collective == prim.ReduceScatter || p.Collective == prim.AllGather) {
		var buf [6]linkCost
		cands := ringLinks(c, int(s.p), &buf)
		if s.n%s.p == 0 {
			w := worst(cands, s.bytes(s.n/s.p))
			return ringForm(p.Collective, s, model{alpha: w.alpha, beta: w.beta, gamma: bm.gamma})
		}
		b := bound(cands)
		t := ringForm(p.Collective, s, model{alpha: b.alpha, beta: b.beta, gamma: bm.gamma})
		t.Exact = false
		return t
	}
	t := closedForm(p.Collective, p.Algorithm, s, bm)
	t.Exact = false
	return t
}

// maskModel gives the recursive-doubling family (recursive doubling and
// halving, Rabenseifner) exact per-round links on a cluster without
// slowdown when P and g are powers of two and the root (Reduce) sits at a
// node's first rank: every round then pairs ranks mask apart, all inside
// nodes (mask < g) or all across them, so each round is priced on its own
// class and the closed form stays exact. O(1).
func maskModel(p Params, c topo.Cluster, bm model) (model, bool) {
	switch p.Algorithm {
	case sched.RecursiveDoubling, sched.RecursiveHalving, sched.Rabenseifner:
	default:
		return model{}, false
	}
	g := c.GPUsPerNode
	pow2 := func(x int) bool { return x > 0 && x&(x-1) == 0 }
	if c.Slow.Active() || !pow2(p.Ranks) || !pow2(g) || p.Root%g != 0 {
		return model{}, false
	}
	m := bm
	m.byMask = &maskLinks{g: int64(g),
		intra: model{alpha: c.Intra.Alpha, beta: c.Intra.Beta(), gamma: bm.gamma},
		inter: model{alpha: c.Inter.Alpha, beta: c.Inter.Beta(), gamma: bm.gamma}}
	return m, true
}

// boundModel is the largest α and β of any link of p's cluster.
func boundModel(p Params) model {
	var buf [4]linkCost
	b := bound(classes(p.Cluster(), &buf))
	return model{alpha: b.alpha, beta: b.beta, gamma: p.Gamma}
}

// fastModel is the smallest α and β of p's link classes (slowdown
// ignored): the lower bound on a cluster may assume every message takes the
// fastest link.
func fastModel(p Params) model {
	c := p.Cluster()
	m := model{alpha: c.Inter.Alpha, beta: c.Inter.Beta(), gamma: p.Gamma}
	if c.GPUsPerNode > 1 {
		m.alpha = min(m.alpha, c.Intra.Alpha)
		m.beta = min(m.beta, c.Intra.Beta())
	}
	if c.Nodes() == 1 {
		m.alpha, m.beta = c.Intra.Alpha, c.Intra.Beta()
	}
	return m
}

// ringLinks are the links r → r+1 (mod P) of a ring over ranks in order
// that differ in α or β: the classes present plus the slowed ones. O(1).
func ringLinks(c topo.Cluster, p int, buf *[6]linkCost) []linkCost {
	out := buf[:0]
	if c.GPUsPerNode > 1 {
		out = append(out, linkCost{c.Intra.Alpha, c.Intra.Beta()})
	}
	if c.Nodes() > 1 {
		out = append(out, linkCost{c.Inter.Alpha, c.Inter.Beta()})
	}
	if s := c.Slow; s.Active() {
		next := func(r int) int { return (r + 1) % p }
		if s.IsLink {
			if next(s.A) == s.B {
				out = append(out, pair(c, s.A, s.B))
			}
			if next(s.B) == s.A {
				out = append(out, pair(c, s.B, s.A))
			}
		} else {
			out = append(out, pair(c, (s.Rank+p-1)%p, s.Rank), pair(c, s.Rank, next(s.Rank)))
		}
	}
	return out
}
