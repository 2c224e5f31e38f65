package ui

import (
	"strconv"

	"github.com/ccplay/ccplay/core/lecture"
	"github.com/ccplay/ccplay/core/units"
)

// Overlap is the moe lesson's view of thinking problem 3 (lecture 09
// §9.3): the layer's dispatch AllToAll, experts' GEMMs and combine
// AllToAll, unsplit and split into micro-batches, as two lanes of bars
// computed by core (lecture.MoEOverlap) for the question's AllToAll. Its
// own fields are the lesson block's overlap.micro and overlap.gemm; the
// buttons halve and double the micro-batches.
type Overlap struct {
	S *State

	micro int
	gemm  string
}

// overlapFields are the view's fields (overlap.<field> in a lesson).
var overlapFields = []string{"micro", "gemm"}

// set applies one of the view's fields.
func (c *Overlap) set(k, v string) {
	switch k {
	case "micro":
		n, err := strconv.Atoi(v)
		if err != nil {
			n = 0 // MoEOverlap refuses it, naming the field
		}
		c.micro = n
	case "gemm":
		c.gemm = v
	}
}

// result is core's pipeline for the question's AllToAll.
func (c *Overlap) result() (lecture.Overlap, error) {
	g, err := units.ParseDuration(c.gemm)
	if err != nil {
		return lecture.Overlap{}, err
	}
	return lecture.MoEOverlap(c.S.P, float64(g), c.micro)
}

// Err is why the pipeline cannot be drawn ("" when it can).
func (c *Overlap) Err() string {
	if _, err := c.result(); err != nil {
		return c.S.ErrMsg(err)
	}
	return ""
}

// Scale halves (d < 0) or doubles the micro-batches, within core's range.
func (c *Overlap) Scale(d int) {
	defer c.S.guard()
	if d < 0 && c.micro > 1 {
		c.micro /= 2
	} else if d > 0 && c.micro*2 <= lecture.MaxMicroBatches {
		c.micro *= 2
	}
}

// AtMin and AtMax disable the buttons.
func (c *Overlap) AtMin() bool { return c.micro <= 1 }
func (c *Overlap) AtMax() bool { return c.micro*2 > lecture.MaxMicroBatches }

// Caption says the split and each micro-batch's AllToAll and GEMMs.
func (c *Overlap) Caption() string {
	o, err := c.result()
	if err != nil {
		return ""
	}
	return c.S.Tf("ov.caption", c.micro, Secs(o.A2AS), Secs(o.GEMMS))
}

// Verdict compares the pipeline's end with the unsplit layer's.
func (c *Overlap) Verdict() string {
	o, err := c.result()
	if err != nil {
		return ""
	}
	if o.Gain < 0 {
		return c.S.Tf("ov.loss", Secs(o.Serial), Secs(o.Finish), Secs(-o.Gain))
	}
	return c.S.Tf("ov.gain", Secs(o.Serial), Secs(o.Finish), Secs(o.Gain))
}

// OverlapBar is one drawn bar: its place as a CSS style, its class, a
// short label and a tooltip.
type OverlapBar struct{ Style, Class, Label, Title string }

// OverlapLane is one drawn lane.
type OverlapLane struct {
	Name string
	Bars []OverlapBar
}

// Lanes are the unsplit layer's lanes and the pipeline's, on one scale
// (the longer of the two).
func (c *Overlap) Lanes() []OverlapLane {
	o, err := c.result()
	if err != nil {
		return nil
	}
	span := max(o.Serial, o.Finish)
	out := make([]OverlapLane, 4)
	for i, k := range []string{"ov.net1", "ov.gemm1", "ov.netm", "ov.gemmm"} {
		out[i].Name = c.S.T(k)
	}
	add := func(base int, bars []lecture.OverlapBar) {
		for _, b := range bars {
			lane := base
			if b.Lane == lecture.LaneGEMM {
				lane++
			}
			label := c.S.T("ov." + b.Kind)
			if b.Micro > 0 {
				label += strconv.Itoa(b.Micro)
			}
			out[lane].Bars = append(out[lane].Bars, OverlapBar{
				Style: "left:" + cssPct(b.Start/span) + ";width:" + cssPct((b.End-b.Start)/span),
				Class: "ov-bar ov-" + b.Kind, Label: label, Title: label + ": " + Secs(b.Start) + " – " + Secs(b.End)})
		}
	}
	add(0, o.SerialBars)
	add(2, o.Bars)
	return out
}

// cssPct is a fraction as a CSS percentage.
func cssPct(x float64) string { return strconv.FormatFloat(100*x, 'f', 2, 64) + "%" }
