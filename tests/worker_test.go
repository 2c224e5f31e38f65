package tests

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ccplay/ccplay/api"
	"github.com/ccplay/ccplay/internal/site"
	"github.com/ccplay/ccplay/internal/testskip"
	"github.com/ccplay/ccplay/internal/wasmbuild"
	"github.com/ccplay/ccplay/tests/wrangler"
	"github.com/ccplay/ccplay/ui"
)

// maxCompatibilityDate is the newest compatibility_date the pinned
// wrangler 4.86.0 accepts (the newest date its bundled workerd supports).
const maxCompatibilityDate = "2026-05-03"

// stripComments removes // comments outside strings: wrangler.jsonc → JSON.
func stripComments(src string) string {
	var b strings.Builder
	inString, escaped := false, false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case inString:
			b.WriteByte(c)
			if escaped {
				escaped = false
			} else if c == '\\' {
				escaped = true
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
			b.WriteByte(c)
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			b.WriteByte('\n')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// TestWranglerConfig: the Worker's config is what docs/api.md and the
// build script promise.
func TestWranglerConfig(t *testing.T) {
	root, err := wrangler.Root(".")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join(root, "wrangler.jsonc"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Name, Main        string
		CompatibilityDate string `json:"compatibility_date"`
		Assets            struct {
			Directory      string
			RunWorkerFirst []string `json:"run_worker_first"`
		}
		Cache struct{ Enabled bool }
	}
	if err := json.Unmarshal([]byte(stripComments(string(src))), &cfg); err != nil {
		t.Fatalf("wrangler.jsonc is not JSON with comments: %v", err)
	}
	if cfg.Main != "./build/worker/entry.mjs" || cfg.Assets.Directory != "./build/assets" {
		t.Errorf("main %q and assets %q must be where scripts/build-worker.sh writes", cfg.Main, cfg.Assets.Directory)
	}
	if cfg.CompatibilityDate == "" || cfg.CompatibilityDate > maxCompatibilityDate {
		t.Errorf("compatibility_date %q: want a date up to %s", cfg.CompatibilityDate, maxCompatibilityDate)
	}
	for _, p := range []string{"/api/*", "/embed/*", "/healthz"} {
		if !slices.Contains(cfg.Assets.RunWorkerFirst, p) {
			t.Errorf("run_worker_first must route %s to the Worker, got %v", p, cfg.Assets.RunWorkerFirst)
		}
	}
	if !cfg.Cache.Enabled {
		t.Errorf("Workers Cache must be on: the API's GET answers are cacheable")
	}
	var pkg struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	b, err := os.ReadFile(filepath.Join(root, "package.json"))
	if err == nil {
		err = json.Unmarshal(b, &pkg)
	}
	if err != nil || pkg.DevDependencies["wrangler"] != "4.86.0" {
		t.Errorf("package.json must pin wrangler exactly to 4.86.0: %v %v", pkg.DevDependencies, err)
	}
}

// exchange is one request of the end-to-end comparison.
type exchange struct {
	method, target, body string
	status               int
}

// TestWorkerMatchesNative builds the Worker, runs it under `wrangler dev`
// on 127.0.0.1 and checks that every endpoint, a static page and the error
// paths answer exactly (status, body bytes, content type, cache policy,
// CORS) as the native handler does. Without wrangler (`npm ci`) it is
// skipped locally and fails in CI (CI=true).
func TestWorkerMatchesNative(t *testing.T) {
	root, err := wrangler.Root(".")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := wrangler.Binary(root); err != nil {
		testskip.Skip(t, "Worker end-to-end test (tests)", err.Error())
	}
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	config, err := wrangler.Build(ctx, root, dir)
	if err != nil {
		t.Fatal(err)
	}
	// A static page of the test's own, served by Workers assets on the edge
	// and by the handler's static site natively.
	assets := filepath.Join(dir, "build", "assets")
	if err := os.MkdirAll(filepath.Join(assets, "e2e"), 0o755); err != nil {
		t.Fatal(err)
	}
	page := "<!doctype html><title>e2e</title><p>static page served by Workers assets</p>\n"
	if err := os.WriteFile(filepath.Join(assets, "e2e", "index.html"), []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	port, err := wrangler.FreePort()
	if err != nil {
		t.Fatal(err)
	}
	dev, err := wrangler.Start(root, config, port)
	if err != nil {
		t.Fatal(err)
	}
	stopped := false
	defer func() {
		if !stopped {
			dev.Stop()
		}
	}()
	if err := dev.Ready(120 * time.Second); err != nil {
		t.Fatal(err)
	}
	// Natively: the same page handler around the same shell (the one the
	// build wrote for the Worker) and the API serving the same assets, the
	// pages stamped with the same build version (their handoffs).
	stampBuild(t, root)
	shellText, err := os.ReadFile(filepath.Join(dir, "build", "worker", "shell.html"))
	if err != nil {
		t.Fatal(err)
	}
	shell, err := site.ParseShell(string(shellText))
	if err != nil {
		t.Fatal(err)
	}
	native := httptest.NewServer(site.Handler(shell, false, api.New(api.Config{Static: os.DirFS(assets)})))
	defer native.Close()

	run := `{"collective":"allreduce","algorithm":"ring","dtype":"int64","inputs":[[1,2,3],[4,5,6],[7,8,9]]}`
	exchanges := []exchange{
		{"GET", "/healthz", "", 200},
		{"GET", "/api/v1/cost", "", 200},
		{"GET", "/api/v1/cost?collective=allreduce&algorithm=auto&ranks=64&size=1MiB&bandwidth=400Gbps&latency=5us", "", 200},
		{"GET", "/api/v1/cost?algorithm=tree&ranks=16&size=8MiB&gamma=2e-12&efficiency=90%25", "", 200},
		{"GET", "/api/v1/table?ranks=8&bandwidth=400Gbps&maxbytes=1G", "", 200},
		{"GET", "/api/v1/table?algorithm=auto&ranks=8&bandwidth=400Gbps&maxbytes=1G&format=text", "", 200},
		{"GET", "/api/v1/schedule?algorithm=ring&ranks=4&size=64B", "", 200},
		{"GET", "/api/v1/schedule?algorithm=tree&ranks=8&size=1MiB", "", 200},
		{"POST", "/api/v1/run", run, 200},
		{"GET", "/embed/time-vs-ranks.svg?algorithms=naive,ring,tree", "", 200},
		{"GET", "/embed/time-vs-size.svg?collective=allreduce&ranks=64&bandwidth=400Gbps&latency=5us", "", 200},
		{"GET", "/embed/ledger-bars.svg?algorithm=naive", "", 200},
		{"GET", "/embed/ring-step.svg?round=3", "", 200},
		{"GET", "/api/v1/cost?ranks=0", "", 400},
		{"GET", "/api/v1/schedule?ranks=1000000", "", 400},
		{"POST", "/api/v1/run", `{"collective":"allsum","inputs":[[1]]}`, 400},
		{"GET", "/api/v1/nope", "", 404},
		{"GET", "/embed/pie.svg", "", 404},
		{"POST", "/api/v1/cost", "", 405},
		{"HEAD", "/api/v1/cost", "", 200},
		{"GET", "/", "", 200},
		{"GET", pageQuestion, "", 200},
		{"GET", "/?view=ledger&lang=zh", "", 200},
		{"GET", "/?lesson=ring&lang=en", "", 200},
		{"GET", "/?lesson=ring&lang=zh&typed=20", "", 200}, // a typed answer graded by the renderer
		{"GET", "/?view=doctor&lang=en", "", 200},
		// pages whose simulations on a fabric the renderer runs before it sends them
		{"GET", "/?view=fabric&lang=zh&collective=alltoall&algorithm=pairwise&ranks=64&gpus-per-node=8", "", 200},
		{"GET", "/?view=plan&lang=en&plan.model=deepseek-v3&plan.dp=64&plan.ep=64&plan.tp=1&plan.zero=1&plan.fabric=fat-tree&plan.leaf-nodes=2", "", 200},
		{"GET", "/?view=fabric&lang=en&collective=allgather&algorithm=ring&ranks=181", "", 200}, // over the render's budget
		{"GET", "/e2e/", "", 200},
	}
	client := &http.Client{Timeout: 60 * time.Second}
	send := func(base string, x exchange) (int, http.Header, string) {
		req, err := http.NewRequest(x.method, base+x.target, strings.NewReader(x.body))
		if err != nil {
			t.Fatal(err)
		}
		if x.method == http.MethodPost {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v\nwrangler log:\n%s", x.method, x.target, err, dev.Log())
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, resp.Header, string(b)
	}
	// First a burst on the cold isolate: 128 different questions, 64 at a
	// time. Every one must be answered, and answered as natively (without
	// wasm/worker/entry.mjs a few of them hung here, intermittently).
	type result struct {
		target, worker, native string
		status                 int
	}
	results := make(chan result, 128)
	sem := make(chan struct{}, 64)
	for i := 0; i < 128; i++ {
		target := fmt.Sprintf("/api/v1/cost?algorithm=auto&ranks=%d&size=%dKiB", 2+i, 1+i)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem }()
			req, _ := http.NewRequest(http.MethodGet, dev.URL+target, nil)
			resp, err := client.Do(req)
			if err != nil {
				results <- result{target: target, worker: err.Error()}
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			w := httptest.NewRecorder()
			api.New(api.Config{}).ServeHTTP(w, httptest.NewRequest(http.MethodGet, target, nil))
			results <- result{target, string(b), w.Body.String(), resp.StatusCode}
		}()
	}
	for i := 0; i < 128; i++ {
		r := <-results
		if r.status != http.StatusOK || r.worker != r.native {
			t.Errorf("burst %s: status %d, body %.200q; native %.200q", r.target, r.status, r.worker, r.native)
		}
	}
	for _, x := range exchanges {
		ws, wh, wb := send(dev.URL, x)
		ns, nh, nb := send(native.URL, x)
		if ws != x.status || ns != x.status {
			t.Errorf("%s %s: worker %d, native %d, want %d\nworker body: %.300s", x.method, x.target, ws, ns, x.status, wb)
			continue
		}
		if wb != nb {
			t.Errorf("%s %s: the Worker's body (%d bytes) differs from the native handler's (%d bytes)\nworker: %.400s\nnative: %.400s",
				x.method, x.target, len(wb), len(nb), wb, nb)
		}
		if x.target == "/e2e/" && wb != page {
			t.Errorf("the static page: %q", wb)
		}
		if x.target == pageQuestion {
			checkRenderedTime(t, wb)
		}
		if strings.HasPrefix(x.target, "/?") {
			module := "app"
			for _, v := range []string{"view=doctor", "view=fabric", "view=plan"} {
				if strings.Contains(x.target, v) {
					module = "tools"
				}
			}
			if strings.Contains(wb, `id="fb-progress"`) || strings.Contains(wb, `id="pl-progress"`) {
				t.Errorf("the Worker's page %s shows a progress bar instead of its simulations' answer", x.target)
			}
			simulated := module == "tools" && !strings.Contains(x.target, "view=doctor") && !strings.Contains(x.target, "ranks=181")
			if got := strings.Contains(wb, `<script type="application/json" id="`+ui.HandoffID+`">{"build":"`+ui.Build+`"`); got != simulated {
				t.Errorf("the Worker's page %s hands its simulations over: %v, want %v", x.target, got, simulated)
			}
			if !regexp.MustCompile(`data-wasm="` + module + `\.[0-9a-f]{10}\.wasm"`).MatchString(wb) {
				t.Errorf("the Worker's page %s does not load %s.wasm", x.target, module)
			}
		}
		headers := []string{"Content-Type", "Cache-Control", "Access-Control-Allow-Origin", "Allow", "Content-Security-Policy"}
		if x.target == "/" || strings.HasPrefix(x.target, "/?") {
			headers = []string{"Content-Type", "Cache-Control", "Vary"} // a rendered page
		} else if !strings.HasPrefix(x.target, "/api/") && !strings.HasPrefix(x.target, "/embed/") && x.target != "/healthz" {
			continue // static files: the headers are Workers assets' own
		}
		for _, h := range headers {
			if wh.Get(h) != nh.Get(h) {
				t.Errorf("%s %s: header %s: worker %q, native %q", x.method, x.target, h, wh.Get(h), nh.Get(h))
			}
		}
	}
	checkWorkerWasm(t, dev.URL, assets)
	if strings.Contains(dev.Log(), "update available") {
		t.Errorf("wrangler looked for updates (network beyond loopback):\n%s", dev.Log())
	}
	if !dev.Stop() {
		t.Errorf("wrangler dev (process group %d) did not end on SIGTERM", dev.PID())
	}
	stopped = true
}

// stampBuild sets ui.Build, for the test, to the version of the sources
// at root, as scripts/build-worker.sh stamps the Worker and wasmbuild the
// modules, so the pages rendered here hand their simulations over as the
// Worker's do.
func stampBuild(t *testing.T, root string) {
	t.Helper()
	id, err := wasmbuild.SourceID(root)
	if err != nil {
		t.Fatal(err)
	}
	was := ui.Build
	ui.Build = id
	t.Cleanup(func() { ui.Build = was })
}
