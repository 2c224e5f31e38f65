package sched

import "github.com/ccplay/ccplay/core/prim"

// buildTree builds the pipelined double binary tree (Sanders, Speck & Träff
// 2009, "Two-tree algorithms for full bandwidth broadcast, reduction and
// scan"; NCCL's tree since 2.4). Two in-order binary trees A and B span the
// members; B is A with every label shifted by one, so a rank that is
// interior in one tree is a leaf in the other. The vector is halved: tree A
// carries elements [0, ⌈n/2⌉), tree B the rest, each cut into Chunks chunks
// that stream through the tree one round apart.
//
//   - AllReduce (members: all P ranks): reduce up both trees — a node of
//     height h sends chunk k to its parent in round k+h — then broadcast down
//     from the two tree roots — a node of depth d sends chunk k in round k+d.
//     2(K + H − 1) rounds, H = ⌊log₂P⌋.
//   - Broadcast (members: the P−1 other ranks): the root feeds both tree
//     roots, then the trees broadcast: K + H' − 1 rounds, H' = ⌊log₂(P−1)⌋ + 1
//     (the trees' height plus the root's feed).
//   - Reduce: the mirror image, the tree roots reducing into the root.
//
// A rank may send (and receive) up to two messages a round, one per tree;
// the cost rule serialises them.
func buildTree(b *builder) {
	sp := b.s.Spec
	p, n, k := sp.Ranks, sp.Count, b.s.Chunks
	var members []int
	root := -1
	switch sp.Collective {
	case prim.AllReduce:
		members = make([]int, p)
		for i := range members {
			members[i] = i
		}
	default:
		root = sp.Root
		members = make([]int, p-1)
		for i := range members {
			members[i] = (root + 1 + i) % p
		}
	}
	if len(members) == 0 {
		return
	}
	t := NewInOrderTree(len(members))
	nm := len(members)
	rankA := func(l int) int { return members[l-1] }
	rankB := func(l int) int { return members[(l-2+nm)%nm] }
	h := (n + 1) / 2
	halves := []struct {
		rank func(int) int
		off  []int
	}{{rankA, shift(Split(h, k), 0)}, {rankB, shift(Split(n-h, k), h)}}

	// extra is 1 when a root outside the trees feeds them or is fed by them.
	extra := 0
	if root >= 0 {
		extra = 1
	}
	nrounds := k + t.Height[t.Root] - 1 + extra
	up := func() [][]Transfer { // reduce toward the tree roots (and the root)
		rounds := make([][]Transfer, nrounds)
		for _, hf := range halves {
			for l := 1; l <= t.N; l++ {
				b.pause()
				dst := -1
				if pa := t.Parent[l]; pa != 0 {
					dst = hf.rank(pa)
				} else if root >= 0 {
					dst = root
				}
				if dst < 0 {
					continue
				}
				for c := 0; c < k; c++ {
					at := c + t.Height[l]
					rounds[at] = append(rounds[at], xfer(hf.rank(l), dst, hf.off[c], hf.off[c+1]-hf.off[c]))
				}
			}
		}
		return rounds
	}
	down := func() [][]Transfer { // broadcast from the tree roots (fed by the root)
		rounds := make([][]Transfer, nrounds)
		for _, hf := range halves {
			for c := 0; c < k; c++ {
				if root >= 0 {
					rounds[c] = append(rounds[c], xfer(root, hf.rank(t.Root), hf.off[c], hf.off[c+1]-hf.off[c]))
				}
				b.pause()
				for l := 1; l <= t.N; l++ {
					for _, ch := range t.Children[l] {
						if ch != 0 {
							at := c + t.Depth[l] + extra
							rounds[at] = append(rounds[at], xfer(hf.rank(l), hf.rank(ch), hf.off[c], hf.off[c+1]-hf.off[c]))
						}
					}
				}
			}
		}
		return rounds
	}
	emit := func(phase string, reduce bool, rounds [][]Transfer) {
		for _, ts := range rounds {
			b.round(phase, reduce, ts)
		}
	}
	switch sp.Collective {
	case prim.AllReduce:
		emit("reduce", true, up())
		emit("broadcast", false, down())
	case prim.Broadcast:
		emit("broadcast", false, down())
	case prim.Reduce:
		emit("reduce", true, up())
	}
}

// shift adds base to every offset.
func shift(off []int, base int) []int {
	for i := range off {
		off[i] += base
	}
	return off
}

// treeAlgorithm is Tree's registry entry.
var treeAlgorithm = AlgorithmInfo{
	ID:          Tree,
	Name:        "tree (double binary tree)",
	Collectives: []prim.Collective{prim.Broadcast, prim.Reduce, prim.AllReduce},
	build:       buildTree,
	slotsPerRank: func(e estimateArgs) int64 {
		r := 2 * (e.k + 2*e.l + 2)
		if e.c == prim.AllReduce {
			r *= 2
		}
		return r
	},
	pipelined: func(prim.Collective) bool { return true },
}
