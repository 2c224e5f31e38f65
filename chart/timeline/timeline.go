// Package timeline draws the planner's overlap timelines (plan.Timeline)
// as Gantt charts (chart.Gantt): a compute lane and a communication lane,
// a marker where compute alone would end, and the exposed communication in
// the description. Pure Go: the CLI, the API and the playground share it.
package timeline

import (
	"fmt"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/plan"
)

// Width is the default width of the SVG in pixels.
const Width = 720

// Gantt turns a timeline into a chart in milliseconds. O(spans).
func Gantt(t plan.Timeline) chart.Gantt {
	g := chart.Gantt{
		ID:    "timeline-" + t.Name,
		Title: t.About,
		Desc: fmt.Sprintf("%s. Compute %s; with overlap the step ends at %s; serialised it would take %s; exposed communication %s.",
			t.About, cost.FormatSeconds(t.Compute), cost.FormatSeconds(t.Finish), cost.FormatSeconds(t.Serial), cost.FormatSeconds(t.Exposed)),
		Lanes:   []string{"compute", "network"},
		Max:     t.Finish,
		Unit:    "ms",
		Scale:   1e3,
		Markers: []chart.GanttMarker{{X: t.Compute, Label: "compute alone"}},
	}
	for i, s := range t.Spans {
		kind := 0
		if s.Lane == plan.LaneComm {
			kind = 1 + i%2 // alternate shades so neighbouring calls stay distinct
		}
		g.Bars = append(g.Bars, chart.GanttBar{Lane: s.Lane, Start: s.Start, End: s.End, Kind: kind,
			Label: fmt.Sprintf("%s: %s – %s", s.Label, cost.FormatSeconds(s.Start), cost.FormatSeconds(s.End))})
	}
	return g
}

// SVG is the timeline as a standalone SVG document, Width pixels wide.
func SVG(t plan.Timeline) []byte { return Gantt(t).SVG(Width) }
