package ui

import (
	"html"
	"strings"
	"testing"
)

// TestViewsKeepTheirStateAcrossTabs: each view owns its state, so leaving a
// view and coming back finds it as it was (Vugu alone would drop a child
// it stopped rendering), and the page renders the selected view's own
// instance.
func TestViewsKeepTheirStateAcrossTabs(t *testing.T) {
	s := NewState("ranks=64", "en")
	a := NewApp(s)
	a.SetView("ledger")
	a.Ledger.PageBy(2)
	a.SetView("units")
	a.Units.SetConv("1GiB")
	a.SetView("abacus")
	a.Abacus.SetAbacus(0, "7")
	for _, v := range []string{"ledger", "units", "abacus"} {
		a.SetView(v)
		html := render(t, a)
		switch v {
		case "ledger":
			mustContain(t, html, "ranks 32–47 of 64")
		case "units":
			mustContain(t, html, `value="1GiB"`, "1073741824 B")
		case "abacus":
			mustContain(t, html, `id="ab-in-0" placeholder="not used" value="7"`)
		}
	}
	if a.View() != a.Abacus {
		t.Errorf("the abacus tab renders %T, not the page's abacus", a.View())
	}
	a.SetView("controls")
	if a.View() != nil {
		t.Errorf("controls has no view below the controls, got %T", a.View())
	}
}

// TestNewQuestionResetsPositions: a changed question shows the ledger's
// first page and the animation paused before its first round; a recovered
// panic does the same; switching tabs pauses the animation and keeps its
// round.
func TestNewQuestionResetsPositions(t *testing.T) {
	s := NewState("ranks=64&view=steps", "en")
	a := NewApp(s)
	a.Ledger.PageBy(3)
	a.Steps.set(5, true)
	s.SetField("size", "1MiB")
	if a.Ledger.pg() != 0 || a.Steps.pos() != 0 || a.Steps.isPlaying() {
		t.Errorf("after an edit: page %d, round %d, playing %v", a.Ledger.pg(), a.Steps.pos(), a.Steps.isPlaying())
	}
	a.Steps.set(5, true)
	gen := a.Steps.gen
	a.SetView("timing")
	if a.Steps.isPlaying() || a.Steps.pos() != 5 || a.Steps.Tick(gen) {
		t.Errorf("after a tab switch: round %d, playing %v", a.Steps.pos(), a.Steps.isPlaying())
	}
	a.Ledger.PageBy(1)
	s.Recovered("boom")
	if a.Ledger.pg() != 0 || a.Steps.pos() != 0 {
		t.Errorf("after a recovered panic: page %d, round %d", a.Ledger.pg(), a.Steps.pos())
	}
}

// TestQueryCarriesTheViewsFields: the URL holds the question, the sweep's
// and the planner's fields that differ from their defaults, then lang and
// view; a page opened with it restores each view's fields.
func TestQueryCarriesTheViewsFields(t *testing.T) {
	a := NewApp(NewState("view=nccl", "en"))
	a.Nccl.SetSweep("maxbytes", "1G")
	a.Plan.SetPlanField("dp", "4")
	q := a.Query()
	want := "collective=allreduce&algorithm=ring&ranks=8&size=100MiB&bandwidth=50GB/s&latency=5us&maxbytes=1G&plan.dp=4&lang=en&view=nccl"
	if q != want {
		t.Fatalf("query\n got %s\nwant %s", q, want)
	}
	b := NewApp(NewState(q, "zh"))
	if b.Nccl.SweepText("maxbytes") != "1G" || b.Plan.PlanText("dp") != "4" || b.Query() != q {
		t.Errorf("reopened: maxbytes %q, dp %q, query %s", b.Nccl.SweepText("maxbytes"), b.Plan.PlanText("dp"), b.Query())
	}
}

// TestCopyLabel: "copied" once the clipboard took the link, until the
// question or the planner changes; a refusal or no clipboard shows the
// link to copy by hand.
func TestCopyLabel(t *testing.T) {
	s := NewState("", "en")
	a := NewApp(s)
	a.LinkBase = "http://x/"
	var got string
	var done func(bool)
	a.Copy = func(link string, d func(bool)) { got, done = link, d }
	a.CopyLink(event(""))
	if a.CopyLabel() != s.T("copy") {
		t.Errorf("before the clipboard answers the label says %q", a.CopyLabel())
	}
	done(true)
	if got != "http://x/?"+a.Query() || a.CopyLabel() != s.T("copied") || a.CopyFailed() {
		t.Fatalf("copied %q, label %q", got, a.CopyLabel())
	}
	a.CopyLink(event(""))
	done(false)
	if a.CopyLabel() != s.T("copy") || !a.CopyFailed() || a.ManualLink() != got {
		t.Errorf("a refused copy: label %q, failed %v, manual link %q", a.CopyLabel(), a.CopyFailed(), a.ManualLink())
	}
	a.Copy = nil
	a.CopyLink(event(""))
	if !a.CopyFailed() {
		t.Error("without a clipboard the copy must fail visibly")
	}
	a.Copy = func(link string, d func(bool)) { d(true) }
	a.CopyLink(event(""))
	a.Plan.SetPlanField("tp", "4")
	if a.CopyLabel() != s.T("copy") {
		t.Errorf("a planner edit left %q", a.CopyLabel())
	}
	a.CopyLink(event(""))
	s.SetField("ranks", "16")
	if a.CopyLabel() != s.T("copy") {
		t.Errorf("a question edit left %q", a.CopyLabel())
	}
}

// TestResetMakesFreshViews: the last resort of BuildSafely goes back to the
// default question with every view made afresh, keeping the language, the
// embed flag, the report and the download adapter.
func TestResetMakesFreshViews(t *testing.T) {
	s := NewState("ranks=64&lang=zh&embed=abacus", "en")
	a := NewApp(s)
	s.Download = func(name, mime, data string) {}
	a.Abacus.SetAbacus(0, "x")
	s.Recovered("boom")
	a.reset()
	if a.S != s || s.P.Ranks != 8 || s.Lang != "zh" || !s.Embed || s.View != "abacus" || s.Download == nil || !strings.Contains(s.Panic, "boom") {
		t.Fatalf("after reset: P %d, lang %s, embed %v %s, panic %q", s.P.Ranks, s.Lang, s.Embed, s.View, s.Panic)
	}
	if a.Abacus.AbacusRows()[0].In != "1" || a.Abacus.S != s {
		t.Errorf("the abacus was not made afresh: %q", a.Abacus.AbacusRows()[0].In)
	}
}

// TestEmbedRegionNamed: an embedded view's region is named by its view's
// title in the page's language (no empty aria-labelledby, which names
// nothing); the full page's panel is named by its tab.
func TestEmbedRegionNamed(t *testing.T) {
	for _, tc := range []struct{ q, lang, has, lacks string }{
		{"embed=timing&lang=zh", "zh", `aria-label="耗时"`, `aria-labelledby`},
		{"embed=ledger&lang=en", "en", `aria-label="Byte ledger"`, `aria-labelledby`},
		{"view=timing&lang=en", "en", `aria-labelledby="tab-timing"`, `aria-label=`},
	} {
		html := render(t, NewApp(NewState(tc.q, tc.lang)))
		i := strings.Index(html, `<main`)
		if i < 0 {
			t.Fatalf("%s: no main", tc.q)
		}
		main := html[i : i+strings.Index(html[i:], ">")]
		if !strings.Contains(main, tc.has) || strings.Contains(main, tc.lacks) {
			t.Errorf("%s: %s, want %s and no %s", tc.q, main, tc.has, tc.lacks)
		}
	}
}

// TestEmbedKeepsConventions: an embedded view ends with the numbers'
// conventions (per-direction bandwidth, KB = 10³ B, KiB = 2¹⁰ B) in the
// page's language, as the full page does; the embedded controls alone,
// which show no number, do not.
func TestEmbedKeepsConventions(t *testing.T) {
	for _, tc := range []struct {
		q, lang string
		foot    bool
	}{
		{"embed=timing&lang=zh", "zh", true},
		{"embed=lesson&lesson=ring&lang=en", "en", true},
		{"view=ledger&lang=en", "en", true},
		{"embed=controls&lang=zh", "zh", false},
	} {
		s := NewState(tc.q, tc.lang)
		html := html.UnescapeString(render(t, NewApp(s)))
		if got := strings.Contains(html, `<footer class="foot">`+s.T("foot")+`</footer>`); got != tc.foot {
			t.Errorf("%s: conventions shown %v, want %v", tc.q, got, tc.foot)
		}
	}
}
