package playground

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestFirstVisitLanding: a first visit to the bare address lands on the
// lessons' index before anything is painted (the page is asked for again
// as /?lesson=index and rendered by the server for it), and the
// WebAssembly takes that page over without changing its text; a second
// visit to the bare address stays there.
func TestFirstVisitLanding(t *testing.T) {
	base := server(t)
	p := browser(t, 1280, 800)
	p.do("install the probe", installProbe())
	p.do("navigate", chromedp.Navigate(base+"/?"))
	p.waitJS("the lessons' index, rendered", `location.search.includes("lesson=index") && window.ccplayRenders >= 1`)
	if n := eval[int](p, `window.ccplayRendersAtProbe`); n != 0 {
		t.Fatalf("the probe ran after %d renders: it cannot compare", n)
	}
	if before, after := eval[string](p, `window.ccplayBefore`), eval[string](p, `document.getElementById("app").innerText`); before != after {
		t.Errorf("the WebAssembly changed the landing page's text:\nbefore %q\nafter  %q", before, after)
	}
	if !eval[bool](p, `!!document.getElementById("view-lessons") || !!document.querySelector(".lessons")`) {
		t.Errorf("the first visit did not land on the lessons")
	}
	p.open(base + "/?")
	if got := eval[string](p, `location.search`); got != "" && got != "?" && !eval[bool](p, `!location.search.includes("lesson=")`) {
		t.Errorf("a second visit to the bare address went to %q", got)
	}
	p.noConsoleErrors()
}
