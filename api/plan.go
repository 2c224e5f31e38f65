package api

import (
	"net/http"
	"strings"

	"github.com/ccplay/ccplay/chart/timeline"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/plan"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/report"
)

// planFields are the parameters of /api/v1/plan: plan.Fields (the flags of
// `ccplay plan`), the switched fabric's (question.FabricFields), format,
// and timeline with chunks.
var planFields = fields([][]string{plan.Fields, question.FabricFields, {"format", "timeline", "chunks"}})

// servePlan answers GET /api/v1/plan: plan.Parse → plan.Plan. format=json
// (the default) gives the JSON of plan.Result exactly as `ccplay plan
// --json` prints it; format=text the CLI's text (report.Plan). With
// timeline=NAME (and chunks for moe) it answers that overlap timeline
// instead, as `ccplay plan --timeline NAME`: format=svg (the default for a
// timeline) the Gantt chart, format=json its spans.
func servePlan(w http.ResponseWriter, r *http.Request) {
	get, err := readQuery(r, planFields)
	if err != nil {
		sendError(w, err)
		return
	}
	format, _ := get("format")
	name, isTimeline := get("timeline")
	if _, ok := get("chunks"); ok && name != "moe" {
		sendError(w, fielderr.New("chunks", "api.plan.chunks"))
		return
	}
	switch {
	case isTimeline && format != "" && format != "json" && format != "svg":
		sendError(w, fielderr.New("format", "api.format.timeline", format))
		return
	case !isTimeline && format != "" && format != "json" && format != "text":
		sendError(w, fielderr.New("format", "api.format.plan", format))
		return
	}
	in, err := plan.Parse(get)
	if err == nil {
		err = plan.CheckBudget(in)
	}
	if err != nil {
		sendError(w, err)
		return
	}
	res, err := plan.Plan(in)
	if err != nil {
		sendError(w, err)
		return
	}
	if isTimeline {
		chunks, err := field.Int(get, "chunks", plan.DefaultMoEChunks, 1, plan.MaxSpans/3)
		if err != nil {
			sendError(w, err)
			return
		}
		t, err := plan.TimelineOf(res, strings.TrimSpace(name), chunks)
		if err != nil {
			sendError(w, err)
			return
		}
		if format == "json" {
			sendJSON(w, t)
			return
		}
		send(w, http.StatusOK, svgType, CacheControl, timeline.SVG(t))
		return
	}
	if format == "text" {
		send(w, http.StatusOK, textType, CacheControl, []byte(report.Plan(res)))
		return
	}
	sendJSON(w, res)
}
