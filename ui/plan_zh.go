package ui

import (
	"fmt"
	"strconv"

	"github.com/ccplay/ccplay/chart"
	"github.com/ccplay/ccplay/chart/timeline"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/plan"
)

// planGantt is timeline.Gantt of t in the page's language: title, lanes,
// the compute-alone marker, every bar's label and the description.
func (s *State) planGantt(t plan.Timeline) chart.Gantt {
	g := timeline.Gantt(t)
	if s.Lang != "zh" {
		return g
	}
	about := t.AboutMsg.In(s.Lang)
	g.Title = about
	g.Lanes = []string{"计算", "网络"}
	for i := range g.Markers {
		g.Markers[i].Label = "仅计算"
	}
	for i, sp := range t.Spans {
		g.Bars[i].Label = fmt.Sprintf("%s：%s – %s", sp.LabelMsg.In(s.Lang), cost.FormatSeconds(sp.Start), cost.FormatSeconds(sp.End))
	}
	g.Desc = fmt.Sprintf("%s。计算 %s；重叠后这一步在 %s 结束；串行需 %s；暴露的通信 %s。", about,
		cost.FormatSeconds(t.Compute), cost.FormatSeconds(t.Finish), cost.FormatSeconds(t.Serial), cost.FormatSeconds(t.Exposed))
	return g
}

// planGroupLabel is a group's label: "tp × 8 (stride 1)".
func (s *State) planGroupLabel(name string, size, stride int) string {
	return s.Tf("pl.grouplabel", name, size, strconv.Itoa(stride))
}
