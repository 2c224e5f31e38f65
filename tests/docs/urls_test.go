package docs

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ccplay/ccplay/api"
)

// urlRE finds the API and chart addresses the documentation writes with a
// query, on `ccplay serve`'s default address or a course page's HOST.
var urlRE = regexp.MustCompile("(?:http://127\\.0\\.0\\.1:8080|https://HOST)(/(?:api/v1|embed)/[^'\"\\s)`?]+\\?[^'\"\\s)`]+)")

// TestDocumentedURLs GETs every such address from the API handler `ccplay
// serve` runs, in-process: each must answer 200, except an address a "$ "
// example shows refused (TestExamples compares its answer).
func TestDocumentedURLs(t *testing.T) {
	shown := map[string]bool{}
	for _, e := range allExamples(t) {
		for _, m := range urlRE.FindAllStringSubmatch(e.cmd, -1) {
			shown[m[1]] = true
		}
	}
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	h := api.New(api.Config{})
	n := 0
	for _, p := range append([]string{filepath.Join(root, "README.md")}, docs...) {
		name, _ := filepath.Rel(root, p)
		text, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range urlRE.FindAllStringSubmatch(string(text), -1) {
			if shown[m[1]] || strings.Contains(m[1], "…") {
				continue // compared by TestExamples, or a pattern ("/api/v1/…?…")
			}
			n++
			target := strings.ReplaceAll(m[1], "&amp;", "&")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, target, nil))
			if w.Code != http.StatusOK {
				t.Errorf("%s: GET %s: status %d: %s", name, target, w.Code, strings.TrimSpace(w.Body.String()))
			}
		}
	}
	if n < 5 {
		t.Errorf("%d documented addresses asked, want at least 5 (is the pattern still finding them?)", n)
	}
}
