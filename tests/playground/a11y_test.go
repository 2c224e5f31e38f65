package playground

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/ui"
)

// contrastJS lists the visible text whose contrast with its background is
// under WCAG AA: 4.5:1, or 3:1 for large text (24 px, or 18.66 px bold).
// The background is the nearest opaque one up the tree (white at the top);
// SVG text is left out (the charts' ink is #111–#333 on white).
const contrastJS = `(() => {
  const rgb = (s) => { const m = s.match(/[\d.]+/g) || ["0","0","0","0"]; return m.map(Number).concat(m.length < 4 ? [1] : []); };
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4); }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const bgOf = (el) => { for (let e = el; e; e = e.parentElement) { const c = rgb(getComputedStyle(e).backgroundColor); if (c[3] > 0.5) return c; } return [255, 255, 255, 1]; };
  const out = [];
  for (const el of document.querySelectorAll("#app *")) {
    if (el.closest("svg") || el.closest("option")) continue;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.nodeValue.trim() !== "");
    if (!own || el.getClientRects().length === 0) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden") continue;
    const fg = rgb(cs.color), bg = bgOf(el);
    const a = fg[3], mix = [0, 1, 2].map((i) => fg[i] * a + bg[i] * (1 - a));
    const l1 = lum(mix), l2 = lum(bg), ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight) >= 700;
    const need = size >= 24 || (size >= 18.66 && bold) ? 3 : 4.5;
    if (ratio < need) out.push((el.id || el.className || el.tagName) + " '" + el.textContent.trim().slice(0, 30) + "' " + ratio.toFixed(2) + ":1");
  }
  return out;
})()`

// TestTextContrast: every view's text, in both languages,
// reaches 4.5:1 against its background (3:1 when large).
func TestTextContrast(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	for _, lang := range []string{"en", "zh"} {
		for _, v := range ui.TabList() {
			p.open(base + "/?lang=" + lang + "&view=" + v + "&ranks=16&gpus-per-node=8&slow-rank=3&slow-factor=2")
			if bad := eval[[]string](p, contrastJS); len(bad) > 0 {
				t.Errorf("%s/%s: text under 4.5:1: %s", lang, v, strings.Join(bad, "; "))
			}
		}
	}
	p.noConsoleErrors()
}

// TestPlannerInputsLabelled: the planner's inputs are named
// in words, hinted, and the model is a choice of presets.
func TestPlannerInputsLabelled(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	p.open(base + "/?lang=en&view=plan")
	labels := eval[[]string](p, `[...document.querySelectorAll(".plan-in .lbl")].map(e => e.textContent)`)
	for _, l := range labels {
		if l == "dp" || l == "sp" || l == "zero" || l == "mfu" || l == "peak" || l == "model" {
			t.Errorf("planner input labelled with the raw flag %q", l)
		}
	}
	if n := eval[int](p, `[...document.querySelectorAll(".plan-in .hint")].filter(e => e.textContent.trim() !== "").length`); n < len(labels) {
		t.Errorf("%d hints for %d inputs", n, len(labels))
	}
	opts := eval[[]string](p, `[...document.querySelectorAll("#pl-model option")].map(o => o.value)`)
	if len(opts) < 4 || !strings.Contains(strings.Join(opts, " "), "70b") {
		t.Errorf("the model is not a choice of presets: %v", opts)
	}
	p.setField("pl-model", "7b")
	if got := p.text("pl-headline"); !strings.Contains(got, "7b") {
		t.Errorf("choosing 7b: headline %q", got)
	}
	p.noConsoleErrors()
}
