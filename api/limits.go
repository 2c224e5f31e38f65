package api

import (
	"context"
	"errors"
	"io"
	"mime"
	"net/http"
)

// MaxHeavy is how many requests of the endpoints that compute (every one
// but /healthz and the static site) run at once in one handler; the others
// wait for a slot, and stop waiting when their client goes. Together with
// the budget of one request (package budget: about 1 s of CPU and 256 MiB)
// it bounds what a burst of requests can take: 2 × 256 MiB.
const MaxHeavy = 2

// StatusClientClosed is the status of a request whose client went away
// before its answer was ready (nginx's 499); nobody reads it, the log does.
const StatusClientClosed = 499

// acquire takes one of the handler's MaxHeavy slots, or fails with
// ctx.Err() when ctx ends first; release gives it back.
func (h *handler) acquire(ctx context.Context) error {
	select {
	case h.heavy <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (h *handler) release() { <-h.heavy }

// jsonBody refuses, with 415, a POST whose Content-Type is not
// application/json (parameters such as charset=utf-8 are fine). A browser
// sends a cross-origin POST without asking first (no CORS preflight) only
// with text/plain, application/x-www-form-urlencoded or multipart/form-data:
// requiring application/json means a page on another origin must ask first,
// and the preflight answer (dispatch) allows it. So no page makes a local
// `ccplay serve` work behind its user's back without the server's consent,
// and the API stays open to every origin, as documented in docs/limits.md.
func jsonBody(w http.ResponseWriter, r *http.Request) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		sendFail(w, http.StatusUnsupportedMediaType, "Content-Type",
			"a POST body must be sent with Content-Type: application/json (curl -H 'Content-Type: application/json' --data-binary @run.json …)")
		return false
	}
	return true
}

// gone reports whether err says the request's context ended (the client
// went away), and if so answers StatusClientClosed.
func gone(w http.ResponseWriter, err error) bool {
	if !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	sendFail(w, StatusClientClosed, "", "the client went away before the answer was ready")
	return true
}

// readBody reads a POST body of at most limit bytes. A longer one is
// answered 413 with tooLarge, refused before any of it is read when its
// Content-Length says so; a body that cannot be read is a 400. ok reports
// whether body is the whole body. O(limit) memory at most.
func readBody(w http.ResponseWriter, r *http.Request, limit int64, tooLarge string) (body []byte, ok bool) {
	if r.ContentLength > limit {
		sendFail(w, http.StatusRequestEntityTooLarge, "body", tooLarge)
		return nil, false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			sendFail(w, http.StatusRequestEntityTooLarge, "body", tooLarge)
			return nil, false
		}
		sendFail(w, http.StatusBadRequest, "body", "could not read the body: "+err.Error())
		return nil, false
	}
	return body, true
}
