package api

import (
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// serveSite answers the paths outside /api/ and /embed/: a file of the
// static site, "/" (the site's index.html or the generated index), or a
// JSON 404. Directories are never listed.
func (h *handler) serveSite(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		sendFail(w, http.StatusMethodNotAllowed, "method", fmt.Sprintf("%s is not allowed on %s; use GET", r.Method, r.URL.Path))
		return
	}
	if h.cfg.Static != nil && h.hasFile(r.URL.Path) {
		h.static.ServeHTTP(w, r)
		return
	}
	if r.URL.Path == "/" || r.URL.Path == "/index.html" {
		send(w, http.StatusOK, htmlType, CacheControl, h.index())
		return
	}
	sendFail(w, http.StatusNotFound, "path", fmt.Sprintf("no page %s; GET %s lists the endpoints as JSON", r.URL.Path, IndexPath))
}

// hasFile reports whether the static site has a file for urlPath: a
// regular file, or a directory with an index.html. Go sources are not part
// of the site: public/ keeps a few (packages that embed its lessons and
// examples into native builds), and they are not served.
func (h *handler) hasFile(urlPath string) bool {
	name := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if name == "" {
		name = "."
	}
	if path.Ext(name) == ".go" {
		return false
	}
	st, err := fs.Stat(h.cfg.Static, name)
	if err != nil {
		return false
	}
	if st.IsDir() {
		st, err = fs.Stat(h.cfg.Static, path.Join(name, "index.html"))
		return err == nil && st.Mode().IsRegular()
	}
	return st.Mode().IsRegular()
}
