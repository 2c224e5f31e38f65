//go:build perf

package playground

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPerfTreeLongTasks reports (asserting nothing) the longest task
// (PerformanceObserver "longtask" entries, 50 ms and over; 0 = none) after
// the change of P from 1024 to 4096 with the tree algorithm, in the timing,
// steps, ledger and charts views, until the complete answer is on screen,
// the time from the change to it, and the renders it took with the
// longest's Go build + DOM time. Three runs per view, each in a page
// opened at P = 1024. Run with go tool task playground:perf.
func TestPerfTreeLongTasks(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	fmt.Printf("%-8s %s\n", "view", "tree, P 1024 → 4096: longest task (ms), change → complete (ms) (renders, the longest's Go build + DOM in ms); three runs")
	for _, view := range []string{"timing", "steps", "ledger", "charts"} {
		var line string
		for run := 0; run < 3; run++ {
			p.open(fmt.Sprintf("%s/?lang=en&view=%s&algorithm=tree&ranks=1024&_=%d", base, view, run))
			p.waitJS("the complete answer", `!window.ccplayPending`)
			r, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]float64](`(async () => {
				await new Promise((res) => setTimeout(res, 300));
				let longest = 0;
				const obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) longest = Math.max(longest, e.duration); });
				obs.observe({type: "longtask"});
				const el = document.getElementById("f-ranks");
				const renders = [];
				let first;
				const done = new Promise((res) => { first = res; });
				window.ccplayOnRender = (n, ms) => { renders.push(ms); first(); };
				const t0 = performance.now();
				el.value = "4096"; el.dispatchEvent(new Event("input", {bubbles: true}));
				await done;
				while (window.ccplayPending) await new Promise((res) => requestAnimationFrame(res));
				const t1 = performance.now() - t0;
				await new Promise((res) => setTimeout(res, 200)); // the observer's last entries
				obs.disconnect();
				window.ccplayOnRender = null;
				return [longest, t1, Math.max(...renders), renders.length];
			})()`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			line += fmt.Sprintf("  %.0f, %.0f (renders: %.0f, longest %.0f)", r[0], r[1], r[3], r[2])
		}
		fmt.Printf("%-8s%s\n", view, line)
	}
	p.noConsoleErrors()
}
