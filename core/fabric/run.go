package fabric

import "github.com/ccplay/ccplay/core/sched"

// Run is Simulate advanced in slices, so that an interactive page can
// give the browser a turn between them: Start sets it up (the messages,
// their routes and the first posts), Advance goes on for a given amount
// of work, Progress tells how far it is. A Run advanced to its end gives
// Simulate's Result exactly. Pure Go, one goroutine: the caller decides
// when to advance.
type Run struct {
	e    *engine
	done bool
	err  error
}

// Start prepares the simulation of schedule s on net as Simulate does
// (same arguments, same work cap), without running any of it.
// O(transfers × path length + P).
func Start(s *sched.Schedule, elemSize int, net *Net, gamma float64, maxWork int64) *Run {
	return StartYielding(s, elemSize, net, gamma, maxWork, nil)
}

// StartYielding is Start calling yield (if not nil) after the messages are
// laid out and after every routeSlice routes, so that a page can give the
// browser a turn while a large schedule's flows are routed. yield must not
// touch the Run. The Run is Start's.
func StartYielding(s *sched.Schedule, elemSize int, net *Net, gamma float64, maxWork int64, yield func()) *Run {
	m := Layout(s, elemSize)
	if yield != nil {
		yield()
	}
	return StartMessages(m, net, gamma, maxWork, yield)
}

// Messages is a schedule laid out as the messages a simulation runs
// (Layout). It does not change once laid out: any number of runs, on any
// nets of the schedule's ranks, may share it, one after another or at
// once, each Run only reading it.
type Messages struct {
	g         *graph
	transfers int
}

// Layout lays schedule s (elements of elemSize bytes) out as its
// messages, once for every run that simulates it (StartMessages).
// O(transfers + P).
func Layout(s *sched.Schedule, elemSize int) *Messages {
	return &Messages{g: buildGraph(s, elemSize), transfers: s.Transfers()}
}

// Transfers is the laid-out schedule's transfers (sched.Schedule.Transfers,
// local copies included), what a work cap is sized by (Net.WorkCap).
func (m *Messages) Transfers() int { return m.transfers }

// StartMessages is StartYielding of the schedule m lays out, without
// laying it out again: the same Run as StartYielding's of that schedule,
// yield called after every routeSlice routes.
func StartMessages(m *Messages, net *Net, gamma float64, maxWork int64, yield func()) *Run {
	e := newEngineYielding(m.g, net, gamma, maxWork, yield)
	for r := range e.steps {
		e.next(int32(r))
	}
	return &Run{e: e}
}

// Advance simulates until work more units (at least 1) have been spent
// (Result.Work counts them; a slice may end between two events of one
// instant, and runs over by at most the work of one event) or the run is
// over, and reports whether it is over. An error (the work cap,
// a stall) ends the run; later calls return it again.
func (r *Run) Advance(work int64) (done bool, err error) {
	if r.done || r.err != nil {
		return r.done, r.err
	}
	stop := r.e.work + max(work, 1)
	if stop < r.e.work { // past the largest int64
		stop = 1<<63 - 1
	}
	r.done, r.err = r.e.advance(stop)
	return r.done, r.err
}

// Progress is the share of the schedule's messages that have arrived, in
// [0, 1]: 1 once the run is over (also with no messages at all).
func (r *Run) Progress() float64 {
	if r.done || len(r.e.src) == 0 {
		return 1
	}
	return float64(r.e.arrivals) / float64(len(r.e.src))
}

// Result is the simulation's answer once Advance has reported done; before
// that, the loads and the clock so far.
func (r *Run) Result() Result {
	e := r.e
	return Result{Time: e.end, Bytes: e.linkBytes, Flows: len(e.src), Events: e.events, Work: e.work}
}
