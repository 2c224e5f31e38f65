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
