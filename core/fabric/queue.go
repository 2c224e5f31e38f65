package fabric

import (
	"cmp"
	"slices"
)

// evQueue holds the pending events and gives them back in order of time,
// then flow (evHeap.less). What push adds is collected until the queue is
// next looked at (first, pop); then fewer than runMin collected events
// go into a binary heap one by one, and more are sorted once and kept as
// a run, a sorted slice read from its front; the runs sit in a min-heap by
// their fronts. pop takes the least of the heap's root and the first run's
// front.
//
// A simulation posts its events in batches: naive AllToAll on 1,024 ranks
// posts a million start-ups before its first instant and re-times a
// million finishes at one instant. As runs each batch costs one sort,
// against a million sifts through a heap of a million events, each a few
// cache misses.
//
// Events of equal time and flow leave in no fixed order, as they did from
// the heap alone. At most one of them is live: a flow has one live event
// at a time (its start, its finish of the current version, its floor, its
// reduction's end), and the others are finishes of an earlier version,
// which the simulation counts and passes over. So the simulation acts in
// the order of (time, flow) alone.
type evQueue struct {
	heap  evHeap
	runs  []evRun   // min-heap by front
	batch []event   // pushed since the queue was last looked at
	spare [][]event // storage of emptied runs, for later batches
}

// runMin is the least batch kept as a run. Smaller batches go through the
// heap, so that a simulation posting a few events at a time (ring,
// pairwise exchange) keeps one heap and holds no storage per run.
const runMin = 64

// evRun is a sorted slice of events; ev[i] is its front.
type evRun struct {
	ev []event
	i  int
}

func (r *evRun) front() *event { return &r.ev[r.i] }

func (q *evQueue) push(x event) {
	if q.batch == nil {
		if n := len(q.spare); n > 0 {
			q.batch, q.spare = q.spare[n-1], q.spare[:n-1]
		}
	}
	q.batch = append(q.batch, x)
}

// empty reports whether no event is pending.
func (q *evQueue) empty() bool { return len(q.heap) == 0 && len(q.runs) == 0 && len(q.batch) == 0 }

// first is the least pending event; the queue must not be empty.
func (q *evQueue) first() event {
	q.settle()
	if len(q.runs) == 0 || len(q.heap) > 0 && !eventLess(q.runs[0].front(), &q.heap[0]) {
		return q.heap[0]
	}
	return *q.runs[0].front()
}

// pop removes and returns the least pending event; the queue must not be
// empty.
func (q *evQueue) pop() event {
	q.settle()
	if len(q.runs) == 0 || len(q.heap) > 0 && !eventLess(q.runs[0].front(), &q.heap[0]) {
		return q.heap.pop()
	}
	r := &q.runs[0]
	x := *r.front()
	if r.i++; r.i == len(r.ev) {
		q.spare = append(q.spare, r.ev[:0])
		n := len(q.runs) - 1
		q.runs[0] = q.runs[n]
		q.runs[n] = evRun{}
		q.runs = q.runs[:n]
	}
	q.siftRuns()
	return x
}

// settle moves the collected batch into the heap or, sorted, into a run.
func (q *evQueue) settle() {
	b := q.batch
	if len(b) < runMin {
		for _, x := range b {
			q.heap.push(x)
		}
		q.batch = b[:0]
		return
	}
	slices.SortFunc(b, func(x, y event) int {
		switch {
		case x.t < y.t:
			return -1
		case x.t > y.t:
			return 1
		}
		return cmp.Compare(x.f, y.f)
	})
	q.runs = append(q.runs, evRun{ev: b})
	for i := len(q.runs) - 1; i > 0; {
		p := (i - 1) / 2
		if !eventLess(q.runs[i].front(), q.runs[p].front()) {
			break
		}
		q.runs[i], q.runs[p] = q.runs[p], q.runs[i]
		i = p
	}
	q.batch = nil
}

// siftRuns restores the runs' heap order after its root's front changed.
func (q *evQueue) siftRuns() {
	a := q.runs
	n := len(a)
	for i := 0; ; {
		l, m := 2*i+1, i
		if l < n && eventLess(a[l].front(), a[m].front()) {
			m = l
		}
		if l+1 < n && eventLess(a[l+1].front(), a[m].front()) {
			m = l + 1
		}
		if m == i {
			return
		}
		a[i], a[m] = a[m], a[i]
		i = m
	}
}

// eventLess orders events by time, then flow.
func eventLess(x, y *event) bool { return x.t < y.t || x.t == y.t && x.f < y.f }
