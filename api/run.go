package api

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/ccplay/ccplay/core/question"
)

// MaxRunBody caps the body of POST /api/v1/run (1 MiB); a longer body is
// refused with 413 before it is parsed.
const MaxRunBody = 1 << 20

// serveRun answers POST /api/v1/run: one JSON object as `ccplay run` reads
// it (question.DecodeRun, strict) → question.Do → the same one-line JSON
// answer. Answers are not cached (POST).
func serveRun(w http.ResponseWriter, r *http.Request) {
	body, ok := readBody(w, r, MaxRunBody, fmt.Sprintf("the body is larger than %d bytes (1 MiB), the limit of one run", MaxRunBody))
	if !ok {
		return
	}
	run, err := question.DecodeRun(body)
	if err != nil {
		sendError(w, err)
		return
	}
	res, err := question.DoWithin(r.Context(), run)
	if err != nil {
		sendError(w, err)
		return
	}
	b, err := json.Marshal(res)
	if err != nil {
		sendError(w, err)
		return
	}
	send(w, http.StatusOK, jsonType, noStore, append(b, '\n'))
}
