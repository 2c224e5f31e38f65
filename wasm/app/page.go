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
