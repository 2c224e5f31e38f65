package transport

import "github.com/ccplay/ccplay/core/sched"

// Workspace keeps one rank's work buffer between calls of RunIn, so a
// repeated call (a benchmark's iterations) does not allocate, zero and
// page-fault a buffer of the schedule's WorkLen each time. A Workspace
// serves one RunIn at a time; the zero value is ready to use.
type Workspace[T Elem] struct {
	buf []T
}

// Reserve makes the buffer hold at least n elements and touches all of
// it, so the page faults of a fresh allocation happen here, outside any
// timed region. O(n).
func (w *Workspace[T]) Reserve(n int) {
	if cap(w.buf) < n {
		w.buf = make([]T, n)
	}
	clear(w.buf[:cap(w.buf)])
}

// get returns a work buffer of n elements: all zero, as a fresh one,
// unless covered says the caller overwrites every element before reading
// any. A nil w allocates. O(n).
func (w *Workspace[T]) get(n int, covered bool) []T {
	if w == nil {
		return make([]T, n)
	}
	if cap(w.buf) < n {
		w.buf = make([]T, n)
		return w.buf
	}
	b := w.buf[:n]
	if !covered {
		clear(b)
	}
	return b
}

// coversAll reports whether segments segs (a schedule's In for one rank)
// write every element of a work buffer of n elements: a single segment
// from 0 to n, the common case of in-place collectives. Conservative:
// false for anything else. O(1).
func coversAll(segs []sched.Seg, n int) bool {
	return len(segs) == 1 && segs[0].To == 0 && int(segs[0].Len) == n
}
