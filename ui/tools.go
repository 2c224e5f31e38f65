//go:build !mainmodule

package ui

import (
	"encoding/json"

	"github.com/vugu/vugu"
)

// toolViews holds the views of the tools module (ToolViews): the log
// doctor, the planner and the fabric view. Native builds and the tools
// module (wasmbuild's second build) have them; the main module, built
// with the mainmodule tag, has placeholders instead (tools_main.go).
type toolViews struct {
	Doctor *Doctor
	Plan   *Plan
	Fabric *Fabric
}

// Module is the WebAssembly module this build is: ModuleTools (natively
// too: every view is here).
const Module = ModuleTools

func newToolViews(s *State) toolViews {
	f := newFabric(s)
	f.fromURL()
	return toolViews{Doctor: newDoctor(s), Plan: newPlan(s), Fabric: f}
}

// toolView is the component of tools view v, nil for another view.
func (t *toolViews) toolView(v string) vugu.Builder {
	switch v {
	case "doctor":
		return t.Doctor
	case "plan":
		return t.Plan
	case "fabric":
		return t.Fabric
	}
	return nil
}

// planEdits counts the planner's edits (part of what a copied link holds).
func (t *toolViews) planEdits() int { return t.Plan.edits }

// addToolQuery adds the planner's fields and the fabric view's buttons
// that differ from their defaults.
func (t *toolViews) addToolQuery(add func(k, v string)) {
	t.Plan.addQuery(add)
	t.Fabric.addQuery(add)
}

// setPlanField sets a planner field (a lesson's view block).
func (t *toolViews) setPlanField(f, v string) { t.Plan.SetPlanField(f, v) }

// FabricJob is the simulation under way: the fabric view's study
// (Fabric.FabricJob), else the planner's plan on its fabric
// (Plan.FabricJob); nil when none. The adapter advances it off the event
// lock.
func (t *toolViews) FabricJob() *FabricJob {
	if j := t.Fabric.FabricJob(); j != nil {
		return j
	}
	return t.Plan.FabricJob()
}

// startJobs starts the simulation the shown fabric view would start in a
// build (Fabric.state), so that FabricJob names it before any build. Under
// the event lock.
func (t *toolViews) startJobs() {
	if t.Fabric.S.View == "fabric" {
		t.Fabric.state()
	}
}

// jobs are the simulations under way of the view shown: the fabric
// view's study or the planner's plan (a plan on a fabric the address
// carries while another view is shown is not among them). Under the event
// lock.
func (t *toolViews) jobs() []*FabricJob {
	var j *FabricJob
	switch t.Fabric.S.View {
	case "fabric":
		j = t.Fabric.FabricJob()
	case "plan":
		j = t.Plan.FabricJob()
	}
	if j == nil {
		return nil
	}
	return []*FabricJob{j}
}

// SettleFabric hands j back to its view after a slice (its progress, its
// answer once over) and reports whether it is still that view's. Under the
// event lock.
func (t *toolViews) SettleFabric(j *FabricJob) bool { return t.Fabric.settle(j) || t.Plan.settle(j) }

// handoffHTML is the page's handoff element for the view shown ("" when
// it hands nothing over: Build unset, no simulation in slices, an error).
func (t *toolViews) handoffHTML() string {
	if Build == "" {
		return ""
	}
	var h *handoff
	switch t.Fabric.S.View {
	case "fabric":
		h = t.Fabric.handoff()
	case "plan":
		h = t.Plan.handoff()
	}
	if h == nil {
		return ""
	}
	h.Build = Build
	b, err := json.Marshal(h) // escapes <, > and &: nothing in it ends the script
	if err != nil {
		return ""
	}
	return `<script type="application/json" id="` + HandoffID + `">` + string(b) + `</script>`
}
