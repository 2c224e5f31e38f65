package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/ccplay/ccplay/core/budget"
	"github.com/ccplay/ccplay/core/fielderr"
	"github.com/ccplay/ccplay/core/msg"
)

// Header values shared by the answers.
const (
	// CacheControl is sent with every successful pure GET: its answer
	// depends only on the URL (and on the ccplay version).
	CacheControl = "public, max-age=86400"
	noStore      = "no-store"
	jsonType     = "application/json; charset=utf-8"
	textType     = "text/plain; charset=utf-8"
	svgType      = "image/svg+xml"
	htmlType     = "text/html; charset=utf-8"
)

// ErrorBody is the JSON body of every error answer. Field names the query
// parameter or JSON field at fault ("ranks", "body", "path"), when there is
// one; ID is the message's ID (core/msg), when it has one, and Error its
// text in the request's language (lang=zh: Chinese; English otherwise).
// Errors lists every refused field of the question (the first is Field,
// ID and Error).
type ErrorBody struct {
	Error  string       `json:"error"`
	Field  string       `json:"field,omitempty"`
	ID     string       `json:"id,omitempty"`
	Errors []FieldError `json:"errors,omitempty"`
}

// FieldError is one refused field.
type FieldError struct {
	Field string `json:"field"`
	Error string `json:"error"`
	ID    string `json:"id,omitempty"`
}

// speaker is the ResponseWriter of a request, with the language its error
// answers speak.
type speaker struct {
	http.ResponseWriter
	lang string
}

// Unwrap returns the underlying ResponseWriter (http.ResponseController).
func (s *speaker) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// speak returns w answering errors in the language r's lang parameter
// names (msg.Lang: "zh" is Chinese, anything else English).
func speak(w http.ResponseWriter, r *http.Request) http.ResponseWriter {
	return &speaker{w, msg.Lang(r.URL.Query().Get("lang"))}
}

// langOf is the language w's error answers speak (English by default).
func langOf(w http.ResponseWriter) string {
	if s, ok := w.(*speaker); ok {
		return s.lang
	}
	return msg.EN
}

// send writes a complete answer: status, content type, cache policy and body.
func send(w http.ResponseWriter, status int, ctype, cache string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Cache-Control", cache)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	w.Write(body) //nolint:errcheck // the client went away; nothing to do
}

// sendJSON writes v as indented JSON, byte for byte the CLI's --json
// layout (two-space indent, "&" and "<" unescaped, a final newline), with
// the long-lived cache policy.
func sendJSON(w http.ResponseWriter, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		sendError(w, err)
		return
	}
	send(w, http.StatusOK, jsonType, CacheControl, b.Bytes())
}

// sendFail writes an error answer with the given status.
func sendFail(w http.ResponseWriter, status int, field, text string) {
	sendBody(w, status, ErrorBody{Error: text, Field: field})
}

// sendBody writes body as an error answer with the given status.
func sendBody(w http.ResponseWriter, status int, body ErrorBody) {
	b, _ := json.Marshal(body) // strings always marshal
	send(w, status, jsonType, noStore, append(b, '\n'))
}

// fieldError is fe as one refused field: its message in the request's
// language, with its ID.
func fieldError(w http.ResponseWriter, fe *fielderr.Error) FieldError {
	return FieldError{Field: fe.Field, Error: fe.Reason(langOf(w)), ID: string(fe.ID)}
}

// sendFieldError writes the answer for fe with the given status.
func sendFieldError(w http.ResponseWriter, status int, fe *fielderr.Error) {
	f := fieldError(w, fe)
	sendBody(w, status, ErrorBody{Error: f.Error, Field: f.Field, ID: f.ID})
}

// sendError maps an error from the core to an answer: the request's context
// ended (the client went away) is StatusClientClosed, a *budget.Error a
// question over its budget (413), a *fielderr.Error is
// the caller's fault (400), a *json.UnsupportedValueError is a result JSON
// cannot carry (400 on "outputs", as `ccplay run` says), anything else is
// a bug (500).
func sendError(w http.ResponseWriter, err error) {
	if gone(w, err) {
		return
	}
	var be *budget.Error
	if errors.As(err, &be) {
		sendFieldError(w, http.StatusRequestEntityTooLarge, be.Unwrap().(*fielderr.Error))
		return
	}
	var list fielderr.List
	if errors.As(err, &list) && len(list) > 0 {
		first := fieldError(w, list[0])
		body := ErrorBody{Error: first.Error, Field: first.Field, ID: first.ID}
		for _, fe := range list {
			body.Errors = append(body.Errors, fieldError(w, fe))
		}
		sendBody(w, http.StatusBadRequest, body)
		return
	}
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		sendFieldError(w, http.StatusBadRequest, fe)
		return
	}
	var uv *json.UnsupportedValueError
	if errors.As(err, &uv) {
		sendFail(w, http.StatusBadRequest, "outputs", "a float64 result is "+uv.Str+", which JSON cannot carry; use smaller inputs")
		return
	}
	sendFail(w, http.StatusInternalServerError, "", "internal error: "+err.Error())
}
