//go:build perf

package playground

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// networkProfile is an emulated network (Chrome DevTools Protocol
// Network.emulateNetworkConditionsByRule): latency added to each request,
// throughputs in bytes per second.
type networkProfile struct {
	name           string
	latencyMs      float64
	down, up       float64
	downMbps, upMb float64
}

// profiles are the networks of the report: Fast 4G (9 Mbps down, 1.5 up,
// 85 ms) and Slow 4G (1.6 Mbps down, 0.75 up, 150 ms).
var profiles = []networkProfile{
	{"Fast 4G", 85, 9e6 / 8, 1.5e6 / 8, 9, 1.5},
	{"Slow 4G", 150, 1.6e6 / 8, 0.75e6 / 8, 1.6, 0.75},
}

// numbersProbe runs at the start of every document: when the timing
// view's time (#t-time) first holds text, it records the next frame's time
// (the first paint showing numbers) in window.ccplayNumbersMs.
const numbersProbe = `(() => {
  const seen = () => { const el = document.getElementById("t-time"); return el && el.textContent.trim() !== ""; };
  const mark = () => requestAnimationFrame(() => { window.ccplayNumbersMs = performance.now(); });
  const mo = new MutationObserver(() => { if (seen()) { mo.disconnect(); mark(); } });
  mo.observe(document, { childList: true, subtree: true, characterData: true });
})();`

// TestPerfNetwork is a report, not a check: for `ccplay serve`'s handler
// (pages rendered on the server, brotli) and the static build (pre-rendered
// pages, the .gz inflated in the page), on emulated Fast 4G and Slow 4G,
// cold (empty cache) and warm (the same page again; on the static build
// through its service worker, put on the same network), it prints the time to
// the first paint showing the requested view's numbers, to interactive (the
// WebAssembly's first render), to the loading bar (first contentful
// paint) and to the end of app.wasm's download (wasm in), and the bytes
// transferred, all from navigation start. Run by `go tool task playground:perf`.
func TestPerfNetwork(t *testing.T) {
	targets := []struct{ name, url string }{
		{"serve", server(t) + "/?view=timing&ranks=64&lang=en"},
		{"static", staticSite(t) + "/?lang=en"},
	}
	fmt.Printf("%-7s %-8s %-5s %13s %12s %12s %12s %10s\n", "target", "network", "cache", "numbers (ms)", "interactive", "first paint", "wasm in", "bytes")
	for _, tg := range targets {
		for _, np := range profiles {
			p := browser(t, 1280, 800)
			p.do("emulate "+np.name, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
				if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
					return err
				}
				if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: numbersProbe}); err != nil {
					return err
				}
				_, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
					MatchedNetworkConditions: []*network.Conditions{{Latency: np.latencyMs, DownloadThroughput: np.down, UploadThroughput: np.up}}})
				return err
			}))
			for i, cache := range []string{"cold", "warm"} {
				if cache == "warm" && tg.name == "static" {
					// The static build's service worker serves the warm visit:
					// on the same network as the tab.
					p.waitJS("the service worker", `!!navigator.serviceWorker && !!navigator.serviceWorker.controller`)
					throttleWorkers(t, p, np)
				}
				p.do("navigate", chromedp.Navigate(fmt.Sprintf("%s&_=%d", tg.url, i)))
				p.waitJS("interactive", `window.ccplayRenders >= 1 && window.ccplayNumbersMs > 0`)
				m := eval[[]float64](p, `(() => {
					const nav = performance.getEntriesByType("navigation")[0];
					const fcp = performance.getEntriesByName("first-contentful-paint")[0];
					const bytes = performance.getEntriesByType("resource").reduce((s, e) => s + e.transferSize, nav.transferSize);
					const wasm = performance.getEntriesByType("resource").find((e) => /\.wasm/.test(e.name));
					return [window.ccplayNumbersMs, window.ccplayFirstRenderMs, fcp ? fcp.startTime : -1, bytes, wasm ? wasm.responseEnd : -1];
				})()`)
				fmt.Printf("%-7s %-8s %-5s %13.0f %12.0f %12.0f %12.0f %10.0f\n", tg.name, np.name, cache, m[0], m[1], m[2], m[4], m[3])
			}
			p.noConsoleErrors()
		}
	}
}
