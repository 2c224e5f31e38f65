package playground

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/fabric"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/chromedp"
)

// fabricQuery is a study large enough to be computed in slices: pairwise
// AllToAll on 128 ranks (16,384 transfers a schedule) and ring AllReduce
// (32,512), 13 schedules in all.
const fabricQuery = "collective=alltoall&algorithm=pairwise&ranks=128&gpus-per-node=8&size=64MiB"

// watchFabric is a script that presses the buttons of its arguments'
// ids, then reads the fabric view's progress bar every animation frame
// until the answer (#fb-summary) is on screen, and returns the values
// seen, then -1 if the answer came or -2 if an error did (the page's own
// deadline: two minutes).
const watchFabric = `(async (...ids) => {
	for (const id of ids) document.getElementById(id).click();
	const seen = [], t0 = performance.now();
	while (performance.now() - t0 < 120000) {
		await new Promise((r) => requestAnimationFrame(r));
		if (document.getElementById("fb-summary") && !document.getElementById("fb-progress")) { seen.push(-1); break; }
		if (document.getElementById("fb-err")) { seen.push(-2); break; }
		const b = document.getElementById("fb-progress-bar");
		if (b) seen.push(+b.value);
	}
	return seen;
})`

// TestFabricProgressInBrowser: the fabric view computes a large study in
// slices — the progress bar is seen between 0 and 100 %, never going back,
// while the page keeps rendering — and then shows the answer core gives
// (cost.StudyFabric). Two ratio buttons pressed one after the other (the
// first study under way when the second starts) end with the newer one's
// answer.
func TestFabricProgressInBrowser(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en&view=fabric&" + fabricQuery)
	p.waitJS("the first answer", `!!document.getElementById("fb-summary") && !document.getElementById("fb-progress")`)
	seen := p.watchFabric("fb-r1")
	if len(seen) == 0 || seen[len(seen)-1] != -1 {
		t.Fatalf("the answer did not come; bar values %v", seen)
	}
	mid := 0
	for i, v := range seen[:len(seen)-1] {
		if v > 0 && v < 100 {
			mid++
		}
		if i > 0 && v < seen[i-1] {
			t.Errorf("the bar went back: %v", seen)
		}
	}
	if mid == 0 {
		t.Errorf("no progress between 0 and 100 %% was shown: %v", seen)
	}
	if got, want := p.text("fb-summary"), fabricSummary(t, 1); !strings.Contains(got, want) {
		t.Errorf("summary %q, core's time %s", got, want)
	}
	if s := p.watchFabric("fb-r2", "fb-r8"); len(s) == 0 || s[len(s)-1] != -1 {
		t.Fatalf("the answer at 8:1 did not come; bar values %v", s)
	}
	if got, want := p.text("fb-summary"), fabricSummary(t, 8); !strings.Contains(got, want) || !strings.Contains(got, "at 8:1") {
		t.Errorf("after 2:1 then 8:1: summary %q, core's time at 8:1 %s", got, want)
	}
	p.noConsoleErrors()
}

// watchFabric runs the script watchFabric.
func (p *page) watchFabric(ids ...string) []float64 {
	p.t.Helper()
	args := ""
	for _, id := range ids {
		args += fmt.Sprintf("%q,", id)
	}
	seen, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]float64](watchFabric+"("+args+")", chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("watching the progress bar: %v\nconsole:\n%s", err, p.consoleText())
	}
	return seen
}

// fabricSummary is the simulated time the fabric view shows for
// fabricQuery at ratio r on its fat-tree (leaves of a quarter of the
// nodes), from core.
func fabricSummary(t *testing.T, r float64) string {
	t.Helper()
	return ui.Secs(fabricStudy(t, r).Result.TimeS)
}

// fabricStudy is core's study of fabricQuery at ratio r on its fat-tree
// (leaves of a quarter of the nodes), as the fabric view asks it.
func fabricStudy(t *testing.T, r float64) cost.FabricStudy {
	t.Helper()
	get := map[string]string{}
	for _, kv := range strings.Split(fabricQuery, "&") {
		k, v, _ := strings.Cut(kv, "=")
		get[k] = v
	}
	q, err := question.CostParams(field.Map(get))
	if err != nil {
		t.Fatal(err)
	}
	q.CostModel = "" // the view's α-β model
	q.Fabric = fabric.Spec{Kind: fabric.FatTree, Oversubscription: r, LeafNodes: q.Ranks / q.GPUsPerNode / 4}
	st, err := cost.StudyFabric(q, 1<<16)
	if err != nil {
		t.Fatal(fmt.Errorf("ratio %g: %w", r, err))
	}
	return st
}
