package ui

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/plan"
)

// The planner's fabric fields: oversubscription and leaf-nodes appear
// only with a fabric that takes them; on a 4:1 fat-tree the view lists
// every row plan.Plan simulated, without contention → simulated, and the
// URL carries the fabric; a plan over the budget is refused on dp.
func TestPlanViewFabric(t *testing.T) {
	s := NewState("view=plan&lang=en", "")
	a := NewApp(s)
	shown := func(f string) bool {
		for _, in := range a.Plan.PlanInputs() {
			if in.Field == f {
				return true
			}
		}
		return false
	}
	if !shown("fabric") || shown("oversubscription") || shown("leaf-nodes") || a.Plan.PlanFabric() != nil {
		t.Fatalf("ideal fabric: fields %v, section %v", a.Plan.PlanInputs(), a.Plan.PlanFabric())
	}
	q := map[string]string{"model": "deepseek-v3", "dp": "64", "ep": "64", "tp": "1", "zero": "1", "algorithm": "ring",
		"fabric": "fat-tree", "oversubscription": "4", "leaf-nodes": "2"}
	for _, f := range []string{"model", "dp", "ep", "tp", "zero", "algorithm", "fabric", "oversubscription", "leaf-nodes"} {
		a.Plan.SetPlanField(f, q[f])
	}
	finishPlan(t, a)
	if a.Plan.err != nil || !shown("oversubscription") || !shown("leaf-nodes") {
		t.Fatalf("fat-tree: %v", a.Plan.err)
	}
	in, err := plan.Parse(field.Map(q))
	if err != nil {
		t.Fatal(err)
	}
	want, err := plan.Plan(in)
	if err != nil {
		t.Fatal(err)
	}
	page := render(t, a)
	mustContain(t, page, `id="pl-fabric"`, "On the fabric", "fat-tree")
	got := a.Plan.PlanFabric()
	if len(got) != len(want.Fabric.Rows)+1 {
		t.Fatalf("%d lines, want %d rows and the communication", len(got), len(want.Fabric.Rows))
	}
	for i, x := range want.Fabric.Rows {
		if v := cost.FormatSeconds(x.IdealS) + " → " + cost.FormatSeconds(x.TimeS); !strings.HasPrefix(got[i].Value, v) || !strings.Contains(page, got[i].Value) {
			t.Errorf("row %d: %q, want %q…", x.Row, got[i].Value, v)
		}
	}
	if v := cost.FormatSeconds(want.Fabric.IdealCommS) + " → " + cost.FormatSeconds(want.CommS); !strings.HasPrefix(got[len(got)-1].Value, v) {
		t.Errorf("communication %q, want %q…", got[len(got)-1].Value, v)
	}
	if query := a.Query(); !strings.Contains(query, "plan.fabric=fat-tree") || !strings.Contains(query, "plan.oversubscription=4") {
		t.Errorf("query %q", query)
	}
	a.Plan.SetPlanField("fabric", "ideal")
	if a.Plan.err != nil || a.Plan.r.Fabric != nil || shown("oversubscription") {
		t.Errorf("back to ideal (oversubscription hidden, not asked): %v", a.Plan.err)
	}
	zh := NewApp(NewState("view=plan&lang=zh&plan.model=deepseek-v3&plan.dp=64&plan.ep=64&plan.tp=1&plan.zero=1&plan.fabric=fat-tree&plan.oversubscription=4&plan.leaf-nodes=2", ""))
	finishPlan(t, zh)
	mustContain(t, render(t, zh), "在网络上", "胖树")
	for _, f := range []string{"model", "ep", "zero"} {
		a.Plan.SetPlanField(f, map[string]string{"model": "13b", "ep": "1", "zero": "0"}[f])
	}
	a.Plan.SetPlanField("dp", "512")
	a.Plan.SetPlanField("fabric", "fat-tree")
	if msg := a.Plan.PlanErrFor("dp"); !strings.Contains(msg, "flows") {
		t.Errorf("DP 512 ring on a fat-tree: %q, want refused on dp (%v)", msg, a.Plan.err)
	}
}

// finishPlan advances the planner's plan on its fabric in slices, as the
// page's adapter does, until it is over.
func finishPlan(t *testing.T, a *App) {
	t.Helper()
	for j := a.FabricJob(); j != nil; j = a.FabricJob() {
		j.Advance(50_000, nil)
		if !a.SettleFabric(j) {
			t.Fatal("the planner's own job was refused")
		}
	}
}

// The planner never simulates in an event or a render: choosing a fabric
// leaves the plan's simulations to a job (no work spent), the page shows
// a progress bar at core's share done (plan.Run.Progress), in English and
// Chinese, and no plan meanwhile; advanced in slices as the adapter does,
// the job hands over plan.Plan's answer. A change during the run replaces
// the job (the old one is refused when handed back); back on the ideal
// network the plan is priced at once.
func TestPlanFabricInSlices(t *testing.T) {
	q := "view=plan&plan.model=deepseek-v3&plan.dp=64&plan.ep=64&plan.tp=1&plan.zero=1&plan.algorithm=ring&plan.oversubscription=4&plan.leaf-nodes=2"
	a := NewApp(NewState(q+"&lang=en", ""))
	if a.FabricJob() != nil || a.Plan.Running() {
		t.Fatal("a job on the ideal network")
	}
	a.Plan.SetPlanField("fabric", "fat-tree")
	j := a.FabricJob()
	if j == nil || j.Work() != 0 || j.run.Progress() != 0 {
		t.Fatalf("choosing a fabric simulated in the event: job %v", j)
	}
	html := render(t, a)
	if !strings.Contains(html, `id="pl-progress-bar"`) || !strings.Contains(html, `value="0.0"`) || !strings.Contains(html, "0 % done") ||
		strings.Contains(html, `id="pl-headline"`) || strings.Contains(html, `id="pl-table"`) || j.Work() != 0 {
		t.Fatalf("the render does not show the progress bar alone, or it simulated")
	}
	a.Plan.SetPlanField("oversubscription", "8") // replaces the job under way; over the API's work budget, not the browser's
	if a.FabricJob() == j || a.SettleFabric(j) {
		t.Fatal("a change did not replace the job")
	}
	j = a.FabricJob()
	fields := map[string]string{"model": "deepseek-v3", "dp": "64", "ep": "64", "tp": "1", "zero": "1", "algorithm": "ring",
		"fabric": "fat-tree", "oversubscription": "8", "leaf-nodes": "2"}
	in, err := plan.Parse(field.Map(fields))
	if err != nil {
		t.Fatal(err)
	}
	want, err := plan.Plan(in)
	if err != nil {
		t.Fatal(err)
	}
	core, err := plan.Start(in)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for !j.Advance(20_000, nil) {
		core.Advance(20_000)
		if !a.SettleFabric(j) {
			t.Fatal("the planner's own job was refused")
		}
		h := render(t, a)
		pct := strconv.FormatFloat(100*core.Progress(), 'f', 1, 64)
		if !strings.Contains(h, `value="`+pct+`"`) || !strings.Contains(h, fmt.Sprintf("%.0f %% done", 100*core.Progress())) {
			t.Fatalf("the bar does not show core's progress %s %%", pct)
		}
		seen++
	}
	a.SettleFabric(j)
	got := a.Plan.PlanFabric()
	if seen < 2 || a.FabricJob() != nil || a.Plan.Running() || !reflect.DeepEqual(a.Plan.r, want) || len(got) != len(want.Fabric.Rows)+1 {
		t.Fatalf("after %d slices: the plan is not plan.Plan's (%v)", seen, a.Plan.err)
	}
	if h := render(t, a); strings.Contains(h, `id="pl-progress"`) || !strings.Contains(h, got[len(got)-1].Value) || !strings.Contains(h, cost.FormatSeconds(want.StepS)) {
		t.Errorf("the finished plan is not shown")
	}

	zh := NewApp(NewState(q+"&plan.fabric=rail&lang=zh", ""))
	if h := render(t, zh); zh.FabricJob() == nil || !strings.Contains(h, "正在分段模拟本方案") || !strings.Contains(h, `aria-label="模拟进度"`) {
		t.Errorf("the Chinese page shows no progress")
	}
	a.Plan.SetPlanField("fabric", "ideal")
	if a.FabricJob() != nil || a.Plan.r.Fabric != nil || a.Plan.err != nil {
		t.Errorf("the ideal network is not priced at once")
	}
}
