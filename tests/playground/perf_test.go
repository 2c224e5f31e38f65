//go:build perf

package playground

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPerfReport is a reporting tool, not a check: it prints the
// playground's timings and asserts none of them (a timed assertion on a
// shared machine would fail at random). It builds only with the perf tag:
//
//	go tool task playground:perf
//	go test -tags perf -run Perf -count=1 -v ./tests/playground
//
// For P = 8, 64, 1024 and 1,048,576 on the default (timing) view it
// measures navigation → first rendered DOM (window.ccplayFirstRenderMs,
// performance.now() at the first render), and control change → updated DOM
// (an input or change event on the size, bandwidth, latency or algorithm
// field until the render it causes has written the DOM; median, p90 and
// worst of 40 changes, and which change was the slowest), then until the
// complete answer (a tree's executed schedule, which follows a frame
// later) is on screen, and the wasm's gzipped size. It fails only when it
// cannot measure (no app.wasm, no browser, a console error). The budgets
// these figures are read against, and the figures of the last runs, are in
// docs/performance.md.
func TestPerfReport(t *testing.T) {
	base := server(t)
	raw, err := os.ReadFile(filepath.Join(publicDir(t), "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(raw)
	w.Close()
	fmt.Printf("app.wasm: %.2f MB raw, %.2f MB gzip -9\n", float64(len(raw))/1e6, float64(gz.Len())/1e6)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en")
	fmt.Printf("downloaded: %s\n", eval[string](p, `performance.getEntriesByType("resource").filter((e) => /app\.wasm/.test(e.name))`+
		`.map((e) => e.name.replace(/^.*\//, "") + " " + (e.encodedBodySize / 1e6).toFixed(2) + " MB on the wire").join(", ") + " (loaded " + window.ccplayWasmSource + ")"`))
	fmt.Printf("%-9s  %-10s  %-34s  %-22s  %s\n", "P", "first (ms)", "control change → DOM (ms)", "Go build+render (ms)", "→ complete (ms)")
	fmt.Printf("%-9s  %-10s  %-34s  %-22s  %s\n", "", "median", "p50 / p90 / max (slowest: #i)", "p50 / max", "p50 / max")
	for _, ranks := range []int{8, 64, 1024, 1 << 20} {
		var first []float64
		for i := 0; i < 3; i++ {
			p.open(fmt.Sprintf("%s/?lang=en&ranks=%d&_=%d", base, ranks, i))
			first = append(first, eval[float64](p, `window.ccplayFirstRenderMs`))
		}
		sort.Float64s(first)
		// 40 changes cycling through four controls: the size, the
		// bandwidth, the latency and the algorithm (each back and forth).
		res, err := chromedp.Run(p.ctx, chromedp.Evaluate[[][]float64](`(async () => {
			const edits = [["f-size", "99MiB", "100MiB"], ["f-bandwidth", "40GB/s", "50GB/s"],
				["f-latency", "6us", "5us"], ["f-algorithm", "tree", "ring"]];
			const out = [];
			for (let i = 0; i < 40; i++) {
				const [id, a, b] = edits[i % 4];
				const el = document.getElementById(id);
				const done = new Promise((res) => { window.ccplayOnRender = res; });
				const t0 = performance.now();
				el.value = (Math.floor(i / 4) % 2 ? b : a);
				el.dispatchEvent(new Event(el.tagName === "SELECT" ? "change" : "input", {bubbles: true}));
				await done;
				const quick = performance.now() - t0, goMs = window.ccplayLastRenderMs;
				// A tree's executed schedule follows a frame later: wait for
				// it (and time it) before the next change.
				while (window.ccplayPending) {
					await new Promise((res) => requestAnimationFrame(res));
				}
				out.push([quick, goMs, performance.now() - t0]);
			}
			window.ccplayOnRender = null;
			return out;
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		var changes, goMs, complete []float64
		slowest := 0
		for i, r := range res {
			changes, goMs, complete = append(changes, r[0]), append(goMs, r[1]), append(complete, r[2])
			if r[0] > res[slowest][0] {
				slowest = i
			}
		}
		sort.Float64s(changes)
		sort.Float64s(goMs)
		sort.Float64s(complete)
		fmt.Printf("%-9d  %-10.1f  %-34s  %-22s  %s\n", ranks, first[1],
			fmt.Sprintf("%.1f / %.1f / %.1f (#%d)", changes[len(changes)/2], changes[len(changes)*9/10], changes[len(changes)-1], slowest),
			fmt.Sprintf("%.1f / %.1f", goMs[len(goMs)/2], goMs[len(goMs)-1]),
			fmt.Sprintf("%.1f / %.1f", complete[len(complete)/2], complete[len(complete)-1]))
	}
	p.noConsoleErrors()
}
