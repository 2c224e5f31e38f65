//go:build shots

package playground

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestShotsMeasured writes screenshots of the charts view with measured
// points overlaid (real ccplay bench output loaded through the file input,
// then an nccl-tests log), in both languages at 1280×800 and 390×844, into
// $CCPLAY_SHOTS (default /tmp/shots): charts-measured-…, and
// charts-measured-fit-… after "fit α and β" and "use P".
func TestShotsMeasured(t *testing.T) {
	dir := shotsDir(t)
	bench, _ := filepath.Abs("../../core/measure/testdata/bench_tcp_4ranks.json")
	nccl, _ := filepath.Abs("../../core/nccltests/testdata/all_reduce_perf_16x_h100.txt")
	base := server(t)
	shot := func(p *page, name string) {
		png, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, size := range [][2]int64{{1280, 800}, {390, 844}} {
		p := browser(t, size[0], size[1])
		for _, lang := range []string{"zh", "en"} {
			p.open(fmt.Sprintf("%s/?lang=%s&view=charts&ranks=8", base, lang))
			p.do("choose the bench file", chromedp.SetUploadFiles(`#m-file`, []string{bench}))
			p.waitJS("the overlay", `document.getElementById("m-table") !== null`)
			shot(p, fmt.Sprintf("charts-measured-%s-%dx%d.png", lang, size[0], size[1]))
			p.click("m-s-0-fit")
			p.click("m-s-0-p")
			shot(p, fmt.Sprintf("charts-measured-fit-%s-%dx%d.png", lang, size[0], size[1]))
			p.open(fmt.Sprintf("%s/?lang=%s&view=charts&ranks=16&algorithm=ring", base, lang))
			p.do("choose the nccl-tests log", chromedp.SetUploadFiles(`#m-file`, []string{nccl}))
			p.waitJS("the overlay", `document.getElementById("m-table") !== null`)
			p.click("m-s-0-fit")
			shot(p, fmt.Sprintf("charts-measured-nccl-%s-%dx%d.png", lang, size[0], size[1]))
		}
		p.noConsoleErrors()
	}
}
