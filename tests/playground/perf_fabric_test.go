//go:build perf

package playground

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPerfFabricSlices reports (asserting nothing) how the fabric view's
// study computed in slices behaves in the browser: after a ratio button
// on pairwise AllToAll (with ring AllReduce beside it) at P = 64 and 128,
// the longest task (PerformanceObserver "longtask" entries, 50 ms and
// over; 0 = none) and how many there were, the time from the click to the
// answer on screen, and the progress-bar values painted on the way
// (animation frames that saw the bar). Three runs per P, each in a page
// that has its first answer. Run with go tool task playground:perf.
func TestPerfFabricSlices(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	fmt.Printf("%-6s %s\n", "P", "fabric view, ratio 4:1 → 1:1: longest task (ms), long tasks, click → answer (ms), frames with the bar; three runs")
	for _, ranks := range []int{64, 128} {
		var line string
		for run := 0; run < 3; run++ {
			p.open(fmt.Sprintf("%s/?lang=en&view=fabric&collective=alltoall&algorithm=pairwise&ranks=%d&gpus-per-node=8&size=64MiB&_=%d", base, ranks, run))
			p.waitJS("the first answer", `!!document.getElementById("fb-summary") && !document.getElementById("fb-progress")`)
			r, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]float64](`(async () => {
				await new Promise((res) => setTimeout(res, 300));
				let longest = 0, long = 0;
				const obs = new PerformanceObserver((l) => { for (const e of l.getEntries()) { longest = Math.max(longest, e.duration); long++; } });
				obs.observe({type: "longtask"});
				const t0 = performance.now();
				document.getElementById("fb-r1").click();
				let frames = 0;
				while (performance.now() - t0 < 120000) {
					await new Promise((res) => requestAnimationFrame(res));
					if (document.getElementById("fb-summary") && !document.getElementById("fb-progress")) break;
					if (document.getElementById("fb-progress-bar")) frames++;
				}
				const t1 = performance.now() - t0;
				await new Promise((res) => setTimeout(res, 200)); // the observer's last entries
				obs.disconnect();
				return [longest, long, t1, frames];
			})()`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			line += fmt.Sprintf("  %.0f, %.0f, %.0f, %.0f;", r[0], r[1], r[2], r[3])
		}
		fmt.Printf("%-6d%s\n", ranks, line)
	}
	p.noConsoleErrors()
}
