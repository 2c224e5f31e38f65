package api

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// answer is one recorded response.
type answer struct {
	status int
	header http.Header
	body   string
}

// do sends one request to h and records the answer.
func do(t testing.TB, h http.Handler, method, target string, body io.Reader) answer {
	t.Helper()
	req := httptest.NewRequest(method, target, body)
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return answer{w.Code, w.Result().Header, w.Body.String()}
}

func get(t testing.TB, target string) answer {
	t.Helper()
	return do(t, New(Config{}), http.MethodGet, target, nil)
}

// wantError checks an error answer: the status, a JSON ErrorBody with the
// field, and every want in the message; errors are never cached.
func wantError(t *testing.T, reason string, a answer, status int, field string, want ...string) {
	t.Helper()
	if a.status != status {
		t.Errorf("%s: status %d, want %d (body %s)", reason, a.status, status, a.body)
		return
	}
	var e ErrorBody
	dec := json.NewDecoder(strings.NewReader(a.body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.Error == "" {
		t.Errorf("%s: body %q is not an error object: %v", reason, a.body, err)
		return
	}
	if e.Field != field {
		t.Errorf("%s: field %q, want %q (%s)", reason, e.Field, field, e.Error)
	}
	for _, w := range want {
		if !strings.Contains(e.Error, w) {
			t.Errorf("%s: error %q does not contain %q", reason, e.Error, w)
		}
	}
	if ct := a.header.Get("Content-Type"); ct != jsonType {
		t.Errorf("%s: Content-Type %q, want %q", reason, ct, jsonType)
	}
	if cc := a.header.Get("Cache-Control"); cc != noStore {
		t.Errorf("%s: Cache-Control %q, want %q: errors must not be cached", reason, cc, noStore)
	}
}

// wantOK checks a successful pure GET: 200, the content type, the
// long-lived cache policy and CORS.
func wantOK(t *testing.T, reason string, a answer, ctype string) {
	t.Helper()
	if a.status != http.StatusOK {
		t.Fatalf("%s: status %d, want 200 (body %s)", reason, a.status, a.body)
	}
	if ct := a.header.Get("Content-Type"); ct != ctype {
		t.Errorf("%s: Content-Type %q, want %q", reason, ct, ctype)
	}
	if cc := a.header.Get("Cache-Control"); cc != CacheControl {
		t.Errorf("%s: Cache-Control %q, want %q", reason, cc, CacheControl)
	}
	if o := a.header.Get("Access-Control-Allow-Origin"); o != "*" {
		t.Errorf("%s: Access-Control-Allow-Origin %q, want *", reason, o)
	}
}
