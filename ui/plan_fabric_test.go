package ui

import (
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
