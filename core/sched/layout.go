package sched

import (
	"slices"

	"github.com/ccplay/ccplay/core/prim"
)

// layout sets the work buffers and the input/output placement of s.
//
//   - Vector collectives (Broadcast, Reduce, AllReduce): one buffer of Count
//     elements, in place.
//   - SendRecv: 2·Count elements, send half then receive half.
//   - Blocked collectives: Σ blocks, block r at its prefix offset. Binomial
//     Scatter/Gather rotate the layout so that the root's relative rank 0 comes
//     first (see blockOffsets), which keeps every subtree contiguous.
//   - AllToAll: the send buffer (row i) followed by the receive buffer (column i).
func layout(s *Schedule, a Algorithm) {
	sp := s.Spec
	switch sp.Collective {
	case prim.SendRecv:
		uniformLayout(s, 2*sp.Count, func(int) int { return 0 }, func(int) int { return sp.Count })
	case prim.Broadcast, prim.Reduce, prim.AllReduce:
		uniformLayout(s, sp.Count, func(int) int { return 0 }, func(int) int { return 0 })
	case prim.AllToAll:
		alltoallLayout(s)
	default:
		blockedLayout(s, blockRotation(sp, a))
	}
}

// blockRotation is the rank whose block comes first in a blocked work buffer.
func blockRotation(sp prim.Spec, a Algorithm) int {
	if a == Binomial {
		return sp.Root
	}
	return 0
}

// blockOffsets returns woff with woff[r] = offset of rank r's block in a work
// buffer laid out in the order rot, rot+1, …, rot−1 (mod P), and the total.
func blockOffsets(b []int, rot int) (woff []int, total int) {
	p := len(b)
	woff = make([]int, p)
	for i := 0; i < p; i++ {
		r := (rot + i) % p
		woff[r] = total
		total += b[r]
	}
	return woff, total
}

func blockedLayout(s *Schedule, rot int) {
	sp := s.Spec
	p := sp.Ranks
	b := sp.Blocks()
	woff, total := blockOffsets(b, rot)
	uoff := prim.Offsets(b) // user (rank-order) offsets in a whole buffer
	// The whole buffer's segments are the same for every rank that holds
	// it: computed once (O(P)), each rank given its own copy (O(merged
	// segments), one for an unrotated layout), so the layout is O(P), not
	// O(P²).
	var wholeSegs []Seg
	whole := func() []Seg {
		if wholeSegs == nil {
			for r := 0; r < p; r++ { // user order, so From is increasing
				if b[r] > 0 || len(wholeSegs) == 0 {
					wholeSegs = append(wholeSegs, Seg{From: uoff[r], To: woff[r], Len: b[r]})
				}
			}
			wholeSegs = mergeSegs(wholeSegs)
		}
		return slices.Clone(wholeSegs)
	}
	s.WorkLen = make([]int, p)
	s.In = make([][]Seg, p)
	s.Out = make([][]Seg, p)
	for r := 0; r < p; r++ {
		s.WorkLen[r] = total
		own := []Seg{{From: 0, To: woff[r], Len: b[r]}}
		switch sp.Collective {
		case prim.Scatter:
			if r == sp.Root {
				s.In[r] = whole()
			}
			s.Out[r] = flip(own)
		case prim.Gather:
			s.In[r] = own
			if r == sp.Root {
				s.Out[r] = flip(whole())
			}
		case prim.AllGather:
			s.In[r] = own
			s.Out[r] = flip(whole())
		case prim.ReduceScatter:
			s.In[r] = whole()
			s.Out[r] = flip(own)
		}
	}
}

// flip turns user→work segments into work→user segments.
func flip(segs []Seg) []Seg {
	out := make([]Seg, len(segs))
	for i, g := range segs {
		out[i] = Seg{From: g.To, To: g.From, Len: g.Len}
	}
	return out
}

// mergeSegs joins segments that continue each other on both sides.
func mergeSegs(segs []Seg) []Seg {
	var out []Seg
	for _, g := range segs {
		if n := len(out); n > 0 && out[n-1].From+out[n-1].Len == g.From && out[n-1].To+out[n-1].Len == g.To {
			out[n-1].Len += g.Len
			continue
		}
		out = append(out, g)
	}
	return out
}

// alltoallLayout: rank i's work buffer is its send row (blocks i→0…P−1)
// followed by its receive column (blocks 0…P−1→i).
func alltoallLayout(s *Schedule) {
	sp := s.Spec
	p := sp.Ranks
	s.WorkLen = make([]int, p)
	s.In = make([][]Seg, p)
	s.Out = make([][]Seg, p)
	for r := 0; r < p; r++ {
		in, out := sp.InLen(r), sp.OutLen(r)
		s.WorkLen[r] = in + out
		s.In[r] = []Seg{{From: 0, To: 0, Len: in}}
		s.Out[r] = []Seg{{From: in, To: 0, Len: out}}
	}
}
