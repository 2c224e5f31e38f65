package ui

import (
	"context"
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
	// HTML is the root element, <div id="app" …>…</div>, working as an
	// HTML form until the WebAssembly takes it over: the question's
	// controls belong to the form FormID (its last child) under their URL
	// parameters' names, the controls section ends in a submit button, the
	// buttons that change the page (tabs, languages, a lesson's navigation
	// and next answer, the fabric view's fabric and ratio) are links, the open typed question's input and
	// button submit the form too (Lessons.TypedParam), and every other
	// control is disabled.
	// The WebAssembly's first render drops what it does not build itself.
	HTML string
	// Lang is the page's language, "zh" or "en".
	Lang string
	// Title is the page's title in that language.
	Title string
	// Module is the WebAssembly module the page loads (App.Module).
	Module string
	// Form reports whether the page's form has controls that submit (an
	// embedded view without controls has none: its numbers are the
	// server's until the WebAssembly takes the page over).
	Form bool
}

// RenderPage renders the page for the URL query (with or without the
// leading "?") in a browser whose preferred language is navLang (a
// navigator.language or the first tag of an Accept-Language header), its
// answers complete (RenderPageContext without an end).
func RenderPage(query, navLang string) (Page, error) {
	return RenderPageContext(context.Background(), query, navLang)
}

// RenderPageContext is RenderPage for a request: the page with every
// answer in it — the question's complete answer (FinishAnswer: the
// executed schedule's cost a browser adds after painting) and the
// simulations on a fabric a build leaves under way (the fabric view's
// study, the planner's plan) run to their end within the request's
// budget, RenderFlows and RenderWork (a page over either shows the
// budget's error in their place) — so a visitor without JavaScript reads the answer and one with
// it sees no progress bar at 0 %. Once ctx is done (the client
// went away) it stops and returns ctx.Err(). Natively and under js/wasm;
// it does not touch a DOM. O(the page + its simulations).
func RenderPageContext(ctx context.Context, query, navLang string) (Page, error) {
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
	if err := s.FinishAnswer(ctx.Err); err != nil {
		return Page{}, err
	}
	if _, err := app.FinishJobs(RenderFlows, RenderWork, ctx.Err); err != nil {
		return Page{}, err
	}
	br, err := BuildSafely(&env, newEnv, app, app)
	if err != nil {
		return Page{}, err
	}
	if len(br.Out.Out) != 1 {
		return Page{}, errors.New("ssr: the page's build has no single root element")
	}
	w := pageWriter{br: br, form: newSSRForm(app), lang: s.Lang, handoff: app.handoffHTML()}
	w.b.Grow(64 << 10)
	w.node(br.Out.Out[0], true)
	return Page{HTML: w.b.String(), Lang: s.Lang, Title: s.T("app.title"), Module: app.Module(), Form: len(w.form.named) > 0}, nil
}

// LessonFiles, when set, gives RenderPage a lesson's file where the
// platform's loader is the browser's fetch, which a server under js/wasm
// (the Worker) does not have: the Worker sets it to the embedded files.
var LessonFiles func(id, lang string) ([]byte, error)

// voidElements have no end tag in HTML.
var voidElements = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true,
	"hr": true, "img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// formControls are the elements a page's form holds.
var formControls = map[string]bool{"input": true, "select": true, "textarea": true, "button": true}

// pageWriter writes a page's build results as HTML.
type pageWriter struct {
	b    strings.Builder
	br   *vugu.BuildResults
	form *ssrForm
	lang string
	// handoff is the page's handoff element, written last in the root
	// (App.handoffHTML; "" for none).
	handoff string
}

// node writes n and its subtree as HTML, as domrender would build it
// (components are replaced by their own output, templates by their
// children, an InnerHTML replaces the children), made a form as Page.HTML
// says; root is the page's root element, which ends with the form.
func (w *pageWriter) node(n *vugu.VGNode, root bool) {
	b := &w.b
	switch {
	case n.Component != nil:
		if out := w.br.ResultFor(n.Component); out != nil {
			for _, c := range out.Out {
				w.node(c, false)
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
			w.node(c, false)
		}
		return
	case n.Type != vugu.ElementNode:
		return
	}
	tag, extra, skip := n.Data, "", ""
	if formControls[n.Data] {
		if name := w.form.fieldName(n); name != "" {
			extra = ` name="` + escapeHTML(name, true) + `" form="` + FormID + `"`
		} else if href, ok := w.form.href(n); n.Data == "button" && ok {
			tag, skip, extra = "a", "type", ` href="`+escapeHTML(href, true)+`"`
		} else if w.form.submits(n) {
			skip, extra = "type", ` type="submit" form="`+FormID+`"`
		} else if _, off := attr(n, "disabled"); !off {
			extra = ` disabled`
		}
	}
	b.WriteByte('<')
	b.WriteString(tag)
	for _, a := range n.Attr {
		if a.Key == skip {
			continue
		}
		v := a.Val
		if tag == "a" && a.Key == "class" {
			v += " btn"
		}
		b.WriteByte(' ')
		b.WriteString(a.Key)
		b.WriteString(`="`)
		b.WriteString(escapeHTML(v, true))
		b.WriteByte('"')
	}
	if _, ok := attr(n, "class"); tag == "a" && !ok {
		b.WriteString(` class="btn"`)
	}
	b.WriteString(extra)
	b.WriteByte('>')
	if voidElements[n.Data] {
		return
	}
	if n.InnerHTML != nil {
		b.WriteString(*n.InnerHTML)
	} else {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			w.node(c, false)
		}
	}
	if id, _ := attr(n, "id"); id == "controls" {
		b.WriteString(`<button type="submit" form="` + FormID + `" class="ssr-submit">` + escapeHTML(T(w.lang, "ssr.submit"), false) + `</button>`)
	}
	if root {
		w.form.writeForm(b)
		w.noScript()
		b.WriteString(w.handoff)
	}
	b.WriteString("</")
	b.WriteString(tag)
	b.WriteByte('>')
}

// noScript writes what the page is with JavaScript off, in the page's
// language: a form when it has controls that submit, else the question's
// numbers as the server computed them (an embedded view without controls).
func (w *pageWriter) noScript() {
	key := "ssr.noscript.view"
	if len(w.form.named) > 0 {
		key = "ssr.noscript.form"
	}
	w.b.WriteString(`<noscript><p class="note" id="noscript">` + escapeHTML(T(w.lang, key), false) + `</p></noscript>`)
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
