package playground

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ccplay/ccplay/core/cost"
	"github.com/chromedp/chromedp"
)

// swSite serves a static build's directory, which swap replaces (a new
// build deployed), with a plain file server, counting the requests for
// each path; the server is closed when the test ends.
type swSite struct {
	URL  string
	dir  atomic.Value // string
	mu   sync.Mutex
	hits map[string]int
}

func newSWSite(t *testing.T, dir string) *swSite {
	t.Helper()
	s := &swSite{hits: map[string]int{}}
	s.dir.Store(dir)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		s.mu.Unlock()
		http.FileServer(http.Dir(s.dir.Load().(string))).ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	s.URL = ts.URL
	return s
}

func (s *swSite) swap(dir string)          { s.dir.Store(dir) }
func (s *swSite) requests(path string) int { s.mu.Lock(); defer s.mu.Unlock(); return s.hits[path] }

// rebuiltStatic is the static build of a copy of public/ whose main
// module carries one more custom section (a WebAssembly section the
// runtime ignores): the same program with other bytes, as a new build
// with a changed source would be, so its content hash differs. The copy
// sits in the module root (as internal/sitebuild requires) under a dot
// name the go tool ignores, and is removed when the test ends.
func rebuiltStatic(t *testing.T) string {
	t.Helper()
	pub := ensureBuilt(t)
	root := filepath.Dir(pub)
	tmp, err := os.MkdirTemp(root, ".sw-public-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	err = filepath.WalkDir(pub, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "app.wasm") {
			return err
		}
		rel, _ := filepath.Rel(pub, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(tmp, rel)), 0o755); err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(tmp, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	wasm, err := os.ReadFile(filepath.Join(pub, "app.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	name, payload := "ccplay.test", "another build"
	section := append([]byte{byte(len(name))}, name+payload...)
	wasm = append(append(wasm, 0, byte(len(section))), section...) // id 0 (custom), one-byte LEB128 sizes
	if err := os.WriteFile(filepath.Join(tmp, "app.wasm"), wasm, 0o644); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	cmd := exec.Command("go", "run", "./internal/sitebuild", "-public", tmp, "-o", out)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("sitebuild: %v\n%s", err, b)
	}
	return out
}

// mainModule is the file name of the main module's .gz copy in a static
// build.
func mainModule(t *testing.T, dir string) string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "app.*.wasm.gz"))
	if err != nil || len(m) != 1 {
		t.Fatalf("%s: the main module's .gz copy: %v %v", dir, m, err)
	}
	return filepath.Base(m[0])
}

// TestServiceWorker: on a static host, a Chinese link with a question
// installs the build's service worker, which controls the page; the
// second visit to the link gets the WebAssembly from it (the host sees no
// second request for the module) and shows core's time; after a new
// build is deployed (other content hashes) the next visit loads the new
// build's module from the host, once, and shows core's time again.
func TestServiceWorker(t *testing.T) {
	first := buildStatic(t)
	second := rebuiltStatic(t)
	oldWasm, newWasm := mainModule(t, first), mainModule(t, second)
	if oldWasm == newWasm {
		t.Fatalf("the rebuilt main module has the old name %s", oldWasm)
	}
	site := newSWSite(t, first)
	link := site.URL + "/?view=timing&ranks=128&lang=zh"
	want := cost.FormatSeconds(evaluate(t, map[string]string{"ranks": "128"}).TimeS)
	p := browser(t, 1280, 800)
	visit := func(what string) {
		t.Helper()
		_, _ = chromedp.Run(p.ctx, chromedp.Evaluate[chromedp.Void](`window.ccplayOld = true; null`))
		p.do(what, chromedp.Navigate(link))
		p.waitJS(what+": first render", `!window.ccplayOld && window.ccplayRenders >= 1 && document.documentElement.lang === "zh-CN"`)
		p.waitJS(what+": core's time", `document.getElementById("t-time").textContent === `+jsString(want))
	}

	visit("the first visit")
	p.waitJS("the service worker controls the page", `!!navigator.serviceWorker && !!navigator.serviceWorker.controller`)
	if n := site.requests("/" + oldWasm); n != 1 {
		t.Fatalf("the first visit fetched %s %d times, want once", oldWasm, n)
	}

	visit("the second visit")
	if !eval[bool](p, `!!navigator.serviceWorker.controller`) {
		t.Errorf("the second visit's page is not controlled by the service worker")
	}
	if got := eval[string](p, `window.ccplayWasmSource`); got != oldWasm {
		t.Errorf("the second visit loaded %q, want %s", got, oldWasm)
	}
	if n := site.requests("/" + oldWasm); n != 1 {
		t.Errorf("the second visit fetched %s from the host (%d requests in all), want it from the service worker", oldWasm, n)
	}

	site.swap(second)
	visit("the visit after a new build")
	if got := eval[string](p, `window.ccplayWasmSource`); got != newWasm {
		t.Errorf("after the new build the page loaded %q, want the new %s", got, newWasm)
	}
	if n := site.requests("/" + newWasm); n != 1 {
		t.Errorf("the new build's module was fetched %d times, want once", n)
	}
	p.noConsoleErrors()
}
