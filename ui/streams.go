package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/lecture"
)

// Streams is the streams lesson's view of thinking problem 2 (lecture 09
// §9.3): two streams per GPU and the collectives' cross-GPU barrier,
// stepped one moment at a time by core's step model
// (lecture.RunStreams of lecture.SideStreamProgram), to the hang or to
// the end. Its scenario is the lesson block's fields streams.gpus,
// streams.pause and streams.fix; the page shows one step at a time, a row
// per GPU.
type Streams struct {
	S *State

	gpus, pause int
	fix         bool
	run         *lecture.StreamRun
	err         error
	k           int // the step shown
}

// streamsFields are the view's fields (streams.<field> in a lesson).
var streamsFields = []string{"gpus", "pause", "fix"}

// set applies one of the view's fields (gpus, pause, fix) and goes back
// to the first step.
func (c *Streams) set(k, v string) {
	n, err := strconv.Atoi(v)
	switch k {
	case "gpus":
		c.gpus = n
	case "pause":
		c.pause = n
	case "fix":
		c.fix, err = v == "wait", nil
	}
	if err != nil {
		c.gpus = 0 // SideStreamProgram refuses it, naming the field
	}
	c.run, c.err, c.k = nil, nil, 0
}

// runOf steps the scenario once per change.
func (c *Streams) runOf() (*lecture.StreamRun, error) {
	if c.run == nil && c.err == nil {
		p, err := lecture.SideStreamProgram(c.gpus, c.pause, c.fix)
		if err == nil {
			var r lecture.StreamRun
			r, err = lecture.RunStreams(p)
			c.run = &r
		}
		c.err = err
	}
	return c.run, c.err
}

// Err is why the scenario cannot run ("" when it runs).
func (c *Streams) Err() string {
	if _, err := c.runOf(); err != nil {
		return c.S.ErrMsg(err)
	}
	return ""
}

// Step moves d steps (clamped to the run's first and last).
func (c *Streams) Step(d int) {
	defer c.S.guard()
	r, err := c.runOf()
	if err != nil {
		return
	}
	c.k = min(max(c.k+d, 0), len(r.Steps)-1)
}

// AtStart and AtEnd disable the step buttons.
func (c *Streams) AtStart() bool { return c.k == 0 }
func (c *Streams) AtEnd() bool {
	r, err := c.runOf()
	return err != nil || c.k >= len(r.Steps)-1
}

// Caption is the step shown: its number, its time and the ops finished.
func (c *Streams) Caption() string {
	r, err := c.runOf()
	if err != nil {
		return ""
	}
	st := r.Steps[c.k]
	return c.S.Tf("st.caption", c.k+1, len(r.Steps), Secs(st.T), st.Completed)
}

// Verdict is said at the last step: the hang (how many streams wait for
// something no event can bring) or the end.
func (c *Streams) Verdict() string {
	r, err := c.runOf()
	if err != nil || c.k < len(r.Steps)-1 {
		return ""
	}
	if r.Hung {
		return c.S.Tf("st.hung", r.Stuck)
	}
	return c.S.Tf("st.done", Secs(r.End))
}

// VerdictClass is the verdict's class: "bad" for a hang.
func (c *Streams) VerdictClass() string {
	if r, err := c.runOf(); err == nil && r.Hung {
		return "st-verdict bad"
	}
	return "st-verdict"
}

// StreamCell is one stream at the step shown.
type StreamCell struct{ Text, Class string }

// StreamRow is one GPU at the step shown.
type StreamRow struct {
	GPU        string
	Main, Side StreamCell
}

// Rows are the GPUs at the step shown.
func (c *Streams) Rows() []StreamRow {
	r, err := c.runOf()
	if err != nil {
		return nil
	}
	p, _ := lecture.SideStreamProgram(c.gpus, c.pause, c.fix)
	st := r.Steps[c.k]
	var out []StreamRow
	for g, s := range st.Streams {
		row := StreamRow{GPU: "GPU " + strconv.Itoa(g)}
		if g == c.pause {
			row.GPU += " " + c.S.T("st.paused")
		}
		row.Main, row.Side = c.cell(p.Ops[g][lecture.Main], s[lecture.Main]), c.cell(p.Ops[g][lecture.Side], s[lecture.Side])
		out = append(out, row)
	}
	return out
}

// statusKeys are the catalogue keys of a stream's statuses.
var statusKeys = [...]string{lecture.Idle: "st.idle", lecture.Running: "st.running", lecture.Barrier: "st.barrier",
	lecture.CommBusy: "st.comm", lecture.EventWait: "st.event", lecture.Done: "st.end"}

// cell is a stream's op and what it is doing.
func (c *Streams) cell(ops []lecture.Op, s lecture.StreamState) StreamCell {
	cls := "st-cell st-" + statusKeys[s.Status][3:]
	if s.Status == lecture.Done {
		return StreamCell{Text: c.S.T("st.end"), Class: cls}
	}
	return StreamCell{Text: c.S.Tf(statusKeys[s.Status], c.opName(ops[s.Op])), Class: cls}
}

// opName is an op as the lesson's code names it.
func (c *Streams) opName(op lecture.Op) string {
	switch op.Kind {
	case lecture.Record:
		return "record(" + op.Event + ")"
	case lecture.Wait:
		return "wait(" + op.Event + ")"
	}
	return op.Name
}
