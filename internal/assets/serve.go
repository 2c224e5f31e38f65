package assets

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ccplay/ccplay/internal/site"
)

// Immutable is the Cache-Control of a content-hashed file: its name changes
// whenever its content does.
const Immutable = "public, max-age=31536000, immutable"

// Handler serves the assets by hashed name (GET and HEAD) and passes every
// other request to next. Each answer says Cache-Control: immutable and
// Vary: Accept-Encoding, and carries the brotli copy where the client
// accepts br, else the gzip copy where it accepts gzip, else the file as it
// is.
func Handler(assets map[string]*Asset, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a, ok := assets[strings.TrimPrefix(r.URL.Path, "/")]
		if !ok || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
			next.ServeHTTP(w, r)
			return
		}
		body := a.Raw
		h := w.Header()
		h.Set("Content-Type", a.Type)
		h.Set("Cache-Control", Immutable)
		h.Set("Vary", "Accept-Encoding")
		if enc := Negotiate(r.Header.Get("Accept-Encoding"), a); enc != "" {
			body = a.Encoded[enc]
			h.Set("Content-Encoding", enc)
		}
		h.Set("Content-Length", strconv.Itoa(len(body)))
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
	})
}

// Negotiate picks the Content-Encoding to send a for the request's
// Accept-Encoding: "br", "gzip" or "" (identity), brotli first. A coding
// listed with q=0 is refused (site.Accepts).
func Negotiate(acceptEncoding string, a *Asset) string {
	for _, name := range []string{"br", "gzip"} {
		if a.Encoded[name] != nil && site.Accepts(acceptEncoding, name) {
			return name
		}
	}
	return ""
}
