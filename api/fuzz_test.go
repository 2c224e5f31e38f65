package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"unicode/utf8"
)

// checkAnswer fails unless a is a 200 or a 400 with a JSON error body that
// names a field: no input may yield a 500 or a malformed answer.
func checkAnswer(t *testing.T, raw string, w *httptest.ResponseRecorder) {
	t.Helper()
	switch w.Code {
	case http.StatusOK:
	case http.StatusBadRequest:
		var e ErrorBody
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Error == "" || e.Field == "" {
			t.Fatalf("query %q: 400 without a field error: %q", raw, w.Body.String())
		}
		if !utf8.ValidString(e.Error) || strings.ContainsAny(e.Error, "\n\r") {
			t.Fatalf("query %q: the error must be one line of UTF-8: %q", raw, e.Error)
		}
	default:
		t.Fatalf("query %q: status %d: %s", raw, w.Code, w.Body.String())
	}
}

// FuzzCostQuery: any query string gets a 200 or a 400 naming a field.
func FuzzCostQuery(f *testing.F) {
	for _, seed := range []string{
		"", "ranks=8", "ranks=0", "ranks=-1", "ranks=99999999999999999999", "size=1e400", "size=NaN", "bandwidth=Inf GB/s",
		"collective=alltoall&algorithm=pairwise&ranks=7&size=7B", "algorithm=auto&ranks=1048576&size=1PiB",
		"latency=-0us", "gamma=1e-400", "efficiency=0%", "dtype=bf16&size=2B", "root=1&collective=gather&ranks=2",
		"chunks=1099511627776&algorithm=tree", "%", "ranks=%ff", "a=1&a=2", "ranks=8;size=1", "size=100%20MiB",
		"ranks=\x00", "collective=ALLREDUCE&algorithm=Ring", "algorithm=tree&ranks=3&size=0",
	} {
		f.Add(seed)
	}
	h := New(Config{})
	f.Fuzz(func(t *testing.T, raw string) {
		req := httptest.NewRequest(http.MethodGet, "/api/v1/cost", nil)
		req.URL.RawQuery = raw
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		checkAnswer(t, raw, w)
	})
}

// FuzzScheduleQuery: the same for the endpoint that builds schedules (and
// so for its limits).
func FuzzScheduleQuery(f *testing.F) {
	for _, seed := range []string{
		"", "ranks=64&algorithm=tree&chunks=256&size=1GiB", "ranks=65", "ranks=1000000", "algorithm=tree&size=1TiB&ranks=64",
		"collective=alltoall&algorithm=pairwise&ranks=64&size=3B&dtype=int8", "collective=scatter&algorithm=binomial&root=63&ranks=64",
		"algorithm=auto", "chunks=-1",
	} {
		f.Add(seed)
	}
	h := New(Config{})
	f.Fuzz(func(t *testing.T, raw string) {
		req := httptest.NewRequest(http.MethodGet, "/api/v1/schedule", nil)
		req.URL.RawQuery = raw
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		checkAnswer(t, raw, w)
	})
}

// FuzzChartQuery: the same for the charts that build schedules and for a
// narrow time-vs-size sweep (kept small so each input is quick).
func FuzzChartQuery(f *testing.F) {
	for _, seed := range []struct {
		chart uint8
		raw   string
	}{
		{0, ""}, {0, "round=0"}, {0, "round=99&ranks=3&size=12B"}, {0, "algorithm=tree&ranks=64&size=64MiB&round=7"},
		{1, "algorithm=naive&collective=gather&root=3&ranks=5"}, {1, "size=0"}, {1, "ranks=64&collective=alltoall&algorithm=pairwise"},
		{2, "minbytes=1K&maxbytes=64K&ranks=16"}, {2, "minbytes=0"}, {2, "algorithms=ring,,tree"}, {2, "dtype=double&minbytes=7&maxbytes=9"},
	} {
		f.Add(seed.chart, seed.raw)
	}
	h := New(Config{})
	paths := []string{"/embed/ring-step.svg", "/embed/ledger-bars.svg", "/embed/time-vs-size.svg"}
	f.Fuzz(func(t *testing.T, chart uint8, raw string) {
		path := paths[int(chart)%len(paths)]
		if path == "/embed/time-vs-size.svg" {
			raw += "&maxbytes=64K&ranks=8" // bounds the work; the same parameters in raw make it a 400
		}
		req := httptest.NewRequest(http.MethodGet, path, nil)
		req.URL.RawQuery = raw
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		checkAnswer(t, raw, w)
	})
}

// FuzzDoctorBody: any body POSTed to /api/v1/doctor gets a 200 or a 400
// naming a field (the log's own problems are in the 200's answer).
func FuzzDoctorBody(f *testing.F) {
	for _, seed := range []string{
		`{"log":"x"}`, `{"log":"#  size count type redop root time algbw busbw #wrong\n 8 2 float sum -1 1.0 0 0 0"}`,
		`{"log":"x","nccl-algo":"Ring","nccl-proto":"^LL"}`, `{"log":"x","system":"dgx-h100","ranks":16,"collective":"allreduce"}`,
		`{"log":"\u0000\u0001"}`, `{"log":"x","ranks":-1}`, `{}`, `[`, `{"log":" 0: #  size count time algbw busbw\n 0: 8 2 1 2"}`,
	} {
		f.Add(seed)
	}
	h := New(Config{})
	f.Fuzz(func(t *testing.T, body string) {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/doctor", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		checkAnswer(t, body, w)
	})
}
