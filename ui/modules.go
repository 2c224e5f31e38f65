package ui

import "slices"

// The playground's WebAssembly is two modules: the main one, which has
// every view but ToolViews (each a placeholder there, tools_main.go), and
// the tools module, which has every view (tools.go). A page loads the
// module its App.Module names: the server and the static build render
// the page natively and choose it; the adapter loads the page again when
// the module it runs is not the one the page needs.
const (
	ModuleMain  = "main"
	ModuleTools = "tools"
)

// ToolViews are the views only the tools module has: the log doctor, the
// planner and the fabric view.
var ToolViews = []string{"doctor", "plan", "fabric"}

// Module is the module the page needs: ModuleTools for a tools view, or a
// lesson with a tools view among its blocks (once its file has loaded),
// else ModuleMain.
func (c *App) Module() string {
	if slices.Contains(ToolViews, c.S.View) {
		return ModuleTools
	}
	if c.S.View == "lessons" && c.Lessons.Page != "index" {
		if f, ok := c.Lessons.files[c.Lessons.Page+"."+c.S.Lang]; ok {
			for _, b := range f.l.Blocks {
				if b.Kind == BlockView && slices.Contains(ToolViews, b.View) {
					return ModuleTools
				}
			}
		}
	}
	return ModuleMain
}

// SwitchTo is the module to load the page with after a render, or "" to
// stay: the main module leaves for the tools module as soon as the page
// needs it; the tools module, which can show every view, leaves for the
// smaller main module only once the learner has left the view the page
// opened with (initial) for one the main module has.
func (c *App) SwitchTo(initial string) string {
	m := c.Module()
	switch {
	case m == Module:
		return ""
	case Module == ModuleMain || c.S.View != initial:
		return m
	}
	return ""
}
