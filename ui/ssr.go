package ui

import (
	"errors"
	"strings"
	"sync"

	"github.com/vugu/vugu"
)

// Page is the playground rendered to HTML for one URL, the same components
// building the same tree as the browser's first render (wasm/app), so a
// server can send the page with the URL's numbers already in it and the
// WebAssembly take the same DOM over.
type Page struct {
	// HTML is the root element, <div id="app" …>…</div>. Form controls
	// carry a disabled attribute (the page is not interactive until the
	// WebAssembly has rendered, and its first render drops them).
	HTML string
	// Lang is the page's language, "zh" or "en".
	Lang string
	// Title is the page's title in that language.
	Title string
}

// RenderPage renders the page for the URL query (with or without the
// leading "?") in a browser whose preferred language is navLang (a
// navigator.language or the first tag of an Accept-Language header).
// Natively and under js/wasm; it does not touch a DOM. O(the page).
func RenderPage(query, navLang string) (Page, error) {
	s := NewState(query, navLang)
	app := NewApp(s)
	if app.Lessons.Load == nil && LessonFiles != nil {
		app.Lessons.Load = func(id, lang string, done func([]byte, error)) { done(LessonFiles(id, lang)) }
	}
	newEnv := func() (*vugu.BuildEnv, error) {
		return vugu.NewBuildEnv(vugu.NewEventEnvImpl(&sync.RWMutex{}, nil))
	}
	env, err := newEnv()
	if err != nil {
		return Page{}, err
	}
	br, err := BuildSafely(&env, newEnv, app, app)
	if err != nil {
		return Page{}, err
	}
	if len(br.Out.Out) != 1 {
		return Page{}, errors.New("ssr: the page's build has no single root element")
	}
	var b strings.Builder
	b.Grow(64 << 10)
	writeNode(&b, br, br.Out.Out[0])
	return Page{HTML: b.String(), Lang: s.Lang, Title: s.T("app.title")}, nil
}

// LessonFiles, when set, gives RenderPage a lesson's file where the
// platform's loader is the browser's fetch, which a server under js/wasm
// (the Worker) does not have: the Worker sets it to the embedded files.
var LessonFiles func(id, lang string) ([]byte, error)

// voidElements have no end tag in HTML.
var voidElements = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true,
	"hr": true, "img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// formControls are disabled in the rendered page until the WebAssembly runs.
var formControls = map[string]bool{"input": true, "select": true, "textarea": true, "button": true}

// writeNode writes n and its subtree as HTML, as domrender would build it:
// components are replaced by their own output, templates by their
// children, an InnerHTML replaces the children.
func writeNode(b *strings.Builder, br *vugu.BuildResults, n *vugu.VGNode) {
	switch {
	case n.Component != nil:
		if out := br.ResultFor(n.Component); out != nil {
			for _, c := range out.Out {
				writeNode(b, br, c)
			}
		}
		return
	case n.Type == vugu.TextNode:
		b.WriteString(escapeHTML(n.Data, false))
		return
	case n.Type == vugu.CommentNode:
		return
	case n.IsTemplate():
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			writeNode(b, br, c)
		}
		return
	case n.Type != vugu.ElementNode:
		return
	}
	b.WriteByte('<')
	b.WriteString(n.Data)
	disabled := false
	for _, a := range n.Attr {
		b.WriteByte(' ')
		b.WriteString(a.Key)
		b.WriteString(`="`)
		b.WriteString(escapeHTML(a.Val, true))
		b.WriteByte('"')
		disabled = disabled || a.Key == "disabled"
	}
	if formControls[n.Data] && !disabled {
		b.WriteString(` disabled`)
	}
	b.WriteByte('>')
	if voidElements[n.Data] {
		return
	}
	if n.InnerHTML != nil {
		b.WriteString(*n.InnerHTML)
	} else {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			writeNode(b, br, c)
		}
	}
	b.WriteString("</")
	b.WriteString(n.Data)
	b.WriteByte('>')
}

var (
	textEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "\u00a0", "&nbsp;")
	attrEscaper = strings.NewReplacer("&", "&amp;", `"`, "&#34;", "\u00a0", "&nbsp;")
)

// escapeHTML escapes text for an element's content or, with attr, for a
// double-quoted attribute value.
func escapeHTML(s string, attr bool) string {
	if attr {
		return attrEscaper.Replace(s)
	}
	return textEscaper.Replace(s)
}
