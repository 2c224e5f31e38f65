package playground

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/chromedp"
)

// TestZhPageIsChinese: every view in zh, over the planner, a
// hierarchical cluster, a straggler, NCCL's model and loaded measurements,
// shows no English word but identifiers and units (ui.EnglishWords) — in
// the page's text, its SVG titles and descriptions, and the document's
// title —, and the root element's lang is zh-CN.
func TestZhPageIsChinese(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	states := []string{
		"",
		"algorithm=hierarchical&ranks=1024&gpus-per-node=8&preset=ib400&intra-preset=nvlink4&size=1GiB",
		"algorithm=tree&ranks=64&slow-rank=3&slow-factor=4",
		"model=nccl&ranks=16&gpus-per-node=8&intra-preset=nvlink4&preset=ib400&size=64KiB",
		"model=nccl&system=dgx-h100&ranks=16",
		"plan.zero=2&plan.sp=on",
	}
	// Text without citations (<cite>) and code (<code>), SVG <title> and
	// <desc> included (textContent), and the document's title.
	const pageText = `(() => { const c = document.getElementById("app").cloneNode(true);
		c.querySelectorAll("cite, code, script, style").forEach(e => e.remove());
		const w = document.createTreeWalker(c, NodeFilter.SHOW_TEXT), out = [];
		while (w.nextNode()) out.push(w.currentNode.nodeValue);
		return document.title + " " + out.join(" "); })()`
	for _, q := range states {
		for _, v := range ui.TabList() {
			p.open(base + "/?lang=zh&view=" + v + "&" + q)
			if got := eval[string](p, `document.documentElement.lang`); got != "zh-CN" {
				t.Errorf("%s ?%s: <html lang=%q>", v, q, got)
			}
			if w := ui.EnglishWords(eval[string](p, pageText)); len(w) > 0 {
				t.Errorf("%s ?%s: English on the zh page: %s", v, q, strings.Join(dedupe(w), ", "))
			}
		}
	}
	// Measurements loaded onto the charts: the panel, its table and the
	// overlay, after a fit.
	bench, err := filepath.Abs("../../core/measure/testdata/bench_tcp_4ranks.json")
	if err != nil {
		t.Fatal(err)
	}
	p.open(base + "/?lang=zh&view=charts")
	p.do("choose the bench file", chromedp.SetUploadFiles(`#m-file`, []string{bench}))
	p.waitJS("the overlay", `document.getElementById("m-table") !== null`)
	p.click("m-s-0-fit")
	if w := ui.EnglishWords(eval[string](p, pageText)); len(w) > 0 {
		t.Errorf("measurements: English on the zh page: %s", strings.Join(dedupe(w), ", "))
	}
	p.noConsoleErrors()
}

func dedupe(ws []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, w := range ws {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}
