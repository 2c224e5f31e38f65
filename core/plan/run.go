package plan

import (
	"errors"
	"fmt"
	"math"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
)

// Run is Plan in slices, for a page that gives the browser a turn between
// them: Start lays the plan out and checks its fabric's budget, Advance
// simulates the plan's distinct calls on its fabric one after the other
// for a given amount of simulation work (fabric.Run.Advance's units) and
// prices the plan once they are done, Progress tells how far it is. One
// goroutine; the caller decides when to advance. Advanced to its end, its
// Result is Plan's, and so is its error: a call's simulation that fails is
// reported when the pricing reaches that call, as Plan reports it.
type Run struct {
	in     Input
	r      Result
	calls  []Call
	shapes map[string][]Placement
	pr     *pricer
	todo   []fabricCall // the distinct calls simulated on the fabric
	weight []float64    // each one's share of Progress (its transfer bound)
	total  float64
	i      int                 // the simulation under way
	cur    *cost.FabricTimeRun // nil until it is started
	yield  func()
	work   int64
	done   bool
	err    error
}

// Start validates in (a *fielderr.Error naming the bad field), lays the
// plan out and refuses, before any simulation, a plan whose simulations
// together exceed cost.FabricTransfers or cost.FabricPathLinks.
// O(World + layers + rows · shapes).
func Start(in Input) (*Run, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	r, calls, shapes := layout(in)
	run := &Run{in: in, r: r, calls: calls, shapes: shapes, pr: newPricer(in)}
	if !in.Cluster.Fabric.Active() {
		return run, nil
	}
	refuse := func(field string, id msg.ID, args ...any) error { return fielderr.New(field, id, args...) }
	if err := checkWork(in, calls, shapes, cost.FabricTransfers, cost.FabricPathLinks, 0, refuse); err != nil {
		return nil, err
	}
	run.todo = fabricCalls(in, calls, shapes)
	for _, x := range run.todo {
		n, _, _ := cost.FabricSize(x.p) // a refused call weighs nothing: its start fails at once
		run.weight = append(run.weight, float64(n))
		run.total += float64(n)
	}
	return run, nil
}

// Transfers is the sum of the transfer bounds of the calls the plan
// simulates on its fabric (what Progress weighs them by): 0 on the ideal
// network, where Advance only prices.
func (r *Run) Transfers() int64 { return int64(r.total) }

// SetYield has the schedule builders and flow routing of the slices to
// come call yield (cost.StartFabricTime), so a page can give the browser a
// turn inside a slice that starts a large simulation. yield must not
// touch the run.
func (r *Run) SetYield(yield func()) { r.yield = yield }

// Advance goes on for about work units of simulation (at least one step;
// a slice may run over by one event's work) and reports whether the plan
// is done. Starting a simulation (its schedule built, its flows routed)
// takes a slice of its own unless work is math.MaxInt64 (all at once).
// The pricing, once every simulation is over, ends the last slice. An
// error ends the run; later calls return it again.
func (r *Run) Advance(work int64) (done bool, err error) {
	if r.done || r.err != nil {
		return r.done, r.err
	}
	spent := int64(0)
	for r.i < len(r.todo) && spent < max(work, 1) {
		x := r.todo[r.i]
		if r.cur == nil {
			run, err := cost.StartFabricTime(x.p, r.yield)
			if err != nil {
				r.end(simulated{err: err})
				continue
			}
			r.cur = run
			if work < math.MaxInt64 {
				return false, nil // a slice of its own
			}
			continue
		}
		before := r.cur.Work()
		over, err := r.cur.Advance(max(work, 1) - spent)
		d := r.cur.Work() - before
		spent += d
		r.work += d
		switch {
		case err != nil:
			r.end(simulated{err: err})
		case over:
			r.end(simulated{t: r.cur.Time()})
		}
	}
	if r.i < len(r.todo) {
		return false, nil
	}
	r.r, r.err = price(r.in, r.r, r.calls, r.shapes, r.pr)
	r.done = r.err == nil
	return r.done, r.err
}

// end records simulation r.i's answer and moves to the next.
func (r *Run) end(x simulated) {
	r.pr.sims[keyOf(r.todo[r.i].p)] = x
	r.cur = nil
	r.i++
}

// Progress is the share of the simulations done, in [0, 1], each
// weighing its schedule's transfer bound: 1 once Advance has reported
// done (and on the ideal network once it has priced).
func (r *Run) Progress() float64 {
	if r.done {
		return 1
	}
	var cur float64
	if r.cur != nil {
		cur = r.cur.Progress()
	}
	return cost.SeqProgress(r.weight, r.total, r.i, cur)
}

// Work is the units of simulation work Advance has spent so far: a slice
// that only started a simulation spends none, so a page that sizes its
// slices by the time a unit takes measures it on slices that spent some.
func (r *Run) Work() int64 { return r.work }

// Result is the plan once Advance has reported done.
func (r *Run) Result() Result { return r.r }

// Input is the plan's input, as Start took it.
func (r *Run) Input() Input { return r.in }

// Times are the simulated times of the plan's calls on its fabric, in the
// order Start lists them, once Advance has reported done (nil before, and
// after an error): what Give takes to price the same plan again without
// simulating. Empty on the ideal network.
func (r *Run) Times() []float64 {
	if !r.done {
		return nil
	}
	out := make([]float64, len(r.todo))
	for i, x := range r.todo {
		out[i] = r.pr.sims[keyOf(x.p)].t
	}
	return out
}

// Give hands a run not yet advanced the times of its simulations, as
// Times of a run of the same Input reported them: the run takes them
// instead of simulating, so its next Advance only prices, and its Result
// is that run's. It refuses times of another count than the run's
// simulations, or a time that is negative or not finite, and a run
// already advanced, leaving the run as it was.
func (r *Run) Give(times []float64) error {
	if r.i > 0 || r.cur != nil || r.done || r.err != nil {
		return errors.New("plan: simulated times are given to a run before it advances")
	}
	if len(times) != len(r.todo) {
		return fmt.Errorf("plan: %d simulated times for %d simulations", len(times), len(r.todo))
	}
	for _, t := range times {
		if !(t >= 0) || math.IsInf(t, 1) {
			return fmt.Errorf("plan: a simulated time of %g s", t)
		}
	}
	for i, t := range times {
		r.pr.sims[keyOf(r.todo[i].p)] = simulated{t: t}
	}
	r.i = len(r.todo)
	return nil
}
