package sched

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/ccplay/ccplay/core/prim"
)

// buildBruck builds Bruck's algorithms (Bruck, Ho, Kipnis, Upfal &
// Weathersby 1997; MPICH's AllGather for non-powers of two, Thakur,
// Rabenseifner & Gropp 2005, §4.1). They need no folding: any P takes
// L = ⌈log₂P⌉ rounds, in round k rank i sends one message to i − 2^k
// (AllGather) or i + 2^k (AllToAll).
//
//   - AllGather: rank i keeps the blocks in the rotated order i, i+1, …
//     (the rotation is part of the layout: its input lands at offset 0 and
//     its output is read back in rank order, so no copy is needed). Before
//     round k it holds the 2^k blocks i … i+2^k−1 and sends the first
//     min(2^k, P−2^k) of them — one contiguous range — to rank i − 2^k,
//     which appends them.
//   - AllToAll: slot j of rank i holds, before round k, the block from
//     source i − (j mod 2^k) to destination that source + j. In round k
//     every rank sends the blocks of the slots j with bit k set in one
//     message to i + 2^k, so after L rounds slot j of rank i holds the block
//     from i − j to i. A message that is not already contiguous is first
//     packed by local copies (transfers with Src == Dst, in a round of
//     their own that the ledger and the cost ignore). The send row is laid
//     out by bit-reversed slot index, so the slots a round takes from it
//     are contiguous; received messages keep their own areas, and the
//     receive buffer is read back from wherever each block ended up.
//
// AllToAll's build time is O(P·Σ_k |J_k|) = O(P² log P) with uneven
// counts (every block is visited in every round it moves), O(P² + P·log P)
// with equal ones; its schedule has at most P·L sends plus fewer than P
// packing copies a rank (16.8 million transfers in all at P = 4096, inside
// MaxTransfers).
func buildBruck(b *builder) {
	switch b.s.Spec.Collective {
	case prim.AllGather:
		bruckAllGather(b)
	case prim.AllToAll:
		bruckAllToAll(b)
	}
}

// cyclicSum returns a function giving the elements of blocks i, i+1, …,
// i+t−1 (mod P), t ≤ P, in O(1) from the prefix offsets off (P+1 entries).
func cyclicSum(off []int) func(i, t int) int {
	p := len(off) - 1
	return func(i, t int) int {
		if i+t <= p {
			return off[i+t] - off[i]
		}
		return off[p] - off[i] + off[i+t-p]
	}
}

func bruckAllGather(b *builder) {
	s := b.s
	sp := s.Spec
	p := sp.Ranks
	blocks := sp.Blocks()
	off := prim.Offsets(blocks)
	total := off[p]
	sum := cyclicSum(off)
	// Layout: rank i's block j sits at sum(i, (j−i) mod P).
	s.WorkLen = make([]int, p)
	s.In = make([][]Seg, p)
	s.Out = make([][]Seg, p)
	for i := 0; i < p; i++ {
		s.WorkLen[i] = total
		s.In[i] = []Seg{{From: 0, To: 0, Len: blocks[i]}}
		// Blocks 0 … i−1 sit at the end, blocks i … P−1 at the start.
		s.Out[i] = nonNil(dropEmpty([]Seg{{From: total - off[i], To: 0, Len: off[i]}, {From: 0, To: off[i], Len: total - off[i]}}))
	}
	for k := 0; 1<<k < p; k++ {
		d := 1 << k
		cnt := min(d, p-d)
		ts := make([]Transfer, p)
		for i := 0; i < p; i++ {
			dst := (i - d + p) % p
			ts[i] = Transfer{Src: int32(i), Dst: int32(dst), SrcOff: 0, DstOff: int64(sum(dst, d)), Len: int64(sum(i, cnt))}
		}
		b.round("allgather", false, ts)
	}
}

// bruckAllToAll: see buildBruck. Rank i's work buffer is its send row
// (slots in bit-reversed order), then the area of each round's received
// message, then one packing area reused by every round. With equal counts
// (no SendCounts) every rank's plan is rank 0's shifted, so only rank 0's is
// computed: O(P·log P + transfers + P²) for the layout segments.
func bruckAllToAll(b *builder) {
	s := b.s
	sp := s.Spec
	p := sp.Ranks
	l := Log2Ceil(p)
	uniform := sp.SendCounts == nil
	a := newA2ABlocks(sp, b.pause)
	block := a.size // block is the size of the block from src to dst (both in [0, P))
	// size is the block in slot j of rank i while low = j mod 2^k: it came
	// from source i − low and goes to that source + j.
	size := func(i, j, low int) int {
		src := i - low
		if src < 0 {
			src += p
		}
		dst := src + j
		if dst >= p {
			dst -= p
		}
		return block(src, dst)
	}
	rowOrder := make([]int, p)
	for j := range rowOrder {
		rowOrder[j] = j
	}
	if l > 0 {
		rev := func(j int) uint { return bits.Reverse(uint(j)) >> (bits.UintSize - l) }
		slices.SortFunc(rowOrder, func(a, c int) int { return cmp.Compare(rev(a), rev(c)) })
	}
	// order[k] lists the slots of round k's message in message order: the
	// slots from the row first, then those from the areas of rounds 0 … k−1,
	// each in the order of its area. A slot j with bit k set lies in the
	// row if j mod 2^k = 0, else in the area of round hibit(j mod 2^k).
	order := make([][]int, l)
	for k := 0; k < l; k++ {
		home := func(j int) int { return bits.Len(uint(j&(1<<k-1))) - 1 } // −1 = the row
		for a := -1; a < k; a++ {
			src := rowOrder
			if a >= 0 {
				src = order[a]
			}
			for _, j := range src {
				if j>>k&1 == 1 && home(j) == a {
					order[k] = append(order[k], j)
				}
			}
		}
	}
	// msgLen is what rank i sends in round k (before = true) or what slot
	// set J_k holds on rank i after round k.
	msgLen := func(i, k int, after bool) int {
		if uniform {
			return len(order[k]) * sp.Count
		}
		mask, t := 1<<k-1, 0
		if after {
			mask = 1<<(k+1) - 1
		}
		for _, j := range order[k] {
			t += size(i, j, j&mask)
		}
		return t
	}
	// Every rank's receive areas: the area of round k holds what rank i
	// receives from i − 2^k, i.e. J_k as it lies on rank i after round k.
	recvBase := make([][]int, l)
	s.WorkLen = make([]int, p)
	for i := 0; i < p; i++ {
		s.WorkLen[i] = a.row(i, p)
	}
	for k := 0; k < l; k++ {
		recvBase[k] = make([]int, p)
		for i := 0; i < p; i++ {
			recvBase[k][i] = s.WorkLen[i]
			s.WorkLen[i] += msgLen(i, k, true)
		}
	}
	s.In = make([][]Seg, p)
	s.Out = make([][]Seg, p)
	packs := make([][]Transfer, l)
	sends := make([][]Transfer, l)
	loc := make([]int, p)    // where slot j's block lies now
	rowPos := make([]int, p) // where slot j lies in the send row
	type run struct{ from, n int }
	var runs []run
	count := 0
	var stageLen int
	// plan walks rank i through the rounds: where each slot's block lies,
	// the packing copies and the sends.
	plan := func(i int) {
		at := 0
		for _, j := range rowOrder {
			loc[j], rowPos[j] = at, at
			at += size(i, j, 0)
		}
		stage := s.WorkLen[i]
		stageLen = 0
		for k := 0; k < l; k++ {
			mask := 1<<k - 1
			runs = runs[:0]
			total := 0
			for _, j := range order[k] {
				n := size(i, j, j&mask)
				if n == 0 {
					continue
				}
				total += n
				if r := len(runs) - 1; r >= 0 && runs[r].from+runs[r].n == loc[j] {
					runs[r].n += n
				} else {
					runs = append(runs, run{loc[j], n})
				}
			}
			if len(runs) > 0 {
				from := runs[0].from
				if len(runs) > 1 {
					at := stage
					for _, r := range runs {
						packs[k] = append(packs[k], xferAt(i, i, r.from, at, r.n))
						at += r.n
					}
					count += len(runs)
					from = stage
					stageLen = max(stageLen, total)
				}
				dst := (i + 1<<k) % p
				sends[k] = append(sends[k], xferAt(i, dst, from, recvBase[k][dst], total))
				count++
			}
			// The message rank i receives in round k fills its area in order.
			at := recvBase[k][i]
			mask = 1<<(k+1) - 1
			for _, j := range order[k] {
				loc[j] = at
				at += size(i, j, j&mask)
			}
		}
	}
	for i := 0; i < p; i++ {
		if !uniform || i == 0 {
			plan(i)
		} else {
			// Rank 0's plan moved to rank i: same offsets, ranks shifted by i.
			for k := 0; k < l; k++ {
				n0, s0 := len(packs[k])/i, len(sends[k])/i
				for _, t := range packs[k][:n0] {
					t.Src, t.Dst = int32(i), int32(i)
					packs[k] = append(packs[k], t)
				}
				for _, t := range sends[k][:s0] {
					t.Src, t.Dst = int32(i), int32((i+1<<k)%p)
					sends[k] = append(sends[k], t)
				}
				count += n0 + s0
			}
		}
		if count > b.limit {
			b.err = limitError(b.limit)
			return
		}
		s.WorkLen[i] += stageLen
		in := make([]Seg, 0, p)
		for d := 0; d < p; d++ {
			in = append(in, Seg{From: a.row(i, d), To: rowPos[(d-i+p)%p], Len: block(i, d)})
		}
		s.In[i] = mergeSegs(dropEmpty(in))
		out := make([]Seg, 0, p)
		for src := 0; src < p; src++ {
			out = append(out, Seg{From: loc[(i-src+p)%p], To: a.col(i, src), Len: block(src, i)})
		}
		s.Out[i] = nonNil(mergeSegs(dropEmpty(out)))
	}
	for k := 0; k < l; k++ {
		b.round("alltoall", false, packs[k])
		b.round("alltoall", false, sends[k])
	}
}

// xferAt is a transfer between different offsets.
func xferAt(src, dst, srcOff, dstOff, n int) Transfer {
	return Transfer{Src: int32(src), Dst: int32(dst), SrcOff: int64(srcOff), DstOff: int64(dstOff), Len: int64(n)}
}

// dropEmpty removes segments of length 0 (in place).
func dropEmpty(segs []Seg) []Seg {
	kept := segs[:0]
	for _, g := range segs {
		if g.Len > 0 {
			kept = append(kept, g)
		}
	}
	return kept
}

// nonNil returns segs, or an empty non-nil slice: a defined output of zero
// elements must not read as undefined.
func nonNil(segs []Seg) []Seg {
	if segs == nil {
		return []Seg{}
	}
	return segs
}

// bruckAlgorithm is Bruck's registry entry.
var bruckAlgorithm = AlgorithmInfo{
	ID:          Bruck,
	Name:        "Bruck",
	Collectives: []prim.Collective{prim.AllGather, prim.AllToAll},
	build:       buildBruck,
	slotsPerRank: func(e estimateArgs) int64 {
		if e.c == prim.AllToAll {
			// a send per round and the packing copies: the runs of a round's
			// slots, fewer than P + L over all rounds (measured for P ≤ 1100)
			return e.p + 2*e.l + 2
		}
		return 2 * (e.l + 2)
	},
}
