//go:build js && wasm

package main

import "github.com/vugu/vugu"

// lessonLoader fetches lessons/<id>.<lang>.txt next to the page and hands
// its bytes (or the error) to done under the event environment's lock,
// then asks for a render.
func lessonLoader(env vugu.EventEnv) func(id, lang string, done func([]byte, error)) {
	return func(id, lang string, done func([]byte, error)) {
		fetchText(env, "lessons/"+id+"."+lang+".txt", done)
	}
}
