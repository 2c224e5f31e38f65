package playground

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/chromedp"
)

// TestMeasuredOverlay loads real ccplay bench output through the charts
// view's file input (as a user picks a file), checks the overlay and the
// measured-vs-model table against package ui run natively on the same
// file, presses "fit α and β" and checks the latency and bandwidth fields,
// then loads an nccl-tests log through the paste box and a bad paste (the
// error shows, the last overlay stays).
func TestMeasuredOverlay(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	const query = "lang=en&view=charts&ranks=8&efficiency=0.9"
	p.open(base + "/?" + query)
	bench, err := filepath.Abs("../../core/measure/testdata/bench_tcp_4ranks.json")
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(bench)
	if err != nil {
		t.Fatal(err)
	}
	p.do("choose the file", chromedp.SetUploadFiles(`#m-file`, []string{bench}))
	p.waitJS("the overlay", `document.getElementById("m-table") !== null`)

	ws := ui.NewState(query, "en")
	want := ui.NewApp(ws).Charts.Measure // the measurement panel of the same page, natively
	want.LoadMeasurements("bench_tcp_4ranks.json", string(data))
	if got := p.text("m-loaded"); got != want.MeasureSummary() {
		t.Errorf("summary %q, want %q", got, want.MeasureSummary())
	}
	if n := eval[int](p, `document.querySelectorAll("#c-size g.measured rect").length`); n != 12 {
		t.Errorf("%d measured squares on the chart, want 12 (allreduce ring and tree × 6 sizes)", n)
	}
	checkTable(t, p, want)

	// Fit α and β to the ring series: the fields take core's values.
	p.click("m-s-0-fit")
	want.FitMeasured(0)
	for _, f := range []string{"latency", "bandwidth", "efficiency"} {
		if got := eval[string](p, fmt.Sprintf(`document.getElementById("f-%s").value`, f)); got != ws.Text(f) {
			t.Errorf("after the fit, %s = %q, want %q", f, got, ws.Text(f))
		}
	}
	if got := p.text("m-fit"); got != want.MeasureFit() {
		t.Errorf("fit report %q, want %q", got, want.MeasureFit())
	}
	// Use the measurements' P: the table's differences become the fit's residuals.
	p.click("m-s-0-p")
	want.UseMeasuredRanks(0)
	if got := eval[string](p, `document.getElementById("f-ranks").value`); got != "4" {
		t.Errorf("ranks field %q after use P = 4", got)
	}
	checkTable(t, p, want)

	// The paste box: an nccl-tests log, then a bad one.
	log, err := os.ReadFile("../../core/nccltests/testdata/all_reduce_perf_16x_h100.json")
	if err != nil {
		t.Fatal(err)
	}
	paste(p, string(log))
	want.LoadMeasurements("", string(log))
	if got := p.text("m-loaded"); got != want.MeasureSummary() || !strings.Contains(got, "nccl-tests") {
		t.Errorf("summary %q, want %q", got, want.MeasureSummary())
	}
	checkTable(t, p, want)
	paste(p, `{"ranks":4,"series":[{"collective":"allreduce","algorithm":"ring","rows":[{"size_bytes":8,"time_s":-1}]}]}`)
	if got := p.text("m-err"); !strings.Contains(got, "series[0].rows[0].time_s: want a finite time > 0 seconds, got -1") {
		t.Errorf("bad paste: error %q", got)
	}
	if got := p.text("m-loaded"); got != want.MeasureSummary() {
		t.Errorf("the last good overlay is gone: %q", got)
	}
	p.noConsoleErrors()
}

// paste types text into the paste box and presses load.
func paste(p *page, text string) {
	p.t.Helper()
	eval[chromedp.Void](p, fmt.Sprintf(`(()=>{const el=document.getElementById("m-paste"); el.value=%q;
		el.dispatchEvent(new Event("input",{bubbles:true})); return null})()`, text))
	p.click("m-load")
}

// checkTable compares the page's table with ui's rows for the same state.
func checkTable(t *testing.T, p *page, want *ui.Measure) {
	t.Helper()
	rows := want.MeasureRows()
	got := eval[[][]string](p, `[...document.querySelectorAll("#m-table tbody tr")].map(r => [...r.cells].map(c => c.textContent))`)
	if len(got) != len(rows) {
		t.Fatalf("%d table rows, want %d", len(got), len(rows))
	}
	for i, r := range rows {
		w := []string{r.Series, r.Size, r.Measured, r.Model, r.Diff}
		if strings.Join(got[i], "|") != strings.Join(w, "|") {
			t.Errorf("row %d: %q, want %q", i, got[i], w)
		}
	}
}
