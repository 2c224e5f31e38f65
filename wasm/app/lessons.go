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

// progressKey is the local-storage key of the lessons' progress map.
const progressKey = "ccplay.lessons"

// loadProgress is the progress map kept in local storage ("" when there
// is none or storage is unavailable).
func loadProgress() (v string) {
	defer func() {
		if recover() != nil {
			v = ""
		}
	}()
	if r := js.Global().Get("localStorage").Call("getItem", progressKey); r.Type() == js.TypeString {
		return r.String()
	}
	return ""
}

// saveProgress keeps the progress map in local storage (silently not,
// where storage is refused).
func saveProgress(v string) {
	defer func() { _ = recover() }()
	js.Global().Get("localStorage").Call("setItem", progressKey, v)
}
