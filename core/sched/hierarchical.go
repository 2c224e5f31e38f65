package sched

import (
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/prim"
)

// buildHierarchical builds the two-level AllReduce of the lecture's §9 on
// k = P/g nodes of g ranks each (rank r on node r/g, local index r mod g):
//
//  1. intra-reduce-scatter: g−1 rounds; inside every node a ring over the g
//     local ranks reduce-scatters the vector cut into g near-equal pieces,
//     so local rank l holds its node's sum of piece l.
//  2. inter-reduce-scatter + inter-allgather: 2(k−1) rounds; for every l at
//     once, a ring over the k ranks with local index l (one per node)
//     all-reduces piece l, cut into k near-equal sub-chunks.
//  3. intra-allgather: g−1 rounds; inside every node the ring gathers the
//     g pieces.
//
// With g = 1 phases 1 and 3 vanish and the schedule is ring AllReduce's.
// Every round sends one message per rank, so the executed cost is
// 2(g−1)(α₁ + ⌈n/g⌉·β₁) + 2(k−1)(α₂ + ⌈⌈n/g⌉/k⌉·β₂) (+ γ terms).
// O(P·(g + k)) transfers.
func buildHierarchical(b *builder, g int) {
	sp := b.s.Spec
	p := sp.Ranks
	k := p / g
	piece := Split(sp.Count, g)
	local := func(node, l int) int { return node*g + l }
	// Phases 1 and 3: rings of g inside every node.
	intra := func(phase string, reduce bool, chunk func(l, s int) int) {
		for s := 0; s < g-1; s++ {
			ts := make([]Transfer, 0, p)
			for node := 0; node < k; node++ {
				for l := 0; l < g; l++ {
					c := chunk(l, s)
					ts = append(ts, xfer(local(node, l), local(node, (l+1)%g), piece[c], piece[c+1]-piece[c]))
				}
			}
			b.round(phase, reduce, ts)
		}
	}
	intra("intra-reduce-scatter", true, func(l, s int) int { return ((l-s-1)%g + g) % g })
	// Phase 2: g rings of k across nodes, one per local index.
	sub := make([][]int, g)
	for l := range sub {
		sub[l] = Split(piece[l+1]-piece[l], k)
		for i := range sub[l] {
			sub[l][i] += piece[l]
		}
	}
	inter := func(phase string, reduce bool, chunk func(node, s int) int) {
		for s := 0; s < k-1; s++ {
			ts := make([]Transfer, 0, p)
			for l := 0; l < g; l++ {
				for node := 0; node < k; node++ {
					c := chunk(node, s)
					ts = append(ts, xfer(local(node, l), local((node+1)%k, l), sub[l][c], sub[l][c+1]-sub[l][c]))
				}
			}
			b.round(phase, reduce, ts)
		}
	}
	inter("inter-reduce-scatter", true, func(node, s int) int { return ((node-s-1)%k + k) % k })
	inter("inter-allgather", false, func(node, s int) int { return ((node-s)%k + k) % k })
	intra("intra-allgather", false, func(l, s int) int { return ((l-s)%g + g) % g })
}

// hierarchicalGroups resolves Options.GPUsPerNode for a hierarchical
// schedule on p ranks: 0 means one rank per node (the flat ring), anything
// else must divide p.
func hierarchicalGroups(p, g int) (int, error) {
	if g == 0 {
		return 1, nil
	}
	if g < 1 || p%g != 0 {
		return 0, fielderr.New("gpus-per-node", "sched.hierarchical.gpus_per_node", p, g)
	}
	return g, nil
}

// hierarchicalAlgorithm is Hierarchical's registry entry.
var hierarchicalAlgorithm = AlgorithmInfo{
	ID:          Hierarchical,
	Name:        "hierarchical",
	Collectives: []prim.Collective{prim.AllReduce},
	build:       func(b *builder) { buildHierarchical(b, b.groups) },
	slotsPerRank: func(e estimateArgs) int64 {
		return 2 * (e.g + e.p/e.g)
	},
}
