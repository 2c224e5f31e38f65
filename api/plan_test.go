package api

import (
	"encoding/json"
	"testing"

	"github.com/ccplay/ccplay/chart/timeline"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/plan"
	"github.com/ccplay/ccplay/report"
)

// TestPlanIsTheCoresAnswer: the body is plan.Plan of plan.Parse over the
// query, indented exactly as `ccplay plan --json` prints it; format=text is
// report.Plan.
func TestPlanIsTheCoresAnswer(t *testing.T) {
	for _, tt := range []struct {
		reason string
		kv     []string
	}{
		{"all defaults (70B on one GPU)", nil},
		{"70B, ZeRO-3, DP 8 × TP 8 on 8 nodes", []string{"model", "70b", "dp", "8", "tp", "8", "pp", "1", "zero", "3"}},
		{"MoE with EP and SP", []string{"model", "mixtral-8x7b", "dp", "8", "tp", "4", "ep", "8", "sp", "on", "micro-batches", "2"}},
		{"links and compute given", []string{"model", "13b", "dp", "16", "bandwidth", "200Gbps", "intra-preset", "nvlink3", "peak", "312", "mfu", "50%"}},
	} {
		q, m := query(tt.kv...)
		a := get(t, "/api/v1/plan?"+q)
		wantOK(t, tt.reason, a, jsonType)
		in, err := plan.Parse(field.Map(m))
		if err != nil {
			t.Fatalf("%s: %v", tt.reason, err)
		}
		r, err := plan.Plan(in)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.MarshalIndent(r, "", "  ")
		if a.body != string(want)+"\n" {
			t.Errorf("%s: body differs from plan.Plan's JSON", tt.reason)
		}
		txt := get(t, "/api/v1/plan?format=text&"+q)
		wantOK(t, tt.reason+" (text)", txt, textType)
		if txt.body != report.Plan(r) {
			t.Errorf("%s: text differs from report.Plan", tt.reason)
		}
	}
}

// Bad parameters: 400 with the field, as everywhere else.
func TestPlanErrors(t *testing.T) {
	for _, tt := range []struct {
		reason, target, field string
	}{
		{"unknown model", "/api/v1/plan?model=gpt5", "model"},
		{"TP must divide the heads", "/api/v1/plan?tp=3", "tp"},
		{"unknown parameter", "/api/v1/plan?ranks=8", "ranks"},
		{"bad format", "/api/v1/plan?format=xml", "format"},
		{"given twice", "/api/v1/plan?dp=2&dp=4", "dp"},
		{"unknown timeline", "/api/v1/plan?dp=8&timeline=gantt", "timeline"},
		{"a timeline that does not apply", "/api/v1/plan?dp=8&zero=0&timeline=moe", "ep"},
		{"chunks without moe", "/api/v1/plan?dp=8&timeline=ddp&chunks=2", "chunks"},
		{"bad chunks", "/api/v1/plan?model=mixtral-8x7b&dp=8&ep=8&timeline=moe&chunks=0", "chunks"},
		{"a timeline as text", "/api/v1/plan?dp=8&timeline=ddp&format=text", "format"},
	} {
		wantError(t, tt.reason, get(t, tt.target), 400, tt.field)
	}
}

// timeline=NAME answers one overlap timeline: SVG by default (the same
// bytes as the CLI's --timeline), JSON with format=json.
func TestPlanTimeline(t *testing.T) {
	q := "model=70b&dp=8&tp=8&zero=3"
	in, err := plan.Parse(field.Map(map[string]string{"model": "70b", "dp": "8", "tp": "8", "zero": "3"}))
	if err != nil {
		t.Fatal(err)
	}
	r, err := plan.Plan(in)
	if err != nil {
		t.Fatal(err)
	}
	tl, err := plan.ZeroTimeline(r, true)
	if err != nil {
		t.Fatal(err)
	}
	a := get(t, "/api/v1/plan?timeline=zero3&"+q)
	wantOK(t, "zero3 svg", a, svgType)
	if a.body != string(timeline.SVG(tl)) {
		t.Error("SVG differs from timeline.SVG")
	}
	j := get(t, "/api/v1/plan?timeline=zero3&format=json&"+q)
	wantOK(t, "zero3 json", j, jsonType)
	want, _ := json.MarshalIndent(tl, "", "  ")
	if j.body != string(want)+"\n" {
		t.Error("JSON differs from plan.ZeroTimeline")
	}
	m := get(t, "/api/v1/plan?model=mixtral-8x7b&dp=8&ep=8&timeline=moe&chunks=8")
	wantOK(t, "moe in 8 chunks", m, svgType)
}
