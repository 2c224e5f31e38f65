package api

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// TestIndexJSON: GET /api/v1/ lists every endpoint and chart the router
// answers; each GET endpoint's parameters are exactly those it accepts (a
// parameter outside the list is refused, naming every one of the list as
// accepted), every example answers 200, each POST lists its body fields
// and limit; an unknown API path is a 404 that points to the list.
func TestIndexJSON(t *testing.T) {
	h := New(Config{})
	a := do(t, h, http.MethodGet, IndexPath, nil)
	if a.status != http.StatusOK || a.header.Get("Content-Type") != jsonType {
		t.Fatalf("GET %s: %d %v", IndexPath, a.status, a.header)
	}
	var ix Index
	if err := json.Unmarshal([]byte(a.body), &ix); err != nil {
		t.Fatalf("GET %s: %v\n%s", IndexPath, err, a.body)
	}
	var paths []string
	for _, e := range ix.Endpoints {
		paths = append(paths, e.Path)
		if e.Summary == "" {
			t.Errorf("%s: no summary", e.Path)
		}
		switch e.Method {
		case http.MethodGet:
			if e.Path == IndexPath || e.Path == "/healthz" {
				continue
			}
			if len(e.Params) == 0 || len(e.Examples) == 0 {
				t.Errorf("%s: params %q, examples %q; want both", e.Path, e.Params, e.Examples)
			}
			r := do(t, h, http.MethodGet, e.Path+"?not-a-parameter=1", nil)
			wantError(t, e.Path+" with a parameter it does not list", r, http.StatusBadRequest, "not-a-parameter", e.Params...)
			for _, ex := range e.Examples {
				if r := do(t, h, http.MethodGet, ex, nil); r.status != http.StatusOK {
					t.Errorf("%s: example %s: status %d: %s", e.Path, ex, r.status, r.body)
				}
			}
		case http.MethodPost:
			if len(e.Body) == 0 || e.MaxBody <= 0 {
				t.Errorf("%s: body fields %q, limit %d; want both", e.Path, e.Body, e.MaxBody)
			}
			r := do(t, h, http.MethodPost, e.Path, strings.NewReader(`{"not-a-field":1}`))
			if r.status != http.StatusBadRequest || !strings.Contains(r.body, "not-a-field") {
				t.Errorf("%s: a body field it does not list: %d %s, want 400 naming it", e.Path, r.status, r.body)
			}
			for _, f := range e.Body {
				if r := do(t, h, http.MethodPost, e.Path, strings.NewReader(`{"`+f+`":null}`)); strings.Contains(r.body, "unknown field") {
					t.Errorf("%s: the body field %q it lists is refused: %s", e.Path, f, r.body)
				}
			}
		default:
			t.Errorf("%s: method %q", e.Path, e.Method)
		}
	}
	hh := h.(*handler)
	for p := range hh.routes {
		if !slices.Contains(paths, p) {
			t.Errorf("the router answers %s, which the list leaves out", p)
		}
	}
	for _, want := range []string{"/api/v1/cost", "/api/v1/table", "/api/v1/schedule", "/api/v1/run", "/api/v1/plan", "/api/v1/doctor",
		"/embed/time-vs-ranks.svg", "/embed/time-vs-size.svg", "/embed/ledger-bars.svg", "/embed/ring-step.svg", "/healthz", IndexPath} {
		if !slices.Contains(paths, want) {
			t.Errorf("the list leaves out %s", want)
		}
	}
	wantError(t, "an unknown API path", do(t, h, http.MethodGet, "/api/v1/nosuch", nil), http.StatusNotFound, "path", "GET "+IndexPath)
}
