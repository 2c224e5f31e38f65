package cost

import "github.com/ccplay/ccplay/core/sched"

// foldGeom is the geometry of MPICH's fold (sched's fold): P' = 2^⌊log₂P⌋
// participants, L' = log₂P' exchange rounds, r = P − P' folded-out ranks,
// each paired with participant v < r.
type foldGeom struct{ pp, levels, r int64 }

func foldOf(p int64) foldGeom {
	l := int64(sched.Log2Floor(int(p)))
	return foldGeom{pp: 1 << l, levels: l, r: p - 1<<l}
}

// lo is the number of ranks participants [0, u) stand for: two for each
// v < r, one for each other. O(1).
func (f foldGeom) lo(u int64) int64 {
	if u <= f.r {
		return 2 * u
	}
	return u + f.r
}

// folded is 1 when P is not a power of two (one fold-in and one fold-out
// round), else 0.
func (f foldGeom) folded() int64 { return b2i(f.r > 0) }

// prefix is the number of elements in parts [0, x) of a near-equal split:
// q·x plus one for each of the first rem parts. O(1).
func (ne nearEqual) prefix(x int64) int64 { return ne.q*x + min(x, ne.rem) }

// oddBlocks is Σ_{v<r} size(2v+1): the blocks the folded-out ranks 1, 3, …,
// 2r−1 contribute (AllGather's fold-in, ReduceScatter's fold-out). O(1).
func (ne nearEqual) oddBlocks(r int64) int64 { return ne.q*r + min(2*r, ne.rem)/2 }
