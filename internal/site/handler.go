package site

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/api"
	"github.com/ccplay/ccplay/ui"
)

// Handler answers GET and HEAD of "/" and "/index.html" with the page of
// the request's URL (its query, and the first language of Accept-Language
// when the query has no lang) and passes every other request to next. The
// page is sent with Cache-Control: no-cache (it names the hashed assets of
// the current build) and, when gzipPages is set and the client accepts
// gzip, gzipped (a server that compresses by itself, as a Worker's
// runtime does, leaves it unset). A page the components fail to render is
// the shell with the loading bar alone: the WebAssembly still renders it.
// A render holds a slot of the handler's api.PageGate while it computes
// (and only then); a page that finds no slot within api.PageWait is the
// busy page (busy), and a request whose client goes while it waits or
// renders stops and sends nothing.
func Handler(shell Shell, gzipPages bool, next http.Handler) http.Handler {
	return handler(shell, gzipPages, next, api.NewPageGate(api.PageWait), RenderContext)
}

// handler is Handler with its gate and its renderer.
func handler(shell Shell, gzipPages bool, next http.Handler, gate *api.PageGate, render func(context.Context, Shell, string, string) ([]byte, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if (r.URL.Path != "/" && r.URL.Path != "/index.html") || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			next.ServeHTTP(w, r)
			return
		}
		nav := FirstLanguage(r.Header.Get("Accept-Language"))
		release, err := gate.Admit(r)
		if errors.Is(err, api.ErrBusy) {
			busy(w, r, shell, nav)
			return
		}
		if err != nil {
			return // the client went away: nobody reads the page
		}
		body, err := render(r.Context(), shell, r.URL.RawQuery, nav)
		release()
		if err != nil {
			return // the client went away: nobody reads the page
		}
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		h.Set("Vary", "Accept-Language, Accept-Encoding")
		if gzipPages && Accepts(r.Header.Get("Accept-Encoding"), "gzip") {
			var z bytes.Buffer
			zw := gzip.NewWriter(&z)
			zw.Write(body)
			zw.Close()
			body = z.Bytes()
			h.Set("Content-Encoding", "gzip")
		}
		h.Set("Content-Length", strconv.Itoa(len(body)))
		if r.Method == http.MethodHead {
			return
		}
		w.Write(body)
	})
}

// Render is the page for a URL query in a browser whose preferred language
// is navLang: the shell holding the rendered view, or, if rendering fails,
// an empty app root (the loading bar alone).
func Render(shell Shell, query, navLang string) []byte {
	body, _ := RenderContext(context.Background(), shell, query, navLang)
	return body
}

// RenderContext is Render for a request (ui.RenderPageContext): its
// simulations within the request's budget, stopped with ctx.Err() and no
// page once ctx is done.
func RenderContext(ctx context.Context, shell Shell, query, navLang string) ([]byte, error) {
	p, err := ui.RenderPageContext(ctx, query, navLang)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		lang := ui.DefaultLang(navLang)
		return shell.fill(ui.ModuleMain, lang, "ccplay", `<div id="app"></div>`), nil
	}
	return shell.Fill(p), nil
}

// FirstLanguage is the first language tag of an Accept-Language header
// ("zh-CN,zh;q=0.9,en;q=0.8" → "zh-CN"), as navigator.language would say.
func FirstLanguage(acceptLanguage string) string {
	tag, _, _ := strings.Cut(acceptLanguage, ",")
	tag, _, _ = strings.Cut(tag, ";")
	return strings.TrimSpace(tag)
}

// Accepts reports whether an Accept-Encoding header accepts the content
// coding (case-insensitive): listed, and not with q=0 (or 0.0, 0.00,
// 0.000).
func Accepts(acceptEncoding, coding string) bool {
	for _, part := range strings.Split(acceptEncoding, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), coding) {
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
