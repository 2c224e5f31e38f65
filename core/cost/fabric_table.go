package cost

import (
	"math"

	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/sched"
)

// FabricTime is the time of p simulated on its switched fabric (p.Fabric
// active): the algorithm Quick prices (auto resolved on the closed form),
// its schedule simulated as Evaluate simulates it. It returns the
// simulated time, the closed form's terms (whose time is the one without
// contention) and the algorithm. Cost: one schedule of at most
// FabricTransfers transfers, built and simulated (StartFabricTime advanced
// to its end).
func FabricTime(p Params) (float64, Terms, sched.Algorithm, error) {
	run, err := StartFabricTime(p, nil)
	if err != nil {
		return 0, Terms{}, "", err
	}
	if _, err := run.Advance(math.MaxInt64); err != nil {
		return 0, Terms{}, "", err
	}
	return run.Time(), run.t, run.a, nil
}

// FabricTimeRun is FabricTime in slices, for a page that gives the browser
// a turn between them: StartFabricTime prices the closed form, builds the
// schedule (its builder calling yield between rounds) and routes its
// flows; Advance simulates for a given amount of work (fabric.Run.Advance's
// units); Progress tells how far it is. One goroutine.
type FabricTimeRun struct {
	f    *fabricRun
	r    Result
	t    Terms
	a    sched.Algorithm
	over bool // the simulation's answer is in r
}

// StartFabricTime starts FabricTime(p): the same refusals, before the
// simulation's first step. yield, if not nil, is called between the
// schedule's rounds and batches of routed flows (fabric.StartYielding).
func StartFabricTime(p Params, yield func()) (*FabricTimeRun, error) {
	t, a, err := Quick(p)
	if err != nil {
		return nil, err
	}
	q := p
	q.Algorithm = a
	run := &FabricTimeRun{r: Result{TimeS: t.Time()}, t: t, a: a}
	if run.f, _, err = startFabric(q, &run.r, yield, nil, nil); err != nil {
		return nil, err
	}
	return run, nil
}

// Advance simulates for about work more units (at least one step) and
// reports whether the simulation is over; then Time is the answer. An
// error ends it; later calls return it again.
func (r *FabricTimeRun) Advance(work int64) (done bool, err error) {
	done, err = r.f.sim.Advance(work)
	if done && err == nil && !r.over {
		r.f.finish()
		r.over = true
	}
	return done, err
}

// Progress is the share of the schedule's messages arrived, in [0, 1].
func (r *FabricTimeRun) Progress() float64 { return r.f.sim.Progress() }

// Work is the units of simulation work spent so far.
func (r *FabricTimeRun) Work() int64 { return r.f.sim.Result().Work }

// Time is the simulated time once Advance has reported done.
func (r *FabricTimeRun) Time() float64 { return r.r.TimeS }

// TableFabricSize is what a table of p's sweep on p.Fabric holds before it
// runs (FabricSize of each row, summed): the transfers of every row's
// schedule and the links of their routes. Zero for the ideal fabric;
// O(rows).
func TableFabricSize(p Params, dt DType, w Sweep) (transfers, routeLinks int64, err error) {
	if !p.Fabric.Active() {
		return 0, 0, nil
	}
	sizes, err := w.Sizes()
	if err != nil {
		return 0, 0, err
	}
	p.ElemSize = dt.Size
	for _, s := range sizes {
		q := p
		q.Size = RoundSize(p.Collective, p.Ranks, dt.Size, s)
		n, l, err := FabricSize(q)
		if err != nil {
			return 0, 0, err
		}
		transfers, routeLinks = transfers+n, routeLinks+l
	}
	return transfers, routeLinks, nil
}

// TableFabricWork is FabricWork of each row of a table of p's sweep on
// p.Fabric, summed (math.MaxInt64 where the sum overflows): the work its
// simulations may cost, known before any of them. Zero for the ideal
// fabric; O(rows).
func TableFabricWork(p Params, dt DType, w Sweep) (int64, error) {
	if !p.Fabric.Active() {
		return 0, nil
	}
	sizes, err := w.Sizes()
	if err != nil {
		return 0, err
	}
	p.ElemSize = dt.Size
	var sum int64
	for _, s := range sizes {
		q := p
		q.Size = RoundSize(p.Collective, p.Ranks, dt.Size, s)
		x, err := FabricWork(q)
		if err != nil {
			return 0, err
		}
		sum = budget.Add(sum, x)
	}
	return sum, nil
}

// checkTableFabric refuses, before any row is simulated, a table on a
// switched fabric whose rows together may simulate more than
// FabricTransfers transfers (naming maxbytes: fewer sizes) or that asks
// for NCCL's model, whose algorithms are not schedules to simulate.
func checkTableFabric(p Params, dt DType, w Sweep) error {
	if !p.Fabric.Active() {
		return nil
	}
	if p.CostModel == ModelNCCL {
		return fielderr.New("fabric", "cost.table.fabric-nccl")
	}
	n, links, err := TableFabricSize(p, dt, w)
	switch {
	case err != nil:
		return err
	case n > FabricTransfers:
		return fielderr.New("maxbytes", "cost.table.fabric-size", n, int64(FabricTransfers))
	case links > FabricPathLinks:
		return fielderr.New("maxbytes", "fabric.paths", links, int64(FabricPathLinks))
	}
	return nil
}
