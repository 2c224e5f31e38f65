//go:build js && wasm

package main

import (
	"bytes"
	"net/http"
	"syscall/js"

	"github.com/ccplay/ccplay/api"
)

// serve publishes globalThis.ccplayHandle(method, url, headers, body) —
// headers a list of [name, value] pairs, body a Uint8Array or null — which
// returns a promise of {status, headers, body}, each request answered by h
// in a goroutine of this one instance; then it tells entry.mjs it is ready
// (globalThis.ccplayReady) and keeps the instance alive for the isolate's
// lifetime. (github.com/syumai/workers' Serve answers one request per Go
// instance: the instance exits once the first response is read, so each
// request paid the Go runtime's start, 14–17 ms of CPU.)
func serve(h http.Handler) {
	promise := js.Global().Get("Promise")
	handle := js.FuncOf(func(_ js.Value, args []js.Value) any {
		method, url, headers, body := args[0].String(), args[1].String(), args[2], args[3]
		var raw []byte
		if body.Truthy() {
			raw = make([]byte, body.Get("byteLength").Int())
			js.CopyBytesToGo(raw, body)
		}
		var run js.Func
		run = js.FuncOf(func(_ js.Value, pa []js.Value) any {
			run.Release()
			resolve, reject := pa[0], pa[1]
			go func() {
				req, err := http.NewRequest(method, url, bytes.NewReader(raw))
				if err != nil {
					reject.Invoke(js.Global().Get("Error").New(err.Error()))
					return
				}
				for i, n := 0, headers.Length(); i < n; i++ {
					kv := headers.Index(i)
					req.Header.Add(kv.Index(0).String(), kv.Index(1).String())
				}
				api.CloudflareClient(req) // every request here came through Cloudflare
				w := &recorder{header: http.Header{}, status: http.StatusOK}
				h.ServeHTTP(w, req)
				resolve.Invoke(w.toJS())
			}()
			return nil
		})
		return promise.New(run)
	})
	js.Global().Set("ccplayHandle", handle)
	if ready := js.Global().Get("ccplayReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// recorder is the http.ResponseWriter of one request: the whole answer is
// kept and handed to JavaScript at the end (answers are small).
type recorder struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(status int) {
	if !r.wrote {
		r.status, r.wrote = status, true
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}

// toJS is {status, headers: [[name, value]…], body: Uint8Array}.
func (r *recorder) toJS() js.Value {
	res := js.Global().Get("Object").New()
	res.Set("status", r.status)
	hs := js.Global().Get("Array").New()
	for k, vs := range r.header {
		for _, v := range vs {
			hs.Call("push", js.ValueOf([]any{k, v}))
		}
	}
	res.Set("headers", hs)
	body := js.Global().Get("Uint8Array").New(r.body.Len())
	js.CopyBytesToJS(body, r.body.Bytes())
	res.Set("body", body)
	return res
}
