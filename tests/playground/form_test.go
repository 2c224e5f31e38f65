package playground

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/internal/assets"
	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// formURL is a Chinese timing page whose question the tests below change.
const formURL = "/?view=timing&ranks=64&size=1GiB&bandwidth=400Gbps&latency=5us&lang=zh"

// noScript turns JavaScript off in the tab (the page's own scripts; the
// test still reads the page through DevTools).
func noScript() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
		return err
	})
}

// TestFormWithoutJavaScript: with JavaScript off, the server-rendered page
// is a working form. Typing P = 128 and pressing Enter asks the server for
// the new question's page, whose time is core's for P = 128, still in
// Chinese; choosing the tree algorithm and pressing the submit button does
// the same for the tree; a tab is a link to its view with the question kept.
func TestFormWithoutJavaScript(t *testing.T) {
	base := server(t)
	q := map[string]string{"size": "1GiB", "bandwidth": "400Gbps", "latency": "5us"}
	timeFor := func(extra map[string]string) string {
		f := map[string]string{}
		for k, v := range q {
			f[k] = v
		}
		for k, v := range extra {
			f[k] = v
		}
		return cost.FormatSeconds(evaluate(t, f).TimeS)
	}
	p := browser(t, 390, 844)
	p.do("JavaScript off", noScript())
	p.do("navigate", chromedp.Navigate(base+formURL))
	if got, want := p.text("t-time"), timeFor(map[string]string{"ranks": "64"}); got != want {
		t.Fatalf("the first page: time %q, core says %q", got, want)
	}
	if n := eval[int](p, `document.querySelectorAll("#controls input:disabled, #controls select:disabled").length`); n != 0 {
		t.Errorf("%d of the question's controls are disabled", n)
	}
	if eval[bool](p, `typeof window.ccplayBooted === "function"`) {
		t.Fatalf("the page's scripts ran: JavaScript is not off")
	}

	p.do("P = 128, Enter", chromedp.SetValue(chromedp.CSS("#f-ranks"), "128"), chromedp.SendKeys(chromedp.CSS("#f-ranks"), kb.Enter))
	want128 := timeFor(map[string]string{"ranks": "128"})
	p.waitJS("the server's page for P = 128", `/[?&]ranks=128(&|$)/.test(location.search) && (document.getElementById("t-time")||{}).textContent === `+jsString(want128))
	if lang := eval[string](p, `document.documentElement.lang`); lang != "zh-CN" {
		t.Errorf("after the submit the page is in %q, want zh-CN", lang)
	}

	p.do("tree, Update", chromedp.SetValue(chromedp.CSS("#f-algorithm"), "tree"), chromedp.Click(chromedp.CSS("#controls .ssr-submit")))
	wantTree := timeFor(map[string]string{"ranks": "128", "algorithm": "tree"})
	p.waitJS("the server's page for the tree", `/[?&]algorithm=tree(&|$)/.test(location.search) && (document.getElementById("t-time")||{}).textContent === `+jsString(wantTree))

	p.do("the ledger's tab", chromedp.Click(chromedp.CSS("#tab-ledger")))
	p.waitJS("the ledger's page", `!!document.getElementById("view-ledger") && /[?&]ranks=128(&|$)/.test(location.search)`)
	if got := eval[string](p, `document.getElementById("f-ranks").value`); got != "128" {
		t.Errorf("the ledger's page asks P = %q, want 128", got)
	}
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// stalledStaticSite is the static build in out served by a plain file server that
// never answers a request for the WebAssembly (the page as it stands
// before it arrives); the server is closed when the test ends.
func stalledStaticSite(t *testing.T, out string) string {
	t.Helper()
	files := http.FileServer(http.Dir(out))
	done := make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, ".wasm") {
			select {
			case <-done:
			case <-r.Context().Done():
			}
			return
		}
		files.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { close(done); ts.Close() })
	return ts.URL
}

// TestStaticLinkNeverBlank: on a static host, a Chinese link to the
// ledger with a question of its own shows, before any WebAssembly, the
// ledger's pre-rendered page in Chinese (the bare address's page goes to
// ledger.html), its controls holding the link's values, the view marked
// pending and the loading bar saying so in Chinese; once the WebAssembly
// runs, a timing link's time is core's answer to the link's question.
func TestStaticLinkNeverBlank(t *testing.T) {
	out := buildStatic(t)
	base := stalledStaticSite(t, out)
	p := browser(t, 1280, 800)
	p.do("navigate", chromedp.Navigate(base+"/?view=ledger&ranks=128&size=1GiB&lang=zh"))
	p.waitJS("the ledger's page", `/ledger\.html$/.test(location.pathname) && !!document.getElementById("view-ledger")`)
	if lang := eval[string](p, `document.documentElement.lang`); lang != "zh-CN" {
		t.Errorf("the page is in %q, want zh-CN", lang)
	}
	if eval[bool](p, `document.documentElement.classList.contains("ssr-pick")`) {
		t.Errorf("the page is still hidden after its script chose what to show")
	}
	if n := eval[int](p, `document.getElementById("view-ledger").innerText.trim().length`); n < 50 {
		t.Errorf("the ledger view holds %d characters of text: blank", n)
	}
	for id, want := range map[string]string{"f-ranks": "128", "f-size": "1GiB"} {
		if got := eval[string](p, `document.getElementById("`+id+`").value`); got != want {
			t.Errorf("%s holds %q, want the link's %q", id, got, want)
		}
	}
	if !eval[bool](p, `document.getElementById("panel").classList.contains("pending")`) {
		t.Errorf("the view showing the default question's numbers is not marked pending")
	}
	if got, want := p.text("boot-text"), ui.T("zh", "ssr.pending"); got != want {
		t.Errorf("the loading bar says %q, want %q", got, want)
	}
	if eval[bool](p, `typeof window.ccplayRenders === "number"`) {
		t.Fatalf("the WebAssembly ran although the server holds it back")
	}
	p.noConsoleErrors()

	fullSite := httptest.NewServer(http.FileServer(http.Dir(out)))
	t.Cleanup(fullSite.Close)
	full := fullSite.URL
	w := browser(t, 1280, 800)
	w.do("navigate", chromedp.Navigate(full+"/?view=timing&ranks=128&lang=zh"))
	w.waitJS("first render", `window.ccplayRenders >= 1`)
	if got, want := w.text("t-time"), cost.FormatSeconds(evaluate(t, map[string]string{"ranks": "128"}).TimeS); got != want {
		t.Errorf("after the WebAssembly: time %q, core says %q", got, want)
	}
	if eval[bool](w, `document.getElementById("panel").classList.contains("pending")`) {
		t.Errorf("the view is still marked pending after the WebAssembly rendered it")
	}
	w.noConsoleErrors()
}

// gatedServer serves public/ as server does, holding every request for a
// .wasm file until release is called (or the test ends).
func gatedServer(t *testing.T) (base string, release func()) {
	t.Helper()
	dir := ensureBuilt(t)
	site, err := assets.Playground(os.DirFS(dir), http.FileServer(http.Dir(dir)))
	if err != nil {
		t.Fatal(err)
	}
	gate := make(chan struct{})
	var once sync.Once
	release = func() { once.Do(func() { close(gate) }) }
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, ".wasm") {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(func() { release(); ts.Close() })
	return ts.URL, release
}

// TestTypedBeforeTakeover: a value typed into the server-rendered form
// before the WebAssembly arrives, and not submitted, is the question the
// WebAssembly's first render answers: the field keeps it and the time is
// core's for it.
func TestTypedBeforeTakeover(t *testing.T) {
	base, release := gatedServer(t)
	p := browser(t, 1280, 800)
	p.do("navigate", chromedp.Navigate(base+formURL))
	p.waitJS("the server's page", `!!document.getElementById("t-time") && !!document.getElementById("boot-bytes")`)
	p.do("type P = 128", chromedp.SetValue(chromedp.CSS("#f-ranks"), "128"))
	release()
	p.waitJS("first render", `window.ccplayRenders >= 1`)
	want := cost.FormatSeconds(evaluate(t, map[string]string{"ranks": "128", "size": "1GiB", "bandwidth": "400Gbps", "latency": "5us"}).TimeS)
	p.waitJS("the typed question's time", `document.getElementById("t-time").textContent === `+jsString(want)+` && !window.ccplayPending`)
	if got := eval[string](p, `document.getElementById("f-ranks").value`); got != "128" {
		t.Errorf("after the takeover the field holds %q, want the typed 128", got)
	}
	p.noConsoleErrors()
}

// TestTypedAnswerWithoutJavaScript: with JavaScript off, a lesson's typed
// questions are answered through the server: the Chinese ring lesson asks
// its first question with no verdict and no answer on the page; a value
// off by more than the tolerance, then Enter, brings the server's page
// with the verdict wrong and core's answer, and the next question open;
// core's answer to that one, then the check button, brings the verdict
// right.
func TestTypedAnswerWithoutJavaScript(t *testing.T) {
	qs := lessonQuestions(t, "ring", "zh")
	if len(qs) < 2 || qs[0].Tol <= 0 || qs[1].Tol <= 0 {
		t.Fatalf("the ring lesson's first two questions take typed answers no longer")
	}
	a0, a1 := ui.AnswerOf(qs[0]), ui.AnswerOf(qs[1])
	wrong := strconv.FormatFloat(a0.Values[0]*(1+3*qs[0].Tol), 'g', 6, 64)

	base := server(t)
	p := browser(t, 390, 844)
	p.do("JavaScript off", noScript())
	p.do("navigate", chromedp.Navigate(base+"/?lesson=ring&lang=zh"))
	p.waitJS("the lesson's page", `!!document.getElementById("qin-0")`)
	if eval[bool](p, `typeof window.ccplayBooted === "function"`) {
		t.Fatalf("the page's scripts ran: JavaScript is not off")
	}
	if eval[bool](p, `!!document.querySelector("#quiz-0 .fb") || !!document.getElementById("q0-0")`) {
		t.Errorf("the first question shows a verdict or its answer before it is answered")
	}
	if lang := eval[string](p, `document.documentElement.lang`); lang != "zh-CN" {
		t.Errorf("the lesson is in %q, want zh-CN", lang)
	}

	p.do("a wrong value, Enter", chromedp.SetValue(chromedp.CSS("#qin-0"), wrong), chromedp.SendKeys(chromedp.CSS("#qin-0"), kb.Enter))
	p.waitJS("the server's verdict", `!!document.querySelector("#quiz-0 .fb") && !!document.getElementById("qin-1")`)
	if cls := eval[string](p, `document.querySelector("#quiz-0 .fb").className`); !strings.Contains(cls, "wrong") {
		t.Errorf("%s for %s: verdict %q, want wrong", wrong, a0.Labels[0], cls)
	}
	if got := p.text("q0-0"); got != a0.Labels[0] {
		t.Errorf("after the answer the page shows %q, core's answer is %q", got, a0.Labels[0])
	}
	if fb := eval[string](p, `document.querySelector("#quiz-0 .fb").textContent`); !strings.Contains(fb, wrong) || !strings.Contains(fb, a0.Labels[0]) {
		t.Errorf("the feedback %q names neither the typed %s nor the answer %s", fb, wrong, a0.Labels[0])
	}
	if eval[bool](p, `!!document.querySelector("#quiz-1 .fb") || !!document.getElementById("q1-0")`) {
		t.Errorf("the second question shows a verdict or its answer before it is answered")
	}

	p.do("the right value, Check", chromedp.SetValue(chromedp.CSS("#qin-1"), a1.Labels[0]), chromedp.Click(chromedp.CSS("#qcheck-1")))
	p.waitJS("the server's second verdict", `!!document.querySelector("#quiz-1 .fb")`)
	if cls := eval[string](p, `document.querySelector("#quiz-1 .fb").className`); !strings.Contains(cls, "right") {
		t.Errorf("%s: verdict %q, want right", a1.Labels[0], cls)
	}
	if cls := eval[string](p, `document.querySelector("#quiz-0 .fb").className`); !strings.Contains(cls, "wrong") {
		t.Errorf("the first verdict is %q after the second answer, want it kept wrong", cls)
	}
}
