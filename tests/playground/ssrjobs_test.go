package playground

import (
	"context"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/plan"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// planOnFabric is core's plan of planFabricQuery's fields on their
// fat-tree (plan.Plan): the communication time without contention → on
// the fabric, as the planner's pl-f-comm row starts.
func planOnFabric(t *testing.T) string {
	t.Helper()
	in, err := plan.Parse(field.Map(map[string]string{"model": "deepseek-v3", "dp": "64", "ep": "64", "tp": "1", "zero": "1",
		"algorithm": "ring", "fabric": "fat-tree", "oversubscription": "4", "leaf-nodes": "2"}))
	if err != nil {
		t.Fatal(err)
	}
	r, err := plan.Plan(in)
	if err != nil {
		t.Fatal(err)
	}
	if r.Fabric == nil {
		t.Fatalf("core simulates nothing of the plan on its fabric")
	}
	return cost.FormatSeconds(r.Fabric.IdealCommS) + " → " + cost.FormatSeconds(r.CommS)
}

// TestSimulatedAnswerWithoutJavaScript: with JavaScript off, the server's
// page of a fabric view URL whose study a browser computes in slices shows
// core's study (cost.StudyFabric) and no progress bar, in Chinese and in
// English; the ratio buttons are links to the server's page at that ratio;
// the planner on a fat-tree shows core's plan on it (plan.Plan).
func TestSimulatedAnswerWithoutJavaScript(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.do("JavaScript off", noScript())
	at4, at8, comm := fabricSummary(t, 4), fabricSummary(t, 8), planOnFabric(t)
	for _, lang := range []string{"zh", "en"} {
		p.do("navigate", chromedp.Navigate(base+"/?view=fabric&lang="+lang+"&"+fabricQuery))
		p.waitJS("the fabric page", `!!document.getElementById("view-fabric")`)
		if eval[bool](p, `typeof window.ccplayBooted === "function"`) {
			t.Fatalf("the page's scripts ran: JavaScript is not off")
		}
		if eval[bool](p, `!!document.getElementById("fb-progress") || !!document.getElementById("fb-err")`) {
			t.Errorf("%s: the page shows a progress bar or an error: %q", lang, p.text("view-fabric"))
		}
		if got := p.text("fb-summary"); !strings.Contains(got, at4) || !strings.Contains(got, "4:1") {
			t.Errorf("%s: summary %q, core's time at 4:1 is %s", lang, got, at4)
		}
		if n := eval[int](p, `document.querySelectorAll("#fb-table tbody tr").length`); n != 2 {
			t.Errorf("%s: the table has %d rows, want the question's and ring AllReduce's", lang, n)
		}
		p.do("the 8:1 link", chromedp.Click(chromedp.CSS("#fb-r8")))
		p.waitJS("the page at 8:1", `(document.getElementById("fb-r8")||{}).getAttribute && document.getElementById("fb-r8").getAttribute("aria-pressed") === "true"`)
		if got := p.text("fb-summary"); !strings.Contains(got, at8) || !strings.Contains(got, "8:1") {
			t.Errorf("%s: after the 8:1 link, summary %q, core's time at 8:1 is %s", lang, got, at8)
		}

		p.do("navigate", chromedp.Navigate(base+"/?lang="+lang+"&"+planFabricQuery+"&plan.fabric=fat-tree"))
		p.waitJS("the planner's page", `!!document.getElementById("view-plan") || !!document.getElementById("pl-headline")`)
		if eval[bool](p, `!!document.getElementById("pl-progress")`) {
			t.Errorf("%s: the planner shows a progress bar", lang)
		}
		if got := p.text("pl-f-comm"); !strings.HasPrefix(got, comm) {
			t.Errorf("%s: communication on the fabric %q, core says %q", lang, got, comm)
		}
	}
}

// sawBarProbe runs at the start of every document and records in
// window.ccplaySawBar whether a fabric or planner progress bar was ever in
// the document.
const sawBarProbe = `new MutationObserver(() => {
  if (document.getElementById("fb-progress") || document.getElementById("pl-progress")) window.ccplaySawBar = true;
}).observe(document, {subtree: true, childList: true});`

// TestSimulatedAnswerTakeover: the WebAssembly takes a server's fabric
// page and planner-on-a-fabric page over without a progress bar ever
// showing: its first render shows the same text as the server's page —
// the study and the plan core gives — and the page works on (a ratio
// button computes the study at 8:1).
func TestSimulatedAnswerTakeover(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.do("install the probes", installProbe(), chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: sawBarProbe})
		return err
	}))
	at4, comm := fabricSummary(t, 4), planOnFabric(t)
	for _, x := range []struct{ url, id, want string }{
		{"/?view=fabric&lang=en&" + fabricQuery, "fb-summary", at4},
		{"/?lang=zh&" + planFabricQuery + "&plan.fabric=fat-tree", "pl-f-comm", comm},
	} {
		p.open(base + x.url)
		if n := eval[int](p, `window.ccplayRendersAtProbe`); n != 0 {
			t.Fatalf("%s: the probe ran after %d renders: it cannot compare", x.url, n)
		}
		if got := eval[string](p, `document.getElementById("app").innerText`); got != eval[string](p, `window.ccplayBefore`) {
			t.Errorf("%s: the WebAssembly changed the page's text on taking over:\nbefore %q\nafter  %q", x.url, eval[string](p, `window.ccplayBefore`), got)
		}
		if eval[bool](p, `!!window.ccplaySawBar`) {
			t.Errorf("%s: a progress bar showed while the page was taken over", x.url)
		}
		if got := p.text(x.id); !strings.Contains(got, x.want) {
			t.Errorf("%s: %s is %q after the first render, core says %q", x.url, x.id, got, x.want)
		}
	}
	p.open(base + "/?view=fabric&lang=en&" + fabricQuery)
	if s := p.watchFabric("fb-r8"); len(s) == 0 || s[len(s)-1] != -1 {
		t.Fatalf("the answer at 8:1 did not come; bar values %v", s)
	}
	if got, want := p.text("fb-summary"), fabricSummary(t, 8); !strings.Contains(got, want) {
		t.Errorf("after 8:1: summary %q, core's time at 8:1 %s", got, want)
	}
	p.noConsoleErrors()
}
