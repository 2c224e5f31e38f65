package playground

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/ui"
)

// TestToolsModule: the log doctor's page loads the tools module
// (tools.<hash>.wasm) and its view works (a pasted log gets package ui's
// verdict, run natively on the same log); choosing the timing tab loads
// the page again with the main module (app.<hash>.wasm), showing the
// timing view of the same question (the core's time for it); choosing the
// doctor's tab there loads the tools module again.
func TestToolsModule(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en&view=doctor&ranks=16&size=1GiB")
	loaded := func(module string) {
		t.Helper()
		if src := eval[string](p, `window.ccplayWasmSource || ""`); !regexp.MustCompile(`^` + module + `\.[0-9a-f]{10}\.wasm$`).MatchString(src) {
			t.Errorf("the page of %s loaded %q, want the content-hashed %s.wasm", eval[string](p, `location.search`), src, module)
		}
	}
	loaded("tools")
	log, err := os.ReadFile("../../core/doctor/testdata/rtx4090_4x_pcie_docker.txt")
	if err != nil {
		t.Fatal(err)
	}
	p.setField("d-paste", string(log))
	p.click("d-check")
	want := ui.NewApp(ui.NewState("lang=en&view=doctor", "en")).Doctor
	want.CheckLog("", string(log))
	if got := p.text("d-verdict"); got != want.Verdict() || got == "" {
		t.Errorf("the tools module's verdict %q, want %q", got, want.Verdict())
	}

	// The timing tab: the main module's page of the same question.
	eval[any](p, `window.ccplayOld = true; document.getElementById("tab-timing").click(); null`)
	p.waitJS("the main module's page", `!window.ccplayOld && window.ccplayRenders >= 1 && /^app\./.test(window.ccplayWasmSource || "")`)
	loaded("app")
	q := eval[string](p, `location.search`)
	for _, kv := range []string{"ranks=16", "size=1GiB", "lang=en"} {
		if !strings.Contains(q, kv) {
			t.Errorf("the main module's page %q lost %s", q, kv)
		}
	}
	if strings.Contains(q, "view=doctor") || eval[bool](p, `!document.getElementById("view-timing")`) {
		t.Errorf("the main module's page %q does not show the timing view", q)
	}
	r := evaluate(t, map[string]string{"ranks": "16", "size": "1GiB"})
	if got := p.text("t-time"); got != cost.FormatSeconds(r.TimeS) {
		t.Errorf("the main module's time %q, core says %q", got, cost.FormatSeconds(r.TimeS))
	}

	// Back to the doctor's tab: the tools module again, same question.
	eval[any](p, `window.ccplayOld = true; document.getElementById("tab-doctor").click(); null`)
	p.waitJS("the tools module's page", `!window.ccplayOld && window.ccplayRenders >= 1 && /^tools\./.test(window.ccplayWasmSource || "")`)
	loaded("tools")
	if q := eval[string](p, `location.search`); !strings.Contains(q, "view=doctor") || !strings.Contains(q, "ranks=16") {
		t.Errorf("the tools module's page %q", q)
	}
	if eval[bool](p, `!document.getElementById("d-paste")`) {
		t.Errorf("the tools module's page does not show the doctor's view")
	}
	p.noConsoleErrors()
}

// TestToolsModuleStatic: on a static host the planner's page loads the
// tools module's .gz copy; its timing tab goes to the timing page, which
// loads the main module's, with the same question.
func TestToolsModuleStatic(t *testing.T) {
	base := staticSite(t)
	p := browser(t, 1280, 800)
	p.do("navigate", navigate(base+"/plan.html?view=plan&ranks=16&lang=en"))
	p.waitJS("first render", `window.ccplayRenders >= 1`)
	if src := eval[string](p, `window.ccplayWasmSource || ""`); !regexp.MustCompile(`^tools\.[0-9a-f]{10}\.wasm\.gz$`).MatchString(src) {
		t.Errorf("the planner's static page loaded %q, want the tools module's .gz copy", src)
	}
	if eval[bool](p, `!document.getElementById("view-plan")`) {
		t.Errorf("the planner's static page does not show the planner")
	}
	p.click("tab-timing")
	if got := eval[string](p, `location.pathname + " " + (window.ccplayWasmSource || "")`); !regexp.MustCompile(`^/timing\.html app\.[0-9a-f]{10}\.wasm\.gz$`).MatchString(got) {
		t.Errorf("the timing tab went to %q, want /timing.html with the main module's .gz copy", got)
	}
	if got, want := p.text("t-time"), cost.FormatSeconds(evaluate(t, map[string]string{"ranks": "16"}).TimeS); got != want {
		t.Errorf("the timing page's time %q, core says %q for the same question", got, want)
	}
	p.noConsoleErrors()
}

// switchTab clicks tab and waits for the page of module (app or tools)
// that the module switch loads.
func switchTab(p *page, tab, module string) {
	p.t.Helper()
	eval[any](p, `window.ccplayOld = true; document.getElementById("`+tab+`").click(); null`)
	p.waitJS(tab+": the "+module+" module's page", `!window.ccplayOld && window.ccplayRenders >= 1 && /^`+module+`\./.test(window.ccplayWasmSource || "")`)
}

// TestModuleSwitchKeepsState: what a view holds outside the defaults
// survives the page's module switches, there and back: the fabric view's
// fabric and oversubscription (in the URL), the doctor's pasted log, its
// option and verdict, and an open lesson's answer (session storage).
func TestModuleSwitchKeepsState(t *testing.T) {
	log, err := os.ReadFile("../../core/doctor/testdata/rtx4090_4x_pcie_docker.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := ui.NewApp(ui.NewState("lang=en&view=doctor", "en")).Doctor
	want.SetOption("ranks", "2")
	want.CheckLog("", string(log))
	base := server(t)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en&view=fabric&ranks=16")
	p.click("fb-rail")
	p.click("fb-r8")
	p.click("tab-doctor")
	p.setField("d-paste", string(log))
	p.setField("d-ranks", "2")
	p.click("d-check")
	if got := p.text("d-verdict"); got != want.Verdict() || got == "" {
		t.Fatalf("the verdict %q, want %q", got, want.Verdict())
	}

	switchTab(p, "tab-lessons", "app")
	p.click("open-ring")
	p.waitJS("the ring lesson", `!!document.getElementById("qin-0")`)
	p.typeEnter("qin-0", "14")
	p.waitJS("the answer's verdict", `!!document.querySelector("#quiz-0 .fb.right")`)

	switchTab(p, "tab-doctor", "tools")
	if got := p.text("d-verdict"); got != want.Verdict() {
		t.Errorf("after two module switches the doctor shows %q, want the verdict %q", got, want.Verdict())
	}
	if got := eval[string](p, `document.getElementById("d-paste").value`); got != string(log) {
		t.Errorf("after two module switches the paste box holds %d bytes, want the %d of the log", len(got), len(log))
	}
	if got := eval[string](p, `document.getElementById("d-ranks").value`); got != "2" {
		t.Errorf("after two module switches the ranks option is %q, want 2", got)
	}
	p.click("tab-fabric")
	for _, id := range []string{"fb-rail", "fb-r8"} {
		if got := eval[string](p, `document.getElementById("`+id+`").getAttribute("aria-pressed")`); got != "true" {
			t.Errorf("after two module switches %s is pressed=%s", id, got)
		}
	}

	switchTab(p, "tab-lessons", "app")
	p.waitJS("the ring lesson again", `!!document.getElementById("lesson-ring") && !!document.querySelector("#quiz-0 .fb.right")`)
	if q := eval[string](p, `location.search`); !strings.Contains(q, "lesson=ring") || !strings.Contains(q, "ans=0") {
		t.Errorf("the lesson's page after the switches is %q, want the ring lesson with its answer", q)
	}
	p.noConsoleErrors()
}
