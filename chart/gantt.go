package chart

import (
	"bytes"
	"io"
	"strconv"
)

// GanttBar is one bar of a Gantt chart: [Start, End) in data units on lane
// Lane, coloured by Kind (an index into Palette).
type GanttBar struct {
	Lane       int
	Start, End float64
	Kind       int
	Label      string // tooltip
}

// Gantt is a timeline: one row per lane, bars along a linear time axis
// from 0 to Max, and optional vertical markers (e.g. where compute alone
// would end).
type Gantt struct {
	ID, Title, Desc string
	Lanes           []string
	Bars            []GanttBar
	Max             float64 // the axis end (> 0)
	Unit            string  // axis label, e.g. "ms"
	Scale           float64 // data units → axis units (1e3 for s → ms)
	Markers         []GanttMarker
}

// GanttMarker is a labelled vertical line at X.
type GanttMarker struct {
	X     float64
	Label string
}

// Layout constants of the Gantt chart, in pixels.
const (
	ganttLeft   = 90
	ganttRight  = 16
	ganttTop    = 12
	ganttLane   = 28
	ganttBottom = 40
)

// WriteSVG writes the chart as a standalone SVG document, width pixels
// wide (the height follows from the lanes). Bars are clipped to [0, Max].
// O(bars). It returns the first write error.
func (g Gantt) WriteSVG(w io.Writer, width int) error {
	s := &svgWriter{w: w}
	id := g.ID
	if id == "" {
		id = "gantt"
	}
	height := ganttTop + ganttLane*len(g.Lanes) + ganttBottom
	s.open(id, width, height, g.Title, g.Desc)
	plotW := float64(width - ganttLeft - ganttRight)
	x := func(v float64) float64 {
		if !(g.Max > 0) {
			return ganttLeft
		}
		return ganttLeft + plotW*min(max(v/g.Max, 0), 1)
	}
	for i, name := range g.Lanes {
		y := float64(ganttTop + ganttLane*i)
		s.text(ganttLeft-6, y+ganttLane/2+4, "end", "12", "", "#333333", name)
		s.line(ganttLeft, y+ganttLane, x(g.Max), y+ganttLane, "#dddddd", "1", "")
	}
	for _, b := range g.Bars {
		if b.Lane < 0 || b.Lane >= len(g.Lanes) {
			continue
		}
		y := float64(ganttTop+ganttLane*b.Lane) + 4
		x0, x1 := x(b.Start), x(b.End)
		s.print(`<rect x="`, num(x0), `" y="`, num(y), `" width="`, num(max(x1-x0, 0.5)), `" height="`, strconv.Itoa(ganttLane-8),
			`" fill="`, colour(b.Kind), `" stroke="#ffffff" stroke-width="0.5"><title>`, esc(b.Label), "</title></rect>\n")
	}
	axisY := float64(ganttTop + ganttLane*len(g.Lanes))
	for i := 0; i <= 4; i++ {
		v := g.Max * float64(i) / 4
		s.line(x(v), axisY, x(v), axisY+4, "#666666", "1", "")
		s.text(x(v), axisY+16, "middle", "11", "", "#333333", strconv.FormatFloat(v*g.Scale, 'g', 4, 64))
	}
	s.text(ganttLeft+plotW/2, axisY+32, "middle", "11", "", "#333333", g.Unit)
	for _, m := range g.Markers {
		s.line(x(m.X), ganttTop, x(m.X), axisY, "#000000", "1", "4 3")
		s.text(x(m.X)-3, ganttTop+9, "end", "10", "", "#000000", m.Label)
	}
	s.close()
	return s.err
}

// SVG is WriteSVG into a byte slice.
func (g Gantt) SVG(width int) []byte {
	var b bytes.Buffer
	g.WriteSVG(&b, width) //nolint:errcheck // bytes.Buffer never fails
	return b.Bytes()
}
