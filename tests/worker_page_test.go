package tests

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/ccplay/ccplay/core/cost"
	"github.com/ccplay/ccplay/core/field"
	"github.com/ccplay/ccplay/core/question"
)

// pageQuestion is the page whose rendered time the Worker's test checks.
const pageQuestion = "/?view=timing&ranks=64&size=1GiB&bandwidth=400Gbps&latency=5us&lang=en"

// checkRenderedTime: the Worker's page of pageQuestion shows, rendered on
// the server, the time the core computes for that question.
func checkRenderedTime(t *testing.T, page string) {
	t.Helper()
	p, err := question.CostParams(field.Map(map[string]string{"ranks": "64", "size": "1GiB", "bandwidth": "400Gbps", "latency": "5us"}))
	if err != nil {
		t.Fatal(err)
	}
	r, err := cost.Evaluate(p)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`id="t-time"[^>]*>([^<]*)<`).FindStringSubmatch(page)
	if m == nil || m[1] != cost.FormatSeconds(r.TimeS) {
		t.Errorf("the Worker's page of %s: rendered time %v, core says %q", pageQuestion, m, cost.FormatSeconds(r.TimeS))
	}
}

// checkWorkerWasm: the Worker sends each hashed module (app.wasm and
// tools.wasm) as the build's brotli copy, byte for byte, to a client accepting br, and gzipped to one
// accepting only gzip, with Content-Encoding and immutable caching, the
// bytes decoding to the file. (wrangler dev's local proxy decodes and
// re-encodes a response for the client's Accept-Encoding, preferring the
// first coding listed, so only the br-only request shows the build's own
// bytes; on Cloudflare the Worker's response goes out as it is.)
func checkWorkerWasm(t *testing.T, base, assets string) {
	t.Helper()
	for _, module := range []string{"app", "tools"} {
		names, _ := filepath.Glob(filepath.Join(assets, module+".*.wasm"))
		if len(names) != 1 {
			t.Fatalf("the build's assets hold %d hashed %s.wasm files", len(names), module)
		}
		checkWorkerModule(t, base, names[0])
	}
}

// checkWorkerModule is checkWorkerWasm for the module file (a hashed
// name in the build's assets).
func checkWorkerModule(t *testing.T, base, file string) {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	br, err := os.ReadFile(file + ".br")
	if err != nil {
		t.Fatal(err)
	}
	for _, encoding := range []string{"br", "gzip"} {
		req, _ := http.NewRequest("GET", base+"/"+filepath.Base(file), nil)
		req.Header.Set("Accept-Encoding", encoding)
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		h := resp.Header
		if resp.StatusCode != 200 || h.Get("Content-Encoding") != encoding || h.Get("Cache-Control") != "public, max-age=31536000, immutable" || h.Get("Content-Type") != "application/wasm" {
			t.Errorf("%s, Accept-Encoding %q: status %d, headers %v", filepath.Base(file), encoding, resp.StatusCode, h)
			continue
		}
		var r io.Reader = bytes.NewReader(body)
		if encoding == "br" {
			if !bytes.Equal(body, br) {
				t.Errorf("Accept-Encoding br: %d bytes, not the build's brotli copy (%d bytes)", len(body), len(br))
			}
			r = brotli.NewReader(r)
		} else if r, err = gzip.NewReader(r); err != nil {
			t.Fatal(err)
		}
		if got, err := io.ReadAll(r); err != nil || !bytes.Equal(got, raw) {
			t.Errorf("%s, Accept-Encoding %q: the body does not decode to the file (%v)", filepath.Base(file), encoding, err)
		}
	}
}
