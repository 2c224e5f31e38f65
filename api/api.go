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

// route is one endpoint: its path, the method that reads it (GET ones also
// answer HEAD) and the function that answers it.
type route struct {
	path, method, summary string
	examples              []string
	serve                 func(http.ResponseWriter, *http.Request)
}

// handler is the http.Handler that New returns.
type handler struct {
	cfg    Config
	routes map[string]route
	order  []route
	static http.Handler
	heavy  chan struct{} // MaxHeavy slots (acquire)
}

// New returns the API handler. It is safe for concurrent use and keeps no
// state between requests: every answer is a function of the request.
func New(cfg Config) http.Handler {
	h := &handler{cfg: cfg, routes: map[string]route{}, heavy: make(chan struct{}, MaxHeavy)}
	h.order = []route{
		{"/api/v1/cost", http.MethodGet, "one cost question: the JSON of cost.Result, as `ccplay cost --json`",
			[]string{"/api/v1/cost?collective=allreduce&algorithm=ring&ranks=8&size=100MiB&bandwidth=400Gbps&latency=5us",
				"/api/v1/cost?collective=allreduce&algorithm=auto&ranks=64&size=1MiB"}, serveCost},
		{"/api/v1/table", http.MethodGet, "the nccl-tests table the model expects (JSON rows; format=text for the text)",
			[]string{"/api/v1/table?collective=allreduce&ranks=8&bandwidth=400Gbps&latency=5us&minbytes=8&maxbytes=8G&stepfactor=2&format=text"}, serveTable},
		{"/api/v1/schedule", http.MethodGet, fmt.Sprintf("rounds, transfers, ledger and price of one schedule (P ≤ %d)", MaxScheduleRanks),
			[]string{"/api/v1/schedule?collective=allreduce&algorithm=ring&ranks=4&size=64B"}, serveSchedule},
		{"/api/v1/run", http.MethodPost, fmt.Sprintf("run a collective on real buffers: the body and answer of `ccplay run` (≤ %d bytes)", MaxRunBody),
			nil, serveRun},
		{"/api/v1/plan", http.MethodGet, "parallelism planner: the JSON of plan.Result, as `ccplay plan --json` (format=text for the text)",
			[]string{"/api/v1/plan?model=70b&dp=8&tp=8&pp=1&zero=3", "/api/v1/plan?model=70b&dp=8&tp=8&zero=3&timeline=zero3"}, servePlan},
		{"/api/v1/doctor", http.MethodPost, fmt.Sprintf("is my bandwidth normal? an nccl-tests log's verdict, as `ccplay doctor --json` (≤ %d bytes)", MaxDoctorBody), nil, serveDoctor},
		{"/healthz", http.MethodGet, "liveness", []string{"/healthz"}, serveHealth},
	}
	for _, rt := range h.order {
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
			sendFail(w, http.StatusNotFound, "path", fmt.Sprintf("no endpoint %s; the endpoints are listed at /", p))
			return
		}
		h.dispatch(w, r, rt.method, rt.serve)
	case strings.HasPrefix(p, "/embed/"):
		w.Header().Set("Access-Control-Allow-Origin", "*")
		h.dispatch(w, r, http.MethodGet, serveEmbed)
	default:
		h.serveSite(w, r)
	}
}

// dispatch checks the method (GET routes also answer HEAD; OPTIONS is a CORS
// preflight) and calls serve.
func (h *handler) dispatch(w http.ResponseWriter, r *http.Request, method string, serve func(http.ResponseWriter, *http.Request)) {
	allow := method
	if method == http.MethodGet {
		allow = "GET, HEAD"
	}
	switch {
	case r.Method == method || (method == http.MethodGet && r.Method == http.MethodHead):
		if method == http.MethodPost && !jsonBody(w, r) {
			return
		}
		if r.URL.Path == "/healthz" {
			serve(w, r)
			return
		}
		if err := h.acquire(r.Context()); err != nil {
			gone(w, err)
			return
		}
		defer h.release()
		serve(w, r)
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
