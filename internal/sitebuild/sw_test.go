package main

import (
	"strings"
	"testing"
)

// TestVersion: a build's version depends on the set of hashed names only
// (not their order) and changes when any one of them does; the service
// worker caches under it.
func TestVersion(t *testing.T) {
	a := version([]string{"app.0123456789.wasm", "boot.abcdefabcd.js"})
	if b := version([]string{"boot.abcdefabcd.js", "app.0123456789.wasm"}); a != b {
		t.Errorf("the order of the names changed the version: %s, %s", a, b)
	}
	if c := version([]string{"app.0123456780.wasm", "boot.abcdefabcd.js"}); c == a {
		t.Errorf("a new wasm kept the version %s", a)
	}
	if len(a) != 10 || strings.Trim(a, "0123456789abcdef") != "" {
		t.Errorf("version %q: want 10 hex digits", a)
	}
	if sw := serviceWorker(a); !strings.Contains(sw, `const CACHE = "ccplay-`+a+`"`) {
		t.Errorf("the service worker does not cache under its build's version:\n%s", sw)
	}
}
