package docs

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"

	"github.com/ccplay/ccplay/api"
)

// curlRE is the one curl form the documentation's examples use: a GET of
// `ccplay serve`'s default address, with -s.
var curlRE = regexp.MustCompile(`^curl -s '(http://127\.0\.0\.1:8080)(/[^' ]*)'$`)

// curlGET answers a documented "curl -s 'http://127.0.0.1:8080/PATH'" from
// the API handler `ccplay serve` runs (api.New), in-process: the body, as
// curl prints it. ok is false for any other command.
func curlGET(cmd string) (lines []string, ok bool) {
	m := curlRE.FindStringSubmatch(cmd)
	if m == nil {
		return nil, false
	}
	w := httptest.NewRecorder()
	api.New(api.Config{}).ServeHTTP(w, httptest.NewRequest(http.MethodGet, m[2], nil))
	s := strings.TrimSuffix(w.Body.String(), "\n")
	if s == "" {
		return nil, true
	}
	return strings.Split(s, "\n"), true
}
