//go:build shots

package playground

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestShotsFabricProgress writes screenshots of the fabric view while its
// study is computed in slices (the progress bar past 10 %) and after, in
// both languages at 1280×800 and 390×844, into $CCPLAY_SHOTS (default
// /tmp/shots). Opt-in: go test -tags shots -run ShotsFabric.
func TestShotsFabricProgress(t *testing.T) {
	dir := shotsDir(t)
	base := server(t)
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		p := browser(t, size[0], size[1])
		for _, lang := range []string{"zh", "en"} {
			p.open(fmt.Sprintf("%s/?lang=%s&view=fabric&%s", base, lang, fabricQuery))
			p.waitJS("the first answer", `!!document.getElementById("fb-summary") && !document.getElementById("fb-progress")`)
			eval[chromedp.Void](p, `(()=>{document.getElementById("fb-r1").click(); return null})()`)
			p.waitJS("the bar past 10 %", `(document.getElementById("fb-progress-bar")||{value:0}).value > 10`)
			for _, stage := range []string{"progress", "answer"} {
				if stage == "answer" {
					p.waitJS("the answer", `!!document.getElementById("fb-summary") && !document.getElementById("fb-progress")`)
				}
				png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, fmt.Sprintf("fabric-%s-%s-%d.png", stage, lang, size[0]))
				if err := os.WriteFile(name, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		p.noConsoleErrors()
	}
}
