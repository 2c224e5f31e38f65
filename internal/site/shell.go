// Package site renders the playground's pages: public/index.html (the
// shell) with the view of the request's URL rendered into it by package ui,
// so the first paint shows that URL's numbers and the WebAssembly takes the
// same DOM over. `ccplay serve` and the Worker answer page requests with it
// (Handler); internal/sitebuild writes pages for a static host with it. It
// runs natively and under js/wasm (the Worker).
package site

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ccplay/ccplay/ui"
)

// Shell is index.html with its asset references resolved, once per
// WebAssembly module (ui.ModuleMain, ui.ModuleTools: the module's file and
// sizes in the boot attributes and the preload): what remains to fill is
// the page's language, title, rendered app and loading text. A page gets
// the variant of the module it needs (ui.Page.Module).
type Shell struct {
	html map[string]string // by module
}

// moduleMark starts the tools module's variant in Template's text.
const moduleMark = "\n<!--ccplay module tools-->\n"

// Boot says how boot.js fetches one WebAssembly module.
type Boot struct {
	// Wasm is the file to fetch, relative to the page: the hashed
	// app.wasm or tools.wasm (a server sends it compressed) or, on a
	// static host, its .gz copy, which boot.js inflates itself.
	Wasm string
	// Inflate is "gzip" when boot.js must inflate Wasm, else "".
	Inflate string
	// Bytes is the module's size uncompressed, for the progress bar.
	Bytes int
	// Wire is the size expected on the wire (Wasm's size, or its brotli
	// copy's when a server compresses it), shown as the total until the
	// response says.
	Wire int
}

// NewShell fills index.html's asset references ({{boot.js}}, {{style.css}},
// {{wasm_exec.js}}: their hashed names, from names) and, for each module
// (main and tools), its boot attributes ({{wasm}}, {{inflate}},
// {{wasm-bytes}}, {{wasm-wire}}, {{boot-bytes}}: "0.00 / 1.27 MB"). A
// reference to a file names lacks is an error.
func NewShell(index string, names map[string]string, main, tools Boot) (Shell, error) {
	var pairs []string
	for _, src := range []string{"boot.js", "style.css", "wasm_exec.js"} {
		n, ok := names[src]
		if !ok {
			return Shell{}, fmt.Errorf("site: no hashed name for %s", src)
		}
		pairs = append(pairs, "{{"+src+"}}", n)
	}
	index = strings.NewReplacer(pairs...).Replace(index)
	boot := func(b Boot) string {
		return strings.NewReplacer("{{wasm}}", b.Wasm, "{{inflate}}", b.Inflate, "{{wasm-bytes}}", strconv.Itoa(b.Bytes),
			"{{wasm-wire}}", strconv.Itoa(b.Wire), "{{boot-bytes}}", fmt.Sprintf("0.00 / %.2f MB", float64(b.Wire)/1e6)).Replace(index)
	}
	return ParseShell(boot(main) + moduleMark + boot(tools))
}

// Fill returns the page: the shell with p's language, title and HTML, its
// loading bar's note saying the form works meanwhile, or, for a page with
// no form (an embedded view without controls), that its numbers are the
// server's meanwhile.
func (s Shell) Fill(p ui.Page) []byte {
	if !p.Form {
		return s.fillNote(p.Module, p.Lang, p.Title, p.HTML, ui.T(p.Lang, "ssr.loading.view"))
	}
	return s.fill(p.Module, p.Lang, p.Title, p.HTML)
}

// fill returns module's variant of the shell (the main module's for
// another name) with its slots filled (app is HTML) and the loading bar's
// note saying the form works meanwhile.
func (s Shell) fill(module, lang, title, app string) []byte {
	return s.fillNote(module, lang, title, app, ui.T(lang, "ssr.loading"))
}

// fillNote is fill with the loading bar's note (text).
func (s Shell) fillNote(module, lang, title, app, note string) []byte {
	html, ok := s.html[module]
	if !ok {
		html = s.html[ui.ModuleMain]
	}
	htmlLang := "en"
	if lang == "zh" {
		htmlLang = "zh-CN"
	}
	return []byte(strings.NewReplacer("{{lang}}", htmlLang, "{{title}}", escapeText(title),
		"{{app}}", app, "{{loading}}", escapeText(note)).Replace(html))
}

// escapeText escapes s for HTML text or a double-quoted attribute value
// (StaticPage's data-query).
func escapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;").Replace(s)
}

// Template is the shell's text, page slots ({{lang}}, {{title}}, {{app}},
// {{loading}}) unfilled: what a server keeps and ParseShell reads back (the
// main module's variant, then a comment line marking the tools module's).
func (s Shell) Template() string { return s.html[ui.ModuleMain] + moduleMark + s.html[ui.ModuleTools] }

// ParseShell is the shell whose Template is text (the Worker receives it
// from the build).
func ParseShell(text string) (Shell, error) {
	main, tools, ok := strings.Cut(text, moduleMark)
	if !ok {
		return Shell{}, fmt.Errorf("site: the shell lacks the tools module's variant")
	}
	for _, v := range []string{main, tools} {
		for _, slot := range []string{"{{lang}}", "{{title}}", "{{app}}", "{{loading}}"} {
			if !strings.Contains(v, slot) {
				return Shell{}, fmt.Errorf("site: the shell lacks %s", slot)
			}
		}
	}
	return Shell{html: map[string]string{ui.ModuleMain: main, ui.ModuleTools: tools}}, nil
}
