package lecture

import (
	"github.com/ccplay/ccplay/core/fielderr"
)

// The lecture's thinking problem 2 (lecture 09 §9.3): a forward kernel on
// the default (main) stream, a collective on the main stream after it, and
// dist.all_reduce on a side stream issued without side.wait_stream(main).
// Whether every GPU hangs depends on the order in which each GPU's
// communicator meets the two collectives. StreamModel is a small step
// model of that: GPUs, two streams each, CUDA events and collectives
// behind a cross-GPU barrier.
//
// The rules, stated once:
//   - A stream runs its ops in order, one at a time; an op starts no
//     earlier than the host issues it (Op.Issue).
//   - A compute op runs for Op.Dur.
//   - A collective needs the GPU's communicator: NCCL's kernels of one
//     communicator share its channels, so a GPU runs one collective at a
//     time and a second waits for the first to finish. Once started, a
//     collective's kernel spins at the barrier until every GPU has started
//     the same collective; then all run it for Op.Dur together.
//   - Record sets its event when the stream reaches it (after every
//     earlier op on that stream); Wait blocks its stream until the event
//     of the same GPU is set. stream.wait_stream(other) is Record on other
//     followed by Wait on stream.
//
// The model steps from one moment something changes to the next; it
// hangs when streams are still blocked and nothing is left that could
// change: no op running, none still to be issued.

// OpKind is what an op does.
type OpKind int

const (
	Compute    OpKind = iota // a kernel that runs for Dur
	Collective               // a collective: the barrier, then Dur
	Record                   // sets event Event
	Wait                     // blocks until event Event is set
)

// Op is one op on a stream.
type Op struct {
	Kind  OpKind
	Name  string  // the op's name ("F", "A", "B", "e"): a collective is matched across GPUs by it
	Dur   float64 // seconds (compute and collective)
	Issue float64 // when the host issues it, seconds
	Event string  // Record and Wait
}

// Streams are one GPU's streams.
const (
	Main = 0 // the default stream
	Side = 1 // the side stream
)

// StreamProgram is what each GPU's host issues: Ops[g][s] is stream s of
// GPU g, in issue order.
type StreamProgram struct{ Ops [][2][]Op }

// Status is what a stream is doing at a step.
type Status int

const (
	Idle      Status = iota // its next op is not issued yet
	Running                 // a compute op, or a collective past its barrier
	Barrier                 // a collective started, waiting for every GPU to start it
	CommBusy                // a collective waiting for the GPU's communicator
	EventWait               // a Wait whose event is not set
	Done                    // every op finished
)

// StreamState is one stream at one step: its status and the op it is at
// (−1 when done).
type StreamState struct {
	Status Status
	Op     int
}

// Completion is one op finishing.
type Completion struct {
	T           float64
	GPU, Stream int
	Name        string
}

// StreamStep is the state of every stream at time T, after everything
// that could happen at T has happened.
type StreamStep struct {
	T       float64
	Streams [][2]StreamState // by GPU, then Main and Side
	// Completed counts the ops finished so far, all GPUs.
	Completed int
}

// StreamRun is a program stepped to its end: every step, the ops in the
// order they completed, and whether it hung (some stream blocked forever).
type StreamRun struct {
	Steps       []StreamStep
	Completions []Completion
	Hung        bool
	// End is when the last op finished, or when the hang was certain (the
	// last moment anything changed).
	End float64
	// Stuck counts the streams blocked forever (0 unless Hung).
	Stuck int
}

// maxStreamOps caps a program's ops (every step changes at least one).
const maxStreamOps = 4096

// RunStreams steps program p to its end. Pure; O(steps × ops), steps ≤ ops.
func RunStreams(p StreamProgram) (StreamRun, error) {
	n := 0
	for _, g := range p.Ops {
		n += len(g[Main]) + len(g[Side])
	}
	if n > maxStreamOps {
		return StreamRun{}, fielderr.New("gpus", "lecture.streams.ops", n, maxStreamOps)
	}
	r := newStreamRunner(p)
	var run StreamRun
	t := 0.0
	for {
		r.settle(t, &run)
		run.Steps = append(run.Steps, r.snapshot(t, len(run.Completions)))
		next, ok := r.next(t)
		if !ok {
			break
		}
		t = next
	}
	run.End = t
	for _, g := range r.st {
		for _, s := range g {
			if s.Status != Done {
				run.Hung = true
				run.Stuck++
			}
		}
	}
	return run, nil
}

// streamRunner is the program's state while it runs.
type streamRunner struct {
	p      StreamProgram
	st     [][2]StreamState
	end    [][2]float64      // when a running op ends
	comm   []string          // the collective holding each GPU's communicator ("" when free)
	events []map[string]bool // set events, by GPU
}

func newStreamRunner(p StreamProgram) *streamRunner {
	r := &streamRunner{p: p, st: make([][2]StreamState, len(p.Ops)), end: make([][2]float64, len(p.Ops)),
		comm: make([]string, len(p.Ops)), events: make([]map[string]bool, len(p.Ops))}
	for g := range p.Ops {
		r.events[g] = map[string]bool{}
		for s := range 2 {
			r.st[g][s] = StreamState{Status: Idle}
			if len(p.Ops[g][s]) == 0 {
				r.st[g][s] = StreamState{Status: Done, Op: -1}
			}
		}
	}
	return r
}

// settle applies everything that happens at time t until nothing more
// does: running ops ending, ops starting, events, barriers releasing.
func (r *streamRunner) settle(t float64, run *StreamRun) {
	for changed := true; changed; {
		changed = false
		for g := range r.st {
			for s := range 2 {
				if r.step(g, s, t, run) {
					changed = true
				}
			}
		}
		if r.release(t) {
			changed = true
		}
	}
}

// step advances stream s of GPU g at time t; it reports whether anything
// changed.
func (r *streamRunner) step(g, s int, t float64, run *StreamRun) bool {
	st := &r.st[g][s]
	if st.Status == Done {
		return false
	}
	op := r.p.Ops[g][s][st.Op]
	switch st.Status {
	case Running:
		if r.end[g][s] > t {
			return false
		}
		if op.Kind == Collective {
			r.comm[g] = ""
		}
		r.finish(g, s, t, op.Name, run)
		return true
	case Barrier:
		return false
	}
	if op.Issue > t {
		return false
	}
	switch op.Kind {
	case Compute:
		st.Status, r.end[g][s] = Running, t+op.Dur
	case Collective:
		if r.comm[g] != "" {
			if st.Status == CommBusy {
				return false
			}
			st.Status = CommBusy
			return true
		}
		r.comm[g], st.Status = op.Name, Barrier
	case Record:
		r.events[g][op.Event] = true
		r.finish(g, s, t, op.Name, run)
	case Wait:
		if !r.events[g][op.Event] {
			if st.Status == EventWait {
				return false
			}
			st.Status = EventWait
			return true
		}
		r.finish(g, s, t, op.Name, run)
	}
	return true
}

// finish records the op of stream s of GPU g as done at t and moves on.
func (r *streamRunner) finish(g, s int, t float64, name string, run *StreamRun) {
	run.Completions = append(run.Completions, Completion{T: t, GPU: g, Stream: s, Name: name})
	st := &r.st[g][s]
	st.Op++
	st.Status = Idle
	if st.Op == len(r.p.Ops[g][s]) {
		*st = StreamState{Status: Done, Op: -1}
	}
}

// release starts every collective that every GPU is waiting for at its
// barrier; it reports whether one started.
func (r *streamRunner) release(t float64) bool {
	name := r.comm[0]
	if name == "" {
		return false
	}
	for g := range r.st {
		if r.comm[g] != name || r.barrierStream(g) < 0 {
			return false
		}
	}
	for g := range r.st {
		s := r.barrierStream(g)
		r.st[g][s].Status = Running
		r.end[g][s] = t + r.p.Ops[g][s][r.st[g][s].Op].Dur
	}
	return true
}

// barrierStream is the stream of GPU g at a barrier (−1 when none).
func (r *streamRunner) barrierStream(g int) int {
	for s := range 2 {
		if r.st[g][s].Status == Barrier {
			return s
		}
	}
	return -1
}

// next is the next moment after t when something can change: a running
// op ending or an op being issued (false when none is left).
func (r *streamRunner) next(t float64) (float64, bool) {
	best, ok := 0.0, false
	take := func(x float64) {
		if x > t && (!ok || x < best) {
			best, ok = x, true
		}
	}
	for g := range r.st {
		for s := range 2 {
			st := r.st[g][s]
			switch st.Status {
			case Running:
				take(r.end[g][s])
			case Done:
			default:
				take(r.p.Ops[g][s][st.Op].Issue)
			}
		}
	}
	return best, ok
}

// snapshot is every stream's state at t.
func (r *streamRunner) snapshot(t float64, completed int) StreamStep {
	return StreamStep{T: t, Streams: append([][2]StreamState(nil), r.st...), Completed: completed}
}
