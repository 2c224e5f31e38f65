package api

import (
	"encoding/json"
	"net/http"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/core/doctor"
)

func doctorBody(t *testing.T, q DoctorRequest) *strings.Reader {
	t.Helper()
	b, err := json.Marshal(q)
	if err != nil {
		t.Fatal(err)
	}
	return strings.NewReader(string(b))
}

// POST /api/v1/doctor answers doctor.Answer: the verdict doctor.Judge
// gives for the same log and options (equal once both are JSON), and the
// log's first problem naming its line, with 200 and no caching.
func TestDoctor(t *testing.T) {
	for _, tc := range []struct {
		file    string
		q       DoctorRequest
		class   string
		problem string
	}{
		{"../core/nccltests/testdata/all_reduce_perf_16x_h100.txt", DoctorRequest{Options: doctor.Options{System: "a3-mega"}}, doctor.ClassNormal, ""},
		{"../core/nccltests/testdata/all_reduce_perf_16x_h100.txt", DoctorRequest{}, doctor.ClassBelow, ""},
		{"../core/doctor/testdata/h100_pcie_2x_info.txt", DoctorRequest{Options: doctor.Options{System: "dgx-h100", Ranks: 2, Collective: "allreduce"}}, doctor.ClassFarBelow, "line 11: "},
		// The Ring given outside the log: the one-node NVLS run beats it.
		{"../core/doctor/testdata/h100_8x_and_16x_srun_label.txt", DoctorRequest{Options: doctor.Options{NCCLAlgo: "Ring"}}, doctor.ClassAbove, ""},
	} {
		data, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		tc.q.Log = string(data)
		a := do(t, New(Config{}), http.MethodPost, "/api/v1/doctor", doctorBody(t, tc.q))
		if a.status != http.StatusOK || a.header.Get("Cache-Control") != noStore || a.header.Get("Content-Type") != jsonType {
			t.Fatalf("%s: %d %v %s", tc.file, a.status, a.header, a.body)
		}
		var got doctor.Answer
		if err := json.Unmarshal([]byte(a.body), &got); err != nil || got.Verdict.Class != tc.class {
			t.Errorf("%s: %v, class %s", tc.file, err, got.Verdict.Class)
		}
		if (tc.problem == "") != (got.Error == nil) || got.Error != nil && !strings.HasPrefix(got.Error.Error, tc.problem) {
			t.Errorf("%s: error %+v, want %q", tc.file, got.Error, tc.problem)
		}
		v, jerr := doctor.Judge(data, doctor.Options{System: tc.q.System, Ranks: tc.q.Ranks, Collective: tc.q.Collective, NCCLAlgo: tc.q.NCCLAlgo, NCCLProto: tc.q.NCCLProto})
		want, _ := json.Marshal(doctor.AnswerOf(v, jerr))
		var w, g any
		json.Unmarshal(want, &w)           //nolint:errcheck // just marshalled
		json.Unmarshal([]byte(a.body), &g) //nolint:errcheck // checked above
		if !reflect.DeepEqual(w, g) {
			t.Errorf("%s: the API's answer differs from doctor.Judge's", tc.file)
		}
	}
}

// Bad requests name what is wrong: options by their field (400), the
// body's shape, an empty log, a body over MaxDoctorBody (413).
func TestDoctorErrors(t *testing.T) {
	h := New(Config{})
	post := func(body string) answer { return do(t, h, http.MethodPost, "/api/v1/doctor", strings.NewReader(body)) }
	wantError(t, "unknown system", post(`{"log":"x","system":"dgx-z"}`), http.StatusBadRequest, "system", "unknown system")
	wantError(t, "one rank", post(`{"log":"x","ranks":1}`), http.StatusBadRequest, "ranks", "want 2 to")
	wantError(t, "unknown algorithm", post(`{"log":"x","nccl-algo":"Spiral"}`), http.StatusBadRequest, "nccl-algo", "Spiral")
	wantError(t, "unknown field", post(`{"log":"x","sytem":"a"}`), http.StatusBadRequest, "body", "unknown field")
	wantError(t, "two objects", post(`{"log":"x"} {}`), http.StatusBadRequest, "body", "more after it")
	wantError(t, "empty log", post(`{"system":"dgx-h100"}`), http.StatusBadRequest, "log", "empty")
	wantError(t, "too large", post(`{"log":"`+strings.Repeat("a", MaxDoctorBody)+`"}`), http.StatusRequestEntityTooLarge, "body", "4 MiB")
	a := do(t, h, http.MethodGet, "/api/v1/doctor", nil)
	wantError(t, "GET", a, http.StatusMethodNotAllowed, "method", "use POST")
}
