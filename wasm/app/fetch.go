//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/vugu/vugu"
)

// fetchText fetches path (relative to the page) and hands its bytes, or
// the error, to done under the event environment's lock, then asks for a
// render.
func fetchText(env vugu.EventEnv, path string, done func([]byte, error)) {
	deliver := func(data []byte, err error) {
		env.Lock()
		done(data, err)
		env.UnlockRender()
	}
	var ok, text, fail js.Func
	release := func() { ok.Release(); text.Release(); fail.Release() }
	text = js.FuncOf(func(_ js.Value, a []js.Value) any {
		release()
		go deliver([]byte(a[0].String()), nil)
		return nil
	})
	fail = js.FuncOf(func(_ js.Value, a []js.Value) any {
		release()
		go deliver(nil, fetchError(a[0].Call("toString").String()))
		return nil
	})
	ok = js.FuncOf(func(_ js.Value, a []js.Value) any {
		r := a[0]
		if !r.Get("ok").Bool() {
			release()
			go deliver(nil, fetchError("HTTP "+r.Get("status").Call("toString").String()))
			return nil
		}
		r.Call("text").Call("then", text, fail)
		return nil
	})
	js.Global().Call("fetch", path).Call("then", ok, fail)
}

// exampleLoader fetches examples/<file> next to the page: the "check my
// log" view's example logs.
func exampleLoader(env vugu.EventEnv) func(file string, done func([]byte, error)) {
	return func(file string, done func([]byte, error)) { fetchText(env, "examples/"+file, done) }
}
