package site

import (
	"net/http"
	"net/url"
	"strconv"

	"github.com/ccplay/ccplay/api"
	"github.com/ccplay/ccplay/ui"
)

// busy answers a page request that found no render slot: 503 with
// Retry-After (api.RetryAfter seconds) and the shell whose app root holds
// the busy note in the page's language (the query's lang, else the
// browser's), its loading bar saying no more than that the page loads. The WebAssembly, when it loads, renders the view itself in
// the browser. Not cached.
func busy(w http.ResponseWriter, r *http.Request, shell Shell, navLang string) {
	lang := ui.DefaultLang(navLang)
	if q, err := url.ParseQuery(r.URL.RawQuery); err == nil && (q.Get("lang") == "zh" || q.Get("lang") == "en") {
		lang = q.Get("lang")
	}
	body := shell.fillNote(ui.ModuleMain, lang, "ccplay", `<div id="app"><p id="server-busy" class="loading" role="status">`+escapeText(ui.T(lang, "ssr.busy"))+`</p></div>`,
		ui.T(lang, "ssr.busy.loading"))
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("Retry-After", strconv.Itoa(api.RetryAfter))
	h.Set("Vary", "Accept-Language")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusServiceUnavailable)
	if r.Method != http.MethodHead {
		w.Write(body) //nolint:errcheck // the client went away; nothing to do
	}
}
