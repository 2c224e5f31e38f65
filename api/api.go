package api

import (
	"fmt"
	"io/fs"
	"log"
	"net/http"
	"runtime/debug"
	"strings"
)

// Config configures the handler. The zero value serves the API alone.
type Config struct {
	// Static, if set, is the static site (the playground's public/) served
	// for paths that are not API paths. Its index.html answers "/"; without
	// one, "/" is the generated index of the endpoints.
	Static fs.FS
	// Log receives one line per unexpected panic (a 500); nil discards.
	Log *log.Logger
}

// handler is the http.Handler that New returns.
type handler struct {
	cfg    Config
	routes map[string]route
	order  []route
	static http.Handler
	pools  [heavy + 1]*pool // by class; free has none
}

// New returns the API handler. It is safe for concurrent use and keeps no
// state between requests but the slots of the requests computing at once:
// every answer is a function of the request.
func New(cfg Config) http.Handler {
	h := &handler{cfg: cfg, routes: map[string]route{}}
	h.pools[light] = newPool(MaxLight, PerClient)
	h.pools[heavy] = newPool(MaxHeavy, PerClient)
	h.order = h.routeTable()
	for _, rt := range h.listed() {
		h.routes[rt.path] = rt
	}
	if cfg.Static != nil {
		h.static = http.FileServerFS(cfg.Static)
	}
	return h
}

// ServeHTTP dispatches one request. A panic (a bug: bad input never gets
// here) becomes a JSON 500 and one log line.
func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w = speak(w, r)
	defer func() {
		if v := recover(); v != nil {
			if v == http.ErrAbortHandler {
				panic(v)
			}
			if h.cfg.Log != nil {
				h.cfg.Log.Printf("api: panic serving %s %s: %v\n%s", r.Method, r.URL, v, debug.Stack())
			}
			sendFail(w, http.StatusInternalServerError, "", "internal error")
		}
	}()
	p := r.URL.Path
	switch {
	case p == "/healthz" || strings.HasPrefix(p, "/api/"):
		w.Header().Set("Access-Control-Allow-Origin", "*")
		rt, ok := h.routes[p]
		if !ok {
			sendFail(w, http.StatusNotFound, "path", fmt.Sprintf("no endpoint %s; GET %s lists the endpoints as JSON", p, IndexPath))
			return
		}
		h.dispatch(w, r, rt)
	case strings.HasPrefix(p, "/embed/"):
		w.Header().Set("Access-Control-Allow-Origin", "*")
		rt, ok := h.routes[p]
		if !ok {
			rt = route{method: http.MethodGet, class: free, serve: serveEmbed} // an unknown chart: serveEmbed's 404
		}
		h.dispatch(w, r, rt)
	default:
		h.serveSite(w, r)
	}
}

// dispatch checks the method (GET routes also answer HEAD; OPTIONS is a CORS
// preflight) and answers with rt.serve (work).
func (h *handler) dispatch(w http.ResponseWriter, r *http.Request, rt route) {
	method := rt.method
	allow := method
	if method == http.MethodGet {
		allow = "GET, HEAD"
	}
	switch {
	case r.Method == method || (method == http.MethodGet && r.Method == http.MethodHead):
		if method == http.MethodPost && !jsonBody(w, r) {
			return
		}
		h.work(w, r, rt)
	case r.Method == http.MethodOptions:
		w.Header().Set("Access-Control-Allow-Methods", allow+", OPTIONS")
		w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
		w.Header().Set("Access-Control-Max-Age", "86400")
		w.Header().Set("Allow", allow+", OPTIONS")
		w.WriteHeader(http.StatusNoContent)
	default:
		w.Header().Set("Allow", allow+", OPTIONS")
		sendFail(w, http.StatusMethodNotAllowed, "method", fmt.Sprintf("%s is not allowed on %s; use %s", r.Method, r.URL.Path, allow))
	}
}

// serveHealth answers the liveness probe.
func serveHealth(w http.ResponseWriter, _ *http.Request) {
	send(w, http.StatusOK, jsonType, noStore, []byte(`{"status":"ok"}`+"\n"))
}
