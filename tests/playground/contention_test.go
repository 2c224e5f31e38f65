package playground

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/public/lessons"
	"github.com/ccplay/ccplay/ui"
)

// TestContentionLinkOpensFabricView: in the moe lesson, answering the
// contention question shows its figure, and the figure's link opens the
// fabric view (the tools module) on the same fabric and ratio, whose
// headline has the figure's simulated AllToAll time at 4:1 — with
// ccplay serve and on a static host.
func TestContentionLinkOpensFabricView(t *testing.T) {
	data, err := lessons.Read("moe", "en")
	if err != nil {
		t.Fatal(err)
	}
	l, err := ui.ParseLesson(data)
	if err != nil {
		t.Fatal(err)
	}
	q, ans := -1, ""
	for _, b := range l.Blocks {
		if b.Kind != ui.BlockQuestion {
			continue
		}
		if b.Metric == "contention" {
			ans = ui.AnswerOf(b).Labels[0]
			break
		}
		q++
	}
	q++
	p := browser(t, 1280, 800)
	for name, base := range map[string]string{"serve": server(t), "static": staticSite(t)} {
		p.open(base + "/?lesson=moe&lang=en&ans=" + strings.Repeat("0", q))
		p.waitJS("the contention question", `!!document.getElementById("qin-`+itoa(q)+`")`)
		if eval[bool](p, `!!document.getElementById("view-contention")`) {
			t.Fatalf("%s: the figure shows before its question is answered", name)
		}
		p.typeEnter("qin-"+itoa(q), ans)
		p.waitJS("the figure", `!!document.getElementById("ct-open")`)
		a2a := eval[string](p, `document.querySelector("#ct-1-4 .ct-t").textContent`)
		if a2a == "" {
			t.Fatalf("%s: no AllToAll time at 4:1 in the figure", name)
		}
		p.click("ct-open")
		p.waitJS("the fabric view", `!!document.getElementById("fb-summary") && !window.ccplayLeaving`)
		if got := p.text("fb-summary"); !strings.Contains(got, a2a) || !strings.Contains(got, "4:1") {
			t.Errorf("%s: the fabric view's headline %q lacks the figure's %s at 4:1", name, got, a2a)
		}
		if !eval[bool](p, `document.getElementById("fb-r4").getAttribute("aria-pressed") === "true" && document.getElementById("fb-fat-tree").getAttribute("aria-pressed") === "true"`) {
			t.Errorf("%s: the fabric view is not on the fat-tree at 4:1", name)
		}
	}
	p.noConsoleErrors()
}
