package playground

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/plan"
	"github.com/chromedp/chromedp"
)

// planFabricQuery is an MoE plan whose DP and EP groups span 8 nodes,
// with the fat-tree's fields set while the fabric is still ideal.
const planFabricQuery = "view=plan&plan.model=deepseek-v3&plan.dp=64&plan.ep=64&plan.tp=1&plan.zero=1&plan.algorithm=ring&plan.oversubscription=4&plan.leaf-nodes=2"

// watchPlan is a script that chooses the fat-tree in the planner's fabric
// select, then reads the planner's progress bar every animation frame
// until the plan on the fabric (#pl-fabric) is on screen, and returns the
// values seen, the first progress text, and whether the plan came, as
// JSON (the page's own deadline: two minutes).
const watchPlan = `(async () => {
	const el = document.getElementById("pl-fabric");
	el.value = "fat-tree";
	el.dispatchEvent(new Event("change", {bubbles: true}));
	const out = {seen: [], text: "", came: false}, t0 = performance.now();
	while (performance.now() - t0 < 120000) {
		await new Promise((r) => requestAnimationFrame(r));
		if (document.querySelector("dl#pl-fabric") && !document.getElementById("pl-progress")) { out.came = true; break; }
		const b = document.getElementById("pl-progress-bar");
		if (b) {
			out.seen.push(+b.value);
			if (!out.text) out.text = document.getElementById("pl-progress-text").textContent;
		}
	}
	return JSON.stringify(out);
})`

// planWatch is what watchPlan returns.
type planWatch struct {
	Seen []float64 `json:"seen"`
	Text string    `json:"text"`
	Came bool      `json:"came"`
}

// TestPlanProgressInBrowser: choosing a fabric in the planner leaves the
// plan's simulations to slices between the browser's frames — the page
// keeps rendering and shows the progress bar, its text in the page's
// language, never going back — and then shows the plan core gives
// (plan.Plan): the communication time on the fabric, in Chinese and in
// English.
func TestPlanProgressInBrowser(t *testing.T) {
	fields := map[string]string{"model": "deepseek-v3", "dp": "64", "ep": "64", "tp": "1", "zero": "1", "algorithm": "ring",
		"fabric": "fat-tree", "oversubscription": "4", "leaf-nodes": "2"}
	in, err := plan.Parse(field.Map(fields))
	if err != nil {
		t.Fatal(err)
	}
	want, err := plan.Plan(in)
	if err != nil {
		t.Fatal(err)
	}
	comm := cost.FormatSeconds(want.Fabric.IdealCommS) + " → " + cost.FormatSeconds(want.CommS)
	base := server(t)
	p := browser(t, 1280, 800)
	for _, lang := range []struct{ code, progress string }{{"zh", "正在分段模拟本方案"}, {"en", "Simulating the plan's collectives on the fabric in slices"}} {
		p.open(base + "/?lang=" + lang.code + "&" + planFabricQuery)
		raw, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](watchPlan+"()", chromedp.EvalAwaitPromise))
		var w planWatch
		if err == nil {
			err = json.Unmarshal([]byte(raw), &w)
		}
		if err != nil {
			t.Fatalf("%s: watching the progress bar: %v\nconsole:\n%s", lang.code, err, p.consoleText())
		}
		if !w.Came || len(w.Seen) == 0 {
			t.Fatalf("%s: the plan did not come, or came with no progress shown (bar values %v)", lang.code, w.Seen)
		}
		mid := 0
		for i, v := range w.Seen {
			if v > 0 && v < 100 {
				mid++
			}
			if i > 0 && v < w.Seen[i-1] {
				t.Errorf("%s: the bar went back: %v", lang.code, w.Seen)
			}
		}
		if mid == 0 {
			t.Errorf("%s: no progress between 0 and 100 %% was shown: %v", lang.code, w.Seen)
		}
		if !strings.Contains(w.Text, lang.progress) {
			t.Errorf("%s: progress text %q", lang.code, w.Text)
		}
		if got := p.text("pl-f-comm"); !strings.HasPrefix(got, comm) {
			t.Errorf("%s: communication on the fabric %q, core says %q", lang.code, got, comm)
		}
	}
	p.noConsoleErrors()
}
