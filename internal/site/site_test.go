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
		Boot{Wasm: "app.4.wasm", Bytes: 7e6, Wire: 1_260_000}, Boot{Wasm: "tools.5.wasm", Bytes: 8e6, Wire: 1_400_000})
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
	if _, err := NewShell("{{app}}", nil, Boot{}, Boot{}); err == nil {
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

// TestPagesLoadTheirModule: a page of a tools view, or of a lesson that
// shows one, names the tools module; every
// other page names the main module; the Template a server keeps parses
// back to the same pages.
func TestPagesLoadTheirModule(t *testing.T) {
	s := testShell(t)
	back, err := ParseShell(s.Template())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParseShell("{{lang}}{{title}}{{app}}{{loading}}"); err == nil {
		t.Errorf("a shell without the tools module's variant is accepted")
	}
	for q, tools := range map[string]bool{"view=doctor": true, "view=plan": true, "view=fabric": true, "embed=plan": true,
		"lesson=parallelism": true, "view=timing": false, "": false, "view=charts": false, "lesson=ring": false, "view=lessons": false} {
		for _, sh := range []Shell{s, back} {
			page := string(Render(sh, q, "en"))
			want, other := `data-wasm="app.4.wasm"`, `tools.5.wasm`
			if tools {
				want, other = `data-wasm="tools.5.wasm"`, `app.4.wasm`
			}
			if !strings.Contains(page, want) || strings.Contains(page, other) {
				t.Errorf("page of %q: want %s and no %s", q, want, other)
			}
		}
		static := string(must(StaticPage(s, q)))
		if got := strings.Contains(static, `data-wasm="tools.5.wasm"`); got != tools {
			t.Errorf("static page of %q: loads tools.wasm = %v, want %v", q, got, tools)
		}
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

// TestLoadingNoteFitsThePage: while the WebAssembly loads, the bar's note
// says the form works only on a page that has one; an embedded view
// without controls says its numbers are the server's instead.
func TestLoadingNoteFitsThePage(t *testing.T) {
	s := testShell(t)
	for q, form := range map[string]bool{"view=timing": true, "embed=timing&controls=1": true, "embed=timing": false, "embed=charts": false} {
		for _, lang := range []string{"zh", "en"} {
			page := string(Render(s, q+"&lang="+lang, lang))
			want, not := "ssr.loading", "ssr.loading.view"
			if !form {
				want, not = not, want
			}
			if !strings.Contains(page, escapeText(ui.T(lang, want))) || strings.Contains(page, escapeText(ui.T(lang, not))) {
				t.Errorf("%s (%s): the loading note is not %s", q, lang, want)
			}
		}
	}
}
