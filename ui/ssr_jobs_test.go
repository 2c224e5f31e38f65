package ui

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/cost"
)

// planOnFatTree is a planner address whose plan is simulated on a fat-tree.
const planOnFatTree = "plan.model=deepseek-v3&plan.dp=64&plan.ep=64&plan.tp=1&plan.zero=1&plan.fabric=fat-tree&plan.leaf-nodes=2"

// TestFinishJobsOfTheViewShown: a page finishes the simulation of the view
// it shows, not a plan on a fabric its address carries for the planner
// while another view is shown.
func TestFinishJobsOfTheViewShown(t *testing.T) {
	a := NewApp(NewState("view=timing&lang=en&"+planOnFatTree, "en"))
	if a.Plan.FabricJob() == nil {
		t.Fatalf("the address's plan on a fat-tree has no simulation to run")
	}
	if finished, err := a.FinishJobs(RenderFlows, RenderWork, nil); finished || err != nil {
		t.Errorf("the timing page finished a simulation (%v, %v)", finished, err)
	}
	if j := a.Plan.FabricJob(); j == nil || j.over || j.run.Work() != 0 {
		t.Errorf("the planner's simulation ran on the timing page")
	}
	b := NewApp(NewState("view=plan&lang=en&"+planOnFatTree, "en"))
	if finished, err := b.FinishJobs(RenderFlows, RenderWork, nil); !finished || err != nil {
		t.Fatalf("the planner's page did not finish its plan (%v, %v)", finished, err)
	}
	if b.Plan.Running() || b.Plan.err != nil || b.Plan.PlanFabric() == nil {
		t.Errorf("after the simulation the planner shows no plan on its fabric (running %v, error %v)", b.Plan.Running(), b.Plan.err)
	}
}

// TestFinishJobStops: a Look that returns an error stops the study at
// once — FinishJob returns that error and the job is left unfinished, for
// no one — and a Look that never does lets the study end with the answer
// cost.StudyFabric gives.
func TestFinishJobStops(t *testing.T) {
	s := NewState("view=fabric&lang=en&collective=alltoall&algorithm=pairwise&ranks=64", "en")
	a := NewApp(s)
	a.startJobs()
	j := a.Fabric.FabricJob()
	if j == nil {
		t.Fatalf("the study is not left to a job")
	}
	gone := errors.New("the client went away")
	looks := 0
	if err := FinishJob(j, RenderFlows, RenderWork, func() error {
		if looks++; looks > 3 {
			return gone
		}
		return nil
	}); err != gone {
		t.Fatalf("FinishJob with a Look that stops: %v, want its error", err)
	}
	if j.over || j.run.Progress() >= 1 {
		t.Errorf("the stopped job ended (progress %v)", j.run.Progress())
	}
	if err := FinishJob(j, RenderFlows, RenderWork, func() error { return nil }); err != nil || !j.over {
		t.Fatalf("FinishJob went on to no end: %v", err)
	}
	want, err := cost.StudyFabric(j.p, fabricTransfers)
	if err != nil {
		t.Fatal(err)
	}
	if got := j.run.(*cost.StudyRun).Study(); got.Result.TimeS != want.Result.TimeS || !reflect.DeepEqual(got.Rows, want.Rows) {
		t.Errorf("the study finished after a stop: %v s, rows %v; core gives %v s, rows %v", got.Result.TimeS, got.Rows, want.Result.TimeS, want.Rows)
	}
}

// TestFinishJobsBudget: a simulation over the render's budget is refused
// before any work with the budget's error on its field — ranks for the
// fabric view, the planner's dp or ep, marked beside that field — and the
// note that the interactive page simulates it.
func TestFinishJobsBudget(t *testing.T) {
	a := NewApp(NewState("view=fabric&lang=zh&collective=alltoall&algorithm=pairwise&ranks=64", "zh"))
	if _, err := a.FinishJobs(1000, RenderWork, nil); err != nil {
		t.Fatal(err)
	}
	var be *budget.Error
	if !errors.As(a.Fabric.done.err, &be) {
		t.Fatalf("fabric view: error %v, want the budget's", a.Fabric.done.err)
	}
	if got := a.Fabric.Err(); !strings.Contains(got, "1000") || !strings.Contains(got, T("zh", "f.ranks")) || a.Fabric.Running() {
		t.Errorf("fabric view: %q (running %v), want the budget and the field named", got, a.Fabric.Running())
	}
	p := NewApp(NewState("view=plan&lang=en&"+planOnFatTree, "en"))
	if _, err := p.FinishJobs(1000, RenderWork, nil); err != nil {
		t.Fatal(err)
	}
	f := p.Plan.field
	if f != "dp" && f != "ep" {
		t.Fatalf("planner: the budget's error is on %q, want dp or ep", f)
	}
	if got := p.Plan.PlanErrFor(f); !strings.Contains(got, "1000") || !strings.Contains(got, T("en", "plf."+f)) || p.Plan.Running() {
		t.Errorf("planner: %q beside %s (running %v), want the budget and the field named", got, f, p.Plan.Running())
	}
}

// TestFinishJobsWorkBudget: a render's simulations together spend at most
// the work they are given. The fabric view's study of pairwise AllToAll on
// 128 ranks, whose simulations' work caps sum to several times
// RenderWork, ends within RenderWork with its answer; given 5,000 units
// it stops with the budget's error on ranks, naming them, after at most
// those units and one event, and shows the note that the interactive page
// simulates it; the planner's plan stops on its group's field.
func TestFinishJobsWorkBudget(t *testing.T) {
	const study = "view=fabric&lang=zh&collective=alltoall&algorithm=pairwise&ranks=128&gpus-per-node=8&size=64MiB"
	a := NewApp(NewState(study, "zh"))
	if finished, err := a.FinishJobs(RenderFlows, RenderWork, nil); !finished || err != nil || a.Fabric.done.err != nil {
		t.Fatalf("the study of 128 ranks within RenderWork: finished %v, %v, %v", finished, err, a.Fabric.done.err)
	}
	b := NewApp(NewState(study, "zh"))
	b.startJobs()
	j := b.Fabric.FabricJob()
	if _, err := b.FinishJobs(RenderFlows, 5000, nil); err != nil {
		t.Fatal(err)
	}
	var be *budget.Error
	if !errors.As(b.Fabric.done.err, &be) || j.Work() < 5000 || j.Work() > 5000+jobSlice {
		t.Fatalf("the study given 5,000 units: error %v after %d units", b.Fabric.done.err, j.Work())
	}
	if got := b.Fabric.Err(); !strings.Contains(got, "5000") || !strings.Contains(got, T("zh", "f.ranks")) || b.Fabric.Running() {
		t.Errorf("fabric view: %q (running %v), want the budget and the field named", got, b.Fabric.Running())
	}
	p := NewApp(NewState("view=plan&lang=en&"+planOnFatTree, "en"))
	if _, err := p.FinishJobs(RenderFlows, 5000, nil); err != nil {
		t.Fatal(err)
	}
	if f := p.Plan.field; (f != "dp" && f != "ep") || !strings.Contains(p.Plan.PlanErrFor(f), "5000") {
		t.Errorf("planner given 5,000 units: %q beside %q", p.Plan.PlanErrFor(f), f)
	}
}
