package sched

import "github.com/ccplay/ccplay/core/prim"

// Estimate bounds what Build allocates for one call, before it allocates
// anything, so that a face can refuse a call over its budget at once.
//
// Slots bounds the transfers Build creates, empty ones included (a
// builder makes every rank's transfer of a round, then drops those of
// length 0: ring AllReduce of one element on 4,096 ranks visits 33 million
// slots to keep 8,190 transfers). AllToAll also counts P² for its P × P
// matrix of offsets, or its P segments in and out of every rank (Bruck's).
// For inputs without empty blocks Slots is at most 4 × the slots visited
// (TestEstimateTight). WorkElems bounds the elements of all work buffers together
// (Schedule.WorkLen summed). A test checks both against Build for every
// collective, algorithm, P, count and chunk count of a grid.
type Estimate struct {
	Slots     int64
	WorkElems int64
}

// EstimateOf bounds Build(s, a, o) for a valid s and a concrete algorithm
// a that applies to s.Collective. O(1), except O(P) for uneven Counts and
// O(P²) for SendCounts (their sums; both are the caller's own input).
func EstimateOf(s prim.Spec, a Algorithm, o Options) Estimate {
	p := int64(s.Ranks)
	l := int64(Log2Ceil(s.Ranks))
	k := int64(o.Chunks)
	if Pipelined(s.Collective, a) && k == 0 {
		k = int64(DefaultChunks(s.Collective, a, s.Ranks, s.Count))
	}
	if !Pipelined(s.Collective, a) {
		k = 0
	}
	info, _ := Info(a)
	slots := satMul(p, info.slotsPerRank(estimateArgs{c: s.Collective, p: p, l: l, k: k, g: max(int64(o.GPUsPerNode), 1)}))
	if s.Collective == prim.AllToAll {
		slots += p * p
	}
	return Estimate{Slots: slots, WorkElems: workElems(s, a)}
}

// workElems bounds the elements of all work buffers: each rank holds the
// whole vector (Broadcast, Reduce, AllReduce; twice for SendRecv), every
// rank's block (the blocked collectives), or its row and column of the
// AllToAll matrix (three times over for Bruck, which stages packed blocks).
func workElems(s prim.Spec, a Algorithm) int64 {
	p := int64(s.Ranks)
	switch s.Collective {
	case prim.SendRecv:
		return satMul(2*p, int64(s.Count))
	case prim.Broadcast, prim.Reduce, prim.AllReduce:
		return satMul(p, int64(s.Count))
	case prim.AllToAll:
		total := satMul(p*p, int64(s.Count))
		if s.SendCounts != nil {
			total = 0
			for _, row := range s.SendCounts {
				for _, n := range row {
					total += int64(n)
				}
			}
		}
		if a == Bruck {
			return satMul(6, total)
		}
		return satMul(2, total)
	}
	total := satMul(p, int64(s.Count))
	if s.Counts != nil {
		total = 0
		for _, n := range s.Counts {
			total += int64(n)
		}
	}
	return satMul(p, total)
}

// satMul is a·b for a, b ≥ 0, saturating at 2⁶²: an estimate that large is
// over every budget anyway.
func satMul(a, b int64) int64 {
	const top = 1 << 62
	if a != 0 && b > top/a {
		return top
	}
	return a * b
}
