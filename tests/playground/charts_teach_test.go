package playground

import (
	"strings"
	"testing"
)

// TestChartsTeach: the selected algorithm's line stands out;
// a line that only repeats another is drawn once and said so; a line can
// be hidden and the axis rescales; crossover labels overlap nothing; a tap
// reads the values at a point; on a phone the charts fit the width.
func TestChartsTeach(t *testing.T) {
	base := server(t)
	for _, size := range [][2]int64{{1280, 900}, {390, 844}} {
		p := browser(t, size[0], size[1])
		p.open(base + "/?lang=en&view=charts&algorithm=ring&ranks=8")
		widths := eval[map[string]string](p, `Object.fromEntries([...document.querySelectorAll("#c-size path")].map(e => [e.querySelector("title").textContent, e.getAttribute("stroke-width")]))`)
		if widths["ring"] != "3.5" {
			t.Errorf("%dpx: the selected ring is drawn %q wide (%v)", size[0], widths["ring"], widths)
		}
		for name, w := range widths {
			if name != "ring" && w == "3.5" {
				t.Errorf("%dpx: %s is drawn as wide as the selected line", size[0], name)
			}
		}
		if _, ok := widths["hierarchical"]; ok {
			t.Errorf("%dpx: hierarchical is drawn though it equals the ring without nodes", size[0])
		}
		if got := p.text("c-size-same"); !strings.Contains(got, "hierarchical = ring") {
			t.Errorf("%dpx: the duplicate is not explained: %q", size[0], got)
		}
		// Crossover and "your" labels overlap neither each other nor a line's legend.
		if n := eval[int](p, `(() => { let n = 0; for (const id of ["c-ranks", "c-size"]) {
			const ts = [...document.querySelectorAll("#" + id + " svg > text")].filter(e => /→|your/.test(e.textContent)).map(e => e.getBBox());
			for (let i = 0; i < ts.length; i++) for (let j = i + 1; j < ts.length; j++) {
				const a = ts[i], b = ts[j];
				if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) n++;
			} } return n; })()`); n != 0 {
			t.Errorf("%dpx: %d pairs of chart labels overlap", size[0], n)
		}
		// Hide naive: the time-vs-P axis shrinks to ring and tree.
		top := eval[string](p, `[...document.querySelectorAll("#c-ranks svg text[text-anchor=end]")].map(e => e.textContent).filter(Boolean).pop()`)
		p.click("c-ranks-naive")
		if eval[bool](p, `[...document.querySelectorAll("#c-ranks path title")].some(e => e.textContent === "naive")`) {
			t.Errorf("%dpx: naive still drawn after hiding it", size[0])
		}
		if got := eval[string](p, `[...document.querySelectorAll("#c-ranks svg text[text-anchor=end]")].map(e => e.textContent).filter(Boolean).pop()`); got == top {
			t.Errorf("%dpx: the y axis still reaches %s without naive", size[0], got)
		}
		if eval[string](p, `document.getElementById("c-ranks-naive").getAttribute("aria-pressed")`) != "false" {
			t.Errorf("%dpx: the naive toggle is not aria-pressed=false", size[0])
		}
		// Values on tap.
		n := eval[int](p, `window.ccplayRenders`)
		eval[any](p, `(() => { const r = document.querySelectorAll("#c-ranks rect.probe")[2]; r.dispatchEvent(new MouseEvent("click", {bubbles: true})); return null })()`)
		p.waitJS("the probe's render", `window.ccplayRenders > `+itoa(n))
		if got := p.text("c-ranks-probe"); !strings.HasPrefix(got, "P = 8:") || !strings.Contains(got, "ring") || !strings.Contains(got, "tree") {
			t.Errorf("%dpx: tapping P = 8 reads %q", size[0], got)
		}
		if !eval[bool](p, `[...document.querySelectorAll("#c-ranks rect.probe")].every(r => r.querySelector("title").textContent.includes(": "))`) {
			t.Errorf("%dpx: probe columns without a tooltip", size[0])
		}
		// The charts fit the page's width.
		if over := eval[float64](p, `Math.max(...[...document.querySelectorAll(".chart svg")].map(s => s.getBoundingClientRect().right)) - document.documentElement.clientWidth`); over > 0 {
			t.Errorf("%dpx: a chart overflows the page by %.0f px", size[0], over)
		}
		p.noConsoleErrors()
	}
}
