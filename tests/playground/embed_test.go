package playground

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/ui"
)

// TestEmbedPostsHeight embeds views in a 720-px course page and checks that
// each posts {type: "ccplay:resize", height} with its real height, that the
// page chrome is absent, and that a height change posts again.
func TestEmbedPostsHeight(t *testing.T) {
	base := server(t)
	p := browser(t, 1000, 900)
	p.do("open course page", navigate(base+"/course.html?width=720&src="+urlEscape("/?embed=timing&lang=en")))
	p.waitJS("resize message", `window.resizes.length > 0`)
	h := eval[int](p, `window.resizes[window.resizes.length-1]`)
	inner := eval[int](p, `Math.ceil(document.getElementById("ccplay").contentDocument.getElementById("app").getBoundingClientRect().height)`)
	if h < 200 || h != inner {
		t.Errorf("posted height %d, embedded view is %d px tall", h, inner)
	}
	chrome := eval[bool](p, `!!document.getElementById("ccplay").contentDocument.querySelector("header.top, nav.tabs, #controls")`)
	if chrome {
		t.Error("embed mode shows page chrome")
	}
	// Switching to a taller view inside the frame posts the new height.
	n := eval[int](p, `window.resizes.length`)
	p.do("open a taller embed", navigate(base+"/course.html?width=720&src="+urlEscape("/?embed=ledger&ranks=64&lang=en")))
	p.waitJS("resize message for the ledger", `window.resizes.length > 0 && window.resizes[window.resizes.length-1] > `+itoa(h))
	_ = n
	if got := eval[string](p, `document.getElementById("ccplay").contentDocument.body.textContent`); !strings.Contains(got, "Byte ledger") {
		t.Errorf("the embedded ledger is missing: %.200q", got)
	}
	// With &controls=1 the controls sit above the view and typing in the
	// frame updates it (and the height is posted again).
	p.do("open an embed with controls", navigate(base+"/course.html?width=720&src="+urlEscape("/?embed=timing&controls=1&lang=en")))
	p.waitJS("resize message with controls", `window.resizes.length > 0 && window.resizes[window.resizes.length-1] > `+itoa(h))
	frame := `document.getElementById("ccplay").contentWindow`
	p.waitJS("frame rendered", frame+`.ccplayRenders >= 1`)
	n = eval[int](p, frame+`.ccplayRenders`)
	eval[any](p, `(()=>{const d=`+frame+`.document; const el=d.getElementById("f-ranks"); el.value="1024"; el.dispatchEvent(new Event("input",{bubbles:true})); return null})()`)
	p.waitJS("frame re-rendered", frame+`.ccplayRenders > `+itoa(n))
	want := evaluate(t, map[string]string{"ranks": "1024"})
	if got := eval[string](p, frame+`.document.getElementById("t-time").textContent`); got != ui.Secs(want.TimeS) {
		t.Errorf("embedded timing after ranks=1024: %q, core %q", got, ui.Secs(want.TimeS))
	}
	p.noConsoleErrors()
}
