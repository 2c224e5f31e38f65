//go:build js && wasm

package main

import "syscall/js"

// pageState is the query and language the page was rendered for, so the
// first render matches the server-rendered DOM it takes over: the URL's
// query, or when it has none the data-query of the rendered root (a static
// host's pre-rendered page for one view), and the root's lang attribute (the
// language the server or the page's own script chose), else the browser's.
func pageState(win js.Value) (query, navLang string) {
	query = win.Get("location").Get("search").String()
	if nav := win.Get("navigator").Get("language"); nav.Truthy() {
		navLang = nav.String()
	}
	root := win.Get("document").Call("getElementById", "app")
	if !root.Truthy() {
		return query, navLang
	}
	if l := root.Call("getAttribute", "lang"); l.Type() == js.TypeString && l.String() != "" {
		navLang = l.String()
	}
	if q := root.Call("getAttribute", "data-query"); (query == "" || query == "?") && q.Type() == js.TypeString {
		query = q.String()
	}
	return query, navLang
}

// typedEdits are the question's controls the learner changed on the
// server-rendered page before the WebAssembly arrived, without submitting
// the form: field → value, in document order, for every [data-field]
// control whose value is not the one the page was rendered with
// (renderedValue). The first
// render applies those that differ from the state's (a static page's
// script puts the address's values into the controls: those do not), so
// the page it takes over shows what was typed and answers it.
func typedEdits(win js.Value) (fields, values []string) {
	els := win.Get("document").Call("querySelectorAll", "#app [data-field]")
	for i := 0; i < els.Length(); i++ {
		el := els.Index(i)
		f := el.Call("getAttribute", "data-field").String()
		v := el.Get("value").String()
		if v == renderedValue(el) {
			continue
		}
		fields, values = append(fields, f), append(values, v)
	}
	return fields, values
}

// renderedValue is the value control el was rendered with: an input's
// defaultValue; a select's option marked selected, else its first (what a
// browser shows).
func renderedValue(el js.Value) string {
	if el.Get("tagName").String() != "SELECT" {
		return el.Get("defaultValue").String()
	}
	opts := el.Get("options")
	for j := 0; j < opts.Length(); j++ {
		if o := opts.Index(j); o.Get("defaultSelected").Bool() {
			return o.Get("value").String()
		}
	}
	if opts.Length() > 0 {
		return opts.Index(0).Get("value").String()
	}
	return ""
}

// renderedFor reports whether the page's #app is the rendering of this
// very address (a server's page, or a static host's whose data-query the
// address does not replace), so its answers are the question's.
func renderedFor(win js.Value) bool {
	root := win.Get("document").Call("getElementById", "app")
	if !root.Truthy() || root.Get("childElementCount").Int() == 0 {
		return false
	}
	if q := root.Call("getAttribute", "data-query"); q.Type() == js.TypeString {
		search := win.Get("location").Get("search").String()
		return search == "" || search == "?"
	}
	return true
}
