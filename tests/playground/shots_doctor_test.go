//go:build shots

package playground

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestShotsDoctor writes screenshots of the "check my log" view with a
// verdict — the RTX 4090 example (far below, a cause on line 4), then the
// same log pasted with line 20 cut short (a line that cannot be read), then
// an srun-labelled log of two tables (a verdict per table), then one DGX
// H100 node with Ring forced outside the log — in both languages at
// 1280×800 and 390×844, into $CCPLAY_SHOTS (default /tmp/shots):
// doctor-example-…, doctor-badlog-…, doctor-tables-… and doctor-forced-….
func TestShotsDoctor(t *testing.T) {
	dir := shotsDir(t)
	log, err := os.ReadFile("../../core/doctor/testdata/rtx4090_4x_pcie_docker.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(log), "\n")
	lines[19] = strings.Join(strings.Fields(lines[19])[:8], "  ") // line 20 cut short
	bad := strings.Join(lines, "\n")
	tables, err := os.ReadFile("../../core/doctor/testdata/h100_8x_and_16x_srun_label.txt")
	if err != nil {
		t.Fatal(err)
	}
	node, err := os.ReadFile("../../core/cost/testdata/nccl/all_reduce_1x8_dgx-h100.txt")
	if err != nil {
		t.Fatal(err)
	}
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
			p.open(fmt.Sprintf("%s/?lang=%s&view=doctor", base, lang))
			p.click("d-ex-rtx4090")
			p.waitJS("the example's verdict", `document.getElementById("d-verdict") !== null`)
			shot(p, fmt.Sprintf("doctor-example-%s-%dx%d.png", lang, size[0], size[1]))
			p.setField("d-paste", bad)
			p.click("d-check")
			shot(p, fmt.Sprintf("doctor-badlog-%s-%dx%d.png", lang, size[0], size[1]))
			p.setField("d-paste", string(tables))
			p.click("d-check")
			shot(p, fmt.Sprintf("doctor-tables-%s-%dx%d.png", lang, size[0], size[1]))
			p.setField("d-system", "")
			p.setField("d-paste", string(node))
			p.setField("d-nccl-algo", "Ring")
			p.click("d-check")
			shot(p, fmt.Sprintf("doctor-forced-%s-%dx%d.png", lang, size[0], size[1]))
			p.setField("d-nccl-algo", "")
		}
		p.noConsoleErrors()
	}
}
