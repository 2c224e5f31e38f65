package playground

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/internal/assets"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// takeoverURL is a question with a tree (its time needs the executed
// schedule) in English, so the text compared is not the default's.
const takeoverURL = "/?view=timing&ranks=64&size=1GiB&bandwidth=400Gbps&latency=5us&algorithm=tree&lang=en"

// TestServerRenderedTakeover: the page arrives with the URL's numbers (the
// tree's executed schedule priced too) and its question's controls working as an HTML form before any WebAssembly runs (app.wasm is blocked: the
// page stays as the server rendered it, the loading bar showing bytes);
// once app.wasm loads, its first render takes the same DOM over: the text
// of the page is unchanged (but for the form's submit button, which goes), the very element that showed the time is still
// in the document, the controls work and the loading bar is gone.
func TestServerRenderedTakeover(t *testing.T) {
	base := server(t)
	r := evaluate(t, map[string]string{"ranks": "64", "size": "1GiB", "bandwidth": "400Gbps", "latency": "5us", "algorithm": "tree"})
	want, sched := cost.FormatSeconds(r.TimeS), cost.FormatSeconds(r.ScheduleTimeS)+" · "

	// A server whose app.wasm never arrives: the page as the server
	// rendered it, before any WebAssembly.
	stalled := stallingServer(t)
	blocked := browser(t, 1280, 800)
	blocked.do("navigate", chromedp.Navigate(stalled+takeoverURL))
	blocked.waitJS("the loading bar", `!!document.getElementById("boot-bytes")`)
	if got := blocked.text("t-time"); got != want {
		t.Errorf("before the WebAssembly: time %q, core says %q", got, want)
	}
	if got := blocked.text("t-sched"); !strings.HasPrefix(got, sched) {
		t.Errorf("before the WebAssembly: executed schedule %q, core says %q", got, sched)
	}
	if n := eval[int](blocked, `document.querySelectorAll("#controls input:disabled, #controls select:disabled").length`); n != 0 {
		t.Errorf("%d of the question's controls are disabled before the WebAssembly runs: the form does not work", n)
	}
	if n := eval[int](blocked, `document.querySelectorAll("#controls [data-field][name][form=ccplay-form]").length`); n < 4 {
		t.Errorf("%d of the question's controls belong to the form before the WebAssembly runs", n)
	}
	if got := blocked.text("boot-bytes"); !regexp.MustCompile(`^\d+\.\d\d / \d+\.\d\d MB$`).MatchString(got) {
		t.Errorf("the loading bar shows %q, want bytes downloaded / total", got)
	}

	p := browser(t, 1280, 800)
	p.do("install the probe", installProbe())
	p.do("navigate", chromedp.Navigate(base+takeoverURL))
	p.waitJS("first render", `window.ccplayRenders >= 1`)
	if n := eval[int](p, `window.ccplayRendersAtProbe`); n != 0 {
		t.Fatalf("the probe ran after %d renders: it cannot compare", n)
	}
	if got := eval[string](p, `document.getElementById("app").innerText`); got != eval[string](p, `window.ccplayBefore`) {
		t.Errorf("the WebAssembly changed the page's text on taking over:\nbefore %q\nafter  %q", eval[string](p, `window.ccplayBefore`), got)
	}
	if !eval[bool](p, `document.getElementById("t-time").ccplayMark === true`) {
		t.Errorf("the time element was replaced, not taken over")
	}
	if got := p.text("t-time"); got != want {
		t.Errorf("after the WebAssembly: time %q, core says %q", got, want)
	}
	if eval[bool](p, `!!document.getElementById("boot")`) {
		t.Errorf("the loading bar is still there after the first render")
	}
	if n := eval[int](p, `document.querySelectorAll("#app input[disabled], #app select[disabled]").length`); n != 0 {
		t.Errorf("%d controls are still disabled after the first render", n)
	}
	if n := eval[int](p, `document.querySelectorAll("#ccplay-form, .ssr-submit, #app [form], #app a.btn").length`); n != 0 {
		t.Errorf("%d pieces of the server-rendered form are left after the first render", n)
	}
	p.setField("f-ranks", "128")
	if got, want := p.text("t-time"), cost.FormatSeconds(evaluate(t, map[string]string{"ranks": "128", "size": "1GiB",
		"bandwidth": "400Gbps", "latency": "5us", "algorithm": "tree"}).TimeS); got != want {
		t.Errorf("after editing ranks: time %q, core says %q", got, want)
	}
	p.noConsoleErrors()
}

// stallingServer serves public/ as server does, except that a request for
// a .wasm file is held unanswered until the test ends.
func stallingServer(t *testing.T) string {
	t.Helper()
	dir := ensureBuilt(t)
	site, err := assets.Playground(os.DirFS(dir), http.FileServer(http.Dir(dir)))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			<-done
			return
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { close(done); ts.Close() })
	return ts.URL
}

// takeoverProbe runs at the start of every document. When boot.js starts
// (it sets window.ccplayNavStart first, after #app is parsed and before it
// fetches app.wasm) it records the rendered text (window.ccplayBefore) and
// the renders so far (window.ccplayRendersAtProbe, 0 unless something is
// wrong) and marks the time element, if any (ccplayMark).
const takeoverProbe = `(() => {
  let start;
  Object.defineProperty(window, "ccplayNavStart", { configurable: true, get() { return start; }, set(v) {
    start = v;
    window.ccplayRendersAtProbe = window.ccplayRenders || 0;
    const submit = document.querySelectorAll("#app .ssr-submit");
    submit.forEach((e) => { e.hidden = true; });
    window.ccplayBefore = document.getElementById("app").innerText;
    submit.forEach((e) => { e.hidden = false; });
    const el = document.getElementById("t-time");
    if (el) el.ccplayMark = true;
  } });
})();`

// installProbe installs takeoverProbe in the tab.
func installProbe() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: takeoverProbe})
		return err
	})
}
