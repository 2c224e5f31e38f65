package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/plan"
)

// FabricJob is the planner's plan on its fabric under way (recompute),
// nil when none. Under the event lock.
func (c *Plan) FabricJob() *FabricJob { return c.job }

// settle takes j back after a slice: its progress for the bar and, once
// it is over, the plan (or why the fields do not plan); false when j is
// not the planner's current job. Under the event lock.
func (c *Plan) settle(j *FabricJob) bool {
	if j == nil || j != c.job {
		return false
	}
	j.shown = j.run.Progress()
	if j.over {
		c.job = nil
		if j.err != nil {
			c.fail(j.err)
		} else {
			run := j.run.(*plan.Run)
			c.r, c.field, c.err = run.Result(), "", nil
			c.sims = &planSims{in: run.Input(), times: run.Times()}
		}
	}
	return true
}

// Running reports whether the view waits for its plan's simulations on
// the fabric: it then shows their progress instead of a plan.
func (c *Plan) Running() bool { return c.job != nil }

// ProgressValue is the share of the simulations done, in percent, for the
// progress bar's value attribute.
func (c *Plan) ProgressValue() string {
	if c.job == nil {
		return "0"
	}
	return strconv.FormatFloat(100*c.job.shown, 'f', 1, 64)
}

// ProgressText says what is computed and how far it is.
func (c *Plan) ProgressText() string {
	if c.job == nil {
		return ""
	}
	return c.S.Tf("pl.progress", 100*c.job.shown)
}
