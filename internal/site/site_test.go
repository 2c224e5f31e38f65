package site

import (
	"strings"
	"testing"

	"github.com/ccplay/ccplay/ui"
)

// TestFirstLanguage: the first tag of Accept-Language, as navigator.language.
func TestFirstLanguage(t *testing.T) {
	for h, want := range map[string]string{"zh-CN,zh;q=0.9,en;q=0.8": "zh-CN", "en-US": "en-US", "": "", " fr ; q=1": "fr"} {
		if got := FirstLanguage(h); got != want {
			t.Errorf("FirstLanguage(%q) = %q, want %q", h, got, want)
		}
	}
}

// testShell is a shell with every slot and reference.
func testShell(t *testing.T) Shell {
	t.Helper()
	index := `<html lang="{{lang}}"><title>{{title}}</title><link href="{{style.css}}"><div id="boot" data-wasm="{{wasm}}">{{boot-bytes}} {{loading}}</div>{{app}}<script src="{{wasm_exec.js}}"></script><script src="{{boot.js}}"></script>`
	s, err := NewShell(index, map[string]string{"boot.js": "boot.1.js", "style.css": "style.2.css", "wasm_exec.js": "wasm_exec.3.js"},
		Boot{Wasm: "app.4.wasm", Bytes: 7e6, Wire: 1_260_000})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestShellAndPages: the shell names the hashed files; a page holds the
// rendered view in its language; the static page holds both languages and
// the script that picks one.
func TestShellAndPages(t *testing.T) {
	s := testShell(t)
	for _, want := range []string{`href="style.2.css"`, `data-wasm="app.4.wasm"`, `0.00 / 1.26 MB`, `src="boot.1.js"`} {
		if !strings.Contains(s.Template(), want) {
			t.Errorf("the shell lacks %s", want)
		}
	}
	if _, err := NewShell("{{app}}", nil, Boot{}); err == nil {
		t.Errorf("a shell referring to files with no hashed name is accepted")
	}
	zh := string(Render(s, "view=ledger", "zh-CN"))
	for _, want := range []string{`<html lang="zh-CN">`, `id="view-ledger"`, ui.T("zh", "ssr.loading")} {
		if !strings.Contains(zh, want) {
			t.Errorf("the Chinese ledger page lacks %s", want)
		}
	}
	static, err := StaticPage(s, "view=ledger")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<div id="app" data-query="view=ledger"`, `<template id="ssr-zh">`, `var page = "view=ledger"`} {
		if !strings.Contains(string(static), want) {
			t.Errorf("the static ledger page lacks %s", want)
		}
	}
	if q := `view=ledger&x="><b>`; !strings.Contains(string(must(StaticPage(s, q))), `data-query="view=ledger&amp;x=&#34;&gt;&lt;b&gt;"`) {
		t.Errorf("the static page's data-query does not escape %s", q)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestAccepts: a listed coding is accepted unless its q is zero; names are
// case-insensitive.
func TestAccepts(t *testing.T) {
	for h, want := range map[string]bool{"gzip, br": true, "GZIP": true, "br": false, "": false, "gzip;q=0": false, "gzip; q=0.0, br": false, "gzip;q=0.5": true} {
		if got := Accepts(h, "gzip"); got != want {
			t.Errorf("Accepts(%q, gzip) = %v, want %v", h, got, want)
		}
	}
}
