//go:build perf

package playground

import (
	"fmt"
	"testing"

	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/chromedp"
)

// TestPerfLessonContention reports (asserting nothing) the longest task
// (PerformanceObserver "longtask" entries, 50 ms and over; 0 = none) in
// the hierarchy and moe lessons while the question before the contention
// question is answered (the render that computes the contention
// question's options, two fabric simulations each) and then the
// contention question (the render that computes the figure: the runs the
// prediction did not share with it), in the main module, with the time
// from the answer to the figure and every render's Go build + DOM time.
// Three runs per lesson. Run with go tool task playground:perf.
func TestPerfLessonContention(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	fmt.Printf("%-10s %s\n", "lesson", "contention question and figure: longest task (ms), answer → figure (ms) [renders' Go build + DOM, ms]; three runs")
	for _, id := range []string{"hierarchy", "moe"} {
		qs := lessonQuestions(t, id, "en")
		n := -1
		for i, b := range qs {
			if b.Metric == "contention" {
				n = i
			}
		}
		if n < 1 {
			t.Fatalf("%s: no contention question after another", id)
		}
		ans := ""
		for range n - 1 {
			ans += "0"
		}
		var line string
		for run := 0; run < 3; run++ {
			p.open(fmt.Sprintf("%s/?lesson=%s&lang=en&ans=%s&_=%d", base, id, ans, run))
			p.waitJS("the question before", fmt.Sprintf(`!!document.querySelector("#quiz-%d button, #quiz-%d input")`, n-1, n-1))
			eval[chromedp.Void](p, `(()=>{window.ccplayLongest = 0;
				window.ccplayObs = new PerformanceObserver((l) => { for (const e of l.getEntries()) window.ccplayLongest = Math.max(window.ccplayLongest, e.duration); });
				window.ccplayObs.observe({type: "longtask"}); window.ccplayRenderMs = []; window.ccplayOnRender = (n, ms) => { window.ccplayRenderMs.push(Math.round(ms)); }; return null})()`)
			if prev := ui.AnswerOf(qs[n-1]); qs[n-1].Tol > 0 {
				p.typeEnter(fmt.Sprintf("qin-%d", n-1), prev.Labels[0])
			} else {
				p.click(fmt.Sprintf("q%d-0", n-1))
			}
			p.waitJS("the contention question", fmt.Sprintf(`!!document.getElementById("qin-%d")`, n))
			t0 := eval[float64](p, `performance.now()`)
			p.typeEnter(fmt.Sprintf("qin-%d", n), ui.AnswerOf(qs[n]).Labels[0])
			p.waitJS("the figure", `!!document.getElementById("ct-table")`)
			t1 := eval[float64](p, `performance.now()`)
			r, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](`(async () => {
				await new Promise((res) => setTimeout(res, 200)); // the observer's last entries
				window.ccplayObs.disconnect();
				return window.ccplayLongest;
			})()`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatal(err)
			}
			line += fmt.Sprintf("  %.0f, %.0f %v", r, t1-t0, eval[[]float64](p, `window.ccplayRenderMs`))
		}
		fmt.Printf("%-10s%s\n", id, line)
	}
	p.noConsoleErrors()
}
