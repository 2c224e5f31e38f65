package api

import (
	"bytes"
	"encoding/json"
	"html"
	"log"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// TestBadQueries: every malformed, unknown, repeated or out-of-range
// parameter is a 400 naming the field — never a 500.
func TestBadQueries(t *testing.T) {
	for _, tt := range []struct {
		reason, target, field string
		want                  []string
	}{
		{"ranks 0", "/api/v1/cost?ranks=0", "ranks", []string{"1 to 1048576", `"0"`}},
		{"ranks not a number", "/api/v1/cost?ranks=eight", "ranks", nil},
		{"ranks above 2^20", "/api/v1/cost?ranks=1048577", "ranks", nil},
		{"an unknown parameter lists the accepted ones", "/api/v1/cost?rank=8", "rank", []string{"unknown parameter", "collective, algorithm, ranks"}},
		{"a parameter twice", "/api/v1/cost?ranks=8&ranks=16", "ranks", []string{"given 2 times"}},
		{"a malformed escape", "/api/v1/cost?ranks=%zz", "query", []string{"malformed"}},
		{"an empty value", "/api/v1/cost?size=", "size", nil},
		{"an unknown collective", "/api/v1/cost?collective=allsum", "collective", nil},
		{"an algorithm that does not apply", "/api/v1/cost?collective=alltoall&algorithm=ring", "algorithm", []string{"pairwise"}},
		{"bits vs bytes typo", "/api/v1/cost?bandwidth=400", "bandwidth", nil},
		{"a latency without unit", "/api/v1/cost?latency=5", "latency", nil},
		{"negative gamma", "/api/v1/cost?gamma=-1", "gamma", nil},
		{"efficiency above 1", "/api/v1/cost?efficiency=1.5", "efficiency", nil},
		{"a root outside the ranks", "/api/v1/cost?collective=broadcast&ranks=4&root=4", "root", nil},
		{"a root for a rootless collective", "/api/v1/cost?root=1", "root", nil},
		{"an unknown dtype", "/api/v1/cost?dtype=float128", "dtype", nil},
		{"a size not in whole elements", "/api/v1/cost?size=6B", "size", nil},
		{"chunks for ring allreduce", "/api/v1/cost?chunks=4", "chunks", nil},
		{"table: size is not a table parameter", "/api/v1/table?size=1MiB", "size", []string{"unknown parameter"}},
		{"table: an unknown format", "/api/v1/table?format=csv", "format", []string{"json or text"}},
		{"table: both step kinds", "/api/v1/table?stepfactor=2&stepbytes=8", "stepbytes", []string{"not both"}},
		{"table: factor 1", "/api/v1/table?stepfactor=1", "stepfactor", nil},
		{"table: too many rows", "/api/v1/table?minbytes=1&maxbytes=1G&stepbytes=1", "maxbytes", []string{"4096"}},
		{"schedule: bad ranks", "/api/v1/schedule?ranks=-3", "ranks", nil},
	} {
		wantError(t, tt.reason, get(t, tt.target), http.StatusBadRequest, tt.field, tt.want...)
	}
}

// TestRoutes: unknown paths are JSON 404s, wrong methods JSON 405s with
// Allow, OPTIONS is a CORS preflight, HEAD answers like GET without a body.
func TestRoutes(t *testing.T) {
	h := New(Config{})
	for _, tt := range []struct {
		reason, method, target string
		status                 int
		field, allow           string
	}{
		{"an unknown API path", "GET", "/api/v1/costs", 404, "path", ""},
		{"the API root", "GET", "/api/", 404, "path", ""},
		{"an unknown chart", "GET", "/embed/pie.svg", 404, "chart", ""},
		{"a chart without .svg", "GET", "/embed/time-vs-size", 404, "chart", ""},
		{"an unknown page", "GET", "/nope.html", 404, "path", ""},
		{"POST to a GET endpoint", "POST", "/api/v1/cost", 405, "method", "GET, HEAD, OPTIONS"},
		{"GET to run", "GET", "/api/v1/run", 405, "method", "POST, OPTIONS"},
		{"DELETE a chart", "DELETE", "/embed/time-vs-size.svg", 405, "method", "GET, HEAD, OPTIONS"},
		{"PUT the index", "PUT", "/", 405, "method", "GET, HEAD"},
		{"POST healthz", "POST", "/healthz", 405, "method", "GET, HEAD, OPTIONS"},
	} {
		a := do(t, h, tt.method, tt.target, nil)
		wantError(t, tt.reason, a, tt.status, tt.field)
		if got := a.header.Get("Allow"); got != tt.allow {
			t.Errorf("%s: Allow %q, want %q", tt.reason, got, tt.allow)
		}
	}
	pre := do(t, h, http.MethodOptions, "/api/v1/run", nil)
	if pre.status != http.StatusNoContent || pre.header.Get("Access-Control-Allow-Origin") != "*" ||
		pre.header.Get("Access-Control-Allow-Methods") != "POST, OPTIONS" || pre.header.Get("Access-Control-Allow-Headers") != "Content-Type" {
		t.Errorf("preflight: %d %v", pre.status, pre.header)
	}
	head := do(t, h, http.MethodHead, "/api/v1/cost", nil)
	full := do(t, h, http.MethodGet, "/api/v1/cost", nil)
	if head.status != http.StatusOK || head.header.Get("Content-Length") != full.header.Get("Content-Length") {
		t.Errorf("HEAD answers like GET: %d %v", head.status, head.header)
	}
	hz := do(t, h, http.MethodGet, "/healthz", nil)
	if hz.status != http.StatusOK || hz.body != "{\"status\":\"ok\"}\n" || hz.header.Get("Cache-Control") != noStore {
		t.Errorf("healthz: %d %q %v", hz.status, hz.body, hz.header)
	}
}

// TestIndex: without a static site "/" lists every endpoint and chart, and
// every link on the page answers 200.
func TestIndex(t *testing.T) {
	h := New(Config{})
	a := do(t, h, http.MethodGet, "/", nil)
	wantOK2 := a.status == http.StatusOK && a.header.Get("Content-Type") == htmlType && a.header.Get("Cache-Control") == CacheControl
	if !wantOK2 {
		t.Fatalf("index: %d %v", a.status, a.header)
	}
	for _, want := range []string{"/api/v1/cost", "/api/v1/table", "/api/v1/schedule", "/api/v1/run", "/healthz",
		"/embed/time-vs-ranks.svg", "/embed/time-vs-size.svg", "/embed/ledger-bars.svg", "/embed/ring-step.svg", "P ≤ 64"} {
		if !strings.Contains(a.body, want) {
			t.Errorf("the index should mention %s", want)
		}
	}
	links := regexp.MustCompile(`href="([^"]+)"`).FindAllStringSubmatch(a.body, -1)
	if len(links) < 8 {
		t.Fatalf("want an example link per endpoint and chart, got %d", len(links))
	}
	for _, l := range links {
		target := html.UnescapeString(l[1])
		if r := do(t, h, http.MethodGet, target, nil); r.status != http.StatusOK {
			t.Errorf("index link %s: status %d: %s", target, r.status, r.body)
		}
	}
}

// TestStaticSite: with a static site, its files are served (and its
// index.html at /), the API still answers, directories are never listed,
// Go sources are not served.
func TestStaticSite(t *testing.T) {
	site := fstest.MapFS{
		"index.html":         {Data: []byte("<h1>playground</h1>")},
		"app.js":             {Data: []byte("console.log(1)")},
		"docs/index.html":    {Data: []byte("docs")},
		"assets/logo.svg":    {Data: []byte("<svg/>")},
		"api/v1/cost":        {Data: []byte("shadowed")},
		"embed/fake.svg":     {Data: []byte("shadowed")},
		"private/notes.txt":  {Data: []byte("x")},
		"lessons/ring.txt":   {Data: []byte("ring")},
		"lessons/lessons.go": {Data: []byte("package lessons")},
	}
	h := New(Config{Static: site})
	for _, tt := range []struct {
		target string
		status int
		body   string
	}{
		{"/", 200, "<h1>playground</h1>"},
		{"/app.js", 200, "console.log(1)"},
		{"/docs/", 200, "docs"},
		{"/assets/logo.svg", 200, "<svg/>"},
		{"/private/", 404, ""},
		{"/missing.js", 404, ""},
		{"/embed/fake.svg", 404, ""},
		{"/lessons/ring.txt", 200, "ring"},
		{"/lessons/lessons.go", 404, ""}, // Go sources beside the site's files are not served
	} {
		a := do(t, h, http.MethodGet, tt.target, nil)
		if a.status != tt.status || (tt.body != "" && a.body != tt.body) {
			t.Errorf("%s: %d %q, want %d %q", tt.target, a.status, a.body, tt.status, tt.body)
		}
	}
	if a := do(t, h, http.MethodGet, "/api/v1/cost", nil); a.status != 200 || strings.Contains(a.body, "shadowed") {
		t.Errorf("API paths are never shadowed by files: %d %q", a.status, a.body)
	}
	noIndex := New(Config{Static: fstest.MapFS{"app.js": {Data: []byte("x")}}})
	if a := do(t, noIndex, http.MethodGet, "/", nil); !strings.Contains(a.body, "ccplay API") {
		t.Errorf("a site without index.html gets the generated index at /")
	}
}

// TestRecoverGuard: an unexpected panic (a bug) becomes a JSON 500 and a
// log line, not a dropped connection. Bad input never gets here: the tests
// above and the fuzz tests check that no input yields a 500.
func TestRecoverGuard(t *testing.T) {
	var logged bytes.Buffer
	h := New(Config{Log: log.New(&logged, "", 0)}).(*handler)
	h.routes["/api/v1/cost"] = route{path: "/api/v1/cost", method: http.MethodGet,
		serve: func(http.ResponseWriter, *http.Request) { panic("boom") }}
	a := do(t, h, http.MethodGet, "/api/v1/cost", nil)
	var e ErrorBody
	if a.status != http.StatusInternalServerError || json.Unmarshal([]byte(a.body), &e) != nil || e.Error != "internal error" {
		t.Errorf("panic: %d %q", a.status, a.body)
	}
	if !strings.Contains(logged.String(), "boom") {
		t.Errorf("the panic must be logged, got %q", logged.String())
	}
}
