package transport

import "github.com/ccplay/ccplay/core/prim"

// lazyIn defers the copy of a rank's input into its work buffer when the
// input covers the whole buffer (the in-place collectives, AllReduce
// among them): a region still "pending" holds, by definition, the input's
// elements, which live only in the input. A send of a pending region
// reads the input; a receive that overwrites a region drops it from
// pending without a copy; a reduction into a pending region folds out of
// place (work = input op payload) in one pass; whatever is still pending
// at the end is copied then. A ring AllReduce never copies its input, so
// one full pass over the buffer per call is saved. Invariant: for every
// element outside pending, work holds the value sim.Run's work buffer
// holds; inside, base does. The zero lazyIn (base nil) is eager: nothing
// is pending. Each operation is O(pending spans + elements touched).
type lazyIn[T Elem] struct {
	base    []T     // the input, indexed as work (nil: nothing is pending)
	work    []T     // the work buffer
	pending []int64 // sorted disjoint half-open spans, flattened: lo0, hi0, lo1, hi1, …
}

// newLazyIn starts with all of work pending, to be read from base (same
// length).
func newLazyIn[T Elem](base, work []T) *lazyIn[T] {
	l := &lazyIn[T]{base: base, work: work}
	if len(work) > 0 {
		l.pending = []int64{0, int64(len(work))}
	}
	return l
}

// allPending reports whether [lo, hi) lies inside one pending span.
func (l *lazyIn[T]) allPending(lo, hi int64) bool {
	for i := 0; i < len(l.pending); i += 2 {
		if l.pending[i] <= lo && hi <= l.pending[i+1] {
			return true
		}
	}
	return false
}

// drop removes [lo, hi) from pending, first copying the dropped part from
// base into work when fill is set.
func (l *lazyIn[T]) drop(lo, hi int64, fill bool) {
	if lo >= hi || len(l.pending) == 0 {
		return
	}
	out := l.pending[:0:0]
	for i := 0; i < len(l.pending); i += 2 {
		a, b := l.pending[i], l.pending[i+1]
		if b <= lo || hi <= a {
			out = append(out, a, b)
			continue
		}
		if fill {
			x, y := max(a, lo), min(b, hi)
			copy(l.work[x:y], l.base[x:y])
		}
		if a < lo {
			out = append(out, a, lo)
		}
		if hi < b {
			out = append(out, hi, b)
		}
	}
	l.pending = out
}

// view returns the current value of [lo, hi) without copying it when the
// region is all pending (then it views base, which nothing writes);
// otherwise it makes work current there and views work. fromBase tells
// which.
func (l *lazyIn[T]) view(lo, hi int64) (v []T, fromBase bool) {
	if lo < hi && l.allPending(lo, hi) {
		return l.base[lo:hi], true
	}
	l.drop(lo, hi, true)
	return l.work[lo:hi], false
}

// target prepares [lo, hi) of work to receive a transfer: for a copy the
// region stops being pending (it is overwritten); for a reduction into an
// all-pending region it returns base's elements, which the fold combines
// with the payload into work (out of place), else it makes work current
// and returns nil (fold in place).
func (l *lazyIn[T]) target(lo, hi int64, reduce bool) (from []T) {
	if reduce && lo < hi && l.allPending(lo, hi) {
		l.drop(lo, hi, false)
		return l.base[lo:hi]
	}
	l.drop(lo, hi, reduce)
	return nil
}

// flush copies every pending region into work.
func (l *lazyIn[T]) flush() {
	for i := 0; i < len(l.pending); i += 2 {
		a, b := l.pending[i], l.pending[i+1]
		copy(l.work[a:b], l.base[a:b])
	}
	l.pending = nil
}

// foldBlock is the block size (elements, 32 KiB) of an out-of-place fold:
// small enough that the block just copied is still in L1 when combined.
const foldBlock = 4096

// combineFrom folds the elements encoded in b into dst: dst = from op b
// when from is non-nil (out of place: for Sum in one fused pass, else
// block by block so dst is written once from memory's point of view),
// else dst = dst op b. O(len(dst)).
func combineFrom[T Elem](op prim.Op, dst, from []T, b []byte) {
	if from == nil {
		combineBytes(op, dst, b)
		return
	}
	if op == prim.Sum && littleEndian {
		if src, ok := asElems[T](b[:len(dst)*ElemSize]); ok {
			sumInto(dst, from, src)
			return
		}
	}
	for lo := 0; lo < len(dst); lo += foldBlock {
		hi := min(lo+foldBlock, len(dst))
		copy(dst[lo:hi], from[lo:hi])
		combineBytes(op, dst[lo:hi], b[lo*ElemSize:hi*ElemSize])
	}
}

// sumInto sets dst[i] = a[i] + b[i]: prim.Combine's Sum (dst += b) on a
// copy of a, fused into one pass, so an out-of-place fold reads the
// input once and writes dst once instead of copying first (at P = 4, 1 MiB
// ring AllReduce, the copy was 9 % of the ranks' CPU time). The same
// additions in the same operand order: the results are bit-identical.
// len(a) and len(b) must be at least len(dst). O(len(dst)).
func sumInto[T Elem](dst, a, b []T) {
	a, b = a[:len(dst)], b[:len(dst)]
	i := 0
	for ; i+4 <= len(dst); i += 4 {
		d, x, y := dst[i:i+4:i+4], a[i:i+4:i+4], b[i:i+4:i+4]
		d[0], d[1], d[2], d[3] = x[0]+y[0], x[1]+y[1], x[2]+y[2], x[3]+y[3]
	}
	for ; i < len(dst); i++ {
		dst[i] = a[i] + b[i]
	}
}
