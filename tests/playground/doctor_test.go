package playground

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/chromedp"
)

// TestDoctorPanel drives the "check my log" view as a user does: pastes an
// nccl-tests log, picks --system, presses "check", and reads the verdict
// line and the cause with its line number against package ui run natively
// on the same log; switches to Chinese (the verdict is said again from the
// same arguments); then tries an example, which the page fetches from
// public/examples/, and chooses a log file.
func TestDoctorPanel(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en&view=doctor")
	log, err := os.ReadFile("../../core/doctor/testdata/rtx4090_4x_pcie_docker.txt")
	if err != nil {
		t.Fatal(err)
	}
	p.setField("d-paste", string(log))
	p.setField("d-system", "pcie-l40s")
	p.click("d-check")

	s := ui.NewState("lang=en&view=doctor", "en")
	want := ui.NewApp(s).Doctor // the same view, natively
	want.SetOption("system", "pcie-l40s")
	want.CheckLog("", string(log))
	if got := p.text("d-verdict"); got != want.Verdict() || !strings.HasSuffix(got, "far below expectation") {
		t.Errorf("verdict %q, want %q", got, want.Verdict())
	}
	if got := p.text("d-cause-0"); got != want.Causes()[0].Value || !strings.HasPrefix(got, "line 4: the GPUs (NVIDIA GeForce RTX 4090) are PCIe cards") {
		t.Errorf("cause %q, want %q", got, want.Causes()[0].Value)
	}
	departs := 0
	for _, r := range want.Rows() {
		if r.Class == "departs" {
			departs++
		}
	}
	if n := eval[int](p, `document.querySelectorAll("#d-rows tbody tr.departs").length`); n != departs || n == 0 {
		t.Errorf("%d departing rows marked, want %d as package ui marks them", n, departs)
	}

	p.click("lang-zh")
	s.SetLang("zh")
	if got := p.text("d-verdict"); got != want.Verdict() || !strings.HasSuffix(got, "远低于预期") {
		t.Errorf("zh verdict %q, want %q", got, want.Verdict())
	}
	if got := p.text("d-cause-0"); !strings.HasPrefix(got, "第 4 行：") {
		t.Errorf("zh cause %q", got)
	}

	p.click("d-ex-dgx-h100")
	p.waitJS("the example's verdict", `(document.getElementById("d-source")||{}).textContent === "已诊断：all_reduce_1x8_dgx-h100.txt（50 行）"`)
	if got := p.text("d-verdict"); !strings.HasSuffix(got, "：正常") {
		t.Errorf("example dgx-h100: verdict %q", got)
	}

	// A file chosen in the file input: judged with the example's options
	// (no --system), so the RTX 4090 of line 4 implies its workstation
	// preset.
	file, err := filepath.Abs("../../core/doctor/testdata/rtx4090_4x_pcie_docker.txt")
	if err != nil {
		t.Fatal(err)
	}
	p.do("choose the log file", chromedp.SetUploadFiles(`#d-file`, []string{file}))
	p.waitJS("the file's verdict", `(document.getElementById("d-source")||{}).textContent.startsWith("已诊断：rtx4090_4x_pcie_docker.txt")`)
	if got := p.text("d-verdict"); !strings.Contains(got, "ws-rtx4090-4x") || !strings.HasSuffix(got, "远低于预期") {
		t.Errorf("the file's verdict %q", got)
	}
	p.noConsoleErrors()
}

// TestDoctorForcedAlgorithm picks NCCL_ALGO=Ring among the view's choices
// for a one-node DGX H100 log: the page judges against Ring, says the
// setting was given outside the log, and shows the verdict package ui
// gives natively with the same choice (tests/crossface holds that one to
// `ccplay doctor --nccl-algo Ring`).
func TestDoctorForcedAlgorithm(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en&view=doctor")
	log, err := os.ReadFile("../../core/cost/testdata/nccl/all_reduce_1x8_dgx-h100.txt")
	if err != nil {
		t.Fatal(err)
	}
	p.setField("d-paste", string(log))
	p.click("d-check")
	free := p.text("d-verdict")
	p.setField("d-nccl-algo", "Ring")

	want := ui.NewApp(ui.NewState("lang=en&view=doctor", "en")).Doctor
	want.SetOption("nccl-algo", "Ring")
	want.CheckLog("", string(log))
	if got := p.text("d-verdict"); got != want.Verdict() || got == free {
		t.Errorf("verdict with Ring forced %q, want %q (nothing forced: %q)", got, want.Verdict(), free)
	}
	if basis := p.text("d-basis"); !strings.Contains(basis, "the expectation uses NCCL_ALGO=Ring as given (set outside the log)") {
		t.Errorf("the basis does not say Ring was forced: %q", basis)
	}
	if n := eval[int](p, `[...document.querySelectorAll("#d-rows tbody tr td:last-child")].filter(td => !td.textContent.startsWith("Ring/")).length`); n != 0 {
		t.Errorf("%d rows are expected of another algorithm than Ring", n)
	}
	if cli := p.text("d-cli"); !strings.HasSuffix(cli, "--nccl-algo Ring") {
		t.Errorf("the terminal command %q does not force Ring", cli)
	}
	p.noConsoleErrors()
}
