package playground

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ccplay/ccplay/internal/assets"
	"github.com/ccplay/ccplay/internal/testskip"
	"github.com/ccplay/ccplay/internal/wasmbuild"
	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// deadline bounds one whole browser test: generous, for a 2-core shared CI
// machine (compiling app.wasm, starting chromium, instantiating the wasm).
const deadline = 3 * time.Minute

var (
	buildOnce sync.Once
	buildErr  error
)

// publicDir is the repository's static site.
func publicDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs("../../public")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// ensureBuilt builds public/app.wasm (and its compressed copies) if needed,
// once per test binary, and returns public/'s path.
func ensureBuilt(t testing.TB) string {
	t.Helper()
	dir := publicDir(t)
	buildOnce.Do(func() {
		if buildErr = wasmbuild.Ensure(context.Background(), dir, os.Stderr); buildErr == nil {
			// the pages rendered here hand their simulations over to the
			// modules built from the same sources, as `ccplay serve`'s do
			ui.Build, buildErr = wasmbuild.SourceID(filepath.Dir(dir))
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return dir
}

// server builds app.wasm if needed and serves public/ on a local port as
// `ccplay serve` does (pages rendered by the server, hashed assets); the
// server is closed when the test ends.
func server(t testing.TB) string {
	t.Helper()
	dir := ensureBuilt(t)
	site, err := assets.Playground(os.DirFS(dir), http.FileServer(http.Dir(dir)))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/", site)
	// A course page that embeds a view, for the iframe test.
	mux.HandleFunc("/course.html", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, coursePage, r.URL.Query().Get("src"), r.URL.Query().Get("width"))
	})
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts.URL
}

// coursePage embeds the playground as a course page would (README snippet),
// recording every resize message it receives in window.resizes.
const coursePage = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>course</title>
<style>body{margin:0;font-family:sans-serif} .lesson{width:%[2]spx;margin:0 auto}</style></head>
<body><div class="lesson"><p>Lecture 09 text…</p>
<iframe id="ccplay" src="%[1]s" style="width:100%%;border:0" height="300" loading="lazy" title="ccplay"></iframe>
<p>More lecture text…</p></div>
<script>
window.resizes = [];
window.addEventListener("message", (e) => {
  if (e.data && e.data.type === "ccplay:resize") {
    window.resizes.push(e.data.height);
    document.getElementById("ccplay").style.height = e.data.height + "px";
  }
});
</script></body></html>`

// findChromium returns the browser to drive; under CI=true its absence is a
// failure, elsewhere the test is skipped.
func findChromium(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	testskip.Skip(t, "browser tests (tests/playground)", "chromium not found (apt-get install -y chromium)")
	return ""
}

// page is one browser tab with its console recorded.
type page struct {
	t       testing.TB
	ctx     context.Context
	mu      sync.Mutex
	console []chromedp.ConsoleMessage
}

// browser starts a headless chromium (fresh profile) and opens a tab of the
// given viewport size. Chromium is stopped when the test ends (the
// allocator kills the process it started).
func browser(t testing.TB, width, height int64) *page {
	t.Helper()
	exe := findChromium(t)
	profile := t.TempDir()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("lang", "en-US"),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(int(width), int(height)),
	}
	ctx, cancelTime := context.WithTimeout(context.Background(), deadline)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelTab := chromedp.NewContext(actx)
	p := &page{t: t, ctx: bctx}
	msgs := chromedp.Console(bctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range msgs {
			if err != nil {
				return
			}
			p.mu.Lock()
			p.console = append(p.console, m)
			p.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
		cancelTime()
		<-done
	})
	if err := chromedp.Do(bctx, chromedp.EmulateViewport(width, height)); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return p
}

// do runs actions, failing the test on error.
func (p *page) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatalf("%s: %v\nconsole:\n%s", what, err, p.consoleText())
	}
}

// eval evaluates a JavaScript expression into T.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("evaluate %s: %v\nconsole:\n%s", expr, err, p.consoleText())
	}
	return v
}

// waitJS polls a JavaScript predicate until it is truthy (generous deadline,
// no fixed sleeps).
func (p *page) waitJS(what, expr string) {
	p.t.Helper()
	end := time.Now().Add(deadline / 2)
	var err error
	for time.Now().Before(end) {
		_, err = chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(time.Until(end))))
		// A poll started while a navigation replaces the page loses its
		// execution context: poll again in the new one.
		if err == nil || !(strings.Contains(err.Error(), "context") || strings.Contains(err.Error(), "navigat")) || p.ctx.Err() != nil {
			break
		}
	}
	if err != nil {
		p.t.Fatalf("waiting for %s (%s): %v\nconsole:\n%s", what, expr, err, p.consoleText())
	}
}

// open navigates to url and waits for the playground's first render.
func (p *page) open(url string) {
	p.t.Helper()
	// Mark the old document, so the wait below cannot see its renders.
	_, _ = chromedp.Run(p.ctx, chromedp.Evaluate[chromedp.Void](`window.ccplayOld = true; null`))
	p.do("navigate "+url, chromedp.Navigate(url))
	p.waitJS("first render", `!window.ccplayOld && window.ccplayRenders >= 1`)
}

// text is the text content of the element with id.
func (p *page) text(id string) string {
	return eval[string](p, fmt.Sprintf(`(document.getElementById(%q)||{}).textContent||""`, id))
}

// setField types v into the control with id (as a user's input event does)
// and waits for the render it causes.
func (p *page) setField(id, v string) {
	p.t.Helper()
	n := p.beforeAction()
	eval[chromedp.Void](p, fmt.Sprintf(`(()=>{const el=document.getElementById(%q); el.value=%q;
		el.dispatchEvent(new Event(el.tagName==="SELECT"?"change":"input",{bubbles:true})); return null})()`, id, v))
	p.afterAction("render after "+id, n)
}

// click clicks the element with id and waits for the render it causes.
func (p *page) click(id string) {
	p.t.Helper()
	n := p.beforeAction()
	eval[chromedp.Void](p, fmt.Sprintf(`(()=>{document.getElementById(%q).click(); return null})()`, id))
	p.afterAction("render after click "+id, n)
}

// beforeAction marks the document (see afterAction) and returns its
// render count.
func (p *page) beforeAction() int {
	p.t.Helper()
	return eval[int](p, `window.ccplayOld = true; window.ccplayRenders`)
}

// afterAction waits for the render an action causes, n the render count
// before it: the next render of this page or, when the page loads itself
// again with the other WebAssembly module (window.ccplayLeaving, a tab of
// a view the module does not have), the new page's first render.
func (p *page) afterAction(what string, n int) {
	p.t.Helper()
	p.waitJS(what, fmt.Sprintf(`window.ccplayOld ? window.ccplayRenders > %d && !window.ccplayLeaving : window.ccplayRenders >= 1`, n))
}

// typeEnter types v into the input with id and presses Enter in it (the
// input and keydown events a user's typing causes), then waits for the
// render the answer causes.
func (p *page) typeEnter(id, v string) {
	p.t.Helper()
	p.setField(id, v)
	n := p.beforeAction()
	eval[chromedp.Void](p, fmt.Sprintf(`(()=>{const el=document.getElementById(%q); el.focus();
		el.dispatchEvent(new KeyboardEvent("keydown",{key:"Enter",bubbles:true})); return null})()`, id))
	p.afterAction("render after Enter in "+id, n)
}

// consoleText is every console message so far, one a line.
func (p *page) consoleText() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var b strings.Builder
	for _, m := range p.console {
		fmt.Fprintf(&b, "  [%s] %s\n", m.Type, m.Text)
	}
	return b.String()
}

// noConsoleErrors fails on any console error, warning-level browser log
// error or uncaught exception so far.
func (p *page) noConsoleErrors() {
	p.t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, m := range p.console {
		if m.IsException() || m.Type == "error" || m.Type == "assert" {
			p.t.Errorf("console %s: %s", m.Type, m.Text)
		}
	}
}

// urlEscape escapes a query value.
func urlEscape(s string) string { return url.QueryEscape(s) }

// navigate opens url in the tab.
func navigate(url string) chromedp.Action[chromedp.Void] { return chromedp.Navigate(url) }

func itoa(n int) string { return strconv.Itoa(n) }

// setLocale makes the tab's navigator.language lang (Accept-Language
// emulation, keeping the browser's user agent).
func setLocale(lang string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		ua, err := chromedp.Run(ctx, chromedp.Evaluate[string](`navigator.userAgent`))
		if err != nil {
			return err
		}
		_, err = chromedp.Call(ctx, emulation.SetUserAgentOverride, emulation.SetUserAgentOverrideParams{UserAgent: ua, AcceptLanguage: lang})
		return err
	})
}
