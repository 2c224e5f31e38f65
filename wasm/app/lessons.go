//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/vugu/vugu"
)

// lessonLoader fetches lessons/<id>.<lang>.txt next to the page and hands
// its bytes (or the error) to done under the event environment's lock,
// then asks for a render.
func lessonLoader(env vugu.EventEnv) func(id, lang string, done func([]byte, error)) {
	return func(id, lang string, done func([]byte, error)) {
		fetchText(env, "lessons/"+id+"."+lang+".txt", done)
	}
}

// focusAfterRender focuses the element with id (none for ""): the question
// just answered keeps the focus its disabled button or input would lose.
func focusAfterRender(id string) {
	if id == "" {
		return
	}
	if el := js.Global().Get("document").Call("getElementById", id); el.Truthy() {
		opts := js.Global().Get("Object").New()
		opts.Set("preventScroll", true)
		el.Call("focus", opts)
	}
}
