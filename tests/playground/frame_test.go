package playground

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestCollectiveLandsValid: choosing any collective from the
// default state (ring) lands on a question the page answers — the
// algorithm gives way to auto or the collective's only one — and says so
// in one line; a link to a collective without an algorithm does the same.
func TestCollectiveLandsValid(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	p.open(base + "/?lang=en&view=abacus&collective=alltoall")
	if n := eval[int](p, `document.querySelectorAll(".field.bad, .err").length`); n != 0 {
		t.Errorf("a link to alltoall shows %d errors: %s", n, eval[string](p, `[...document.querySelectorAll(".err")].map(e=>e.textContent).join(" | ")`))
	}
	if got := p.text("ab-title"); !strings.Contains(got, "AllToAll") {
		t.Errorf("the abacus shows %q, not AllToAll", got)
	}
	p.open(base + "/?lang=en&view=timing&collective=alltoall")
	if got := eval[string](p, `document.getElementById("f-algorithm").value`); got != "naive" {
		t.Errorf("a link to alltoall without an algorithm lands on %q, want alltoall's default naive", got)
	}
	// An algorithm nobody chose follows the collective: AllReduce →
	// SendRecv → AllReduce lands on ring again, with no note.
	p.open(base + "/?lang=en&view=timing")
	for _, step := range []struct{ collective, algorithm string }{{"allreduce", "ring"}, {"sendrecv", "naive"}, {"allreduce", "ring"}} {
		p.setField("f-collective", step.collective)
		if got := eval[string](p, `document.getElementById("f-algorithm").value`); got != step.algorithm {
			t.Errorf("→ %s: algorithm %q, want %s", step.collective, got, step.algorithm)
		}
	}
	// One the learner chose gives way, with the note, when the new
	// collective cannot run it.
	p.setField("f-algorithm", "tree")
	p.setField("f-collective", "alltoall")
	if got := p.text("adjusted"); !strings.Contains(got, "tree has no alltoall algorithm") || !strings.Contains(got, "naive") {
		t.Errorf("the landing note says %q", got)
	}
	for _, view := range []string{"timing", "abacus"} {
		p.open(base + "/?lang=en&view=" + view)
		for _, c := range []string{"sendrecv", "scatter", "gather", "alltoall", "broadcast", "reduce", "reducescatter", "allgather", "allreduce"} {
			p.setField("f-collective", c)
			if n := eval[int](p, `document.querySelectorAll(".field.bad").length`); n != 0 {
				t.Errorf("%s: choosing %s marks %d fields", view, c, n)
			}
			if eval[bool](p, `!!document.getElementById("stale")`) {
				t.Errorf("%s: choosing %s leaves the previous result on screen", view, c)
			}
			if got := eval[string](p, `document.getElementById("f-collective").value`); got != c {
				t.Errorf("%s: the select says %s after choosing %s", view, got, c)
			}
		}
	}
	p.noConsoleErrors()
}

// TestEveryBadFieldMarked: three bad fields are marked at
// once; the last valid result stays, dimmed, under a banner naming it; the
// URL and a copied link carry the last valid question; a size limit reads
// in binary units.
func TestEveryBadFieldMarked(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	p.open(base + "/?lang=en&view=timing&ranks=8")
	p.setField("f-ranks", "-3")
	p.setField("f-size", "1e30GB")
	p.setField("f-latency", "5")
	bad := eval[[]string](p, `[...document.querySelectorAll(".field.bad input, .field.bad select")].map(e => e.id)`)
	if strings.Join(bad, ",") != "f-ranks,f-size,f-latency" {
		t.Errorf("marked fields %v, want ranks, size and latency", bad)
	}
	for _, id := range []string{"f-ranks", "f-size", "f-latency"} {
		if eval[string](p, `document.getElementById("`+id+`").getAttribute("aria-invalid")`) != "true" {
			t.Errorf("%s lacks aria-invalid=true", id)
		}
	}
	if !eval[bool](p, `document.getElementById("panel").classList.contains("stale")`) {
		t.Error("the old result is not dimmed")
	}
	if got := p.text("stale"); !strings.Contains(got, "3 field") || !strings.Contains(got, "P = 8") || !strings.Contains(got, "100 MiB") {
		t.Errorf("banner %q does not say what it shows", got)
	}
	p.waitJS("the URL written", `!location.search.includes("-3") && location.search.includes("ranks=8") && location.search.includes("latency=5us")`)
	// An honest copy: the link copied is the last valid question.
	eval[chromedp.Void](p, `(()=>{window.copiedText=null; Object.defineProperty(navigator, "clipboard", {configurable:true, value:{writeText:(t)=>{window.copiedText=t; return Promise.resolve()}}}); return null})()`)
	p.click("copy-link")
	p.waitJS("copied", `document.getElementById("copy-link").textContent === "Link copied"`)
	if got := eval[string](p, `window.copiedText`); strings.Contains(got, "-3") || !strings.Contains(got, "ranks=8") {
		t.Errorf("copied link %q carries an invalid state", got)
	}
	// Limits in human units.
	p.open(base + "/?lang=en&ranks=8&size=1000PiB")
	if got := eval[string](p, `document.querySelector(".field.bad .err").textContent`); !strings.Contains(got, "PiB (") {
		t.Errorf("the size limit reads %q, not in binary units", got)
	}
	p.noConsoleErrors()
}

// TestCopyLinkHonest: "Link copied" only when the clipboard
// took it; without one, or when it refuses, the link is offered to select.
func TestCopyLinkHonest(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	for _, tc := range []struct{ name, install string }{
		{"no clipboard", `Object.defineProperty(navigator, "clipboard", {configurable:true, value:undefined})`},
		{"refused", `Object.defineProperty(navigator, "clipboard", {configurable:true, value:{writeText:()=>Promise.reject(new DOMException("denied","NotAllowedError"))}})`},
	} {
		p.open(base + "/?lang=en&view=timing")
		eval[chromedp.Void](p, `(()=>{`+tc.install+`; return null})()`)
		p.click("copy-link")
		p.waitJS(tc.name+": manual link", `!!document.getElementById("copy-manual")`)
		if got := p.text("copy-link"); got == "Link copied" {
			t.Errorf("%s: the button says %q", tc.name, got)
		}
		if got := eval[string](p, `document.getElementById("copy-manual").value`); !strings.Contains(got, "collective=allreduce") || !strings.HasPrefix(got, base) {
			t.Errorf("%s: manual link %q", tc.name, got)
		}
	}
	p.noConsoleErrors()
}

// TestTabsAreATablist: WAI-ARIA tabs — aria-selected true or
// false, one tab stop, aria-controls the tab panel, arrow keys, Home, End.
func TestTabsAreATablist(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	p.open(base + "/?lang=en&view=timing")
	tabs := eval[[]string](p, `[...document.querySelectorAll('[role=tab]')].map(e => e.dataset.view)`)
	sel := eval[[]string](p, `[...document.querySelectorAll('[role=tab]')].map(e => e.getAttribute("aria-selected"))`)
	at := -1
	for i, v := range sel {
		if want := map[bool]string{true: "true", false: "false"}[tabs[i] == "timing"]; v != want {
			t.Errorf("tab %s: aria-selected=%q, want %q", tabs[i], v, want)
		}
		if tabs[i] == "timing" {
			at = i
		}
	}
	if at < 0 {
		t.Fatalf("no timing tab among %v", tabs)
	}
	next, prev := tabs[(at+1)%len(tabs)], tabs[(at+len(tabs)-1)%len(tabs)]
	if n := eval[int](p, `[...document.querySelectorAll('[role=tab]')].filter(e => e.tabIndex === 0).length`); n != 1 {
		t.Errorf("%d tab stops among the tabs, want 1", n)
	}
	if !eval[bool](p, `[...document.querySelectorAll('[role=tab]')].every(e => e.getAttribute("aria-controls") === "panel")`+
		` && document.getElementById("panel").getAttribute("role") === "tabpanel" && document.getElementById("panel").getAttribute("aria-labelledby") === "tab-timing"`) {
		t.Error("tabs do not control a tabpanel labelled by the selected tab")
	}
	p.do("focus the first tab", chromedp.Focus("#tab-timing"))
	key := func(k, want string) {
		t.Helper()
		n := p.beforeAction()
		p.do("key", chromedp.KeyEvent(k))
		p.afterAction("render after a key", n) // End: the fabric view's page, with the tools module
		if got := eval[string](p, `document.activeElement.id + " " + document.activeElement.getAttribute("aria-selected") + " " + document.getElementById("panel").getAttribute("aria-labelledby")`); got != want+" true "+want {
			t.Errorf("after %q: focus, selection and panel %q, want %s", k, got, want)
		}
	}
	key(kb.ArrowRight, "tab-"+next)
	key(kb.ArrowLeft, "tab-timing")
	key(kb.ArrowLeft, "tab-"+prev)
	key(kb.End, "tab-"+tabs[len(tabs)-1])
	key(kb.Home, "tab-"+tabs[0])
	p.noConsoleErrors()
}

// TestPhoneAnswerFirst: at 390 px the answer is on the first
// screen (the controls start collapsed), and the tabs are one row.
func TestPhoneAnswerFirst(t *testing.T) {
	base := server(t)
	p := browser(t, 390, 844)
	p.open(base + "/?lang=zh&view=timing")
	if top := eval[float64](p, `document.getElementById("t-big").getBoundingClientRect().bottom`); top > 600 {
		t.Errorf("the answer ends %.0f px down at 390 px wide", top)
	}
	if got := eval[string](p, `document.getElementById("drawer-toggle").getAttribute("aria-expanded")`); got != "false" {
		t.Errorf("the controls start with aria-expanded=%s on a phone", got)
	}
	rows := eval[int](p, `new Set([...document.querySelectorAll('[role=tab]')].map(e => Math.round(e.getBoundingClientRect().top))).size`)
	if rows != 1 {
		t.Errorf("the tabs take %d rows on a phone", rows)
	}
	// the collapsed drawer's label ("输入") is one line (its text's line boxes): the summary beside it shrinks instead
	if lines := eval[int](p, `(() => { const r = document.createRange(); r.selectNodeContents(document.querySelector("#drawer-toggle .drawer-label")); return r.getClientRects().length; })()`); lines != 1 {
		t.Errorf("the drawer's label takes %d lines on a phone", lines)
	}
	p.click("drawer-toggle")
	if !eval[bool](p, `!!document.getElementById("f-ranks")`) {
		t.Error("opening the drawer shows no controls")
	}
	p.noConsoleErrors()
}

// TestViewShowsItsControls: each view shows only the inputs
// it uses; the abacus uses the collective alone.
func TestViewShowsItsControls(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	cases := []struct {
		view       string
		has, lacks []string
	}{
		{"timing", []string{"f-ranks", "f-size", "f-latency", "f-collective"}, []string{"f-system"}},
		{"abacus", []string{"f-collective"}, []string{"f-ranks", "f-size", "f-latency"}},
		{"units", []string{"f-size"}, []string{"f-ranks", "f-latency", "f-collective"}},
		{"plan", nil, []string{"controls"}},
	}
	for _, tc := range cases {
		p.open(base + "/?lang=en&view=" + tc.view)
		for _, id := range tc.has {
			if !eval[bool](p, `!!document.getElementById("`+id+`")`) {
				t.Errorf("%s lacks #%s", tc.view, id)
			}
		}
		for _, id := range tc.lacks {
			if eval[bool](p, `!!document.getElementById("`+id+`")`) {
				t.Errorf("%s shows #%s, which it does not use", tc.view, id)
			}
		}
	}
	// A field in error stays on screen in every view.
	p.open(base + "/?lang=en&view=abacus&ranks=-1")
	if !eval[bool](p, `!!document.querySelector(".field.bad #f-ranks")`) {
		t.Error("a bad ranks field hides in the abacus view")
	}
	p.noConsoleErrors()
}

// TestDocumentLanguage: the document's title and lang follow
// the page's language.
func TestDocumentLanguage(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	p.open(base + "/?lang=en&view=ledger")
	if got := eval[string](p, `document.documentElement.lang + " | " + document.title`); !strings.HasPrefix(got, "en | Byte ledger") {
		t.Errorf("English page: %q", got)
	}
	p.click("lang-zh")
	if got := eval[string](p, `document.documentElement.lang + " | " + document.title`); !strings.HasPrefix(got, "zh-CN | 通信量账本") || strings.Contains(got, "collective communication") {
		t.Errorf("Chinese page: %q", got)
	}
	p.noConsoleErrors()
}
