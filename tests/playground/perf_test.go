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

// TestPerf is the playground's benchmark (opt-in, not a timed test):
//
//	go test -tags perf -run Perf -v ./tests/playground
//
// For P = 8, 64, 1024 and 1,048,576 on the default (timing) view it
// measures navigation → first rendered DOM (window.ccplayFirstRenderMs,
// performance.now() at the first render), and control change → updated DOM
// (an input event on the size field until the render it causes has written
// the DOM; the median and worst of 40 changes), and the wasm's gzipped size.
// Targets (issue 4): first render ≤ 500 ms, change ≤ 16 ms, wasm ≤ 1.2 MB gz.
func TestPerf(t *testing.T) {
	base := server(t)
	raw, err := os.ReadFile(filepath.Join(publicDir(t), "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(raw)
	w.Close()
	fmt.Printf("app.wasm: %.2f MB raw, %.2f MB gzip -9 (target ≤ 1.2 MB)\n", float64(len(raw))/1e6, float64(gz.Len())/1e6)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en")
	fmt.Printf("downloaded: %s\n", eval[string](p, `performance.getEntriesByType("resource").filter((e) => /app\.wasm/.test(e.name))`+
		`.map((e) => e.name.replace(/^.*\//, "") + " " + (e.encodedBodySize / 1e6).toFixed(2) + " MB on the wire").join(", ") + " (loaded " + window.ccplayWasmSource + ")"`))
	fmt.Printf("%-9s  %-12s  %-13s  %-12s\n", "P", "first (ms)", "change p50", "change max")
	for _, ranks := range []int{8, 64, 1024, 1 << 20} {
		var first []float64
		for i := 0; i < 3; i++ {
			p.open(fmt.Sprintf("%s/?lang=en&ranks=%d&_=%d", base, ranks, i))
			first = append(first, eval[float64](p, `window.ccplayFirstRenderMs`))
		}
		sort.Float64s(first)
		changes, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]float64](`(async () => {
			const el = document.getElementById("f-size");
			const out = [];
			for (let i = 0; i < 40; i++) {
				const done = new Promise((res) => { window.ccplayOnRender = res; });
				const t0 = performance.now();
				el.value = (i % 2 ? "100MiB" : "99MiB");
				el.dispatchEvent(new Event("input", {bubbles: true}));
				await done;
				out.push(performance.now() - t0); window.ccplayGoMs = (window.ccplayGoMs||[]).concat([window.ccplayLastRenderMs]);
			}
			window.ccplayOnRender = null;
			return out;
		})()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		sort.Float64s(changes)
		goMs := eval[[]float64](p, `window.ccplayGoMs || []`)
		sort.Float64s(goMs)
		eval[chromedp.Void](p, `window.ccplayGoMs = []; null`)
		fmt.Printf("  (Go build+render alone: p50 %.2f ms, max %.2f ms)\n", goMs[len(goMs)/2], goMs[len(goMs)-1])
		fmt.Printf("%-9d  %-12.1f  %-13.2f  %-12.2f\n", ranks, first[1], changes[len(changes)/2], changes[len(changes)-1])
	}
	p.noConsoleErrors()
}
