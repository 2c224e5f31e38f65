package playground

import (
	"strconv"
	"strings"
	"testing"
)

// TestNCCLModelAddsUp: the NCCL model card shows every factor
// it applies — each enabled row's ℓ·fℓ + S ÷ (b·fb) is its T, the Ring/Simple
// row's ×1.4 plateau included —, names one quantity "algbw", lists all 21
// entries (the disabled folded with their reasons), and is useful without
// model=nccl, embedded too; the system preset and NCCL's knobs are
// controls that reach the URL.
func TestNCCLModelAddsUp(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 900)
	p.open(base + "/?lang=zh&view=ncclmodel&model=nccl&ranks=16&gpus-per-node=8&intra-preset=nvlink4&preset=ib400&size=64KiB")
	rows := eval[[][]string](p, `[...document.querySelectorAll("#m-predict tbody tr")].map(r => [...r.cells].map(c => c.textContent))`)
	if len(rows) == 0 {
		t.Fatal("no enabled entries shown")
	}
	num := func(s string) float64 {
		s = strings.TrimSpace(strings.NewReplacer("µs", "", "GB/s", "", "×", "", "ms", "").Replace(s))
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("not a number: %q", s)
		}
		return v
	}
	sawPlateau := false
	for _, r := range rows {
		lat, lf, bw, bf, tm := num(r[1]), num(r[2]), num(r[3]), num(r[4]), num(r[5])
		if strings.Contains(r[5], "ms") {
			tm *= 1000
		}
		want := lat*lf + 65536/(1000*bw*bf)
		if d := want - tm; d > 0.01*tm || d < -0.01*tm {
			t.Errorf("%s: %g×%g + 64 KiB ÷ (%g×%g) = %.4g µs, the row says %s", r[0], lat, lf, bw, bf, want, r[5])
		}
		if r[0] == "Ring/Simple" && lf == 1.4 {
			sawPlateau = true
		}
	}
	if !sawPlateau {
		t.Error("the Ring/Simple row does not show the ×1.4 plateau")
	}
	if got := p.text("m-formula"); !strings.Contains(got, "×") || !strings.Contains(got, "T = ") {
		t.Errorf("winner's formula %q", got)
	}
	if n := eval[int](p, `[...document.querySelectorAll("#view-ncclmodel th, #view-ncclmodel dt")].filter(e => /^\s*algbw/.test(e.textContent)).length`); n != 1 {
		t.Errorf("%d labels are algbw on the card, want 1", n)
	}
	if n := eval[int](p, `document.querySelectorAll("#m-table td").length`); n != 21 {
		t.Errorf("the tuning table has %d cells, want 21", n)
	}
	if got := eval[string](p, `document.querySelector("#m-disabled summary").textContent`); !strings.Contains(got, "/21") {
		t.Errorf("disabled summary %q", got)
	}
	// The system preset and the knobs: controls, in the URL.
	p.setField("f-system", "dgx-h100")
	if got := p.text("m-cluster"); !strings.Contains(got, "dgx-h100") {
		t.Errorf("cluster line %q lacks the system", got)
	}
	p.setField("f-nccl-algo", "Ring")
	if rows := eval[[]string](p, `[...document.querySelectorAll("#m-predict tbody tr td:first-child")].map(c => c.textContent)`); len(rows) == 0 || !allPrefix(rows, "Ring/") {
		t.Errorf("NCCL_ALGO=Ring leaves %v", rows)
	}
	p.waitJS("knobs in the URL", `location.search.includes("system=dgx-h100") && location.search.includes("nccl-algo=Ring")`)
	p.setField("f-nccl-buffsize", "8MiB")
	p.waitJS("NCCL_BUFFSIZE in the URL", `location.search.includes("nccl-buffsize=8MiB")`)
	// Without model=nccl: a preview, not an empty card; embedded too.
	for _, u := range []string{"/?lang=en&view=ncclmodel&ranks=16&gpus-per-node=8", "/?lang=en&embed=ncclmodel&ranks=16&gpus-per-node=8"} {
		p.open(base + u)
		if !eval[bool](p, `!!document.getElementById("m-summary") && document.querySelectorAll("#m-predict tbody tr").length > 0 && !!document.getElementById("m-use")`) {
			t.Errorf("%s: no NCCL answer without model=nccl", u)
		}
	}
	p.open(base + "/?lang=en&view=ncclmodel&collective=alltoall")
	if got := p.text("m-err"); !strings.Contains(got, "alltoall") {
		t.Errorf("alltoall: %q does not say why NCCL's model is silent", got)
	}
	p.noConsoleErrors()
}

func allPrefix(xs []string, p string) bool {
	for _, x := range xs {
		if !strings.HasPrefix(x, p) {
			return false
		}
	}
	return true
}
