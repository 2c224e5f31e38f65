package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/cost"
)

// DeferFabricTransfers is the size of study (cost.StudyRun.Transfers)
// above which the fabric view does not compute it during a render: the
// render shows a progress bar and the page's adapter advances the study
// in slices (FabricJob) between the browser's turns, re-rendering the bar
// after each. Pairwise AllToAll with ring AllReduce beside it on 32 ranks
// (13,056 transfers over the 13 schedules) is computed at once; on 64
// ranks (52,736) it is deferred. A page rendered for someone else (the
// server's) runs the job to its end before it renders (FinishJobs) and
// hands the study over (handoff); the WebAssembly taking that page over
// takes it (State.HandOver) or, when it cannot, runs the job in slices
// before its first render, so neither shows the bar for the page's own
// question.
const DeferFabricTransfers = 1 << 14

// fabricDone is the last study the view finished: its question, its
// answer or its error.
type fabricDone struct {
	ok  bool
	p   cost.Params
	st  cost.FabricStudy
	err error
	// sliced: the study was large enough to run in slices (a FabricJob),
	// or was handed over for that reason (a page hands over no other).
	sliced bool
}

// FabricJob is a simulation on a fabric under way in slices: the fabric
// view's study (cost.StudyRun) or the planner's plan on its fabric
// (plan.Run). The view starts it in a render or an event, the adapter
// advances it off the event lock (Advance) and hands it back under the
// lock after each slice (App.SettleFabric), which updates the progress
// bar and, once it is over, the answer. A newer question replaces the
// job: the old one is abandoned, never shown.
type FabricJob struct {
	p     cost.Params // the fabric view's question
	run   slicedRun
	field string  // the field a budget's error names: what makes the run large
	shown float64 // the progress the bar shows, set under the lock
	over  bool
	err   error
}

// slicedRun is what a FabricJob advances: cost.StudyRun, plan.Run.
type slicedRun interface {
	Advance(work int64) (done bool, err error)
	Progress() float64
	Work() int64
	Transfers() int64
	SetYield(yield func())
}

// Advance runs the study for about work units of simulation and reports
// whether it is over (an error ends it too); a schedule built in the
// slice calls yield (if not nil) between its rounds
// (cost.StudyRun.SetYield). Off the event lock, from one goroutine at a
// time.
func (j *FabricJob) Advance(work int64, yield func()) (over bool) {
	j.run.SetYield(yield)
	done, err := j.run.Advance(work)
	j.over, j.err = done || err != nil, err
	return j.over
}

// Work is the units of simulation work the job has spent
// (cost.StudyRun.Work), for sizing the next slice. Off the event lock,
// from the goroutine that advances it.
func (j *FabricJob) Work() int64 { return j.run.Work() }

// FabricJob is the fabric view's study under way, nil when there is none
// or the view is not shown (the job waits, kept, until it is again).
// Under the event lock.
func (c *Fabric) FabricJob() *FabricJob {
	if c.S.View != "fabric" {
		return nil
	}
	return c.job
}

// settle takes j back after a slice: its progress for the bar and, once
// it is over, its answer; false when j is no longer the view's (a newer
// control change replaced it). Under the event lock.
func (c *Fabric) settle(j *FabricJob) bool {
	if j == nil || j != c.job {
		return false
	}
	j.shown = j.run.Progress()
	if j.over {
		c.done = fabricDone{ok: true, p: j.p, st: j.run.(*cost.StudyRun).Study(), err: j.err, sliced: true}
		c.job = nil
	}
	return true
}

// Running reports whether the view waits for its study (FabricJob).
func (c *Fabric) Running() bool { return c.state().running }

// ProgressValue is the share of the study done, in percent, for the
// progress bar's value attribute.
func (c *Fabric) ProgressValue() string {
	if c.job == nil {
		return "0"
	}
	return strconv.FormatFloat(100*c.job.shown, 'f', 1, 64)
}

// ProgressText says what is computed and how far it is.
func (c *Fabric) ProgressText() string {
	if c.job == nil {
		return ""
	}
	return c.S.Tf("fb.progress", 100*c.job.shown)
}
