//go:build perf

package playground

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/chromedp/cdproto/network"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// emulate puts the tab on np with an empty cache and numbersProbe in every
// document.
func emulate(p *page, np networkProfile) {
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
}

// throttleWorkers puts the browser's service workers on np too: the
// requests a service worker makes (a page it fetches for the tab) are its
// own, which the tab's emulation does not slow down. The contexts end with
// the test.
func throttleWorkers(t *testing.T, p *page, np networkProfile) {
	t.Helper()
	infos, err := chromedp.Targets(p.ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, info := range infos {
		if info.Type != "service_worker" {
			continue
		}
		wctx, cancel := chromedp.NewContext(p.ctx, chromedp.WithTargetID(info.TargetID))
		t.Cleanup(cancel)
		if _, err := chromedp.Run(wctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			if _, err := chromedp.Call(ctx, network.Enable, network.EnableParams{}); err != nil {
				return err
			}
			_, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
				MatchedNetworkConditions: []*network.Conditions{{Latency: np.latencyMs, DownloadThroughput: np.down, UploadThroughput: np.up}}})
			return err
		})); err != nil {
			t.Fatalf("throttling the service worker: %v", err)
		}
		n++
	}
	if n == 0 {
		t.Fatalf("no service worker to put on %s", np.name)
	}
}

// sinceMs is the time in ms from start to the page's performance.now() = at
// (the browser and the test share the machine's clock).
func sinceMs(p *page, start time.Time, at string) float64 {
	origin := eval[float64](p, `performance.timeOrigin + (`+at+`)`)
	return origin - float64(start.UnixMicro())/1e3
}

// TestPerfFirstPaint is a report, not a check, cold on Lighthouse's Slow
// 4G (150 ms, 1.6 Mbit/s down, 0.75 up):
//
//   - serve: a Chinese timing link's numbers painted, then P changed and
//     Enter pressed before the WebAssembly has arrived: the time from the
//     key to the server's new page showing core's time for the new P, and
//     whether the WebAssembly had rendered by then (it must not have);
//   - static host: a Chinese link with a question, given to the bare
//     address: the time to the first paint of the Chinese page (after the
//     inline script's hop to the view's pre-rendered page) and to the
//     requested numbers (core's time for the link's P in #t-time), cold
//     and then warm (the same link again, the service worker installed).
func TestPerfFirstPaint(t *testing.T) {
	slow := profiles[1]
	want := func(ranks string) string {
		return cost.FormatSeconds(evaluate(t, map[string]string{"ranks": ranks, "size": "1GiB", "bandwidth": "400Gbps", "latency": "5us"}).TimeS)
	}
	const q = "view=timing&size=1GiB&bandwidth=400Gbps&latency=5us&lang=zh&ranks="

	serve, static := server(t), staticSite(t)
	p := browser(t, 390, 844)
	emulate(p, slow)
	start := time.Now()
	p.do("navigate", chromedp.Navigate(serve+"/?"+q+"64"))
	p.waitJS("numbers", `window.ccplayNumbersMs > 0`)
	numbers := sinceMs(p, start, `window.ccplayNumbersMs`)
	if eval[bool](p, `typeof window.ccplayRenders === "number"`) {
		t.Fatalf("the WebAssembly rendered before the form could be tried")
	}
	key := time.Now()
	p.do("P = 128, Enter", chromedp.SetValue(chromedp.CSS("#f-ranks"), "128"), chromedp.SendKeys(chromedp.CSS("#f-ranks"), kb.Enter))
	p.waitJS("the server's page for P = 128", `/[?&]ranks=128(&|$)/.test(location.search) && window.ccplayNumbersMs > 0 && document.getElementById("t-time").textContent === `+jsString(want("128")))
	submit := sinceMs(p, key, `window.ccplayNumbersMs`)
	wasm := eval[bool](p, `typeof window.ccplayRenders === "number"`)
	fmt.Printf("serve, Slow 4G, cold: numbers %.0f ms; P changed + Enter → the server's page with P = 128's numbers %.0f ms (WebAssembly rendered by then: %v)\n", numbers, submit, wasm)
	p.noConsoleErrors()

	s := browser(t, 390, 844)
	emulate(s, slow)
	start = time.Now()
	s.do("navigate", chromedp.Navigate(static+"/?"+q+"128"))
	s.waitJS("the Chinese page", `document.documentElement.lang === "zh-CN" && !!document.getElementById("t-time") && performance.getEntriesByName("first-contentful-paint").length > 0`)
	paint := sinceMs(s, start, `performance.getEntriesByName("first-contentful-paint")[0].startTime`)
	s.waitJS("the requested numbers", `window.ccplayRenders >= 1 && document.getElementById("t-time").textContent === `+jsString(want("128")))
	done := sinceMs(s, start, `window.ccplayFirstRenderMs`)
	fmt.Printf("static, Slow 4G, cold, zh link with a query: Chinese page painted %.0f ms, requested numbers %.0f ms\n", paint, done)

	// The repeat visit: the build's service worker (sw.js) serves the
	// hashed assets from its cache; the pages still come from the host.
	s.waitJS("the service worker", `!!navigator.serviceWorker && !!navigator.serviceWorker.controller`)
	throttleWorkers(t, s, slow)
	_, _ = chromedp.Run(s.ctx, chromedp.Evaluate[chromedp.Void](`window.ccplayOld = true; null`))
	start = time.Now()
	s.do("navigate again", chromedp.Navigate(static+"/?"+q+"128"))
	s.waitJS("the requested numbers, warm", `!window.ccplayOld && window.ccplayRenders >= 1 && document.getElementById("t-time").textContent === `+jsString(want("128")))
	warmPaint := sinceMs(s, start, `performance.getEntriesByName("first-contentful-paint")[0].startTime`)
	warm := sinceMs(s, start, `window.ccplayFirstRenderMs`)
	bySW := eval[bool](s, `performance.getEntriesByType("resource").some((e) => /\.wasm/.test(e.name) && e.workerStart > 0)`)
	fmt.Printf("static, Slow 4G, warm (service worker: %v), zh link with a query: Chinese page painted %.0f ms, requested numbers %.0f ms\n", bySW, warmPaint, warm)
	s.noConsoleErrors()
}
