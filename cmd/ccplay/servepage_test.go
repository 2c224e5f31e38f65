package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/andybalholm/brotli"
)

// sitePublic is a public/ directory with the repository's shell, boot.js
// and style.css and a stand-in app.wasm and wasm_exec.js (the page is
// rendered by the server; no WebAssembly runs in these tests). It sits
// outside the module, so `ccplay serve` builds nothing.
func sitePublic(t *testing.T) (dir string, wasm []byte) {
	t.Helper()
	dir = t.TempDir()
	for _, f := range []string{"index.html", "boot.js", "style.css"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "public", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	wasm = bytes.Repeat([]byte("\x00asm stand-in for app.wasm "), 4000)
	files := map[string][]byte{"app.wasm": wasm, "tools.wasm": append([]byte("\x00asm stand-in for tools.wasm "), wasm...), "wasm_exec.js": []byte("// stand-in\n")}
	for f, b := range files {
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, wasm
}

// TestServePageShowsCostTime: with plain HTTP (no JavaScript), the page of
// /?view=timing&ranks=64&size=1GiB&bandwidth=400Gbps&latency=5us holds the
// time `ccplay cost` prints for the same question, in the timing view's
// time element, rendered by the server.
func TestServePageShowsCostTime(t *testing.T) {
	dir, _ := sitePublic(t)
	s := startServe(t, "--addr", "127.0.0.1:0", "--public", dir)
	defer s.stop(t, syscall.SIGTERM)
	code, out, errOut := cli(t, "", "cost", "--ranks", "64", "--size", "1GiB", "--bandwidth", "400Gbps", "--latency", "5us")
	if code != 0 {
		t.Fatalf("ccplay cost: exit %d, %s", code, errOut)
	}
	first, _, _ := strings.Cut(out, "\n")
	i := strings.LastIndex(first, ": ")
	if i < 0 {
		t.Fatalf("ccplay cost's first line names no time: %q", first)
	}
	want := first[i+2:]
	status, h, page := fetch(t, s.url+"/?view=timing&ranks=64&size=1GiB&bandwidth=400Gbps&latency=5us&lang=en")
	if status != 200 || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
		t.Fatalf("status %d, Content-Type %q", status, h.Get("Content-Type"))
	}
	m := regexp.MustCompile(`id="t-time"[^>]*>([^<]*)<`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the page has no rendered time (id=t-time):\n%s", page)
	}
	if m[1] != want {
		t.Errorf("the page shows %q, ccplay cost prints %q", m[1], want)
	}
	for _, frag := range []string{`<html lang="en">`, `<div id="app" class="app" lang="en">`, `id="boot-bar"`, `rel="preload"`} {
		if !strings.Contains(page, frag) {
			t.Errorf("the page lacks %s", frag)
		}
	}
	if !regexp.MustCompile(`<input [^>]*id="f-ranks"[^>]*value="64" name="ranks" form="ccplay-form">`).MatchString(page) {
		t.Errorf("the ranks control is not rendered with 64 as the form's field ranks")
	}
}

// TestServeCacheAndEncoding: the page is no-cache; the assets it names carry
// a content hash, are immutable, and come as brotli, gzip or plain as the
// client accepts, each decoding to the file; a page in Chinese follows
// Accept-Language.
func TestServeCacheAndEncoding(t *testing.T) {
	dir, wasm := sitePublic(t)
	s := startServe(t, "--addr", "127.0.0.1:0", "--public", dir)
	defer s.stop(t, syscall.SIGTERM)
	req, _ := http.NewRequest("GET", s.url+"/?view=ledger", nil)
	req.Header.Set("Accept-Language", "zh-CN,zh;q=0.9,en;q=0.5")
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	page := readAll(t, resp)
	if cc := resp.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("page Cache-Control %q, want no-cache", cc)
	}
	if !strings.Contains(page, `<html lang="zh-CN">`) || !strings.Contains(page, `id="view-ledger"`) {
		t.Errorf("Accept-Language zh and view=ledger: not the Chinese ledger page")
	}
	ref := regexp.MustCompile(`data-wasm="(app\.[0-9a-f]{10}\.wasm)"`).FindStringSubmatch(page)
	if ref == nil {
		t.Fatalf("the page names no hashed app.wasm")
	}
	for _, c := range []struct{ accept, encoding string }{{"gzip, deflate, br", "br"}, {"gzip", "gzip"}, {"", ""}, {"br;q=0, gzip", "gzip"}} {
		req, _ := http.NewRequest("GET", s.url+"/"+ref[1], nil)
		req.Header.Set("Accept-Encoding", c.accept)
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body := []byte(readAll(t, resp))
		h := resp.Header
		if h.Get("Content-Encoding") != c.encoding || h.Get("Cache-Control") != "public, max-age=31536000, immutable" ||
			h.Get("Content-Type") != "application/wasm" || !strings.Contains(h.Get("Vary"), "Accept-Encoding") {
			t.Errorf("Accept-Encoding %q: headers %v", c.accept, h)
			continue
		}
		var r io.Reader = bytes.NewReader(body)
		switch c.encoding {
		case "br":
			r = brotli.NewReader(r)
		case "gzip":
			if r, err = gzip.NewReader(r); err != nil {
				t.Fatal(err)
			}
		}
		if got, err := io.ReadAll(r); err != nil || !bytes.Equal(got, wasm) {
			t.Errorf("Accept-Encoding %q: the body does not decode to app.wasm (%v)", c.accept, err)
		}
	}
	for _, name := range regexp.MustCompile(`(?:src|href)="((?:boot|wasm_exec|style)\.[0-9a-f]{10}\.(?:js|css))"`).FindAllStringSubmatch(page, -1) {
		status, h, _ := fetch(t, s.url+"/"+name[1])
		if status != 200 || h.Get("Cache-Control") != "public, max-age=31536000, immutable" {
			t.Errorf("%s: status %d, Cache-Control %q", name[1], status, h.Get("Cache-Control"))
		}
	}
}

// readAll reads and closes a response's body.
func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
