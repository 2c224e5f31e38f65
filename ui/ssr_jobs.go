package ui

import (
	"errors"

	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fielderr"
)

// RenderFlows is the work budget of a page rendered for someone else (the
// server's render, the Worker's): the transfers its simulations on a
// fabric may hold together (FabricJob.Transfers), as many as the HTTP API
// simulates for one question (budget.Flows, about 0.3 s). A page whose
// simulations hold more shows the budget's error in their place, naming
// the field and the most it admits; the WebAssembly, answering its own
// visitor, simulates it in slices.
const RenderFlows = budget.Flows

// RenderWork is the simulation work a page rendered for someone else may
// spend, all its simulations together, in fabric.Run's units
// (budget.FabricWork: about a second of CPU). What a simulation will
// spend cannot be told before it runs: its work cap bounds it
// (cost.FabricWork), but the caps are set for the most tangled shapes
// and a typical page spends a small share of them — the fabric view's
// study of pairwise AllToAll on 128 ranks (13 simulations) is allowed 7.6
// times RenderWork and spends about 2 % of it. So a render
// counts the work its simulations spend, slice by slice, and stops them
// before a slice that would pass RenderWork: the page then shows the
// budget's error in their place, as for RenderFlows, and the WebAssembly
// simulates them in the browser. With the setup of at most RenderFlows
// transfers, a render's simulations cost at most about 1.5 s of CPU.
const RenderWork = budget.FabricWork

// jobSlice is the simulation work FinishJob does between two looks
// (fabric.Run.Advance's units: well under a millisecond).
const jobSlice = 1 << 14

// Look runs between the slices of a render's work and between the rounds
// of a schedule it builds: a browser's turn, or a look at the request's
// context (its Err). Once it returns an error the work stops with it.
// A nil Look never stops the work. (A function rather than a
// context.Context, whose types would cost the WebAssembly ≈ 30 KB.)
type Look func() error

// jobStopped is the panic that leaves a job's schedule build when its
// Look returns err.
type jobStopped struct{ err error }

// Within reports whether j fits a render's budget of limit transfers
// (RenderFlows): the check made before any of its work.
func (j *FabricJob) Within(limit int64) bool { return j.run.Transfers() <= limit }

// FinishJob runs j to its end (its answer or error), for a render that
// shows the answer rather than a progress bar. A job over limit transfers
// is refused before any work, and one that would spend more than work
// units of simulation (RenderWork; math.MaxInt64 for no limit) is stopped
// before the slice that would pass it: either ends with a *budget.Error
// on its field. No slice is longer than the work left, so the job spends
// at most work units and one event. Once look returns an error FinishJob
// stops and returns it, the job left unfinished. Hand j back with
// App.SettleFabric under the event lock. Off the lock, from one
// goroutine.
func FinishJob(j *FabricJob, limit, work int64, look Look) error {
	if !j.Within(limit) {
		j.over, j.err = true, budget.New(j.field, "fabric.too-large", j.run.Transfers(), limit)
		return nil
	}
	start := j.Work()
	return untilStopped(look, func(yield func()) {
		for !j.over {
			yield()
			left := work - (j.Work() - start)
			if left <= 0 {
				j.over, j.err = true, budget.New(j.field, "fabric.render-work", work)
				return
			}
			j.Advance(min(jobSlice, left), yield)
		}
	})
}

// untilStopped runs work, whose yield calls look and leaves work once it
// returns an error: untilStopped then returns that error.
func untilStopped(look Look, work func(yield func())) (err error) {
	defer func() {
		if x := recover(); x != nil {
			st, ok := x.(jobStopped)
			if !ok {
				panic(x)
			}
			err = st.err
		}
	}()
	work(func() {
		if look == nil {
			return
		}
		if err := look(); err != nil {
			panic(jobStopped{err})
		}
	})
	return nil
}

// FinishAnswer completes the question's pending answer (Pending: the
// executed schedule's cost, at most cost.ScheduleLimit transfers, as the
// HTTP API prices it beside a closed form) for a render that shows it
// complete, as FinishJob runs a job: look between the schedule's rounds,
// stopping with its error. Under the event lock, or where no event runs
// (a server's render).
func (s *State) FinishAnswer(look Look) error {
	p, edits, pending := s.PendingQuestion()
	if !pending {
		return nil
	}
	var r cost.Result
	var evalErr error
	if err := untilStopped(look, func(yield func()) { r, evalErr = cost.EvaluateYielding(p, yield) }); err != nil {
		return err
	}
	s.CompleteWith(edits, r, evalErr)
	return nil
}

// FinishJobs runs the simulations of the view shown, under way or as a
// build would start them (the fabric view's study, the planner's plan on
// its fabric), to their end and hands them back (FinishJob,
// SettleFabric), all of them within limit transfers and work units of
// simulation together (RenderFlows and RenderWork for a server's render;
// math.MaxInt64 work where the visitor's own browser simulates); it
// reports whether it finished any (a build shows them). look is
// FinishJob's. Under the event lock, or where no event runs (a server's
// render).
func (a *App) FinishJobs(limit, work int64, look Look) (finished bool, err error) {
	a.startJobs()
	for _, j := range a.jobs() {
		before := j.Work()
		if err := FinishJob(j, limit, work, look); err != nil {
			return finished, err
		}
		limit = max(limit-j.run.Transfers(), 0)
		work = max(work-(j.Work()-before), 0)
		finished = a.SettleFabric(j) || finished
	}
	return finished, nil
}

// JobsWithin reports whether the simulations of the view shown, under way
// or as a build would start them, hold at most limit transfers together:
// whether FinishJobs with limit answers them all rather than refusing
// one. Under the event lock.
func (a *App) JobsWithin(limit int64) bool {
	a.startJobs()
	var n int64
	for _, j := range a.jobs() {
		n += j.run.Transfers()
	}
	return n <= limit
}

// budgetNote follows a *budget.Error a view shows with what a render's
// budget means for the visitor: the field that makes the question large
// (its label, from label) and that the interactive page simulates it; ""
// for another error.
func (s *State) budgetNote(err error, label func(field string) string) string {
	var be *budget.Error
	var fe *fielderr.Error
	if !errors.As(err, &be) || !errors.As(err, &fe) {
		return ""
	}
	return s.Tf("ssr.budget", label(fe.Field))
}
