package playground

import (
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/request"
)

// evaluate is the core's answer for the given control texts (defaults for
// the rest), computed in the test, independently of the page.
func evaluate(t *testing.T, fields map[string]string) cost.Result {
	t.Helper()
	p, err := request.CostParams(request.Map(fields))
	if err != nil {
		t.Fatal(err)
	}
	r, err := cost.Evaluate(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestLoadShowsCoreNumbers(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.open(base + "/?lang=en")
	want := evaluate(t, nil)
	if got := p.text("t-time"); got != cost.FormatSeconds(want.TimeS) {
		t.Errorf("time shown %q, core says %q", got, cost.FormatSeconds(want.TimeS))
	}
	// boot.js loads the pre-compressed copy (the static server does not gzip).
	if src := eval[string](p, `window.ccplayWasmSource || ""`); src != "app.wasm.gz" {
		t.Errorf("the page loaded %q, want app.wasm.gz inflated by DecompressionStream", src)
	}
	p.noConsoleErrors()
}
