//go:build mainmodule

package ui

import (
	"strings"

	"github.com/vugu/vugu"
)

// toolViews, in the main module, stands in for the views of the tools
// module: each renders a short note that the view is loading while the
// adapter loads the page with the tools module (App.SwitchTo). The
// planner's fields and the fabric view's buttons in the URL are kept as
// they came (plan.* and fabric.* pairs), so the query the page writes
// back still holds them; so is the doctor's state a module switch carried
// (App.Carry), for the next switch.
type toolViews struct {
	s       *State
	plan    [][2]string // the query's plan.* pairs in PlanFields order, then its FabricViewParams
	stub    map[string]*toolStub
	carried [][2]string // the doctor's doctor.* pairs of App.Restore, by key
}

// Module is the WebAssembly module this build is: ModuleMain.
const Module = ModuleMain

func newToolViews(s *State) toolViews {
	t := toolViews{s: s, stub: map[string]*toolStub{}}
	for _, f := range PlanFields {
		if v, ok := s.param("plan." + f); ok {
			t.plan = append(t.plan, [2]string{"plan." + f, v})
		}
	}
	for _, k := range FabricViewParams {
		if v, ok := s.param(k); ok {
			t.plan = append(t.plan, [2]string{k, v})
		}
	}
	for _, v := range ToolViews {
		t.stub[v] = &toolStub{s: s, view: v}
	}
	return t
}

// toolView is the placeholder of tools view v, nil for another view.
func (t *toolViews) toolView(v string) vugu.Builder {
	if c, ok := t.stub[v]; ok {
		return c
	}
	return nil
}

func (t *toolViews) planEdits() int { return 0 }

func (t *toolViews) addToolQuery(add func(k, v string)) {
	for _, kv := range t.plan {
		add(kv[0], kv[1])
	}
}

// setPlanField records a planner field a lesson's view block sets.
func (t *toolViews) setPlanField(f, v string) {
	k := "plan." + f
	for i := range t.plan {
		if t.plan[i][0] == k {
			t.plan[i][1] = v
			return
		}
	}
	t.plan = append(t.plan, [2]string{k, v})
}

// toolStub is a tools view's placeholder: a card saying the view is
// loading, in the page's language (the adapter then loads the tools
// module, App.SwitchTo).
type toolStub struct {
	s    *State
	view string
}

func (c *toolStub) Build(vgin *vugu.BuildIn) *vugu.BuildOut {
	root := &vugu.VGNode{Type: vugu.ElementNode, Data: "section", Attr: []vugu.VGAttribute{{Key: "class", Val: "card tools-loading"}, {Key: "id", Val: "view-" + c.view}}}
	p := vgEl(root, "p", "role", "status")
	vgText(p, c.s.T("tools.loading"))
	return &vugu.BuildOut{Out: []*vugu.VGNode{root}}
}

// carryTools hands on the doctor's state the page was given (App.Carry).
func (t *toolViews) carryTools(add func(k, v string)) {
	for _, kv := range t.carried {
		add(kv[0], kv[1])
	}
}

// restoreTools keeps the doctor's pairs of a carried state, by key.
func (t *toolViews) restoreTools(v map[string]string) {
	t.carried = nil
	for k, val := range v {
		if !strings.HasPrefix(k, "doctor.") {
			continue
		}
		// An insertion sort: a few keys, and no generic sort in app.wasm
		// for them (slices.SortFunc costs it ≈ 20 KB of code).
		i := len(t.carried)
		t.carried = append(t.carried, [2]string{k, val})
		for ; i > 0 && t.carried[i-1][0] > k; i-- {
			t.carried[i] = t.carried[i-1]
		}
		t.carried[i] = [2]string{k, val}
	}
}

// FabricJob is nil: the main module has no fabric view.
func (t *toolViews) FabricJob() *FabricJob { return nil }

// startJobs does nothing: the main module has no fabric view.
func (t *toolViews) startJobs() {}

// jobs are none: the main module has no fabric view.
func (t *toolViews) jobs() []*FabricJob { return nil }

// handoffHTML is "": the main module runs no simulation to hand over.
func (t *toolViews) handoffHTML() string { return "" }

// SettleFabric reports false: the main module has no fabric view.
func (t *toolViews) SettleFabric(*FabricJob) bool { return false }
