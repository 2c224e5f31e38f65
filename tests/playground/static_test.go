package playground

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/ui"
	"github.com/chromedp/chromedp"
)

// staticSite writes the static build (internal/sitebuild) into a temporary
// directory and serves it with a plain file server, as a static host would
// (no compression, no rendering); the server is closed when the test ends.
func staticSite(t *testing.T) string {
	t.Helper()
	ts := httptest.NewServer(http.FileServer(http.Dir(buildStatic(t))))
	t.Cleanup(ts.Close)
	return ts.URL
}

// buildStatic writes the static build (internal/sitebuild) into a
// temporary directory and returns it.
func buildStatic(t *testing.T) string {
	t.Helper()
	pub := ensureBuilt(t)
	out := t.TempDir()
	cmd := exec.Command("go", "run", "./internal/sitebuild", "-o", out)
	cmd.Dir = filepath.Dir(pub)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sitebuild: %v\n%s", err, b)
	}
	return out
}

// TestStaticPages: on a static host the page of a view (the ledger) is
// pre-rendered in the browser's language (Chinese here) with the default
// question's numbers; the WebAssembly, fetched as its .gz copy and inflated in the
// page, takes it over without changing its text; an address asking for
// another question shows the loading bar until the WebAssembly renders it;
// every lesson has its page.
func TestStaticPages(t *testing.T) {
	base := staticSite(t)
	p := browser(t, 1280, 800)
	p.do("Chinese browser", setLocale("zh-CN"))
	p.do("navigate", chromedp.Navigate(base+"/ledger.html"))
	if !eval[bool](p, `document.documentElement.lang === "zh-CN"`) {
		t.Errorf("a Chinese browser got the %q page", eval[string](p, `document.documentElement.lang`))
	}
	before := eval[string](p, `window.ccplayRenders ? "" : document.getElementById("app").innerText`)
	p.waitJS("first render", `window.ccplayRenders >= 1`)
	if after := eval[string](p, `document.getElementById("app").innerText`); before != "" && after != before {
		t.Errorf("the WebAssembly changed the pre-rendered text:\nbefore %q\nafter  %q", before, after)
	}
	if !strings.Contains(p.text("view-ledger"), "175 MiB") {
		t.Errorf("the ledger page does not show the default question's 175 MiB per rank")
	}
	if src := eval[string](p, `window.ccplayWasmSource || ""`); !regexp.MustCompile(`^app\.[0-9a-f]{10}\.wasm\.gz$`).MatchString(src) {
		t.Errorf("loaded %q, want the hashed app.wasm's .gz copy", src)
	}
	// The address takes the page's question (written after a quiet period).
	p.waitJS("the address", `location.search.includes("view=ledger")`)

	p.do("navigate", chromedp.Navigate(base+"/timing.html?view=timing&ranks=64&lang=en"))
	p.waitJS("first render", `window.ccplayRenders >= 1`)
	if got, want := p.text("t-time"), cost.FormatSeconds(evaluate(t, map[string]string{"ranks": "64"}).TimeS); got != want {
		t.Errorf("another question on a static page: time %q, core says %q", got, want)
	}
	// Each lesson has its pre-rendered page.
	for _, id := range ui.LessonIDs {
		resp, err := http.Get(base + "/lesson-" + id + ".html")
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), `data-query="lesson=`+id+`"`) {
			t.Errorf("lesson-%s.html: status %d, not the lesson's pre-rendered page", id, resp.StatusCode)
		}
	}
	p.noConsoleErrors()
}
