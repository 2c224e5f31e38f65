package playground

import (
	"testing"
)

// TestPhoneTablesFit: on a phone (390 px, zh and en), the tables a view
// teaches with fit the card, so no column (busbw, the ledger's ✓, the
// doctor's share of expected) hides behind a horizontal scroll — the views,
// the doctor with a verdict, and every lesson answered (but the planner's,
// whose tables are the planner view's) with its lesson-only views; and
// views embedded in a 360-px course column.
func TestPhoneTablesFit(t *testing.T) {
	base := server(t)
	p := browser(t, 390, 844)
	fits := func(what string) {
		t.Helper()
		over := eval[[]string](p, `[...document.querySelectorAll("#panel table")].filter(t => t.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5 || (t.parentElement.scrollWidth > t.parentElement.clientWidth + 0.5)).map(t => (t.id || t.className || "table") + " " + Math.round(t.getBoundingClientRect().width) + "/" + t.parentElement.clientWidth)`)
		if len(over) > 0 {
			t.Errorf("%s: tables wider than the card: %v", what, over)
		}
	}
	for _, lang := range []string{"zh", "en"} {
		for _, q := range []string{"view=timing", "view=ledger&ranks=8", "view=steps&ranks=8", "view=nccl", "view=ncclmodel&model=nccl&ranks=16&gpus-per-node=8&intra-preset=nvlink4&preset=ib400", "view=units", "view=abacus", "view=fabric", "lesson=network&ans=0000000000", "lesson=primitives&ans=0000000000", "lesson=ring&ans=0000000000", "lesson=tree&ans=0000000000", "lesson=cost-model&ans=0000000000", "lesson=hierarchy&ans=0000000000", "lesson=moe&ans=0000000000", "lesson=streams&ans=0000000000", "lesson=production&ans=0000000000", "lesson=interview&ans=0000000000"} {
			p.open(base + "/?lang=" + lang + "&" + q)
			fits(lang + " " + q)
		}
		// The planner with a plan: its collectives' table and the strategies' table.
		p.open(base + "/?lang=" + lang + "&view=plan&plan.model=deepseek-v3&plan.dp=64&plan.ep=64&plan.tp=1&plan.zero=1&plan.algorithm=ring")
		p.waitJS("the plan", `!!document.querySelector("#pl-table tbody tr") && !!document.querySelector("#pl-strategies tbody tr")`)
		fits(lang + " the planner's plan")
		p.open(base + "/?lang=" + lang + "&view=doctor")
		p.click("d-ex-rtx4090")
		p.waitJS("the example's verdict", `document.getElementById("d-verdict") !== null`)
		fits(lang + " the doctor's verdict")
	}
	p.noConsoleErrors()
	// Embedded in a course page's 360-px column on a phone.
	p = browser(t, 360, 800)
	for _, lang := range []string{"zh", "en"} {
		for _, q := range []string{"embed=ledger&ranks=8", "embed=nccl", "embed=steps&ranks=8", "embed=ncclmodel&model=nccl&ranks=16&gpus-per-node=8&intra-preset=nvlink4&preset=ib400", "embed=fabric"} {
			p.open(base + "/?lang=" + lang + "&" + q)
			fits(lang + " " + q + " at 360 px")
		}
	}
	p.noConsoleErrors()
}

// TestDesktopPlanStrategiesFit: at 1280 px (zh and en) the planner's
// strategy → collective table, whose cells are phrases, and its table of
// collectives, whose last column is one, fit their boxes: no sideways
// scroll inside them and none of the page, for the default plan and for a
// MoE plan.
func TestDesktopPlanStrategiesFit(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	for _, lang := range []string{"zh", "en"} {
		for _, q := range []string{"view=plan", "view=plan&plan.model=deepseek-v3&plan.dp=64&plan.ep=64&plan.tp=1&plan.zero=1&plan.algorithm=ring"} {
			p.open(base + "/?lang=" + lang + "&" + q)
			p.waitJS("the strategies' table", `document.querySelectorAll("#pl-strategies tbody tr").length > 0 && document.querySelectorAll("#pl-table tbody tr").length > 0`)
			for _, id := range []string{"pl-strategies", "pl-table"} {
				got := eval[[]float64](p, `(() => { const box = document.getElementById("`+id+`").parentElement, d = document.documentElement;
					return [box.scrollWidth, box.clientWidth, d.scrollWidth, d.clientWidth] })()`)
				if got[1] < 900 {
					t.Errorf("%s %s: #%s's box is %.0f px wide at 1280 px; the layout under test is not the desktop one", lang, q, id, got[1])
				}
				if got[0] > got[1] {
					t.Errorf("%s %s: #%s scrolls sideways: %.0f px in a %.0f-px box", lang, q, id, got[0], got[1])
				}
				if got[2] > got[3] {
					t.Errorf("%s %s: the page scrolls sideways: %.0f px in %.0f", lang, q, got[2], got[3])
				}
			}
		}
	}
	p.noConsoleErrors()
}

// TestPhoneChartsReadable: on a phone (390 px) the ledger's bar chart and
// the charts view's lines are drawn at least 0.7 of their SVG size, so
// their 11-px labels stay about 8 px or more (a 720-px chart in the card
// would be under half).
func TestPhoneChartsReadable(t *testing.T) {
	base := server(t)
	p := browser(t, 390, 844)
	for q, sel := range map[string]string{"view=ledger&ranks=8": "#view-ledger .chart svg", "view=charts": "#view-charts .chart svg"} {
		p.open(base + "/?lang=zh&" + q)
		scale := eval[float64](p, `(() => { const s = document.querySelector("`+sel+`"); return s ? s.getBoundingClientRect().width / s.viewBox.baseVal.width : 0 })()`)
		if scale < 0.7 {
			t.Errorf("%s: %s drawn at %.2f of its size at 390 px", q, sel, scale)
		}
	}
	p.noConsoleErrors()
}

// TestPhoneServerPageAnswerFirst: on a phone, the page the server renders
// (before the WebAssembly, or with JavaScript off) shows the answer first
// and its form under it, as the wasm page's collapsed drawer does.
func TestPhoneServerPageAnswerFirst(t *testing.T) {
	base := stallingServer(t)
	p := browser(t, 390, 844)
	for _, lang := range []string{"zh", "en"} {
		p.do("navigate", navigate(base+"/?view=timing&lang="+lang))
		p.waitJS("the server's page", `!!document.getElementById("boot-bytes") && !!document.querySelector(".ssr-submit")`)
		if bottom := eval[float64](p, `document.getElementById("t-big").getBoundingClientRect().bottom`); bottom > 600 {
			t.Errorf("%s: the answer ends %.0f px down at 390 px wide", lang, bottom)
		}
		if !eval[bool](p, `document.getElementById("f-ranks").getBoundingClientRect().top > document.getElementById("t-big").getBoundingClientRect().bottom`) {
			t.Errorf("%s: the form is not under the answer", lang)
		}
	}
	// A wide window keeps the form above the view.
	w := browser(t, 1280, 800)
	w.do("navigate", navigate(base+"/?view=timing&lang=zh"))
	w.waitJS("the server's page", `!!document.querySelector(".ssr-submit")`)
	if !eval[bool](w, `document.getElementById("f-ranks").getBoundingClientRect().top < document.getElementById("t-big").getBoundingClientRect().top`) {
		t.Error("1280 px: the form is not above the view")
	}
}

// TestPhonePlaceholdersFit: on a phone the doctor's and the controls' text
// fields show their whole placeholder (what an empty field means), in both
// languages — "未设定：4MiB，如 8M" was cut at 390 px.
func TestPhonePlaceholdersFit(t *testing.T) {
	base := server(t)
	p := browser(t, 390, 844)
	for _, lang := range []string{"zh", "en"} {
		for _, q := range []string{"view=doctor", "view=controls"} {
			p.open(base + "/?lang=" + lang + "&" + q)
			cut := eval[[]string](p, `(() => { const c = document.createElement("canvas").getContext("2d");
				return [...document.querySelectorAll("#panel input[placeholder]")].filter(e => e.placeholder && e.offsetParent).filter(e => {
					const st = getComputedStyle(e); c.font = st.font;
					return c.measureText(e.placeholder).width > e.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) + 0.5;
				}).map(e => e.id + ": " + e.placeholder) })()`)
			if len(cut) > 0 {
				t.Errorf("%s %s: placeholders cut at 390 px: %q", lang, q, cut)
			}
		}
	}
	p.noConsoleErrors()
}

// TestPhoneActiveTabInSight: on a phone the tabs are one row wider than
// the screen; a page opened on a view far along it (the fabric, the last)
// scrolls the row so that the view's tab is in sight, in both languages.
func TestPhoneActiveTabInSight(t *testing.T) {
	base := server(t)
	p := browser(t, 390, 844)
	for _, lang := range []string{"zh", "en"} {
		for _, v := range []string{"charts", "units", "fabric"} {
			p.open(base + "/?lang=" + lang + "&view=" + v)
			if eval[bool](p, `(() => { const l = document.querySelector(".tabs"); return l.scrollWidth <= l.clientWidth })()`) {
				t.Fatalf("%s: the tabs fit a 390-px screen; the layout under test is not the phone's", lang)
			}
			p.waitJS(lang+" "+v+"'s tab in sight", `(() => { const r = document.getElementById("tab-`+v+`").getBoundingClientRect();
				return r.left >= 0 && r.right <= document.documentElement.clientWidth })()`)
		}
	}
	p.noConsoleErrors()
}

// TestPhoneLinkButtonsStartLeft: a link-like button whose text wraps on a
// phone (a lesson's "show the … view here again") starts each line at its
// left edge, as the prose around it does, rather than centring it.
func TestPhoneLinkButtonsStartLeft(t *testing.T) {
	base := server(t)
	p := browser(t, 390, 844)
	p.open(base + "/?lang=en&lesson=streams&ans=000")
	p.waitJS("the lesson answered", `document.querySelectorAll("p.fb").length >= 3`)
	got := eval[[]float64](p, `(() => { const b = [...document.querySelectorAll(".linkish")].find(b => { const r = document.createRange(); r.selectNodeContents(b); return r.getClientRects().length > 1 });
		if (!b) return [];
		const r = document.createRange(); r.selectNodeContents(b); const lines = r.getClientRects();
		return [lines[lines.length - 1].left - b.getBoundingClientRect().left] })()`)
	if len(got) == 0 {
		t.Fatal("no link-like button wraps at 390 px; the case under test is gone")
	}
	if got[0] > 1 {
		t.Errorf("a wrapped link-like button's last line starts %.0f px right of its edge", got[0])
	}
	p.noConsoleErrors()
}

// TestPhoneFabricDrawingReadable: the fabric view shows one drawing, chosen
// by the page's style sheet from the window's width. On a phone (a 360-px
// embed and a 390-px page, zh and en, the server's page before the
// WebAssembly and the page it renders) it is the narrow one, and its
// smallest text — font size times the drawn width over the viewBox's — is
// at least 11 px (the wide drawing there was about 6 px); at 1280 px it is
// the wide one.
func TestPhoneFabricDrawingReadable(t *testing.T) {
	type drawn struct {
		ID  string  `json:"id"`
		Min float64 `json:"min"`
	}
	const shown = `[...document.querySelectorAll("#fb-chart svg")].filter(s => s.getBoundingClientRect().width > 0).map(s => ({id: s.closest(".fb-wide, .fb-narrow").className,
		min: Math.min(...[...s.querySelectorAll("text")].map(x => parseFloat(x.getAttribute("font-size")))) * s.getBoundingClientRect().width / s.viewBox.baseVal.width}))`
	check := func(p *page, what, want string, least float64) {
		t.Helper()
		got := eval[[]drawn](p, shown)
		if len(got) != 1 || got[0].ID != want {
			t.Errorf("%s: drawings shown %+v, want %s alone", what, got, want)
			return
		}
		if got[0].Min < least {
			t.Errorf("%s: the smallest text of %s is %.1f px, want ≥ %g", what, want, got[0].Min, least)
		}
	}
	queries := []string{"view=fabric", "embed=fabric", "view=fabric&ranks=64&gpus-per-node=8&fabric.kind=rail"}
	live, stalled := server(t), stallingServer(t)
	for _, w := range []int64{360, 390} {
		p, s := browser(t, w, 800), browser(t, w, 800)
		for _, lang := range []string{"zh", "en"} {
			for _, q := range queries {
				p.open(live + "/?lang=" + lang + "&" + q)
				p.waitJS("the drawing", `!!document.querySelector("#fb-chart svg")`)
				check(p, itoa(int(w))+" px "+lang+" "+q, "fb-narrow", 11)
				s.do("navigate", navigate(stalled+"/?lang="+lang+"&"+q))
				s.waitJS("the server's drawing", `!!document.querySelector("#fb-chart svg")`)
				check(s, itoa(int(w))+" px, the server's page, "+lang+" "+q, "fb-narrow", 11)
			}
		}
		p.noConsoleErrors()
	}
	d := browser(t, 1280, 800)
	for _, lang := range []string{"zh", "en"} {
		d.open(live + "/?lang=" + lang + "&view=fabric")
		d.waitJS("the drawing", `!!document.querySelector("#fb-chart svg")`)
		check(d, "1280 px "+lang, "fb-wide", 10)
	}
	d.noConsoleErrors()
}
