package sched

import "github.com/ccplay/ccplay/core/prim"

// buildBinomial builds the binomial-tree algorithms of MPICH (Thakur,
// Rabenseifner & Gropp 2005, §4). Ranks are renumbered relative to the root,
// v = (r − root) mod P, and there are L = ⌈log₂P⌉ rounds.
//
//   - Broadcast: in round j every v < 2^j that holds the data sends it to v + 2^j.
//   - Reduce: in round j every v ≡ 2^j (mod 2^(j+1)) sends its partial sum to v − 2^j.
//   - Scatter: in round j (mask m = 2^(L−1−j)) every v ≡ 0 (mod 2m) sends the
//     blocks of v+m … v+2m−1 to v+m (messages halve each round).
//   - Gather: the mirror image of Scatter.
//   - AllReduce = Reduce to rank 0 + Broadcast from rank 0: 2L rounds.
func buildBinomial(b *builder) {
	sp := b.s.Spec
	switch sp.Collective {
	case prim.Broadcast:
		binomialBcast(b, sp.Root)
	case prim.Reduce:
		binomialReduce(b, sp.Root)
	case prim.AllReduce:
		binomialReduce(b, 0)
		binomialBcast(b, 0)
	case prim.Scatter, prim.Gather:
		binomialScatterGather(b, sp.Collective == prim.Scatter)
	}
}

func binomialBcast(b *builder, root int) {
	p, n := b.s.Spec.Ranks, b.s.Spec.Count
	for mask := 1; mask < p; mask <<= 1 {
		var ts []Transfer
		for v := 0; v < mask && v+mask < p; v++ {
			ts = append(ts, xfer((root+v)%p, (root+v+mask)%p, 0, n))
		}
		b.round("broadcast", false, ts)
	}
}

func binomialReduce(b *builder, root int) {
	p, n := b.s.Spec.Ranks, b.s.Spec.Count
	for mask := 1; mask < p; mask <<= 1 {
		var ts []Transfer
		for v := mask; v < p; v += 2 * mask {
			ts = append(ts, xfer((root+v)%p, (root+v-mask)%p, 0, n))
		}
		b.round("reduce", true, ts)
	}
}

// binomialScatterGather relies on the rotated block layout (layout.go): the
// blocks of relative ranks v … w−1 are contiguous at rel[v] … rel[w].
func binomialScatterGather(b *builder, scatter bool) {
	sp := b.s.Spec
	p, root := sp.Ranks, sp.Root
	rel := make([]int, p+1)
	blocks := sp.Blocks()
	for v := 0; v < p; v++ {
		rel[v+1] = rel[v] + blocks[(root+v)%p]
	}
	span := func(src, dst, lo, hi int) Transfer {
		return xfer((root+src)%p, (root+dst)%p, rel[lo], rel[hi]-rel[lo])
	}
	l := Log2Ceil(p)
	for j := 0; j < l; j++ {
		var ts []Transfer
		if scatter {
			m := 1 << (l - 1 - j)
			for v := 0; v+m < p; v += 2 * m {
				ts = append(ts, span(v, v+m, v+m, min(v+2*m, p)))
			}
			b.round("scatter", false, ts)
		} else {
			m := 1 << j
			for v := m; v < p; v += 2 * m {
				ts = append(ts, span(v, v-m, v, min(v+m, p)))
			}
			b.round("gather", false, ts)
		}
	}
}

// binomialAlgorithm is Binomial's registry entry.
var binomialAlgorithm = AlgorithmInfo{
	ID:          Binomial,
	Name:        "binomial tree",
	Collectives: []prim.Collective{prim.Broadcast, prim.Scatter, prim.Gather, prim.Reduce, prim.AllReduce},
	build:       buildBinomial,
	slotsPerRank: func(e estimateArgs) int64 {
		return 2 // one message per rank and tree (Reduce and Broadcast for AllReduce)
	},
}
