//go:build shots

package playground

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestShotsServerRendered writes screenshots of the pages as the server
// renders them, before any WebAssembly (app.wasm is held back), at 1280×800
// and 390×844 in both languages, into $CCPLAY_SHOTS (default /tmp/shots):
// ssr-<view>-<lang>-<width>.png (view lesson: the ring lesson with its
// first typed question answered through the form). Opt-in: go test -tags shots -run ShotsServer.
func TestShotsServerRendered(t *testing.T) {
	dir := shotsDir(t)
	base := stallingServer(t)
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		p := browser(t, size[0], size[1])
		for _, lang := range []string{"zh", "en"} {
			for v, q := range map[string]string{"timing": "view=timing", "ledger": "view=ledger", "charts": "view=charts", "lesson": "lesson=ring&typed=20"} {
				p.do("navigate", chromedp.Navigate(fmt.Sprintf("%s/?lang=%s&%s", base, lang, q)))
				p.waitJS("the page", `!!document.getElementById("boot-bytes")`)
				png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, fmt.Sprintf("ssr-%s-%s-%d.png", v, lang, size[0]))
				if err := os.WriteFile(name, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestShotsNoScript writes screenshots of pages with JavaScript off (the
// server's page is all there is) at 1280×800 and 390×844 in both languages,
// into $CCPLAY_SHOTS (default /tmp/shots) as nojs-<page>-<lang>-<width>.png:
// the timing view, the ring lesson with its first typed answer, the
// embedded timing view and ring lesson a course page shows, the fabric
// view and the planner on a fat-tree with their simulated answers, and the
// fabric view over the render's budget.
func TestShotsNoScript(t *testing.T) {
	dir := shotsDir(t)
	base := server(t)
	pages := map[string]string{"timing": "view=timing", "lesson": "lesson=ring&typed=20",
		"embed-timing": "embed=timing&ranks=64&size=1GiB", "embed-lesson": "embed=lesson&lesson=ring",
		"fabric": "view=fabric&" + fabricQuery, "fabric-budget": "view=fabric&collective=allgather&algorithm=ring&ranks=181",
		"plan-fabric": planFabricQuery + "&plan.fabric=fat-tree"}
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		p := browser(t, size[0], size[1])
		p.do("JavaScript off", noScript())
		for _, lang := range []string{"zh", "en"} {
			for name, q := range pages {
				p.do("navigate", chromedp.Navigate(fmt.Sprintf("%s/?lang=%s&%s", base, lang, q)))
				p.waitJS("the page", `!!document.getElementById("panel")`)
				shot(t, p, dir, fmt.Sprintf("nojs-%s-%s-%d.png", name, lang, size[0]))
			}
		}
	}
}
