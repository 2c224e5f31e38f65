package ui

import "testing"

// TestModuleOfPages: a page needs the tools module for a tools view (also
// embedded) and for a lesson that shows one; every other page, the
// lessons' index and the other lessons included, needs the main module.
func TestModuleOfPages(t *testing.T) {
	for q, want := range map[string]string{
		"view=doctor": ModuleTools, "view=plan&plan.model=70b": ModuleTools, "view=fabric": ModuleTools, "embed=doctor": ModuleTools,
		"lesson=parallelism": ModuleTools, "lesson=production": ModuleTools,
		"": ModuleMain, "view=charts": ModuleMain, "view=lessons": ModuleMain, "lesson=ring": ModuleMain, "lesson=moe": ModuleMain, "embed=timing": ModuleMain,
	} {
		a := NewApp(NewState(q, "en"))
		if a.S.View == "lessons" {
			a.Lessons.file(a.Lessons.Page) // natively the file is read at once
		}
		if got := a.Module(); got != want {
			t.Errorf("page of %q needs %s, want %s", q, got, want)
		}
	}
}

// TestSwitchToMain: the tools module (what a native build is) stays on
// the view it opened with, whatever it is, and on tools views; it leaves
// for the main module once the learner picks a view the main module has.
func TestSwitchToMain(t *testing.T) {
	if Module != ModuleTools {
		t.Fatalf("a native build is module %q, want the tools module (every view)", Module)
	}
	a := NewApp(NewState("view=doctor&ranks=16", "en"))
	if m := a.SwitchTo("doctor"); m != "" {
		t.Errorf("on its first view the tools module switches to %q", m)
	}
	a.SetView("plan")
	if m := a.SwitchTo("doctor"); m != "" {
		t.Errorf("on the planner the tools module switches to %q", m)
	}
	a.SetView("timing")
	if m := a.SwitchTo("doctor"); m != ModuleMain {
		t.Errorf("on the timing view the tools module switches to %q, want %q", m, ModuleMain)
	}
	l := NewApp(NewState("lesson=ring", "en"))
	if m := l.SwitchTo(l.S.View); m != "" {
		t.Errorf("a lesson page opened in the tools module switches to %q", m)
	}
}
