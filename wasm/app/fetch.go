//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/vugu/vugu"
)

// then waits for promise p: ok gets its value, or fail the reason it was
// rejected, as the browser words it (String(reason)). Both callbacks are
// released once either runs.
func then(p js.Value, ok func(js.Value), fail func(why string)) {
	var okf, failf js.Func
	release := func() { okf.Release(); failf.Release() }
	okf = js.FuncOf(func(_ js.Value, a []js.Value) any {
		release()
		v := js.Undefined()
		if len(a) > 0 {
			v = a[0]
		}
		ok(v)
		return nil
	})
	failf = js.FuncOf(func(_ js.Value, a []js.Value) any {
		release()
		why := ""
		if len(a) > 0 {
			why = js.Global().Get("String").Invoke(a[0]).String()
		}
		fail(why)
		return nil
	})
	p.Call("then", okf, failf)
}

// fetchText fetches path (relative to the page) and hands its bytes, or
// the error, to done under the event environment's lock, then asks for a
// render.
func fetchText(env vugu.EventEnv, path string, done func([]byte, error)) {
	deliver := func(data []byte, err error) {
		env.Lock()
		done(data, err)
		env.UnlockRender()
	}
	failed := func(why string) { go deliver(nil, fetchError(why)) }
	then(js.Global().Call("fetch", path), func(r js.Value) {
		if !r.Get("ok").Bool() {
			failed("HTTP " + r.Get("status").Call("toString").String())
			return
		}
		then(r.Call("text"), func(t js.Value) { go deliver([]byte(t.String()), nil) }, failed)
	}, failed)
}

// fetchError is a failed fetch, as the browser words it.
type fetchError string

func (e fetchError) Error() string { return string(e) }

// exampleLoader fetches examples/<file> next to the page: the "check my
// log" view's example logs.
func exampleLoader(env vugu.EventEnv) func(file string, done func([]byte, error)) {
	return func(file string, done func([]byte, error)) { fetchText(env, "examples/"+file, done) }
}
