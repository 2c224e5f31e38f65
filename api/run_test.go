package api

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/question"
)

// TestRunIsCcplayRun: the answer is question.Do's, one JSON line, not cached.
func TestRunIsCcplayRun(t *testing.T) {
	for _, body := range []string{
		`{"collective":"allreduce","algorithm":"ring","dtype":"int64","inputs":[[1,2,3],[4,5,6],[7,8,9]]}`,
		`{"collective":"broadcast","algorithm":"binomial","root":2,"inputs":[null,null,[5,6,7],null]}`,
		`{"collective":"reduce","algorithm":"tree","op":"max","dtype":"float64","chunks":2,"inputs":[[1.5,-2,0,1],[3,4,5,6],[0.25,9,-1,2]]}`,
		`{"collective":"alltoall","algorithm":"pairwise","sendcounts":[[1,2],[0,1]],"inputs":[[1,2,3],[4]]}`,
	} {
		a := do(t, New(Config{}), http.MethodPost, "/api/v1/run", strings.NewReader(body))
		if a.status != http.StatusOK {
			t.Fatalf("%s: status %d: %s", body, a.status, a.body)
		}
		r, err := question.DecodeRun([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		res, err := question.Do(r)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(res)
		if a.body != string(want)+"\n" {
			t.Errorf("%s: answer differs from question.Do:\n%s\nwant\n%s", body, a.body, want)
		}
		if a.header.Get("Cache-Control") != noStore || a.header.Get("Access-Control-Allow-Origin") != "*" {
			t.Errorf("a run is not cached and may be read from any origin: %v", a.header)
		}
	}
}

// coreError is the error the core gives for a run body: the API must
// answer exactly that (field and message).
func coreError(body string) error {
	r, err := question.DecodeRun([]byte(body))
	if err != nil {
		return err
	}
	res, err := question.Do(r)
	if err != nil {
		return err
	}
	_, err = json.Marshal(res)
	return err
}

func TestRunErrors(t *testing.T) {
	h := New(Config{})
	for _, tt := range []struct {
		reason, body string
	}{
		{"not JSON", `{"collective":`},
		{"an unknown field", `{"collective":"allreduce","inputs":[[1]],"x":1}`},
		{"a wrong type names the field", `{"collective":"allreduce","root":"zero","inputs":[[1]]}`},
		{"two objects", `{"collective":"allreduce","inputs":[[1]]} {}`},
		{"an unknown collective", `{"collective":"allsum","inputs":[[1]]}`},
		{"auto is not a schedule", `{"collective":"allreduce","algorithm":"auto","inputs":[[1]]}`},
		{"no ranks", `{"collective":"allreduce","inputs":[]}`},
		{"ragged buffers", `{"collective":"allreduce","inputs":[[1,2],[3]]}`},
		{"a float for int64", `{"collective":"allreduce","inputs":[[1.5],[2]]}`},
		{"a result beyond float64", `{"collective":"allreduce","dtype":"float64","inputs":[[1e308],[1e308]]}`},
		{"an empty body", ``},
	} {
		err := coreError(tt.body)
		var fe *fielderr.Error
		if !errors.As(err, &fe) {
			t.Fatalf("%s: the core should refuse %s with a field error, got %v", tt.reason, tt.body, err)
		}
		wantError(t, tt.reason, do(t, h, http.MethodPost, "/api/v1/run", strings.NewReader(tt.body)), http.StatusBadRequest, fe.Field, fe.Msg)
	}
	big := `{"collective":"allreduce","inputs":[[` + strings.Repeat("1,", MaxRunBody/2) + `1]]}`
	wantError(t, "a body over 1 MiB", do(t, h, http.MethodPost, "/api/v1/run", strings.NewReader(big)),
		http.StatusRequestEntityTooLarge, "body", "1048576 bytes")
	// A body with no Content-Length (chunked) is cut off at the cap as well.
	req := httptest.NewRequest(http.MethodPost, "/api/v1/run", io.MultiReader(strings.NewReader(big)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	wantError(t, "a chunked body over 1 MiB", answer{w.Code, w.Result().Header, w.Body.String()}, http.StatusRequestEntityTooLarge, "body")
	// A body of exactly the cap is read (and judged by the core).
	exact := `{"collective":"allreduce","inputs":[[1]]}`
	exact += strings.Repeat(" ", MaxRunBody-len(exact))
	if a := do(t, h, http.MethodPost, "/api/v1/run", strings.NewReader(exact)); a.status != http.StatusOK {
		t.Errorf("a body of exactly %d bytes is accepted, got %d: %s", MaxRunBody, a.status, a.body)
	}
}
