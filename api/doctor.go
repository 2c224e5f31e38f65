package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/ccplay/ccplay/core/doctor"
)

// MaxDoctorBody caps the body of POST /api/v1/doctor (4 MiB: a full
// nccl-tests sweep with NCCL_DEBUG=INFO from a few hundred ranks); a longer
// body is refused with 413 before it is parsed. `ccplay doctor` reads logs
// up to nccltests.MaxInput.
const MaxDoctorBody = 4 << 20

// DoctorRequest is the JSON body of POST /api/v1/doctor: the log's text
// as nccl-tests printed it (text or its -J JSON, as a string) and the
// options of `ccplay doctor` (doctor.Options).
type DoctorRequest struct {
	Log string `json:"log"`
	doctor.Options
}

// serveDoctor answers POST /api/v1/doctor (Content-Type application/json):
// the body decoded strictly, doctor.Judge, and doctor.Answer (the verdict,
// and the log's first problem if any), as `ccplay doctor --json` prints it. Bad options are a
// 400 naming the field; a log with bad lines is a 200 whose error names
// the first line. Answers are not cached (POST).
func serveDoctor(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r, MaxDoctorBody, fmt.Sprintf("the body is larger than %d bytes (4 MiB), the limit of one log; run ccplay doctor on bigger logs", MaxDoctorBody))
	if !ok {
		return
	}
	var q DoctorRequest
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&q); err != nil {
		sendFail(w, http.StatusBadRequest, "body", `want one JSON object {"log": "…", "system": "…", "ranks": P, "collective": "…", "nccl-algo": "…", "nccl-proto": "…", "nccl-buffsize": "…"}: `+err.Error())
		return
	}
	if dec.More() {
		sendFail(w, http.StatusBadRequest, "body", "want one JSON object; the body has more after it")
		return
	}
	if q.Log == "" {
		sendFail(w, http.StatusBadRequest, "log", "empty; want the nccl-tests output as a string")
		return
	}
	v, err := doctor.Judge([]byte(q.Log), q.Options)
	if v == nil {
		sendError(w, err)
		return
	}
	b, err := json.MarshalIndent(doctor.AnswerOf(v, err), "", "  ")
	if err != nil {
		sendError(w, err)
		return
	}
	send(w, http.StatusOK, jsonType, noStore, append(b, '\n'))
}
