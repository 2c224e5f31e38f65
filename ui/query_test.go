package ui

import (
	"net/url"
	"strings"
	"testing"
)

// TestEscapeMatchesNetURL: the hand-written query codec (which keeps
// net/url out of the wasm) agrees with net/url on every byte and on
// malformed escapes; escape differs only in leaving '/' readable.
func TestEscapeMatchesNetURL(t *testing.T) {
	var all []byte
	for c := 0; c < 256; c++ {
		all = append(all, byte(c))
	}
	for _, v := range []string{"", "50GB/s", "90%", "a b+c", "中文 €", "100MiB", string(all)} {
		if got, want := escape(v), strings.ReplaceAll(url.QueryEscape(v), "%2F", "/"); got != want {
			t.Errorf("escape(%q) = %q, net/url %q", v, got, want)
		}
		got, ok := unescape(escape(v))
		if !ok || got != v {
			t.Errorf("unescape(escape(%q)) = %q, %v", v, got, ok)
		}
	}
	for _, s := range []string{"90%25", "a+b", "%e4%b8%ad", "%", "%2", "%zz", "x%4", "100%"} {
		want, err := url.QueryUnescape(s)
		got, ok := unescape(s)
		if ok != (err == nil) || (ok && got != want) {
			t.Errorf("unescape(%q) = %q, %v; net/url %q, %v", s, got, ok, want, err)
		}
	}
}
