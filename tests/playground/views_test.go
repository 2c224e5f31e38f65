package playground

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/prim"
	"github.com/ccplay/ccplay/core/sched"
	"github.com/ccplay/ccplay/core/sim"
	"github.com/ccplay/ccplay/ui"
)

// TestViews opens every tab in turn, checks the ledger against a schedule
// built here, plays the animation to its end, and pages the ledger; the
// console stays clean throughout.
func TestViews(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en&ranks=8&size=1MiB")
	for _, v := range ui.Views[:len(ui.Views)-1] {
		p.click("tab-" + v)
		if !eval[bool](p, `!!document.getElementById("view-`+v+`")`) {
			t.Errorf("tab %s shows no view", v)
		}
	}
	// Ledger: the busiest rank's bytes equal an independently built ledger.
	p.click("tab-ledger")
	sc, err := sched.Build(prim.Spec{Collective: prim.AllReduce, Ranks: 8, Op: prim.Sum, Count: 1 << 18}, sched.Ring, sched.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l := sim.NewLedger(sc, 4)
	if got := p.text("chk-sent"); !strings.Contains(got, ui.Bytes(l.Ranks[l.Busiest].Sent)) || !strings.Contains(got, "✓") {
		t.Errorf("ledger check row %q, want %s ✓", got, ui.Bytes(l.Ranks[l.Busiest].Sent))
	}
	// Step through: play to the end (2(P−1) = 14 rounds at 8 rounds/s).
	p.click("tab-steps")
	p.setField("a-speed", "8")
	p.click("a-play")
	p.waitJS("animation at its last round", `document.getElementById("a-label").textContent.startsWith("round 14 of 14")`)
	cells := eval[[]string](p, `[...document.querySelectorAll("#a-grid .chunk")].map(e => e.textContent)`)
	if len(cells) != 64 {
		t.Fatalf("%d chunk cells, want 8 ranks × 8", len(cells))
	}
	for _, c := range cells {
		if c != "8" {
			t.Fatalf("after the last round a cell holds %s ranks' data, want 8", c)
		}
	}
	// Per-algorithm layouts, switched live: the double tree's two trees, a
	// box per node for hierarchical with GPUs per node, the naive star.
	for _, tc := range []struct{ alg, gpus, want, why string }{
		{"tree", "0", "tree B", "tree: both complementary trees"},
		{"hierarchical", "4", "node 1", "hierarchical, 4 GPUs per node: a box per node"},
		{"naive", "0", "A star", "naive: the star (in the layout note)"},
	} {
		p.setField("f-algorithm", tc.alg)
		p.setField("f-gpus-per-node", tc.gpus)
		p.click("a-step")
		got := eval[string](p, `document.querySelector("#view-steps svg").textContent + " " + document.getElementById("a-layout").textContent`)
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s: the step figure and note lack %q", tc.why, tc.want)
		}
	}
	// Large P: the animation explains its limit; the ledger pages.
	p.setField("f-ranks", "1000")
	if got := p.text("a-limit"); !strings.Contains(got, "64") {
		t.Errorf("P = 1000: animation limit text %q", got)
	}
	p.click("tab-ledger")
	// Above 64 ranks a schedule without an analytic ledger is built by the
	// page's completion, after the closed form is painted.
	p.waitJS("the ledger built in the background", `!window.ccplayPending && !!document.getElementById("l-next")`)
	p.click("l-next")
	if got := p.text("l-page"); got != "ranks 16–31 of 1000" {
		t.Errorf("second ledger page label %q", got)
	}
	if n := eval[int](p, `document.querySelectorAll("#l-ranks tbody tr").length`); n != ui.LedgerPageSize {
		t.Errorf("%d rows on a page", n)
	}
	p.noConsoleErrors()
}
