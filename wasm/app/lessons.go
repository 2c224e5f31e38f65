//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/vugu/vugu"
)

// visitedKey is the localStorage key that records an earlier visit.
const visitedKey = "ccplay.visited"

// landing is the query the page opens with: a first visit to the bare
// address (no query, nothing recorded in localStorage) lands on the
// lessons' index; a returning visitor, and any address with a query, gets
// what the address says. The visit is recorded.
func landing(search string) string {
	ls := js.Global().Get("localStorage")
	if !ls.Truthy() {
		return search
	}
	first := ls.Call("getItem", visitedKey).IsNull()
	ls.Call("setItem", visitedKey, "1")
	if first && (search == "" || search == "?") {
		return "?lesson=index"
	}
	return search
}

// lessonLoader fetches lessons/<id>.<lang>.txt next to the page and hands
// its bytes (or the error) to done under the event environment's lock,
// then asks for a render.
func lessonLoader(env vugu.EventEnv) func(id, lang string, done func([]byte, error)) {
	return func(id, lang string, done func([]byte, error)) {
		fetchText(env, "lessons/"+id+"."+lang+".txt", done)
	}
}

// fetchError is a failed fetch, as the browser words it.
type fetchError string

func (e fetchError) Error() string { return string(e) }
