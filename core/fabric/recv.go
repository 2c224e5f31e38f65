package fabric

// accepts is the receive side of the start-up rule: a rank accepts the
// messages it receives one at a time, each taking its α(src, dst) of the
// receiver's time (LogP's receive overhead, Culler et al. 1993: a
// processor handles one incoming message at a time). A message of floor F
// (the earliest it is delivered under the sender's rule) is accepted in
// the earliest free interval [t − α, t] with t ≥ F, and delivered no
// earlier than t. Like the sender's floor, this is a fluid relaxation: the
// receiver pays a message's α against its floor, while its bytes may
// still be arriving, so a fan-in of k messages of m bytes onto one NIC
// takes max(k·α + β·m, α + k·β·m), not the start-ups after all the bytes.
//
// busy[r] holds rank r's accepted intervals as sorted, disjoint pairs
// lo, hi (intervals that touch within tol are merged). Invariant: the
// intervals are pairwise disjoint, so the end of a rank's last interval is
// at least the sum of the α of every message it has accepted.
type accepts struct {
	busy [][]float64
}

func newAccepts(ranks int) accepts { return accepts{busy: make([][]float64, ranks)} }

// take accepts a message to rank r of floor floor and start-up a, and
// returns the time t ≥ floor its acceptance ends and the work spent (1
// and one per interval it is pushed past): the end of the earliest
// interval of length a at or after floor − a that overlaps no earlier
// acceptance by more than tol. A message whose floor is at least the
// previous acceptance's end plus a is accepted at its floor exactly.
// O(log n + intervals it is pushed past + n) for n intervals of r.
func (q *accepts) take(r int32, floor, a float64) (t float64, work int64) {
	s := q.busy[r]
	n := len(s) / 2
	t = floor
	work = 1
	eps := tol * floor
	k := firstEndAfter(s, t-a+eps)
	for ; k < n && s[2*k] < t-eps; k++ {
		t = s[2*k+1] + a
		eps = tol * t
		work++
	}
	lo, hi := t-a, t
	switch joinPrev, joinNext := k > 0 && s[2*k-1] >= lo-eps, k < n && s[2*k] <= hi+eps; {
	case joinPrev && joinNext:
		s[2*k-1] = max(s[2*k+1], hi)
		s = append(s[:2*k], s[2*k+2:]...)
	case joinPrev:
		s[2*k-1] = max(s[2*k-1], hi)
	case joinNext:
		s[2*k] = min(s[2*k], lo)
	default:
		s = append(s, 0, 0)
		copy(s[2*k+2:], s[2*k:])
		s[2*k], s[2*k+1] = lo, hi
	}
	q.busy[r] = s
	return t, work
}

// firstEndAfter is the first of the sorted, disjoint intervals s (pairs lo,
// hi) that ends after x, len(s)/2 if none does: the last one first (a
// message usually arrives after everything its receiver has accepted),
// then a binary search of the ends, which increase. O(log n).
func firstEndAfter(s []float64, x float64) int {
	n := len(s) / 2
	if n == 0 || s[2*n-1] <= x {
		return n
	}
	lo, hi := 0, n-1 // s[2*hi+1] > x
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s[2*m+1] > x {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}
