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

// Shell is index.html with its asset references resolved: what remains to
// fill is the page's language, title, rendered app and loading text.
type Shell struct {
	html string
}

// Boot says how boot.js fetches the WebAssembly.
type Boot struct {
	// Wasm is the file to fetch, relative to the page: the hashed
	// app.wasm (a server sends it compressed) or, on a static host, its
	// .gz copy, which boot.js inflates itself.
	Wasm string
	// Inflate is "gzip" when boot.js must inflate Wasm, else "".
	Inflate string
	// Bytes is app.wasm's size uncompressed, for the progress bar.
	Bytes int
	// Wire is the size expected on the wire (Wasm's size, or its brotli
	// copy's when a server compresses it), shown as the total until the
	// response says.
	Wire int
}

// NewShell fills index.html's asset references ({{boot.js}}, {{style.css}},
// {{wasm_exec.js}}: their hashed names, from names) and its boot
// attributes ({{wasm}}, {{inflate}}, {{wasm-bytes}}, {{wasm-wire}},
// {{boot-bytes}}: "0.00 / 1.27 MB"). A reference to a file
// names lacks is an error.
func NewShell(index string, names map[string]string, boot Boot) (Shell, error) {
	pairs := []string{"{{wasm}}", boot.Wasm, "{{inflate}}", boot.Inflate, "{{wasm-bytes}}", strconv.Itoa(boot.Bytes),
		"{{wasm-wire}}", strconv.Itoa(boot.Wire), "{{boot-bytes}}", fmt.Sprintf("0.00 / %.2f MB", float64(boot.Wire)/1e6)}
	for _, src := range []string{"boot.js", "style.css", "wasm_exec.js"} {
		n, ok := names[src]
		if !ok {
			return Shell{}, fmt.Errorf("site: no hashed name for %s", src)
		}
		pairs = append(pairs, "{{"+src+"}}", n)
	}
	return ParseShell(strings.NewReplacer(pairs...).Replace(index))
}

// Fill returns the page: the shell with p's language, title and HTML.
func (s Shell) Fill(p ui.Page) []byte {
	return s.fill(p.Lang, p.Title, p.HTML)
}

// fill returns the shell with its slots filled (app is HTML).
func (s Shell) fill(lang, title, app string) []byte {
	htmlLang := "en"
	if lang == "zh" {
		htmlLang = "zh-CN"
	}
	return []byte(strings.NewReplacer("{{lang}}", htmlLang, "{{title}}", escapeText(title),
		"{{app}}", app, "{{loading}}", escapeText(ui.T(lang, "ssr.loading"))).Replace(s.html))
}

// escapeText escapes s for HTML text or a double-quoted attribute value
// (StaticPage's data-query).
func escapeText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;").Replace(s)
}

// Template is the shell's text, page slots ({{lang}}, {{title}}, {{app}},
// {{loading}}) unfilled: what a server keeps and ParseShell reads back.
func (s Shell) Template() string { return s.html }

// ParseShell is the shell whose Template is text (the Worker receives it
// from the build).
func ParseShell(text string) (Shell, error) {
	for _, slot := range []string{"{{lang}}", "{{title}}", "{{app}}", "{{loading}}"} {
		if !strings.Contains(text, slot) {
			return Shell{}, fmt.Errorf("site: the shell lacks %s", slot)
		}
	}
	return Shell{html: text}, nil
}
