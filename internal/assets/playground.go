package assets

import (
	"errors"
	"io/fs"
	"net/http"
	"strings"

	"github.com/ccplay/ccplay/internal/site"
)

// Playground wraps next (the API and the static files) with the
// playground's pages and hashed assets when static is the playground's
// site (its index.html is the shell, with a {{app}} slot, and the Sources
// are there): "/" is the page of the
// request's URL rendered by the Go components (package site), the assets
// are served under content-hashed names with immutable caching and
// pre-compressed brotli or gzip (Handler). Any other directory is served as
// it is. `ccplay serve` and the browser tests serve public/ through it.
// O(site size) once, at start.
func Playground(static fs.FS, next http.Handler) (http.Handler, error) {
	if static == nil {
		return next, nil
	}
	index, err := fs.ReadFile(static, "index.html")
	if errors.Is(err, fs.ErrNotExist) || (err == nil && !strings.Contains(string(index), "{{app}}")) {
		return next, nil
	}
	if err != nil {
		return nil, err
	}
	files, names, err := Load(static)
	if err != nil {
		return nil, err
	}
	shell, err := site.NewShell(string(index), names, ServerBoot(files[names["app.wasm"]]), ServerBoot(files[names["tools.wasm"]]))
	if err != nil {
		return nil, err
	}
	return site.Handler(shell, true, Handler(files, next)), nil
}

// ServerBoot is how a page fetches module a from a server that sends it
// compressed: its hashed name, with its brotli copy's size as the wire's.
func ServerBoot(a *Asset) site.Boot {
	wire := len(a.Raw)
	if br := a.Encoded["br"]; br != nil {
		wire = len(br)
	}
	return site.Boot{Wasm: a.Name, Bytes: len(a.Raw), Wire: wire}
}
