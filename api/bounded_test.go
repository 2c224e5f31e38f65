package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
)

// allocated is the bytes the handler allocates answering one request (the
// heap's running total, not a clock).
func allocated(t *testing.T, h http.Handler, method, target, body string) (answer, uint64) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var rd *strings.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	var a answer
	if rd != nil {
		a = do(t, h, method, target, rd)
	} else {
		a = do(t, h, method, target, nil)
	}
	runtime.ReadMemStats(&after)
	return a, after.TotalAlloc - before.TotalAlloc
}

// runBody is a /run body of p ranks, each with the buffer buf.
func runBody(collective, algorithm string, p int, buf string) string {
	bufs := strings.TrimSuffix(strings.Repeat(buf+",", p), ",")
	return `{"collective":"` + collective + `","algorithm":"` + algorithm + `","inputs":[` + bufs + `]}`
}

// TestHostileRequests: requests whose work would take seconds and
// gigabytes are refused — 413 naming the field — having allocated less
// than 32 MiB (reading and parsing a body of up to 1 MiB included): the
// estimate comes before any schedule, buffer or point. Their neighbours
// within budget answer.
func TestHostileRequests(t *testing.T) {
	h := New(Config{})
	post, getM := http.MethodPost, http.MethodGet
	for _, c := range []struct {
		reason, method, target, body string
		status                       int
		field                        string
	}{
		{"naive AllToAll of empty buffers on 4,096 ranks", post, "/api/v1/run", runBody("alltoall", "naive", 4096, "[]"), 413, "inputs"},
		{"pairwise AllToAll of one element on 4,096 ranks", post, "/api/v1/run", runBody("alltoall", "pairwise", 4096, "[1]"), 413, "inputs"},
		{"ring AllReduce of [1] on 4,096 ranks", post, "/api/v1/run", runBody("allreduce", "ring", 4096, "[1]"), 413, "inputs"},
		{"ring AllGather with counts of 1 on 4,096 ranks", post, "/api/v1/run", runBody("allgather", "ring", 4096, "[1]"), 413, "inputs"},
		{"naive AllGather of 2,000 elements on 1,024 ranks (8 GiB of outputs)", post, "/api/v1/run", runBody("allgather", "naive", 1024, "["+strings.TrimSuffix(strings.Repeat("1,", 200), ",")+"]"), 413, "inputs"},
		{"time-vs-size of Bruck's AllToAll on 2^20 − 1 ranks", getM, "/embed/time-vs-size.svg?collective=alltoall&ranks=1048575&minbytes=1&maxbytes=100G&dtype=int8", "", 413, "maxbytes"},
		{"time-vs-size up to 1 TiB on 2^20 − 1 ranks", getM, "/embed/time-vs-size.svg?collective=alltoall&ranks=1048575&minbytes=1&maxbytes=1T&dtype=int8", "", 413, "maxbytes"},
		{"time-vs-ranks of binomial Gather up to 2^20 ranks", getM, "/embed/time-vs-ranks.svg?collective=gather&size=1GiB&minranks=2&maxranks=1048576&algorithms=binomial,naive", "", 200, ""},
		{"a 4,096-row table of binomial Gather on 2^20 − 1 ranks", getM, "/api/v1/table?algorithm=binomial&collective=gather&ranks=1048575&dtype=int8&minbytes=1000000&maxbytes=1004094&stepbytes=1", "", 200, ""},
		{"a cross-origin text/plain POST", post, "/api/v1/run", runBody("allreduce", "ring", 4, "[1]"), 415, "Content-Type"},
		{"ring AllReduce of [1] on 64 ranks", post, "/api/v1/run", runBody("allreduce", "ring", 64, "[1]"), 200, ""},
		{"naive AllToAll of one element each on 256 ranks", post, "/api/v1/run", runBody("alltoall", "naive", 256, "["+strings.TrimSuffix(strings.Repeat("1,", 256), ",")+"]"), 200, ""},
	} {
		var a answer
		var bytes uint64
		if c.status == http.StatusUnsupportedMediaType {
			req := httptest.NewRequest(c.method, c.target, strings.NewReader(c.body))
			req.Header.Set("Content-Type", "text/plain")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			a = answer{w.Code, w.Result().Header, w.Body.String()}
		} else {
			a, bytes = allocated(t, h, c.method, c.target, c.body)
		}
		if c.status != http.StatusOK {
			wantError(t, c.reason, a, c.status, c.field)
			if bytes > 32<<20 {
				t.Errorf("%s: refused after allocating %d MiB, want the refusal before the work", c.reason, bytes>>20)
			}
			continue
		}
		if a.status != http.StatusOK {
			t.Errorf("%s: status %d, want 200 (%s)", c.reason, a.status, a.body)
		}
	}
}

// countingCtx is a request context whose Err reports cancellation from its
// (after+1)-th call on: the table reads it once per row, so the calls
// count the rows begun.
type countingCtx struct {
	context.Context
	after int64
	calls atomic.Int64
}

func (c *countingCtx) Err() error {
	if c.calls.Add(1) > c.after {
		return context.Canceled
	}
	return nil
}

// TestTableStopsWhenTheClientGoes: a 4,096-row table whose client goes
// after 10 rows computes 10 rows, not 4,096, and answers 499.
func TestTableStopsWhenTheClientGoes(t *testing.T) {
	ctx := &countingCtx{Context: context.Background(), after: 10}
	req := httptest.NewRequest(http.MethodGet, "/api/v1/table?ranks=64&minbytes=8&maxbytes=32768&stepbytes=8", nil).WithContext(ctx)
	w := httptest.NewRecorder()
	New(Config{}).ServeHTTP(w, req)
	if w.Code != StatusClientClosed {
		t.Errorf("status %d, want %d: %s", w.Code, StatusClientClosed, w.Body)
	}
	if n := ctx.calls.Load(); n != ctx.after+1 {
		t.Errorf("the table read its context %d times, want %d: it did not stop at the first row after the client went", n, ctx.after+1)
	}
	// The same table with a client that stays has every row.
	a := get(t, "/api/v1/table?ranks=64&minbytes=8&maxbytes=32768&stepbytes=8")
	var rows []cost.Row
	if err := json.Unmarshal([]byte(a.body), &rows); err != nil || len(rows) != 4096 {
		t.Errorf("the whole table has %d rows (%v), want 4096", len(rows), err)
	}
}

// TestWaitingRequestStopsWhenTheClientGoes: with every slot taken, a
// request waits, and stops waiting (499) when its client goes.
func TestWaitingRequestStopsWhenTheClientGoes(t *testing.T) {
	h := New(Config{}).(*handler)
	for range MaxLight {
		h.pools[light].slots <- struct{}{}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/api/v1/cost", nil).WithContext(ctx))
	if w.Code != StatusClientClosed {
		t.Errorf("status %d, want %d", w.Code, StatusClientClosed)
	}
	if a := do(t, h, http.MethodGet, "/healthz", nil); a.status != http.StatusOK {
		t.Errorf("/healthz waits for a slot: status %d", a.status)
	}
}

// TestPostNeedsJSON: a POST is application/json (charset allowed) or 415,
// before its body is read; the CORS preflight that a cross-origin JSON
// POST needs is answered, for every origin.
func TestPostNeedsJSON(t *testing.T) {
	h := New(Config{})
	body := `{"collective":"allreduce","inputs":[[1],[2]]}`
	for _, c := range []struct {
		ctype  string
		status int
	}{
		{"application/json", 200}, {"application/json; charset=utf-8", 200}, {"Application/JSON", 200},
		{"text/plain", 415}, {"text/plain;charset=UTF-8", 415}, {"application/x-www-form-urlencoded", 415},
		{"multipart/form-data; boundary=x", 415}, {"", 415}, {"application/json-seq", 415},
	} {
		req := httptest.NewRequest(http.MethodPost, "/api/v1/run", strings.NewReader(body))
		if c.ctype != "" {
			req.Header.Set("Content-Type", c.ctype)
		}
		req.Header.Set("Origin", "https://elsewhere.example")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		a := answer{w.Code, w.Result().Header, w.Body.String()}
		if c.status == 415 {
			wantError(t, "Content-Type "+c.ctype, a, 415, "Content-Type", "application/json")
		} else if a.status != c.status {
			t.Errorf("Content-Type %q: status %d, want %d (%s)", c.ctype, a.status, c.status, a.body)
		}
	}
	req := httptest.NewRequest(http.MethodOptions, "/api/v1/run", nil)
	req.Header.Set("Origin", "https://elsewhere.example")
	req.Header.Set("Access-Control-Request-Method", "POST")
	req.Header.Set("Access-Control-Request-Headers", "content-type")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusNoContent || w.Header().Get("Access-Control-Allow-Origin") != "*" ||
		!strings.Contains(w.Header().Get("Access-Control-Allow-Headers"), "Content-Type") {
		t.Errorf("preflight: status %d, headers %v", w.Code, w.Header())
	}
}

// TestNonFiniteInEveryFormat: an input that would make an answer ±Inf or
// NaN is a 400 naming it, in JSON, text tables, both sweep charts, plan
// text and the timeline SVG — never a 200 holding +Inf or NaN.
func TestNonFiniteInEveryFormat(t *testing.T) {
	for _, c := range []struct{ target, field string }{
		{"/api/v1/cost?efficiency=1e-320", "efficiency"},
		{"/api/v1/cost?bandwidth=1e-320B/s", "bandwidth"},
		{"/api/v1/cost?bandwidth=1e-300B/s&size=1GiB", "bandwidth"},
		{"/api/v1/cost?ranks=8&gpus-per-node=4&intra-bandwidth=1e-300B/s", "intra-bandwidth"},
		{"/api/v1/schedule?efficiency=1e-320&ranks=4", "efficiency"},
		{"/api/v1/table?efficiency=1e-320", "efficiency"},
		{"/api/v1/table?efficiency=1e-320&format=text", "efficiency"},
		{"/api/v1/table?bandwidth=1e-300B/s&format=text", "bandwidth"},
		{"/embed/time-vs-size.svg?efficiency=1e-320", "efficiency"},
		{"/embed/time-vs-ranks.svg?bandwidth=1e-320B/s", "bandwidth"},
		{"/embed/time-vs-ranks.svg?bandwidth=1e-300B/s", "bandwidth"},
		{"/api/v1/plan?model=70b&dp=8&tp=8&zero=3&bandwidth=1e-320B/s", "bandwidth"},
		{"/api/v1/plan?model=70b&dp=8&tp=8&zero=3&format=text&efficiency=1e-320", "efficiency"},
		{"/api/v1/plan?model=70b&dp=8&tp=8&zero=3&timeline=zero3&bandwidth=1e-320B/s", "bandwidth"},
		{"/api/v1/plan?model=70b&dp=8&tp=8&zero=3&format=text&mfu=1e-320", "mfu"},
	} {
		wantError(t, c.target, get(t, c.target), http.StatusBadRequest, c.field)
	}
}

// TestSweepsStopWhenTheClientGoes: both sweep charts poll the request's
// context between points (and between steps of the crossover search) and
// stop at the first poll after the client went, answering 499; with a
// client that stays they draw the whole chart.
func TestSweepsStopWhenTheClientGoes(t *testing.T) {
	for _, target := range []string{
		"/embed/time-vs-size.svg?collective=allreduce&ranks=64&minbytes=8&maxbytes=1T",
		"/embed/time-vs-ranks.svg?collective=allreduce&size=1MiB&minranks=2&maxranks=1048576",
	} {
		ctx := &countingCtx{Context: context.Background(), after: 3}
		req := httptest.NewRequest(http.MethodGet, target, nil).WithContext(ctx)
		w := httptest.NewRecorder()
		New(Config{}).ServeHTTP(w, req)
		if w.Code != StatusClientClosed {
			t.Errorf("%s: status %d, want %d: %s", target, w.Code, StatusClientClosed, w.Body)
		}
		if n := ctx.calls.Load(); n != ctx.after+1 {
			t.Errorf("%s: the sweep read its context %d times, want %d: it did not stop at the first poll after the client went", target, n, ctx.after+1)
		}
		if a := get(t, target); a.status != http.StatusOK || !strings.Contains(a.body, "<svg") {
			t.Errorf("%s with a client that stays: status %d", target, a.status)
		}
	}
}
