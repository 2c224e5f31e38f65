package playground

import (
	"context"
	"regexp"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// compileProbe runs at the start of every document and records what
// boot.js hands WebAssembly.instantiateStreaming: the Response's URL ("" for
// a Response made in the page) and Content-Type (window.ccplayCompiled),
// and the loading bar's value once the module is instantiated
// (window.ccplayBarAtStart).
const compileProbe = `(() => {
  const real = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = function (source, imports) {
    return Promise.resolve(source).then((r) => {
      window.ccplayCompiled = { url: r.url, type: r.headers.get("Content-Type") || "" };
      return real.call(WebAssembly, r, imports);
    }).then((x) => {
      const bar = document.getElementById("boot-bar");
      window.ccplayBarAtStart = bar ? bar.value : -1;
      return x;
    });
  };
})();`

// TestWasmCompiledFromItsResponse: where the server sends app.wasm as
// application/wasm (compressed on the wire, as ccplay serve and the Worker
// do), boot.js compiles the network's own Response — its URL the
// content-hashed app.wasm, which the browser's compiled-code cache keys on
// — and the loading bar still counts the bytes; a static host's .gz copy,
// inflated in the page, is compiled from a Response made there. Both pages
// answer with core's numbers.
func TestWasmCompiledFromItsResponse(t *testing.T) {
	for _, tc := range []struct {
		name, base, path string
		url              *regexp.Regexp
	}{
		{"server", server(t), "/?lang=en", regexp.MustCompile(`/app\.[0-9a-f]{10}\.wasm$`)},
		{"static host", staticSite(t), "/timing.html?lang=en", regexp.MustCompile(`^$`)},
	} {
		p := browser(t, 1280, 800)
		p.do("install the probe", chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: compileProbe})
			return err
		}))
		p.open(tc.base + tc.path)
		got := eval[map[string]string](p, `window.ccplayCompiled || {}`)
		if !tc.url.MatchString(got["url"]) || got["type"] != "application/wasm" {
			t.Errorf("%s: compiled a Response of URL %q, type %q; want URL matching %s, application/wasm", tc.name, got["url"], got["type"], tc.url)
		}
		if bar := eval[float64](p, `window.ccplayBarAtStart`); !(bar > 0) {
			t.Errorf("%s: the loading bar stood at %v when the module was instantiated", tc.name, bar)
		}
		if got, want := p.text("t-time"), cost.FormatSeconds(evaluate(t, nil).TimeS); got != want {
			t.Errorf("%s: time %q, core says %q", tc.name, got, want)
		}
		p.noConsoleErrors()
	}
}
