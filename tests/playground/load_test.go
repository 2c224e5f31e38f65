package playground

import (
	"regexp"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
)

// evaluate is the core's answer for the given control texts (defaults for
// the rest), computed in the test, independently of the page.
func evaluate(t *testing.T, fields map[string]string) cost.Result {
	t.Helper()
	p, err := question.CostParams(field.Map(fields))
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
	// boot.js loads the content-hashed app.wasm the page names (the server
	// sends it compressed; the browser decompresses it).
	if src := eval[string](p, `window.ccplayWasmSource || ""`); !regexp.MustCompile(`^app\.[0-9a-f]{10}\.wasm$`).MatchString(src) {
		t.Errorf("the page loaded %q, want the content-hashed app.wasm", src)
	}
	p.noConsoleErrors()
}
